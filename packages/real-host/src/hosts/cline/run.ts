import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCline, materialize, workspaceOptions, type SessionScenario } from '@hookplay/engine';
import type { CliFacts, RealRunOptions } from '../../adapter.js';
import { INNER_URL, PROXY_TO_MOCK } from '../../jail/forwarder.js';
import { launchJailed, sandboxRun, type JailedRun } from '../../jail/launch.js';
import { chatCompletionsApi } from '../../mock/chat.js';
import { startMockServer } from '../../mock/server.js';
import { conversationOf, endOf, jsonLines, normalizer, probedPaths, toolsRunOf, type ClineObservation } from './observe.js';
import { modelScriptOf, type ClineScript } from './script.js';

/** The model the harness configures (the mock answers any). */
export const MODEL = 'gpt-4o';

/**
 * After the CLI exits, the namespace stays up this long: the CLI starts TaskComplete and SessionShutdown hooks
 * without waiting for them, and on a real machine they outlive it; here they get this long to finish.
 */
export const AFTER_EXIT_S = 1.5;

/**
 * The environment of every run: every proxy the mock, its own HOME and TMPDIR, the probe's `sh` and `bash` first on
 * PATH, and CLINE_SESSION_BACKEND_MODE=local, so the task runs in the CLI's own process (its first run does anyway:
 * no hub is up yet) and no hub daemon is started.
 */
export function clineEnv(dirs: { home: string; tmp: string; bin: string }, hostEnv: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: `${dirs.bin}:/usr/local/bin:/usr/bin:/bin`,
    LANG: 'C.UTF-8',
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    CLINE_SESSION_BACKEND_MODE: 'local',
    ...PROXY_TO_MOCK,
    ...hostEnv,
  };
}

/**
 * `sh` and `bash` first on PATH: the CLI starts a hook as `sh <file>` or `bash <file>` (by its shebang or
 * extension), found on PATH; the probe notes the file and execs the real shell with the same arguments.
 */
function writeProbe(root: string, log: string): string {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(log, '');
  for (const [name, real] of [['sh', '/usr/bin/dash'], ['bash', '/usr/bin/bash']] as const) {
    writeFileSync(join(bin, name), `#!/usr/bin/dash\n[ -f "$1" ] && printf '%s\\n' "$1" >> '${log}'\nexec ${real} "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

/**
 * The provider settings `cline auth --provider openai -k KEY -m MODEL -b URL` writes (recorded), and the offline
 * global settings: written directly, so a run starts the CLI once.
 */
function writeAuth(clineDir: string): void {
  const settings = join(clineDir, 'data', 'settings');
  mkdirSync(settings, { recursive: true });
  const provider = { provider: 'openai-compatible', apiKey: 'sk-hookplay-dummy', model: MODEL, baseUrl: `${INNER_URL}/v1` };
  writeFileSync(join(settings, 'providers.json'), JSON.stringify({ version: 1, lastUsedProvider: 'openai-compatible', modes: {}, providers: { 'openai-compatible': { settings: provider, updatedAt: '2026-12-01T12:00:00.000Z', tokenSource: 'manual' } } }, null, 2));
  writeFileSync(join(settings, 'global-settings.json'), JSON.stringify({ version: 1, telemetryOptOut: true, autoUpdateEnabled: false }));
}

export interface ClineRun {
  observation: ClineObservation;
  cli: CliFacts;
  raw: { stdout: string; stderr: string; code: number | null };
  kept?: string;
}

/**
 * Plays a session on the real CLI: the scenario's files in a fresh project and home (written exactly as the
 * emulation writes them, modes and git included), the provider set to the mock, one jailed `cline --json PROMPT`,
 * the mock scripted from the steps; then what it did.
 */
export async function runOnCline(scenario: SessionScenario, script: ClineScript, options: RealRunOptions): Promise<ClineRun> {
  const { installed } = options;
  mkdirSync(options.runsDir, { recursive: true });
  const ws = await materialize(scenario.files, options.runsDir, workspaceOptions(scenario));
  const env = scenario.host?.env ?? {};
  // CLINE_DIR moves ~/.cline (its data and hooks): relative, it is the project's, where the CLI starts.
  const clineDir = env.CLINE_DIR ? (env.CLINE_DIR.startsWith('/') ? env.CLINE_DIR : join(ws.project, env.CLINE_DIR)) : join(ws.home, '.cline');
  writeAuth(clineDir);
  const log = join(ws.root, 'hook-runs.log');
  const bin = writeProbe(ws.root, log);
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir]) : undefined;
  const mock = await startMockServer(join(ws.root, 'mock.sock'), chatCompletionsApi(modelScriptOf(script), { model: MODEL }));
  const t0 = Date.now();
  let run: JailedRun;
  options.onProgress?.(`starting Cline CLI ${installed.version}`);
  try {
    run = await launchJailed({
      entry: { cmd: '/bin/sh', pre: ['-c', `"$0" "$@"; s=$?; sleep ${AFTER_EXIT_S}; exit $s`, installed.entry.cmd], path: installed.entry.path },
      args: [...script.args, '--json', script.prompt],
      cwd: ws.project,
      env: clineEnv({ home: ws.home, tmp: ws.tmp, bin }, env),
      mockSocket: mock.socket,
      timeoutMs: options.timeoutMs ?? 120_000,
      ...(box ? { sandbox: box } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } finally {
    await mock.close();
  }
  const norm = normalizer({ project: ws.project, home: ws.home });
  const lines = jsonLines(run.stdout);
  const entries = loadCline(scenario.files, scenario.host ?? {}).entries;
  // A relative path is the project's (the CLI starts there): a relative CLINE_DIR's hooks are named so.
  const keyOf = (path: string) => (path.startsWith(`${ws.home}/`) ? `~/${path.slice(ws.home.length + 1)}` : path.startsWith(`${ws.project}/`) ? path.slice(ws.project.length + 1) : path.startsWith('/') ? null : path);
  const hookRuns: Record<string, number> = {};
  for (const path of probedPaths(log)) {
    const entry = entries.find((e) => e.key === keyOf(path));
    if (entry) hookRuns[entry.event] = (hookRuns[entry.event] ?? 0) + 1;
  }
  const observation: ClineObservation = {
    requests: mock.requests.length,
    conversations: mock.requests.map((q) => conversationOf(q, norm)),
    toolsRun: toolsRunOf(lines, norm),
    hookRuns,
    end: endOf(lines),
    exitCode: run.code ?? -1,
  };
  const cli: CliFacts = {
    exitCode: run.code,
    signal: run.signal,
    timedOut: run.timedOut,
    cancelled: run.cancelled,
    ms: Date.now() - t0,
    stderrHead: norm(run.stderr.split('\n').filter((l) => l.trim() && !/AI SDK|^\s+at |DeprecationWarning/.test(l)).slice(0, 8).join('\n').slice(0, 600)),
    otherTraffic: mock.other.map(({ method, url }) => ({ method, url })),
    started: lines.some((l) => l.type === 'hook_event' || l.type === 'agent_event'),
  };
  const result: ClineRun = { observation, cli, raw: { stdout: norm(run.stdout), stderr: norm(run.stderr), code: run.code } };
  if (options.keep) {
    writeFileSync(join(ws.root, 'requests.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr, other: mock.other }, null, 1));
    result.kept = ws.root;
  } else await ws.dispose();
  return result;
}

