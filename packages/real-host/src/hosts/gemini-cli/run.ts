import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materialize, type SessionScenario } from '@hookplay/engine';
import type { CliFacts, RealRunOptions } from '../../adapter.js';
import type { Installed } from '../../cache/install.js';
import { INNER_URL, PROXY_TO_MOCK } from '../../jail/forwarder.js';
import { launchJailed, sandboxRun, type JailedRun } from '../../jail/launch.js';
import { geminiApi } from '../../mock/gemini.js';
import { startMockServer, type RecordedRequest } from '../../mock/server.js';
import { functionResponses, hookLines, normalizer, readProbe, userParts, type GeminiObservation, type GeminiToolObservation, type ProbeEntry } from './observe.js';
import { callsOf, modelScriptOf, servedCalls, SHELL, type GeminiScript, type ScriptState } from './script.js';
import { inputOfInterest, sortInputs } from './inputs.js';

/** The model every run asks for: `-m` spares the CLI's model router its side call. */
export const MODEL = 'gemini-2.5-pro';
/** The file the old oracle's command writes as proof it ran (and with what). */
export const PROOF_FILE = '.oracle-ran';

/**
 * Settings the harness needs and no scenario is about: API-key auth, no telemetry, no update check. They sit in the
 * system-defaults file, the lowest level, so the scenario's own files stay exactly as written.
 */
