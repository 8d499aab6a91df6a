import { evidenceLabel, type Diagnostic, type HookRecord, type Outcome, type RunPlan } from '@hookplay/engine';
import { bold, cyan, dim, green, red, yellow } from './style.js';

const VERDICT_STYLE = { proceed: green, allow: green, ask: yellow, block: red } as const;

export function formatPlan(plan: RunPlan): string {
  const lines = [bold(`${plan.dialect} · ${plan.event}`) + dim(` · ${plan.mode === 'chain' ? 'chain, one after another' : 'parallel'} · ${plan.shell}`)];
  if (plan.hooks.length === 0) lines.push(dim('  no hook is configured for this event'));
  for (const h of plan.hooks) {
    const mark = h.willRun ? cyan('▶') : dim('·');
    const label = `#${h.index + 1}${h.name ? ` ${h.name}` : ''}`;
    lines.push(`  ${mark} ${label} ${dim(h.command)}`);
    lines.push(dim(`      ${h.why}`));
    const evidence = evidenceLabel(h.whyEvidence);
    if (evidence) lines.push(dim(`        ${evidence}`));
  }
  return lines.join('\n');
}

function exitText(h: HookRecord): string {
  if (!h.ran) return h.duplicateOf !== null ? `merged into #${h.duplicateOf + 1}` : h.matched ? 'not run' : 'not matched';
  if (h.timedOut) return yellow(`timed out after ${h.timeoutMs / 1000} s`);
  if (h.signal) return yellow(`killed by ${h.signal}`);
  return h.exitCode === 0 ? green('exit 0') : h.exitCode === 2 ? red('exit 2') : yellow(`exit ${h.exitCode}`);
}

function indent(text: string, prefix: string): string {
  return text.replace(/\n$/, '').split('\n').map((l) => prefix + l).join('\n');
}

export function formatHook(h: HookRecord): string {
  const lines = [`  #${h.index + 1}${h.name ? ` ${h.name}` : ''}  ${exitText(h)}${h.durationMs !== null ? dim(` ${h.durationMs} ms`) : ''}  effect: ${h.effect}`];
  if (h.stdout) lines.push(dim('     stdout │ ') + indent(h.stdout, '').split('\n').join('\n' + dim('            │ ')));
  if (h.stderr) lines.push(dim('     stderr │ ') + indent(h.stderr, '').split('\n').join('\n' + dim('            │ ')));
  if (h.truncated) lines.push(dim(`     (${h.truncated})`));
  return lines.join('\n');
}

function formatDiagnostic(d: Diagnostic): string {
  const where = d.file ? `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}: ` : '';
  const mark = d.level === 'error' ? red('error') : d.level === 'warning' ? yellow('warning') : dim('note');
  const evidence = evidenceLabel(d.evidence);
  return `  ${mark} ${where}${d.message} ${dim(`[${d.code}]`)}${evidence ? `\n      ${dim(evidence)}` : ''}`;
}

export function formatOutcome(o: Outcome): string {
  const lines: string[] = [];
  if (o.hooks.length) lines.push(bold('Hooks'), ...o.hooks.map(formatHook));
  lines.push('', `${bold('Verdict')} ${VERDICT_STYLE[o.verdict](bold(o.verdict))}${o.reason !== null ? `: ${o.reason}` : ''}`);
  if (o.updatedInput !== null) lines.push(`  updated input: ${JSON.stringify(o.updatedInput)}`);
  for (const c of o.context) lines.push(`  context for the model: ${JSON.stringify(c)}`);
  if (o.shown?.model) lines.push(`  shown to the model: ${JSON.stringify(o.shown.model)}`);
  if (o.shown?.user) lines.push(`  shown to the user: ${JSON.stringify(o.shown.user)}`);
  if (o.halt) lines.push(`  the session halts${o.stopReason ? `: ${o.stopReason}` : ''}`);
  if (o.eventOut !== null) lines.push(`  event after the chain: ${JSON.stringify(o.eventOut)}`);
  if (o.diagnostics.length) lines.push('', bold('Why'), ...o.diagnostics.map(formatDiagnostic));
  return lines.join('\n');
}
