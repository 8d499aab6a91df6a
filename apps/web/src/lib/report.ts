/**
 * The Markdown bug report: a maintainer reads the scenario, the outcome with each rule's evidence (observed on the
 * real host, or the docs only), and the timeline without opening anything, and has the link to reproduce it.
 * Loaded when the report is asked for.
 */
import { evidenceLabel, matchExpectation, type Outcome, type ScenarioInput } from '@hookplay/engine/browser';
import type { RunState } from './run.svelte';
import { describeEvent } from './timeline-text';
import { describeSessionTimeline, isRunEvent, sessionOutcomeSection } from './session-report';
import { formatMs, hookLabel } from './format';

const FENCE_LANG: Record<string, string> = { toml: 'toml', json: 'json', js: 'js', mjs: 'js', cjs: 'js', py: 'python', sh: 'sh', bash: 'sh' };

function fence(text: string, lang = ''): string {
  // A fence longer than any backtick run inside, so scripts with ``` cannot end it early.
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text.replace(/\n?$/, '\n')}${ticks}`;
}

/** Inline code that survives backticks in the text. */
function code(text: string): string {
  const flat = text.replace(/\n/g, ' ').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return longest > 0 ? `${ticks} ${flat} ${ticks}` : `${ticks}${flat}${ticks}`;
}

/** Where a rule comes from, for a maintainer: observed on the real host (with the recorded cases), or the docs only. */
export function evidenceNote(evidence: Parameters<typeof evidenceLabel>[0]): string {
  const label = evidenceLabel(evidence);
  return label ? ` _(${label})_` : '';
}

function outcomeSection(outcome: Outcome, expect: Record<string, unknown> | undefined): string {
  const lines = [
    `- **Verdict:** \`${outcome.verdict}\``,
    `- **Reason:** ${outcome.reason === null ? '_none_' : JSON.stringify(outcome.reason)}`,
  ];
  if (outcome.shown?.model) lines.push(`- **Shown to the model:** ${JSON.stringify(outcome.shown.model)}`);
  if (outcome.shown?.user) lines.push(`- **Shown to the user:** ${JSON.stringify(outcome.shown.user)}`);
  if (outcome.updatedInput !== null && outcome.updatedInput !== undefined) lines.push(`- **Updated input:** \`${JSON.stringify(outcome.updatedInput)}\``);
  if (outcome.context.length > 0) lines.push(`- **Context for the model:** ${outcome.context.map((c) => JSON.stringify(c)).join(', ')}`);
  if (outcome.halt) lines.push(`- **Halt:** yes${outcome.stopReason ? ` (${JSON.stringify(outcome.stopReason)})` : ''}`);
  if (outcome.eventOut !== null && outcome.eventOut !== undefined) lines.push(`- **Event after the chain:** \`${JSON.stringify(outcome.eventOut)}\``);
  if (expect) {
    const mismatches = matchExpectation(expect, outcome);
    lines.push(
      mismatches.length === 0
        ? '- **Matches expect:** yes'
        : `- **Matches expect:** no: ${mismatches.map((m) => `\`${m.path}\` expected \`${JSON.stringify(m.expected)}\`, got \`${JSON.stringify(m.actual) ?? 'nothing'}\``).join('; ')}`,
    );
  }
  const hooks = outcome.hooks.map((h) => {
    const status = !h.ran
      ? h.duplicateOf !== null
        ? `merged into ${hookLabel(h.duplicateOf)}`
        : 'not run'
      : h.timedOut
        ? 'timed out'
        : h.signal
          ? h.signal
          : `exit ${h.exitCode}`;
    return `| ${hookLabel(h.index)} | ${code(h.command)} | ${h.matched ? 'yes' : 'no'} | ${status} | ${h.durationMs === null ? '' : formatMs(h.durationMs)} | ${h.effect} |`;
  });
  const parts = [lines.join('\n')];
  if (hooks.length > 0) parts.push(['| # | command | matched | result | time | effect |', '|---|---|---|---|---|---|', ...hooks].join('\n'));
  if (outcome.diagnostics.length > 0) {
    parts.push(outcome.diagnostics.map((d) => `- ${d.level} \`${d.code}\`${d.hook !== undefined ? ` (hook ${hookLabel(d.hook)})` : ''}: ${d.message}${evidenceNote(d.evidence)}`).join('\n'));
  }
  return parts.join('\n\n');
}

export interface BugReportInput {
  scenario: ScenarioInput;
  link: string;
  run: RunState | null;
  serverVersion?: string | undefined;
  userAgent?: string;
}

/** A Markdown report a maintainer can read without opening anything, with the link to reproduce it. */
export function bugReport({ scenario, link, run, serverVersion, userAgent }: BugReportInput): string {
  const out: string[] = [];
  const session = scenario.session;
  out.push(`## hookplay: ${scenario.title ?? `${scenario.dialect} ${session ? 'session' : scenario.event}`}`);
  if (scenario.description) out.push(scenario.description);
  out.push(
    [
      `- **Host:** ${scenario.dialect}${scenario.host ? ` \`${JSON.stringify(scenario.host)}\`` : ''}`,
      session ? `- **Session:** ${session.steps.length} step${session.steps.length === 1 ? '' : 's'}` : `- **Event:** ${scenario.event}`,
      `- **Playground:** [open this scenario](${link})`,
      ...(serverVersion ? [`- **hookplay:** ${serverVersion}`] : []),
      ...(userAgent ? [`- **Browser:** ${userAgent}`] : []),
    ].join('\n'),
  );
  out.push('### Files');
  for (const [path, text] of Object.entries(scenario.files)) {
    const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
    out.push(`\`${path}\`\n\n${fence(text, FENCE_LANG[ext] ?? '')}`);
  }
  if (session) out.push('### Session', fence(JSON.stringify(session, null, 2), 'json'));
  else out.push('### Payload', fence(JSON.stringify(scenario.payload ?? {}, null, 2), 'json'));
  if (scenario.expect) out.push('### Expected', fence(JSON.stringify(scenario.expect, null, 2), 'json'));
  if (run) {
    out.push('### Outcome');
    const sessionOutcome = run.session?.outcome;
    if (sessionOutcome) out.push(sessionOutcomeSection(sessionOutcome, scenario));
    else if (run.outcome) out.push(outcomeSection(run.outcome, scenario.expect));
    else out.push(`_No outcome: the run ${run.statusText()}._`);
    const timeline = run.session
      ? describeSessionTimeline(run.events.map(({ event }) => event))
      : run.events.flatMap(({ event }) => (isRunEvent(event) ? [describeEvent(event, run.plan)] : []));
    if (timeline.length > 0) out.push('### Timeline', fence(timeline.join('\n')));
  } else {
    out.push('_Not run yet._');
  }
  return `${out.join('\n\n')}\n`;
}
