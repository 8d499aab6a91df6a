import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materialize, type SessionScenario } from '@hookplay/engine';
import type { Installed } from '../../cache/install.js';
import { compareVersions } from '../../cache/registry.js';
import { INNER_URL } from '../../jail/forwarder.js';
import { launchJailed, sandboxRun, type JailedRun } from '../../jail/launch.js';
import { anthropicApi } from '../../mock/anthropic.js';
import { startMockServer, type MockServer } from '../../mock/server.js';
import { answerFor, driver, driverArgs, type DriveLog } from './drive.js';
import { observe, PROBED_EVENTS, probeSettings, refusalOf, type ClaudeObservation } from './observe.js';
import { modelScriptOf, type ClaudeScript, type TurnState } from './script.js';

/** What a build lets the harness do, read once from its `--help` and kept beside the install. */
export interface ClaudeCapabilities {
  /** `--include-hook-events`: the stream shows each hook's start and end. */
  hookEvents: boolean;
  /** `--settings`: the harness's probes can be given without touching the scenario's files. */
  settingsFlag: boolean;
  /** `--input-format stream-json` with `--permission-prompt-tool stdio`: several turns and answered prompts. */
  streamInput: boolean;
}

/**
 * The environment of every run: offline (the API and every proxy are the mock), no telemetry, no updates. hookplay
 * runs as root on CI machines, where the CLI refuses bypassPermissions outside a sandbox it is told of; a user's own
 * machine is no root shell, so unless the scenario says it is about root (host.root) the CLI is told it is
 * sandboxed, whatever host.env says, and behaves as for a user.
 */
export function baseEnv(dirs: { home: string; tmp: string }, hostEnv: Record<string, string> = {}, options: { sandboxVariable?: boolean; root?: boolean } = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    CLAUDE_CODE_TMPDIR: dirs.tmp,
    ANTHROPIC_BASE_URL: INNER_URL,
    ANTHROPIC_API_KEY: 'sk-ant-hookplay-dummy',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    HTTPS_PROXY: INNER_URL,
    HTTP_PROXY: INNER_URL,
    https_proxy: INNER_URL,
    http_proxy: INNER_URL,
    NO_PROXY: '',
    no_proxy: '',
    ...hostEnv,
    ...(options.sandboxVariable !== false && process.getuid?.() === 0 && !options.root ? { IS_SANDBOX: '1' } : {}),
  };
}

/** Reads (once per install) what the build's `--help` offers. */
export async function capabilitiesOf(installed: Installed, scratch: string): Promise<ClaudeCapabilities> {
  const cached = join(installed.dir, 'hookplay-capabilities.json');
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as ClaudeCapabilities;
  mkdirSync(scratch, { recursive: true });
  const mock = await startMockServer(join(scratch, 'help.sock'), anthropicApi(() => ({ kind: 'text', text: 'ok' })));
  let help: JailedRun;
  try {
    help = await launchJailed({ entry: installed.entry, args: ['--help'], cwd: scratch, env: baseEnv({ home: scratch, tmp: scratch }), mockSocket: mock.socket, timeoutMs: 60_000 });
  } finally {
    await mock.close();
  }
  const caps: ClaudeCapabilities = {
    hookEvents: help.stdout.includes('--include-hook-events'),
    settingsFlag: /--settings\b/.test(help.stdout),
    streamInput: help.stdout.includes('--permission-prompt-tool') && help.stdout.includes('--input-format'),
  };
  if (help.code === 0) writeFileSync(cached, `${JSON.stringify(caps, null, 2)}\n`);
  return caps;
}

export interface ClaudeRunOptions {
  installed: Installed;
  sandbox?: import('@hookplay/engine').SandboxConfig;
  /** Where run directories go (not below a world-writable folder). */
  runsDir: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
  /** Keep the run directory (its path is in the result). */
  keep?: boolean;
}

export interface ClaudeRun {
  observation: ClaudeObservation;
  hookEvents: ReturnType<typeof observe>['hookEvents'];
  asked: DriveLog['asked'];
  cli: {
    exitCode: number | null;
    signal: string | null;
    timedOut: boolean;
    cancelled: boolean;
    ms: number;
    stderrHead: string;
    otherTraffic: MockServer['other'];
    sideRequests: number;
  };
  capabilities: ClaudeCapabilities;
  /** The run directory, when kept. */
  kept?: string;
}

/**
 * Plays a session on the real CLI: the scenario's files in a fresh project and home (written exactly as the
 * emulation writes them), the mock scripted from its steps, the CLI launched in its own namespace and driven over
 * stdin where it needs several turns or answers; then reads what it did.
 */
