/**
 * Links and reports. A link's hash is `#s=` + base64url(deflate(JSON)) of the scenario document, plus a
 * `$view` key for the exact payload text and open file; decoding validates it with the engine's schema, so a
 * damaged or hand-edited link gives a clear message instead of a broken editor. Opening a link never runs it.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { matchExpectation, parseScenario, ScenarioError, type Outcome, type Scenario, type ScenarioInput } from '@hookplay/engine/browser';
import type { ViewState } from './workspace.svelte';
import type { RunState } from './run.svelte';
import { describeEvent } from './timeline-text';
import { describeSessionTimeline, isRunEvent, sessionOutcomeSection } from './session-report';
import { formatMs, hookLabel } from './format';

export const HASH_KEY = 's';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encodeShare(scenario: ScenarioInput, view: ViewState = {}): string {
  const doc = Object.keys(view).length > 0 ? { ...scenario, $view: view } : scenario;
  return toBase64Url(deflateSync(strToU8(JSON.stringify(doc)), { level: 9 }));
}

export class ShareError extends Error {}

export function decodeShare(encoded: string): { scenario: Scenario; view: ViewState } {
  let raw: unknown;
  try {
    raw = JSON.parse(strFromU8(inflateSync(fromBase64Url(encoded))));
  } catch {
    throw new ShareError('This link is damaged (it may have been cut off when it was copied). Nothing was loaded.');
  }
  const { $view, ...rest } = (raw ?? {}) as { $view?: ViewState } & Record<string, unknown>;
  try {
    const scenario = parseScenario(rest);
    const view: ViewState = {};
    if (typeof $view?.payloadText === 'string') view.payloadText = $view.payloadText;
    if (typeof $view?.active === 'string') view.active = $view.active;
    if (typeof $view?.sessionText === 'string' && scenario.session) view.sessionText = $view.sessionText;
    return { scenario, view };
  } catch (e) {
    if (e instanceof ScenarioError) throw new ShareError(`This link holds an invalid scenario: ${e.message}`);
    throw e;
  }
}

/** The encoded scenario in a location hash, if any (`#s=...`). */
export function shareFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(HASH_KEY);
}

/** A page URL that opens this scenario: never with the token (it was removed from the address bar). */
export function shareUrl(location: Location, encoded: string): string {
  const url = new URL(location.href);
  url.searchParams.delete('token');
  url.hash = `${HASH_KEY}=${encoded}`;
  return url.toString();
}

export function downloadName(scenario: ScenarioInput): string {
  const slug = (scenario.title ?? `${scenario.dialect}-${scenario.session ? 'session' : scenario.event}`)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'scenario'}.hookplay.json`;
}

/** The scenario file as SCENARIO.md writes it: two-space JSON and a final newline. */
export function scenarioFileText(scenario: ScenarioInput): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

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
    parts.push(outcome.diagnostics.map((d) => `- ${d.level} \`${d.code}\`${d.hook !== undefined ? ` (hook ${hookLabel(d.hook)})` : ''}: ${d.message}`).join('\n'));
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
