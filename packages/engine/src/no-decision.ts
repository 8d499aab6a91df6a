import type { Diagnostic, Effect, HookRecord, Outcome } from './outcome.js';
import { isHookplayNote } from './consistency/hookplay-notes.js';

/** Effects by which a hook decides something; any other leaves the host to its own course. */
const DECIDING: ReadonlySet<Effect> = new Set(['allow', 'ask', 'block', 'rewrite', 'replace', 'error']);

/** Whether no hook decided anything: the host goes on as it would without hooks. */
export function isNoDecision(outcome: Pick<Outcome, 'verdict' | 'halt' | 'hooks'>): boolean {
  return outcome.verdict === 'proceed' && !outcome.halt && !outcome.hooks.some((h) => DECIDING.has(h.effect));
}

const short = (command: string) => (command.length > 40 ? `${command.slice(0, 37)}…` : command);

/** One hook's part in a decision nobody made: not matched (and why), not run, or ran and said nothing that decides. */
function hookLine(h: HookRecord): string {
  const name = `hook #${h.index + 1} (${short(h.command)})`;
  if (!h.matched) return `${name} did not match: ${h.why}`;
  if (h.duplicateOf !== null) return `${name} is the same command as hook #${h.duplicateOf + 1}, which answers for both`;
  if (!h.ran) return `${name} matched but did not run`;
  const end = h.timedOut ? 'timed out' : h.signal ? `was killed by ${h.signal}` : `ended with exit ${h.exitCode}`;
  const said = h.effect === 'context' ? 'it only adds context' : h.stdout.trim() === '' && h.stderr.trim() === '' ? 'it printed nothing' : 'nothing it printed is a decision';
  return `${name} ran and ${end}: ${said}`;
}

/** Why an outcome has no decision, hook by hook: nothing matched, or what each hook that ran did instead. */
export function noDecisionNote(outcome: Pick<Outcome, 'event' | 'hooks' | 'diagnostics'>, host: string): Diagnostic {
  const lines = outcome.hooks.map(hookLine);
  // With a config error, "nothing is configured" would be wrong: something is, and the host did not load it.
  const loadErrors = outcome.diagnostics.filter((d) => d.level === 'error').length;
  const none = loadErrors
    ? `no hook for ${outcome.event} loaded (the ${loadErrors === 1 ? 'error' : `${loadErrors} errors`} above say${loadErrors === 1 ? 's' : ''} why)`
    : `no hook is configured for ${outcome.event}`;
  const why = lines.length === 0 ? none : lines.join('; ');
  return { level: 'info', code: 'rule.no-decision', message: `no hook decided anything, so ${host} goes on as without hooks: ${why}`, evidence: { kind: 'hookplay' } };
}

/** A label on every line: hookplay's own notes say so; any other rule a dialect left unlabelled is from its docs. */
export function labelEvidence(diagnostics: Diagnostic[]): Diagnostic[] {
  for (const d of diagnostics) d.evidence ??= isHookplayNote(d.code) ? { kind: 'hookplay' } : { kind: 'docs' };
  return diagnostics;
}
