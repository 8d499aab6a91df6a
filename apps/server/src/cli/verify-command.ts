import { relative } from 'node:path';
import type { Scenario } from '@hookplay/engine';
import { CannotExpressError, compareVersions, HOST_PACKAGES, parseHostSpec, RealRunError, reemulate, requireInstalled, runReal, verifiedVersions, type Difference, type RealHostId } from '@hookplay/real-host';
import { parseArgs, UsageError } from './args.js';
import { collectScenarioFiles } from './collect.js';
import { EXIT } from './help.js';
import { loadScenarioFile } from './load-scenario.js';
import { bold, dim, green, red, yellow } from './style.js';

const USAGE = 'usage: hookplay verify DIR... --host HOST@VERSION [--json]';

interface Verdict {
  file: string;
  title?: string;
  /** Per emulated version: what differed, and the rules the emulation stated. */
  against: Record<string, { differences: Difference[]; codes: string[] }>;
  error?: string;
}

/** The modelled versions a build is checked against: itself when modelled, else its neighbours on each side. */
export function neighbours(host: RealHostId, version: string): string[] {
  const modelled = verifiedVersions(host);
  if (modelled.includes(version)) return [version];
  const sorted = [...modelled].sort(compareVersions);
  const below = sorted.filter((v) => compareVersions(v, version) < 0).pop();
  const above = sorted.find((v) => compareVersions(v, version) > 0);
  return [below, above].filter((v): v is string => v !== undefined);
}

/**
 * `hookplay verify DIR --host HOST@VERSION`: every scenario of that host in DIR on the real CLI, each compared with
 * the emulation (for a version hookplay does not model, with the modelled version on each side of it); then the
 * rules whose behaviour differs: the rules the emulation stated in scenarios that differ, with how often they held.
 */
