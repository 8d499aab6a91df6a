import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materialize, type SessionScenario } from '@hookplay/engine';
import type { CliFacts, RealRunOptions } from '../../adapter.js';
import type { Installed } from '../../cache/install.js';
import { INNER_URL, PROXY_TO_MOCK } from '../../jail/forwarder.js';
import { launchJailed, sandboxRun, type JailedRun } from '../../jail/launch.js';
import { chatCompletionsApi } from '../../mock/chat.js';
import { startMockServer } from '../../mock/server.js';
import { conversationOf, countHookRuns, hookCommands, hookWindows, jsonLines, normalizer, warningsOf, type CopilotObservation } from './observe.js';
import { modelScriptOf, type CopilotScript, type ScriptState } from './script.js';

/**
 * The environment of every run: BYOK against the mock (COPILOT_PROVIDER_BASE_URL), COPILOT_OFFLINE (no GitHub
 * login, telemetry or update check), every proxy the mock, no GitHub token; its own HOME, COPILOT_HOME and TMPDIR.
 */
export function baseEnv(dirs: { home: string; tmp: string }, hostEnv: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: join(dirs.home, '.config'),
    XDG_STATE_HOME: join(dirs.home, '.local', 'state'),
    COPILOT_HOME: join(dirs.home, '.copilot'),
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_BASE_URL: `${INNER_URL}/v1`,
    COPILOT_PROVIDER_TYPE: 'openai',
    COPILOT_PROVIDER_API_KEY: 'sk-hookplay-dummy',
    COPILOT_MODEL: 'gpt-4.1',
    COPILOT_AUTO_UPDATE: 'false',
    ...PROXY_TO_MOCK,
    ...hostEnv,
  };
}

/**
 * The CLI unpacks about 235 MB (its JS and native payload) under ~/.cache/copilot/pkg on its first start. Every
 * run's home links that folder to one copy beside the install, unpacked once (under a lock, so two runs at once
 * do not both unpack) by a jailed `--version`.
 */