export async function runOnClaudeCode(scenario: SessionScenario, script: ClaudeScript, options: ClaudeRunOptions): Promise<ClaudeRun> {
  const { installed } = options;
  mkdirSync(options.runsDir, { recursive: true });
  const capabilities = await capabilitiesOf(installed, join(options.runsDir, '.capabilities'));
  const processes = script.processes ?? [{ start: 'startup' as const, from: 0, to: script.turns.length }];
  const needsStream = script.turns.length > 1 || script.approvals || processes.length > 1;
  if (needsStream && !capabilities.streamInput) {
    throw new Error(`Claude Code ${installed.version} takes no stream-json input with a stdio permission host, so the harness cannot play several turns or answer prompts on it`);
  }
  const ws = await materialize(scenario.files, options.runsDir);
  const probeDir = join(ws.root, 'probe');
  mkdirSync(probeDir, { recursive: true });
  const managed = join(ws.root, 'managed');
  const state: TurnState = { turn: 0, inTurn: 0 };
  const mock = await startMockServer(join(ws.root, 'mock.sock'), anthropicApi(modelScriptOf(script, state), { sideRequests: compareVersions(installed.version, '2.1.332') < 0 }));
  const host = scenario.host ?? {};
  const probes = probeSettings(probeDir);
  const binds: { from: string; to: string }[] = [];
  if (!capabilities.settingsFlag) {
    // 1.0.41 reads no --settings: its probes go into a managed-settings file bind-mounted for this run only.
    mkdirSync(managed, { recursive: true });
    writeFileSync(join(managed, 'managed-settings.json'), JSON.stringify(probes));
    mkdirSync('/etc/claude-code', { recursive: true });
    binds.push({ from: managed, to: '/etc/claude-code' });
  }
  // Everything the run writes exists before the directory is handed to the sandbox's user.
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir]) : undefined;
  const log: DriveLog = { asked: [], otherRequests: [], notes: [] };
  const runs: JailedRun[] = [];
  let sessionId: string | null = null;
  try {
    // A resumed session is a new process on the same project and home: `--resume <id>` (the id the first process's
    // stream announced) or `--continue`; every process shares the mock, so the model's script runs on.
    for (const [k, proc] of processes.entries()) {
      const drive = needsStream ? driver(script, state, options.onProgress, proc) : null;
      const resumeArgs = proc.start === 'resume' ? (sessionId ? ['--resume', sessionId] : ['--continue']) : proc.start === 'continue' ? ['--continue'] : [];
      const args = [
        '-p',
        ...(needsStream ? [] : [script.turns[0]?.prompt ?? 'do it']),
        '--output-format',
        'stream-json',
        '--verbose',
        ...(capabilities.hookEvents ? ['--include-hook-events'] : []),
        ...(needsStream ? driverArgs(script) : []),
        ...(capabilities.settingsFlag ? ['--settings', JSON.stringify(probes)] : []),
        ...(host.permissionMode ? ['--permission-mode', host.permissionMode] : []),
        ...(host.allowedTools ? ['--allowedTools', host.allowedTools] : []),
        ...(host.plugins ?? []).flatMap((dir) => ['--plugin-dir', ws.resolve(dir)]),
        ...resumeArgs,
        ...(script.args ?? []),
      ];
      options.onProgress?.(k === 0 ? `starting Claude Code ${installed.version}` : `resuming the session (${resumeArgs.join(' ')})`);
      const run = await launchJailed({
        entry: installed.entry,
        args,
        cwd: ws.project,
        env: baseEnv({ home: ws.home, tmp: ws.tmp }, host.env, { root: host.root === true }),
        mockSocket: mock.socket,
        timeoutMs: options.timeoutMs ?? 120_000,
        binds,
        ...(box ? { sandbox: box } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(drive ? { drive: drive.drive } : {}),
      });
      runs.push(run);
      if (drive) {
        log.asked.push(...drive.log.asked);
        log.otherRequests.push(...drive.log.otherRequests);
      }
      sessionId ??= (run.stdout.match(/"session_id":"([^"]+)"/) ?? [])[1] ?? null;
      if (run.timedOut || run.cancelled) break;
    }
  } finally {
    await mock.close();
  }
  const lastRun = runs[runs.length - 1]!;
  const run: JailedRun = { ...lastRun, stdout: runs.map((r) => r.stdout).join('\n'), stderr: runs.map((r) => r.stderr).join('\n'), ms: runs.reduce((n, r) => n + r.ms, 0) };
  const drive = needsStream ? { log } : null;
  const seen = observe({ stdout: run.stdout, requests: mock.requests, dirs: { project: ws.project, home: ws.home, root: ws.root }, probeDir, probed: PROBED_EVENTS });
  const observation = seen.observation;
  const refused = runs[0]!.code !== 0 && mock.requests.length === 0 ? refusalOf(runs[0]!.stderr) : null;
  if (refused) observation.refused = refused;
  if (drive) {
    // The answer as the engine states it: what the driver sent, without the input an allow echoes back.
    observation.asked = drive.log.asked.map((a) => {
      const { updatedInput: _input, ...answer } = answerFor(a.answer, null) as Record<string, unknown>;
      return { tool: a.tool, command: typeof a.input?.command === 'string' ? seen.norm(a.input.command) : null, answer };
    });
  }
  observation.decisions = seen.events.filter((e) => e.type === 'user' && Array.isArray(e.tool_result_meta)).map((e) => e.tool_result_meta[0]?.permission_decision ?? null);
  if (!capabilities.hookEvents) observation.unobserved = ['hookRuns', 'hookEnds', 'userSaw'];
  const result: ClaudeRun = {
    observation,
    hookEvents: seen.hookEvents,
    asked: drive?.log.asked ?? [],
    cli: {
      exitCode: run.code,
      signal: run.signal,
      timedOut: run.timedOut,
      cancelled: run.cancelled,
      ms: run.ms,
      stderrHead: seen.norm(run.stderr.split('\n').slice(0, 8).join('\n').slice(0, 600)),
      otherTraffic: mock.other,
      sideRequests: mock.side.length,
      // A refusal in the CLI's own words is the session's end, which the emulation must predict, not a failed start.
      ...(refused ? { started: true } : {}),
    },
    capabilities,
  };
  if (options.keep) {
    writeFileSync(join(ws.root, 'requests.json'), JSON.stringify({ requests: mock.requests, stdout: run.stdout, stderr: run.stderr }, null, 1));
    result.kept = ws.root;
  } else await ws.dispose();
  return result;
}
