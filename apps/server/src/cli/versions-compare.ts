import { getDialect, isSessionScenario, runScenario, type EventScenario, type Outcome, type SandboxConfig, type Scenario } from '@hookplay/engine';
import type { VersionComparison } from '../protocol.js';

/** Diagnostic codes that say the host's answer depends on timing: such a version is called racy, not decided. */
const RACY_CODES = new Set(['rule.finish-order-racy', 'rule.stdin-crash-racy']);

type Run = VersionComparison['versions'][number];

function runOf(version: string, outcome: Outcome): Run {
  const error = outcome.diagnostics.find((d) => d.level === 'error');
  return {
    version,
    verdict: outcome.verdict,
    reason: outcome.reason ?? null,
    updatedInput: outcome.updatedInput ?? null,
    model: outcome.shown?.model ?? null,
    toolResult: outcome.shown?.toolResult ?? null,
    halt: outcome.halt === true,
    error: error ? error.message : null,
    racy: outcome.diagnostics.filter((d) => RACY_CODES.has(d.code)).map((d) => d.message),
    // What each hook did, the context added and the user's notice differ between versions as much as the verdict
    // does (an error with a notice, context nobody reads, no effect at all): "the same outcome" must cover them.
    effects: outcome.hooks.map((h) => `#${h.index + 1} ${h.effect}`),
    context: outcome.context,
    user: outcome.shown?.user ?? null,
  };
}

const FIELDS = ['verdict', 'reason', 'updatedInput', 'toolResult', 'model', 'context', 'user', 'effects', 'halt', 'error'] as const;

/**
 * Runs `scenario` on every version its dialect lists (oldest first), and names where outcomes differ between
 * neighbouring versions: the fields, the rules the dialect says changed between them (with recorded cases), and the
 * diagnostics stated on one side only. A version whose answer depends on which hook finishes first is marked racy.
 */
export async function compareVersions(scenario: Scenario, options: { signal?: AbortSignal; sandbox?: SandboxConfig } = {}): Promise<VersionComparison> {
  if (isSessionScenario(scenario)) throw new Error('versions are compared one event at a time, and this scenario is a session: compare one of its events as a one-event scenario');
  const dialect = getDialect(scenario.dialect);
  const listed = dialect?.versions?.supported;
  if (!dialect || !listed || listed.length < 2) throw new Error(`${scenario.dialect} lists no versions to compare`);
  const versions = [...listed].reverse();
  const runs: Run[] = [];
  const codes: Set<string>[] = [];
  for (const version of versions) {
    const outcome = await runScenario({ ...(scenario as EventScenario), host: { ...scenario.host, version } }, { ...(options.signal ? { signal: options.signal } : {}), ...(options.sandbox ? { sandbox: options.sandbox } : {}) });
    runs.push(runOf(version, outcome));
    codes.push(new Set(outcome.diagnostics.map((d) => d.code)));
  }
  const changes: VersionComparison['changes'] = [];
  for (let i = 1; i < runs.length; i++) {
    const a = runs[i - 1]!;
    const b = runs[i]!;
    const differences = FIELDS.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f])).map((field) => ({ field, from: a[field], to: b[field] }));
    if (!differences.length) continue;
    changes.push({
      from: a.version,
      to: b.version,
      differences,
      rules: dialect.versions!.changes?.(a.version, b.version) ?? [],
      onlyFrom: [...codes[i - 1]!].filter((c) => !codes[i]!.has(c)).sort(),
      onlyTo: [...codes[i]!].filter((c) => !codes[i - 1]!.has(c)).sort(),
      racy: a.racy.length > 0 || b.racy.length > 0,
    });
  }
  return { host: dialect.label, versions: runs, changes };
}

const short = (v: unknown, n = 90) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  const one = s.replace(/\n/g, '⏎');
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** The comparison as text for the terminal. */
export function formatComparison(c: VersionComparison): string {
  const out: string[] = [`${c.host}: one scenario on ${c.versions.length} versions (${c.versions.map((v) => v.version).join(', ')})`, ''];
  const width = Math.max(...c.versions.map((v) => v.version.length));
  for (const v of c.versions) {
    const what = v.error ? `not run: ${short(v.error)}` : `${v.verdict}${v.reason ? ` — ${short(v.reason, 70)}` : ''}${v.halt ? ' (session halted)' : ''}`;
    out.push(`  ${v.version.padEnd(width)}  ${what}${v.racy.length ? '  [racy]' : ''}`);
  }
  out.push('');
  if (!c.changes.length) out.push('Every version gives the same outcome.');
  for (const ch of c.changes) {
    out.push(`Changed between ${ch.from} and ${ch.to}${ch.racy ? ' (racy: the outcome on one side depends on which hook finishes first, so either may be seen)' : ''}:`);
    for (const d of ch.differences) out.push(`  ${d.field}: ${ch.from} ${short(d.from, 60)}  →  ${ch.to} ${short(d.to, 60)}`);
    for (const r of ch.rules) out.push(`  rule ${r.rule}: ${ch.from}: ${r.from}; ${ch.to}: ${r.to}${r.cases.length ? ` (recorded: ${r.cases.join(', ')})` : ' (read from the build, no recorded case yet)'}`);
    if (ch.onlyFrom.length) out.push(`  stated on ${ch.from} only: ${ch.onlyFrom.join(', ')}`);
    if (ch.onlyTo.length) out.push(`  stated on ${ch.to} only: ${ch.onlyTo.join(', ')}`);
    out.push('');
  }
  const racy = c.versions.filter((v) => v.racy.length);
  for (const v of racy) out.push(`Racy on ${v.version}: ${short(v.racy[0], 400)}`);
  return `${out.join('\n').trimEnd()}\n`;
}