export async function verifyCommand(args: string[]): Promise<number> {
  let dirs: string[];
  let host: RealHostId;
  let version: string;
  let json: boolean;
  try {
    const parsed = parseArgs(args, { '--host': { kind: 'value' }, '--json': { kind: 'flag' } });
    dirs = parsed.positional;
    json = parsed.values.has('--json');
    if (!dirs.length) throw new UsageError('name the folders (or files) of scenarios to verify');
    const spec = parsed.values.get('--host');
    if (typeof spec !== 'string') throw new UsageError('--host HOST@VERSION says which real CLI to verify on, e.g. claude-code@2.1.332');
    const p = parseHostSpec(spec);
    host = p.host;
    version = p.version ?? verifiedVersions(host)[0]!;
    requireInstalled(host, version);
  } catch (e) {
    process.stderr.write(`hookplay verify: ${(e as Error).message}\n${e instanceof UsageError ? `${USAGE}\n` : ''}`);
    return EXIT.usage;
  }
  const files: string[] = [];
  try {
    for (const d of dirs) files.push(...(await collectScenarioFiles(d)));
  } catch (e) {
    process.stderr.write(`hookplay verify: ${(e as Error).message}\n`);
    return EXIT.usage;
  }
  const scenarios: { file: string; scenario: Scenario }[] = [];
  let otherHosts = 0;
  for (const file of files) {
    try {
      const scenario = await loadScenarioFile(file);
      if (scenario.dialect === host) scenarios.push({ file, scenario });
      else otherHosts++;
    } catch (e) {
      process.stderr.write(`hookplay verify: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
  }
  if (!scenarios.length) {
    process.stderr.write(`hookplay verify: no ${host} scenario in ${dirs.join(', ')}${otherHosts ? ` (${otherHosts} for other hosts)` : ''}\n`);
    return EXIT.usage;
  }
  const against = neighbours(host, version);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  const verdicts: Verdict[] = [];
  const label = `${HOST_PACKAGES[host].label} ${version}`;
  if (!json) process.stdout.write(`${bold(`Verifying ${scenarios.length} scenario${scenarios.length > 1 ? 's' : ''} on the real ${label}`)}${against[0] !== version ? dim(` (not modelled: compared with ${against.join(' and ')})`) : ''}\n`);
  try {
    for (const { file, scenario } of scenarios) {
      const name = relative(process.cwd(), file);
      const v: Verdict = { file: name, ...(scenario.title ? { title: scenario.title } : {}), against: {} };
      try {
        const withRules = { ...scenario, host: { ...(scenario.host ?? {}), version: against[0]! } } as Scenario;
        const c = await runReal(withRules, { version, signal: controller.signal });
        v.against[c.emulatedVersion ?? against[0]!] = { differences: c.differences, codes: c.codes };
        for (const other of against.slice(1)) v.against[other] = await reemulate(c, other, controller.signal);
      } catch (e) {
        if (controller.signal.aborted) throw e;
        if (!(e instanceof CannotExpressError || e instanceof RealRunError)) throw e;
        v.error = e.message;
      }
      verdicts.push(v);
      if (!json) process.stdout.write(`${line(v)}\n`);
    }
  } catch (e) {
    if (controller.signal.aborted) {
      process.stderr.write('hookplay verify: interrupted; the real CLI and everything it started were stopped\n');
      return EXIT.interrupted;
    }
    throw e;
  } finally {
    process.off('SIGINT', stop);
  }
  const rules = ruleTable(verdicts, against);
  if (json) process.stdout.write(`${JSON.stringify({ host, version, against, scenarios: verdicts, rules }, null, 2)}\n`);
  else process.stdout.write(`\n${formatSummary(verdicts, against, rules, label)}\n`);
  const ran = verdicts.filter((v) => !v.error);
  if (!ran.length) return EXIT.usage;
  return ran.every((v) => Object.values(v.against).some((a) => a.differences.length === 0)) ? EXIT.ok : EXIT.failed;
}

function line(v: Verdict): string {
  if (v.error) return `${yellow('!')} ${v.file}: ${v.error.split('\n')[0]}`;
  const parts = Object.entries(v.against).map(([ver, a]) => (a.differences.length ? red(`${ver}: ${a.differences.length} ≠`) : green(`${ver}: agrees`)));
  const ok = Object.values(v.against).some((a) => a.differences.length === 0);
  return `${ok ? green('✓') : red('✗')} ${v.file}  ${dim(parts.join(', '))}`;
}

interface RuleRow {
  rule: string;
  version: string;
  differs: number;
  holds: number;
  example: string;
}

/** Per emulated version, each rule stated in a scenario that differs, with how many scenarios it held in. */
function ruleTable(verdicts: Verdict[], against: string[]): RuleRow[] {
  const rows: RuleRow[] = [];
  for (const version of against) {
    const stats = new Map<string, RuleRow>();
    for (const v of verdicts) {
      const a = v.against[version];
      if (!a) continue;
      for (const rule of a.codes) {
        const row = stats.get(rule) ?? { rule, version, differs: 0, holds: 0, example: '' };
        if (a.differences.length) {
          row.differs++;
          row.example ||= v.file;
        } else row.holds++;
        stats.set(rule, row);
      }
    }
    rows.push(...[...stats.values()].filter((r) => r.differs > 0).sort((a, b) => b.differs / (b.differs + b.holds) - a.differs / (a.differs + a.holds) || b.differs - a.differs));
  }
  return rows;
}

function formatSummary(verdicts: Verdict[], against: string[], rules: RuleRow[], label: string): string {
  const out: string[] = [];
  for (const version of against) {
    const ran = verdicts.filter((v) => v.against[version]);
    const agree = ran.filter((v) => v.against[version]!.differences.length === 0).length;
    out.push(`${bold(label)} behaves like hookplay's ${version} rules in ${agree} of ${ran.length} scenarios`);
  }
  const skipped = verdicts.filter((v) => v.error).length;
  if (skipped) out.push(dim(`${skipped} scenario${skipped > 1 ? 's' : ''} could not run on the real CLI (see above)`));
  if (!rules.length) {
    out.push(green('no rule of the emulation is contradicted by these scenarios'));
    return out.join('\n');
  }
  out.push('', bold('Rules stated in scenarios where the real CLI differs') + dim(' (a rule that also held elsewhere is less likely the cause)'));
  const w = Math.max(...rules.map((r) => r.rule.length));
  for (const r of rules) out.push(`  ${r.rule.padEnd(w)}  ${dim(`${r.version}:`)} differs in ${r.differs}, holds in ${r.holds}  ${dim(r.example)}`);
  return out.join('\n');
}
