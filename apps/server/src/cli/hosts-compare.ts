import { DIALECT_IDS, evidenceLabel, runHosts, type Comparison, type DialectId, type EventScenario } from '@hookplay/engine';
import { UsageError, type OptionSpec, type Parsed } from './args.js';
import { EXIT } from './help.js';
import { bold, cyan, dim, yellow } from './style.js';

/** `hookplay run --hosts`: the options it adds to `run`. */
export const HOSTS_OPTIONS: Record<string, OptionSpec> = { '--hosts': { kind: 'value' }, '--rename-tools': { kind: 'flag' } };

/** The hosts named by `--hosts all` or a comma list, or null without `--hosts`; an unknown id is a usage error listing the real ones. */
export function hostsFrom(parsed: Parsed): { hosts: DialectId[]; renameTools: boolean } | null {
  const raw = parsed.values.get('--hosts');
  if (raw === undefined) {
    if (parsed.values.has('--rename-tools')) throw new UsageError('--rename-tools only goes with --hosts');
    return null;
  }
  const names = String(raw).split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError(`--hosts needs "all" or a comma list of: ${DIALECT_IDS.join(', ')}`);
  const hosts: DialectId[] = [];
  for (const name of names) {
    if (name === 'all') hosts.push(...DIALECT_IDS);
    else if ((DIALECT_IDS as readonly string[]).includes(name)) hosts.push(name as DialectId);
    else throw new UsageError(`--hosts: unknown dialect "${name}"; the dialects are ${DIALECT_IDS.join(', ')} (or all)`);
  }
  return { hosts: [...new Set(hosts)], renameTools: parsed.values.has('--rename-tools') };
}

/** Runs the scenario and its ports, then prints one comparison (or `{"hosts": {...}}` with --json). */
export async function runHostsCommand(scenario: EventScenario, request: { hosts: DialectId[]; renameTools: boolean }, json: boolean, signal: AbortSignal): Promise<number> {
  const comparison = await runHosts(scenario, request.hosts, {
    signal,
    port: { renameTools: request.renameTools },
    ...(json ? {} : { onHost: (c) => process.stderr.write(dim(`  … ${c.dialect} ${c.outcome ? 'ran' : 'not run'}\n`)) }),
  });
  process.stdout.write(json ? `${JSON.stringify(hostsJson(comparison), null, 2)}\n` : formatComparison(scenario, comparison));
  return EXIT.ok;
}

/** Each host's outcome in the usual format, plus its port report and the comparison's cells. */
export function hostsJson(comparison: Comparison): { from: DialectId; hosts: Record<string, unknown> } {
  const hosts: Record<string, unknown> = {};
  for (const column of comparison.hosts) {
    hosts[column.dialect] = { ...(column.outcome ?? { dialect: column.dialect, ran: false }), ...(column.docsOnly ? { docsOnly: true } : {}), port: column.port, compare: column.cells, ...(column.scenario ? { scenario: column.scenario } : {}) };
  }
  return { from: comparison.from, hosts };
}

/** One section per row; each host's line, with its details and rule when the cell differs from the source or warns. */
export function formatComparison(scenario: EventScenario, comparison: Comparison): string {
  const name = (h: Comparison['hosts'][number]) => `${h.dialect}${h.docsOnly ? ' (docs only)' : ''}`;
  const width = Math.max(...comparison.hosts.map((h) => name(h).length));
  const lines: string[] = [bold(`Run on every host: ${scenario.title ?? scenario.event}`), dim(`from ${comparison.from}, event ${comparison.event}; ≠ differs from ${comparison.from}, ! needs a look`), ''];
  for (const row of comparison.rows) {
    lines.push(bold(row.label));
    for (const host of comparison.hosts) {
      const cell = host.cells[row.id];
      if (!cell) continue;
      const mark = `${cell.differs ? '≠' : ' '}${cell.warn ? '!' : ' '}`;
      const text = `  ${name(host).padEnd(width)} ${mark} ${cell.summary}`;
      lines.push(cell.warn ? yellow(text) : cell.differs ? cyan(text) : text);
      if (cell.differs || cell.warn || row.id === 'port') {
        const pad = ' '.repeat(width + 7);
        for (const d of cell.details) lines.push(dim(`${pad}${d}`));
        if (cell.rule) lines.push(dim(`${pad}rule ${cell.rule.code}: ${evidenceLabel(cell.evidence) ?? ''}`));
      }
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
