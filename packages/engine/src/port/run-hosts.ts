import { DIALECTS } from '../dialects/index.js';
import type { DialectId } from '../dialects/ids.js';
import { RunCancelledError, runScenario, type RunOptions } from '../run.js';
import type { Outcome } from '../outcome.js';
import type { EventScenario } from '../scenario.js';
import type { JsonObject } from '../util/json.js';
import { findEvent } from '../validate.js';
import { COMPARE_ROWS, hostCells, markDifferences, type Comparison, type HostColumn, type Observed } from './compare.js';
import { portScenario } from './port-scenario.js';
import type { PortOptions } from './types.js';

/** Variables a shell sets itself, so a hook may name them without the host setting them. */
const SHELL_VARS = new Set(['PWD', 'OLDPWD', 'RANDOM', 'LINENO', 'PPID', 'UID', 'EUID', 'IFS', 'SECONDS', 'BASH', 'BASH_SOURCE', 'BASHPID', 'SHLVL', 'HOSTNAME', 'OPTARG', 'OPTIND', 'REPLY', 'PIPESTATUS']);

/**
 * Variables a hook's command names that its environment on this host lacks, by hook index: what the dialect
 * plans (after its own substitutions in the command), not a table of who sets what.
 */
export function unsetVariables(scenario: EventScenario): Record<string, string[]> {
  const dialect = DIALECTS[scenario.dialect];
  const host = scenario.host ?? {};
  const loaded = dialect.load(scenario.files, host);
  const found = findEvent(dialect, scenario.event);
  if ('error' in found) return {};
  const paths = { home: '/home/hookplay', project: '/home/hookplay/project' };
  const baseEnv = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', ...host.env, HOME: paths.home, TMPDIR: '/tmp' };
  const prepared = dialect.prepare({ loaded, event: found.event, payload: scenario.payload as JsonObject, host, paths, baseEnv });
  const out: Record<string, string[]> = {};
  for (const job of prepared.jobs) {
    const assigned = new Set([...job.command.matchAll(/(?:^|[;&|\s])([A-Za-z_]\w*)=/g)].map((m) => m[1]!));
    const named = [...job.command.matchAll(/\$\{?([A-Za-z_]\w*)/g)].map((m) => m[1]!);
    const unset = [...new Set(named)].filter((v) => !(v in job.env) && !SHELL_VARS.has(v) && !assigned.has(v));
    if (unset.length) out[String(job.hook)] = unset;
  }
  return out;
}

export interface RunHostsOptions extends Pick<RunOptions, 'signal' | 'tmpDir' | 'env' | 'limits' | 'sandbox'> {
  port?: PortOptions;
  /** Vets each derived scenario before it runs (the server's planning deadline); a refusal leaves that column unrun. */
  check?: (scenario: EventScenario) => Promise<{ ok: true } | { ok: false; message: string }>;
  /** Each host's outcome as it arrives. */
  onHost?: (column: HostColumn) => void;
}

/**
 * Runs a scenario and its port to each host, one host after another (timings stay honest on a busy machine), and
 * lays the outcomes side by side. Every column's behaviour is its dialect's: the port only translates the config.
 */
export async function runHosts(scenario: EventScenario, hosts: readonly DialectId[], options: RunHostsOptions = {}): Promise<Comparison> {
  const columns: HostColumn[] = [];
  // The source host first: it is what every other column is compared with.
  const ordered = [...new Set(hosts)].sort((a, b) => Number(b === scenario.dialect) - Number(a === scenario.dialect));
  for (const id of ordered) {
    const ported = portScenario(scenario, id, options.port);
    let outcome: Outcome | undefined;
    let observed: Observed | undefined;
    const refused = ported.scenario && options.check ? await options.check(ported.scenario) : { ok: true as const };
    if (!refused.ok) ported.report.needed.push({ kind: 'host', message: `not run: ${refused.message}` });
    if (options.signal?.aborted) throw new RunCancelledError();
    if (ported.scenario && refused.ok) {
      const stdin: Record<string, string> = {};
      outcome = await runScenario(ported.scenario, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.tmpDir ? { tmpDir: options.tmpDir } : {}),
        ...(options.env ? { env: options.env } : {}),
        ...(options.limits ? { limits: options.limits } : {}),
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        onEvent: (e) => {
          if (e.type === 'hook-start') stdin[String(e.hook)] = e.stdin;
        },
      });
      observed = { stdin, unsetVars: unsetVariables(ported.scenario) };
    }
    const column: HostColumn = {
      dialect: id,
      label: DIALECTS[id].label,
      ...(DIALECTS[id].docsOnly ? { docsOnly: true } : {}),
      port: ported.report,
      ...(ported.scenario ? { scenario: ported.scenario } : {}),
      ...(outcome ? { outcome } : {}),
      cells: hostCells({ port: ported.report, ...(ported.scenario ? { scenario: ported.scenario } : {}), ...(outcome ? { outcome } : {}), ...(observed ? { observed } : {}) }),
    };
    columns.push(column);
    options.onHost?.(column);
  }
  markDifferences(columns, scenario.dialect);
  return { from: scenario.dialect, event: scenario.event, rows: COMPARE_ROWS.map((r) => ({ ...r })), hosts: columns };
}
