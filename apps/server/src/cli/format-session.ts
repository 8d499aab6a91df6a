import { evidenceLabel, type Diagnostic, type Outcome, type SessionOutcome, type SessionStepRecord } from '@hookplay/engine';
import { bold, cyan, dim, green, red, yellow } from './style.js';

const VERDICT = { proceed: green, allow: green, ask: yellow, block: red } as const;
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** One event of a step in a line or two: its verdict, the hooks that ran, and the rule that decided. */
function eventLine(event: string, o: Outcome): string[] {
  const ran = o.hooks.filter((h) => h.ran).length;
  const hooks = o.hooks.length ? dim(` · ${ran}/${o.hooks.length} hook${o.hooks.length > 1 ? 's' : ''} ran`) : dim(' · no hook');
  const lines = [`    ${cyan(event)} ${VERDICT[o.verdict](o.verdict)}${o.reason !== null ? `: ${clip(o.reason)}` : ''}${hooks}${o.halt ? red(' · halts') : ''}`];
  if (o.updatedInput !== null) lines.push(dim(`      rewrites the input: ${clip(JSON.stringify(o.updatedInput))}`));
  // Every note the one-event view gives (unread fields, matcher misses, ...): a session drops none of them. Only
  // "no hook decided" of an event without any hook is left out, as "no hook" already says it.
  for (const h of o.hooks.filter((h) => !h.matched)) lines.push(dim(`      hook #${h.index + 1} not matched: ${clip(h.why)}${h.whyEvidence ? ` — ${evidenceLabel(h.whyEvidence)}` : ''}`));
  for (const d of o.diagnostics.filter((d) => !(d.code === 'rule.no-decision' && o.hooks.length === 0))) lines.push(noteLine(d, '      '));
  return lines;
}

function noteLine(d: Diagnostic, pad: string): string {
  const evidence = evidenceLabel(d.evidence);
  return dim(`${pad}${d.level === 'error' ? red('error') : d.level === 'warning' ? yellow('warning') : d.code.startsWith('rule.') ? 'why' : 'note'} ${clip(d.message)} [${d.code}]${evidence ? ` — ${evidence}` : ''}`);
}

function stepBlock(r: SessionStepRecord, n: number, before: string[]): string {
  const title = r.step !== null ? `${bold(`${r.step + 1}.`)} ${r.label}` : dim(`   ${r.label}`);
  const lines = [`${dim(`[${n}]`)} ${title}`];
  for (const e of r.events) lines.push(...eventLine(e.event, e.outcome));
  if (r.tool) {
    const t = r.tool;
    const how = t.ran ? (t.isError ? yellow(`${t.name} failed`) : green(`${t.name} ran`)) : red(`${t.name} did not run`);
    lines.push(`    ${how}${t.decidedBy ? dim(` (decided by ${t.decidedBy}${t.source === 'given' ? ', result given by the scenario' : ''})`) : ''}: ${dim(clip(JSON.stringify(t.input)))}`);
    if (t.result !== null && t.result !== '') lines.push(dim(`      result: ${clip(JSON.stringify(t.result))}`));
  }
  for (const text of r.notices) lines.push(`    ${yellow('user sees')} ${clip(JSON.stringify(text))}`);
  for (const d of r.diagnostics) lines.push(noteLine(d, '    '));
  if (r.model) {
    // Texts pile up from request to request: name only what this one adds.
    const added = r.model.slice(sameStart(before, r.model));
    const count = `carries ${r.model.length} hook text${r.model.length === 1 ? '' : 's'}${r.model.length ? `, ${added.length} new` : ''}`;
    lines.push(`    ${bold('model request')} ${dim(count)}${added.length ? `: ${added.map((m) => clip(JSON.stringify(m), 100)).join(dim(' · '))}` : ''}`);
  }
  return lines.join('\n');
}

/** How many leading texts two requests share. */
function sameStart(a: string[], b: string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** A session outcome for the terminal: each step with its events, the tool call, the model's request; how it ended. */
export function formatSession(o: SessionOutcome): string {
  const lines: string[] = [bold(`${o.dialect} · session`)];
  let before: string[] = [];
  o.steps.forEach((r, i) => {
    lines.push(stepBlock(r, i + 1, before));
    if (r.model) before = r.model;
  });
  const ended = o.ended.reason === 'completed' ? green(o.ended.reason) : o.ended.reason === 'invalid' ? red(o.ended.reason) : yellow(o.ended.reason);
  lines.push('', `${bold('Ended')} ${ended}: ${o.ended.message}${o.ended.step !== null ? dim(` (at step ${o.ended.step + 1})`) : ''}`);
  if (o.transcript.length) lines.push(`${bold('The model has been told')}`, ...o.transcript.map((t) => `  ${JSON.stringify(t)}`));
  for (const d of o.diagnostics) lines.push(`  ${d.level === 'error' ? red('error') : dim('note')} ${d.message} ${dim(`[${d.code}]`)}`);
  return lines.join('\n');
}