export async function sharedPackage(installed: Installed, scratch: string): Promise<string> {
  const shared = join(installed.dir, 'unpacked');
  const pkg = join(shared, 'copilot', 'pkg');
  const done = join(shared, 'complete');
  if (existsSync(done)) return pkg;
  const lock = join(installed.dir, 'unpacked.lock');
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another run unpacks: wait for it (a lock older than 5 minutes is left over from a killed run).
      if (existsSync(done)) return pkg;
      if (waited > 300_000 || Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (existsSync(done)) return pkg;
    rmSync(shared, { recursive: true, force: true });
    const home = join(scratch, 'unpack-home');
    mkdirSync(home, { recursive: true });
    const mock = await startMockServer(join(scratch, 'unpack.sock'), chatCompletionsApi(() => ({ kind: 'text', text: 'ok' })));
    let run: JailedRun;
    try {
      run = await launchJailed({ entry: installed.entry, args: ['--version'], cwd: scratch, env: { ...baseEnv({ home, tmp: scratch }), XDG_CACHE_HOME: shared }, mockSocket: mock.socket, timeoutMs: 180_000 });
    } finally {
      await mock.close();
    }
    if (run.code !== 0 || !existsSync(pkg)) throw new Error(`Copilot CLI ${installed.version} could not unpack itself (exit ${run.code}): ${run.stderr.slice(0, 400)}`);
    writeFileSync(done, `${new Date().toISOString()}\n`);
    return pkg;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A copy of bash and a wrapper bound over /usr/bin/bash inside the namespace: Copilot CLI starts each hook as
 * `/bin/bash --norc --noprofile -c <command>`, and the wrapper notes the command and when before it execs the real shell with the
 * same argv[0] and arguments, so hooks see no difference and the harness counts hook processes for any scenario.
 */
function bashProbe(installed: Installed, probeDir: string): { binds: { from: string; to: string }[]; log: string } {
  const copy = join(installed.dir, 'hookplay-bash');
  if (!existsSync(copy)) {
    copyFileSync('/usr/bin/bash', `${copy}.partial`);
    renameSync(`${copy}.partial`, copy);
  }
  const log = join(probeDir, 'bash.log');
  const wrapper = join(probeDir, 'bash');
  writeFileSync(log, '');
  // Hooks start as `/bin/bash --norc --noprofile -c <command>` (recorded): the command is the argument after -c.
  const body = ['p=', 'for a in "$@"; do', `  if [ "$p" = -c ]; then printf '%s\\037%s\\036' "$EPOCHREALTIME" "$a" >> '${log}'; break; fi`, '  p=$a', 'done', `exec -a "$0" '${copy}' "$@"`];
  writeFileSync(wrapper, `#!${copy}\n${body.join('\n')}\n`, { mode: 0o755 });
  return { binds: [{ from: wrapper, to: '/usr/bin/bash' }], log };
}

const sessionStarted = (copilotHome: string) => existsSync(join(copilotHome, 'session-state')) && readdirSync(join(copilotHome, 'session-state')).some((d) => existsSync(join(copilotHome, 'session-state', d, 'events.jsonl')));

const sessionIdOf = (stdout: string): string | null => jsonLines(stdout).find((e) => e.type === 'result' && typeof e.sessionId === 'string')?.sessionId ?? null;

export interface CopilotRun {
  observation: CopilotObservation;
  cli: CliFacts;
  kept?: string;
  /** Each process's stdout, stderr and exit (kept runs and the oracle read them). */
  raw: { runs: { code: number | null; stdout: string; stderr: string; ms: number }[] };
}

/**
 * Plays a session on the real CLI: the scenario's files in a fresh project (a git repository, as Copilot looks for
 * one) and home, written exactly as the emulation writes them; one `copilot -p` process per prompt, each after the
 * first with `--continue` or `--resume <id>`; the mock answers every request; then reads what the CLI did.
 */
export async function runOnCopilot(scenario: SessionScenario, script: CopilotScript, options: RealRunOptions): Promise<CopilotRun> {
  const { installed } = options;
  mkdirSync(options.runsDir, { recursive: true });
  const pkg = await sharedPackage(installed, join(options.runsDir, '.copilot-unpack'));
  const ws = await materialize(scenario.files, options.runsDir);
  execFileSync('git', ['init', '-q', '.'], { cwd: ws.project, stdio: 'ignore' });
  mkdirSync(join(ws.home, '.cache', 'copilot'), { recursive: true });
  symlinkSync(pkg, join(ws.home, '.cache', 'copilot', 'pkg'));
  const probeDir = join(ws.root, 'probe');
  mkdirSync(probeDir, { recursive: true });
  const probe = bashProbe(installed, probeDir);
  // Everything the run writes exists before the directory is handed to the sandbox's user.
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir, pkg]) : undefined;
  const state: ScriptState = { run: 0, inRun: 0 };
  const mock = await startMockServer(join(ws.root, 'mock.sock'), chatCompletionsApi(modelScriptOf(script, state), { model: 'gpt-4.1' }));
  const host = scenario.host ?? {};
  const runs: CopilotRun['raw']['runs'] = [];
  const t0 = Date.now();
  let last: JailedRun | null = null;
  let sessionId: string | null = null;
  try {
    for (const [k, r] of script.runs.entries()) {
      state.run = k;
      state.inRun = 0;
      // --trust-folder cannot be combined with --continue/--resume: a resumed run is trusted only by COPILOT_ALLOW_ALL.
      const resume = r.resume === 'continue' ? ['--continue'] : r.resume === 'resume' ? ['--resume', sessionId ?? ''] : [];
      const args = ['-p', r.prompt, ...script.args, '--no-auto-update', '--output-format', 'json', ...(script.trusted && !r.resume ? ['--trust-folder'] : []), ...resume];
      options.onProgress?.(`starting Copilot CLI ${installed.version}${r.resume ? ` (${r.resume})` : ''}`);
      last = await launchJailed({
        entry: installed.entry,
        args,
        cwd: ws.project,
        env: baseEnv({ home: ws.home, tmp: ws.tmp }, host.env),
        mockSocket: mock.socket,
        timeoutMs: options.timeoutMs ?? 120_000,
        binds: probe.binds,
        ...(box ? { sandbox: box } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      runs.push({ code: last.code, stdout: last.stdout, stderr: last.stderr, ms: last.ms });
      sessionId ??= sessionIdOf(last.stdout);
      if (last.timedOut || last.cancelled) break;
    }
  } finally {
    await mock.close();
  }
  const norm = normalizer({ project: ws.project, home: ws.home });
  const conversations = mock.requests.map((q) => conversationOf(q, norm));
  const observation: CopilotObservation = {
    requests: mock.requests.length,
    conversation: conversations[conversations.length - 1] ?? [],
    conversations,
    userSaw: runs.flatMap((r) => warningsOf(r.stdout, norm)),
    hookRuns: countHookRuns(readFileSync(probe.log, 'utf8'), hookCommands(scenario.files), hookWindows(join(ws.home, '.copilot'))),
    exitCode: runs[runs.length - 1]?.code ?? -1,
    ...(runs.length > 1 ? { exitCodes: runs.map((r) => r.code ?? -1) } : {}),
  };
  const cli: CliFacts = {
    exitCode: last?.code ?? null,
    signal: last?.signal ?? null,
    timedOut: last?.timedOut ?? false,
    cancelled: last?.cancelled ?? false,
    ms: Date.now() - t0,
    stderrHead: norm(runs.map((r) => r.stderr).join('\n').split('\n').slice(0, 8).join('\n').slice(0, 600)),
    otherTraffic: mock.other,
    // The session's own event log exists once the CLI started the session (a blocked prompt exits 1 after that).
    started: hookWindows(join(ws.home, '.copilot')).length > 0 || sessionStarted(join(ws.home, '.copilot')),
  };
  const result: CopilotRun = { observation, cli, raw: { runs } };
  if (options.keep) {
    writeFileSync(join(ws.root, 'requests.json'), JSON.stringify({ requests: mock.requests, runs }, null, 1));
    result.kept = ws.root;
  } else await ws.dispose();
  return result;
}