export const HARNESS_DEFAULTS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  telemetry: { enabled: false },
  privacy: { usageStatisticsEnabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

/**
 * The system-defaults folder every run shares, beside the install: Gemini CLI skips a system settings file whose
 * folder another user owns or anyone may write (a sandboxed run is another user, its run folder its own), so the
 * defaults sit in a folder owned by whoever installed the CLI, read-only in the sandbox.
 */
export function harnessSystemDir(installed: Installed): string {
  const dir = join(installed.dir, 'hookplay-system');
  const file = join(dir, 'system-defaults.json');
  const text = JSON.stringify(HARNESS_DEFAULTS, null, 2);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return dir;
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  writeFileSync(`${file}.${process.pid}`, text, { mode: 0o644 });
  renameSync(`${file}.${process.pid}`, file);
  return dir;
}

/**
 * Gemini CLI reads a system settings file only when it and every folder above it belong to root (uid 0), as the
 * CLI sees them: a run by another user, or in the sandbox (another user in a user namespace), cannot use the
 * system-defaults file. Its runs get the harness's defaults (API-key auth above all) in the user settings file
 * instead: added in front of the scenario's own keys, which win where they set the same, so its text is otherwise as
 * written (a file that does not start with an object, or already chooses an auth type, is left alone).
 */
export function addUserAuth(home: string): void {
  const file = join(home, '.gemini', 'settings.json');
  const entry = JSON.stringify(HARNESS_DEFAULTS).slice(1, -1);
  if (!existsSync(file)) {
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(file, `{${entry}}\n`);
    return;
  }
  const text = readFileSync(file, 'utf8');
  if (/"selectedType"/.test(text)) return;
  const at = /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*\{/.exec(text);
  if (!at) return;
  const rest = text.slice(at[0].length);
  writeFileSync(file, `${at[0]}${entry}${/^\s*}/.test(rest) ? '' : ','}${rest}`);
}

/**
 * The environment of a run: the Gemini API at the mock (GOOGLE_GEMINI_BASE_URL) with a dummy key, every proxy the
 * mock, no relaunch (the CLI would restart itself as a child with more memory), the harness's defaults as the
 * system-defaults file, the workspace trusted unless the scenario says otherwise; its own HOME and TMPDIR.
 */
export function baseEnv(dirs: { home: string; tmp: string; system: string }, trusted: boolean, hostEnv: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    GEMINI_API_KEY: 'hookplay-dummy-key',
    GOOGLE_GEMINI_BASE_URL: INNER_URL,
    GEMINI_TELEMETRY_ENABLED: 'false',
    GEMINI_CLI_NO_RELAUNCH: 'true',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(dirs.system, 'settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(dirs.system, 'system-defaults.json'),
    ...PROXY_TO_MOCK,
    ...(trusted ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' } : {}),
    ...hostEnv,
  };
}

/**
 * A copy of bash and a wrapper bound over /usr/bin/bash inside the namespace. Gemini CLI starts each hook as
 * `bash -c <command>` with GEMINI_PLANS_DIR in its environment, and its shell tool as `bash -c` without it: the
 * wrapper logs a hook's command and stdin, or a tool's command, then execs the real shell with the same argv[0]
 * and arguments (same pid, so the CLI's kills reach the hook as without the probe).
 */
function bashProbe(installed: Installed, probeDir: string): { binds: { from: string; to: string }[]; log: string } {
  const copy = join(installed.dir, 'hookplay-bash');
  if (!existsSync(copy)) {
    copyFileSync('/usr/bin/bash', `${copy}.partial`);
    renameSync(`${copy}.partial`, copy);
  }
  const log = join(probeDir, 'log');
  mkdirSync(log, { recursive: true });
  const wrapper = join(probeDir, 'bash');
  const body = [
    'if [ "$1" = -c ]; then',
    `  n="\${EPOCHREALTIME/./}000-$$"`,
    '  if [ -n "$GEMINI_PLANS_DIR" ]; then',
    `    '${copy}' -c 'cat' > '${log}'/"$n.stdin"`,
    `    printf '%s' "$2" > '${log}'/"$n.command"`,
    `    exec -a "$0" '${copy}' "$@" < '${log}'/"$n.stdin"`,
    '  fi',
    `  printf '%s' "$2" > '${log}'/"$n.tool"`,
    'fi',
    `exec -a "$0" '${copy}' "$@"`,
  ];
  writeFileSync(wrapper, `#!${copy}\n${body.join('\n')}\n`, { mode: 0o755 });
  return { binds: [{ from: wrapper, to: '/usr/bin/bash' }], log };
}

/**
 * Which calls ran: a shell call whose command a tool shell started with (the CLI wraps it, so the command is found
 * inside), or whose result reached the model as output; another tool, whose result reached the model as output.
 */
export function toolsRan(calls: { tool: string; input: Record<string, unknown> }[], probe: ProbeEntry[], last: RecordedRequest | undefined): GeminiToolObservation[] {
  const responses = functionResponses(last);
  const shells = probe.filter((p) => p.kind === 'tool').map((p) => p.command);
  return calls.map((c, i) => {
    const response = responses[i]?.response as Record<string, unknown> | undefined;
    if (c.tool === SHELL) {
      const command = String(c.input.command ?? '');
      const k = shells.findIndex((s) => s.includes(command));
      if (k >= 0) {
        shells.splice(k, 1);
        return { tool: c.tool, ran: true };
      }
      // A command a hook rewrote: the result the model read says it ran.
      return { tool: c.tool, ran: response !== undefined && 'output' in response };
    }
    return { tool: c.tool, ran: response !== undefined && !('error' in response) };
  });
}

export interface GeminiRun {
  observation: GeminiObservation;
  cli: CliFacts;
  kept?: string;
  raw: { stdout: string; stderr: string; code: number | null; starts: { event: string; command: string; atMs: number }[] };
}

/**
 * Plays a session on the real CLI: the scenario's files in a fresh project and home, written exactly as the
 * emulation writes them; `gemini -p PROMPT --yolo -m gemini-2.5-pro -o text` in a namespace whose one endpoint is
 * the mock; then reads what the CLI did (the requests, stderr, stdout, the bash probe's log).
 */
export async function runOnGemini(scenario: SessionScenario, script: GeminiScript, options: RealRunOptions): Promise<GeminiRun> {
  const { installed } = options;
  mkdirSync(options.runsDir, { recursive: true });
  const ws = await materialize(scenario.files, options.runsDir);
  const rootRun = !options.sandbox && process.getuid?.() === 0;
  // A folder the CLI does not find: no system file, and no warning that one was skipped.
  const system = rootRun ? harnessSystemDir(installed) : join(ws.root, 'no-system-settings');
  if (!rootRun) addUserAuth(ws.home);
  const probeDir = join(ws.root, 'probe');
  mkdirSync(probeDir, { recursive: true });
  const probe = bashProbe(installed, probeDir);
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir]) : undefined;
  const state: ScriptState = { run: 0, inRun: 0 };
  const mock = await startMockServer(join(ws.root, 'mock.sock'), geminiApi(modelScriptOf(script, state), { model: MODEL }));
  const host = scenario.host ?? {};
  const t0 = Date.now();
  const runs: { code: number | null; stdout: string; stderr: string; requests: number }[] = [];
  let last: JailedRun | null = null;
  try {
    for (const [k, r] of script.runs.entries()) {
      state.run = k;
      state.inRun = 0;
      const before = mock.requests.length;
      options.onProgress?.(`starting Gemini CLI ${installed.version}${r.resume ? ' (--resume latest)' : ''}`);
      last = await launchJailed({
        entry: installed.entry,
        args: ['-p', r.prompt, ...script.args, '-m', MODEL, '-o', 'text', ...(r.resume ? ['--resume', 'latest'] : [])],
        cwd: ws.project,
        env: baseEnv({ home: ws.home, tmp: ws.tmp, system }, script.trusted, host.env),
        mockSocket: mock.socket,
        timeoutMs: options.timeoutMs ?? 120_000,
        binds: probe.binds,
        ...(box ? { sandbox: box } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      runs.push({ code: last.code, stdout: last.stdout, stderr: last.stderr, requests: mock.requests.length - before });
      if (last.timedOut || last.cancelled) break;
    }
  } finally {
    await mock.close();
  }
  const norm = normalizer({ project: ws.project, home: ws.home, root: ws.root });
  const entries = readProbe(probe.log);
  const hooks = entries.filter((p) => p.kind === 'hook');
  const hookRuns: Record<string, number> = {};
  const hookInputs: GeminiObservation['hookInputs'] = [];
  for (const p of hooks) {
    const event = typeof p.input?.hook_event_name === 'string' ? p.input.hook_event_name : 'unknown';
    hookRuns[event] = (hookRuns[event] ?? 0) + 1;
    hookInputs.push({ event, command: norm(p.command), input: norm(inputOfInterest(event, p.input ?? {})) });
  }
  const calls = servedCalls(script, runs.map((r) => r.requests));
  const lastRequest = mock.requests[mock.requests.length - 1];
  const tools = toolsRan(calls, entries, lastRequest);
  const proof = join(ws.project, PROOF_FILE);
  const first = callsOf(script)[0];
  const observation: GeminiObservation = {
    exitCode: last?.code ?? -1,
    ...(runs.length > 1 ? { runs: runs.map((r) => r.requests), exits: runs.map((r) => r.code ?? -1) } : {}),
    requests: mock.requests.length,
    // The old oracle's cases read what ran from their proof file; a scenario's calls are read as `tools`.
    tool: script.oracle && first && mock.requests.length > 0 ? { executed: existsSync(proof), ran: existsSync(proof) ? readFileSync(proof, 'utf8').trim() : null } : null,
    modelSaw: norm(userParts(lastRequest)),
    requestsSaw: mock.requests.map((q) => norm(userParts(q))),
    tools,
    userSaw: runs.flatMap((r) => hookLines(norm(r.stderr))),
    answer: runs.map((r) => norm(r.stdout).trim()).join('\n'),
    hookRuns,
    hookInputs: sortInputs(hookInputs),
  };
  const cli: CliFacts = {
    exitCode: last?.code ?? null,
    signal: last?.signal ?? null,
    timedOut: last?.timedOut ?? false,
    cancelled: last?.cancelled ?? false,
    ms: Date.now() - t0,
    stderrHead: norm(runs.map((r) => r.stderr).join('\n').split('\n').slice(0, 8).join('\n').slice(0, 600)),
    otherTraffic: mock.other,
    // The CLI started its session once SessionStart's hooks ran, or it printed a hook line (a blocked prompt exits 1).
    started: hooks.length > 0,
    // Exit 55 (an untrusted folder) and 52 (a settings file it cannot read) are gemini's own refusals, each said on stderr.
    refused: (last?.code === 55 && /not running in a trusted directory/.test(last.stderr)) || (last?.code === 52 && /Please fix the configuration file/.test(last.stderr)),
  };
  const t = hooks[0]?.at ?? 0;
  const result: GeminiRun = { observation, cli, raw: { stdout: runs.map((r) => r.stdout).join(''), stderr: runs.map((r) => r.stderr).join(''), code: last?.code ?? null, starts: hooks.map((h) => ({ event: String(h.input?.hook_event_name ?? 'unknown'), command: norm(h.command), atMs: Math.round(h.at - t) })) } };
  if (options.keep) {
    writeFileSync(join(ws.root, 'requests.json'), JSON.stringify({ requests: mock.requests, side: mock.side, runs }, null, 1));
    result.kept = ws.root;
  } else {
    await ws.dispose();
    rmSync(ws.root, { recursive: true, force: true });
  }
  return result;
}
