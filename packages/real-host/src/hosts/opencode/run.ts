import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materialize, type SessionScenario } from '@hookplay/engine';
import type { CliFacts, RealRunOptions } from '../../adapter.js';
import { INNER_URL, PROXY_TO_MOCK } from '../../jail/forwarder.js';
import { launchJailed, sandboxRun } from '../../jail/launch.js';
import { chatCompletionsApi } from '../../mock/chat.js';
import { startMockServer } from '../../mock/server.js';
import { normalizer } from '../claude-code/observe.js';
import { observe, type OpenCodeObservation } from './observe.js';
import { modelScriptOf, type OpenCodeScript } from './script.js';

/** The provider the run talks to: the mock, through OpenCode's built-in openai-compatible provider, no login. */
export const PROVIDER_CONFIG = {
  provider: { mock: { npm: '@ai-sdk/openai-compatible', name: 'Mock', options: { baseURL: `${INNER_URL}/v1`, apiKey: 'sk-hookplay-dummy' }, models: { 'mock-model': { name: 'Mock Model', tool_call: true } } } },
  model: 'mock/mock-model',
};

/**
 * The environment of every run: its own HOME and XDG folders (the global config folder is ~/.config/opencode), no
 * models.dev fetch, no update, share or LSP download, the provider inline (so the scenario's own opencode.json files
 * stay as written), and every proxy at the mock (it refuses the npm install OpenCode tries at start-up).
 */
export function opencodeEnv(dirs: { home: string; tmp: string }, hostEnv: Record<string, string> = {}): Record<string, string> {
  const h = dirs.home;
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: h,
    XDG_CONFIG_HOME: `${h}/.config`,
    XDG_DATA_HOME: `${h}/.local/share`,
    XDG_CACHE_HOME: `${h}/.cache`,
    XDG_STATE_HOME: `${h}/.local/state`,
    TMPDIR: dirs.tmp,
    TERM: 'dumb',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_CONFIG_CONTENT: JSON.stringify(PROVIDER_CONFIG),
    ...PROXY_TO_MOCK,
    ...hostEnv,
  };
}

export interface OpenCodeRun {
  observation: OpenCodeObservation;
  cli: CliFacts;
  raw: { stdout: string; stderr: string };
  kept?: string;
}

/**
 * Plays a session on the real CLI: the scenario's files in a fresh project and home (written as the emulation writes
 * them), the mock scripted from the steps, one jailed `opencode run PROMPT --format json`; then what it did.
 */
export async function runOnOpenCode(scenario: SessionScenario, script: OpenCodeScript, options: RealRunOptions): Promise<OpenCodeRun> {
  const { installed } = options;
  const ws = await materialize(scenario.files, options.runsDir);
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir]) : undefined;
  const mock = await startMockServer(join(ws.root, 'mock.sock'), chatCompletionsApi(modelScriptOf(script), { model: 'mock-model' }));
  options.onProgress?.(`starting OpenCode ${installed.version}`);
  const t0 = Date.now();
  let run;
  try {
    run = await launchJailed({
      entry: installed.entry,
      args: ['run', '--format', 'json', '--print-logs', '--log-level', 'INFO', script.prompt],
      cwd: ws.project,
      env: opencodeEnv({ home: ws.home, tmp: ws.tmp }, scenario.host?.env),
      mockSocket: mock.socket,
      timeoutMs: options.timeoutMs ?? 120_000,
      ...(box ? { sandbox: box } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } finally {
    await mock.close();
  }
  const norm = normalizer({ project: ws.project, home: ws.home, root: ws.root });
  const logPath = join(ws.home, 'oracle.log');
  const log = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';
  const observation = observe({ stdout: run.stdout, requests: mock.requests, log, exitCode: run.code, norm });
  const cli: CliFacts = {
    exitCode: run.code,
    signal: run.signal,
    timedOut: run.timedOut,
    cancelled: run.cancelled,
    ms: Date.now() - t0,
    stderrHead: norm(run.stderr.split('\n').filter((l) => / level=(ERROR|WARN) /.test(l)).slice(0, 8).join('\n').slice(0, 600)),
    otherTraffic: mock.other.map(({ method, url }) => ({ method, url })),
    started: run.stdout.includes('"sessionID"'),
  };
  const result: OpenCodeRun = { observation, cli, raw: { stdout: norm(run.stdout), stderr: norm(run.stderr) } };
  if (options.keep) {
    writeFileSync(join(ws.root, 'requests.json'), JSON.stringify({ requests: mock.requests }, null, 1));
    writeFileSync(join(ws.root, 'stderr.txt'), run.stderr);
    writeFileSync(join(ws.root, 'stdout.jsonl'), run.stdout);
    result.kept = ws.root;
  } else {
    await ws.dispose();
    rmSync(ws.root, { recursive: true, force: true, maxRetries: 3 });
  }
  return result;
}
