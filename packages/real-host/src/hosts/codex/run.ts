import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materialize, type SessionScenario } from '@hookplay/engine';
import type { CliFacts, RealRunOptions } from '../../adapter.js';
import { INNER_URL } from '../../jail/forwarder.js';
import { launchJailed, sandboxRun, type JailedRun } from '../../jail/launch.js';
import { responsesApi } from '../../mock/responses.js';
import { startMockServer } from '../../mock/server.js';
import { reviewerAnswer, isReview } from './review.js';
import { normalizer, observe, PROBE_SCRIPT, type CodexObservation, type ProbedRun } from './observe.js';
import { callsOf, modelScriptOf, type CodexScript, type TurnState } from './script.js';

/** A dummy key: codex wants one, the mock takes anything. Hooks inherit it, as they inherit codex's whole environment. */
export const OPENAI_API_KEY = 'sk-hookplay-dummy';

/**
 * The model provider and the switches that keep codex offline, as `-c` overrides: the mock is the provider (`gpt-5`
 * over the Responses API), plugins, apps and analytics are off (else it reaches for github.com and chatgpt.com).
 */
export const CONFIG_OVERRIDES = [
  'model="gpt-5"',
  'model_provider="mock"',
  `model_providers={mock={name="mock",base_url="${INNER_URL}/v1",wire_api="responses",env_key="OPENAI_API_KEY"}}`,
  'features.plugins=false',
  'features.apps=false',
  'features.remote_plugin=false',
  'features.plugin_sharing=false',
  'analytics.enabled=false',
  'check_for_update_on_startup=false',
  // The model's commands get no proxy and no probe: the proxies are only there to catch codex's own stray traffic,
  // and a command should meet the network as it would on the user's machine without codex (here: none).
  `shell_environment_policy.exclude=${JSON.stringify(['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy', 'NO_PROXY', 'no_proxy', 'BASH_ENV', 'HOOKPLAY_PROBE_DIR'])}`,
];

/**
 * hookplay's limit on Stop continuations in one turn: Codex has none, so the harness stops the CLI when the mock is
 * asked for one more, and the emulation stops at the same point (lifecycle option maxContinuations).
 */
export const MAX_CONTINUATIONS = 20;

/** A request the CLI makes because a Stop hook blocked: its input ends with the <hook_prompt> user message. */
function isContinuation(body: unknown): boolean {
  const input = (body as { input?: { type?: string; role?: string; content?: { text?: string }[] }[] })?.input ?? [];
  const last = input[input.length - 1];
  return last?.type === 'message' && last.role === 'user' && (last.content ?? []).some((c) => (c.text ?? '').startsWith('<hook_prompt'));
}

/** The environment of every run: offline (the provider and every proxy are the mock), the probe on BASH_ENV. */
export function codexEnv(dirs: { home: string; tmp: string; probe: string; probeScript: string }, hostEnv: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    CODEX_HOME: join(dirs.home, '.codex'),
    SHELL: '/bin/bash',
    OPENAI_API_KEY,
    BASH_ENV: dirs.probeScript,
    HOOKPLAY_PROBE_DIR: dirs.probe,
    HTTP_PROXY: INNER_URL,
    HTTPS_PROXY: INNER_URL,
    ALL_PROXY: INNER_URL,
    http_proxy: INNER_URL,
    https_proxy: INNER_URL,
    all_proxy: INNER_URL,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...hostEnv,
  };
}

/** The arguments of one process: a fresh `codex exec`, or `codex exec resume` (by the session's id, or the last). */
export function execArgs(script: CodexScript, turn: number, threadId: string | null): string[] {
  const t = script.turns[turn]!;
  const common = [
    '--json',
    '--skip-git-repo-check',
    '--dangerously-bypass-hook-trust',
    ...(script.reviewed ? [] : ['--dangerously-bypass-approvals-and-sandbox']),
    ...CONFIG_OVERRIDES.flatMap((c) => ['-c', c]),
    ...script.args,
  ];
  if (t.resume === null) return ['exec', ...common, t.prompt];
  return ['exec', 'resume', ...common, ...(t.resume === 'resume' && threadId ? [threadId] : ['--last']), t.prompt];
}

export interface CodexRun {
  observation: CodexObservation;
  cli: CliFacts;
  /** The probe's copy of every hook payload (normalized), for the old oracle's fixtures. */
  payloads: { event: string; payload: unknown; endsWithNewline: boolean }[];
  /** Milliseconds between the session's model requests. */
  gapsMs: number[];
  /** Codex's warnings about hooks on stderr. */
  warnings: string[];
  kept?: string;
}

/**
 * Plays a session on the real CLI: the scenario's files in a fresh project and home (written exactly as the
 * emulation writes them), the project trusted in the user config when the scenario says so, the mock scripted from
 * its steps; then one `codex exec` per prompt, each in its own namespace, and what they did, read.
 */
export async function runOnCodex(scenario: SessionScenario, script: CodexScript, options: RealRunOptions): Promise<CodexRun> {
  const { installed } = options;
  mkdirSync(options.runsDir, { recursive: true });
  const ws = await materialize(scenario.files, options.runsDir);
  const probe = join(ws.root, 'probe');
  mkdirSync(probe, { recursive: true });
  const probeScript = join(ws.root, 'probe.sh');
  writeFileSync(probeScript, PROBE_SCRIPT);
  const codexHome = join(ws.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  // Codex reads project trust from the user config only: a `-c projects=…` override does not make it load project hooks.
  if (scenario.host?.trusted !== false) appendFileSync(join(codexHome, 'config.toml'), `\n[projects.${JSON.stringify(ws.project)}]\ntrust_level = "trusted"\n`);

  // Everything the run writes exists before the directory is handed to the sandbox's user.
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir]) : undefined;
  const state: TurnState = { turn: 0, inTurn: 0 };
  const sent = new Set<string>();
  const model = modelScriptOf(script, state);
  const calls = callsOf(script);
  const api = responsesApi(
    (n, body) => {
      const reply = model(n, body);
      if (reply.kind === 'tools') for (const c of reply.calls) sent.add(c.id);
      return reply;
    },
    { side: { is: isReview, answer: (body) => reviewerAnswer(body, calls) } },
  );
  // Continuations of the running turn; past the limit the request is not the session's and the process is stopped.
  let continuations = 0;
  let limited = false;
  let stopProcess: AbortController | null = null;
  const mock = await startMockServer(join(ws.root, 'mock.sock'), {
    ...api,
    isSide: (body, path) => {
      if (api.isSide?.(body, path)) return true;
      if (isContinuation(body) && ++continuations > MAX_CONTINUATIONS) {
        limited = true;
        stopProcess?.abort();
        return true;
      }
      return false;
    },
    answer: (request) => (request.n === 0 && isContinuation(request.body) && limited ? { status: 503, headers: { 'content-type': 'application/json' }, body: '{"error":{"message":"hookplay: stopped at its limit of Stop continuations"}}' } : api.answer(request)),
  });
  const processes: { stdout: string; exitCode: number | null }[] = [];
  const runs: JailedRun[] = [];
  let threadId: string | null = null;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  try {
    for (let k = 0; k < script.turns.length; k++) {
      state.turn = k;
      state.inTurn = 0;
      continuations = 0;
      stopProcess = new AbortController();
      const stopped = stopProcess.signal;
      options.signal?.addEventListener('abort', () => stopProcess?.abort(), { once: true });
      options.onProgress?.(k === 0 ? `starting Codex CLI ${installed.version}` : `resuming the session: ${JSON.stringify(script.turns[k]!.prompt)}`);
      const run = await launchJailed({
        entry: installed.entry,
        args: execArgs(script, k, threadId),
        cwd: ws.project,
        env: codexEnv({ home: ws.home, tmp: ws.tmp, probe, probeScript }, scenario.host?.env),
        mockSocket: mock.socket,
        timeoutMs: Math.max(1000, deadline - Date.now()),
        signal: stopped,
        ...(box ? { sandbox: box } : {}),
      });
      // Stopped at hookplay's limit: that is the run's end as the emulation has it, not a cancelled run.
      const atLimit = limited && !options.signal?.aborted;
      if (atLimit) run.cancelled = false;
      runs.push(run);
      processes.push({ stdout: run.stdout, exitCode: atLimit ? null : run.code });
      threadId ??= (run.stdout.match(/"type":"thread\.started","thread_id":"([^"]+)"/) ?? [])[1] ?? null;
      // A process that did not end on its own (killed, timed out, config it cannot load) ends the session.
      if (run.timedOut || run.cancelled || run.code !== 0 || atLimit) {
        if (atLimit) {
          // The session goes on only from a resume step, as in the emulation.
          options.onProgress?.(`stopped codex at hookplay's limit of ${MAX_CONTINUATIONS} Stop continuations`);
          limited = false;
          continue;
        }
        break;
      }
    }
  } finally {
    await mock.close();
  }
  const norm = normalizer([
    [ws.project, '$PROJECT'],
    [ws.home, '$HOME'],
    [ws.root, '$ROOT'],
  ]);
  const prompts = script.turns.map((t) => t.prompt);
  const seen = observe({ processes, requests: mock.requests, calls, sent, prompts, probeDir: probe, codexHome, norm });
  const last = runs[runs.length - 1]!;
  const stderr = runs.map((r) => r.stderr).join('\n');
  const result: CodexRun = {
    observation: seen.observation,
    cli: {
      exitCode: last.code,
      signal: last.signal,
      timedOut: runs.some((r) => r.timedOut),
      cancelled: runs.some((r) => r.cancelled),
      ms: runs.reduce((n, r) => n + r.ms, 0),
      stderrHead: norm(stderr.split('\n').filter((l) => l.trim()).slice(0, 8).join('\n').slice(0, 600)),
      otherTraffic: mock.other.map(({ method, url }) => ({ method, url })),
    },
    payloads: seen.runs.map((r: ProbedRun) => ({ event: r.event, payload: norm(r.payload), endsWithNewline: r.endsWithNewline })),
    gapsMs: seen.gapsMs,
    warnings: stderr
      .split('\n')
      .filter((l) => /\b(WARN|ERROR)\b/.test(l) && /hook/i.test(l))
      .map((l) => norm(l.replace(/^\S+\s+/, ''))),
  };
  if (options.keep) {
    writeFileSync(join(ws.root, 'requests.json'), JSON.stringify({ requests: mock.requests, side: mock.side, processes: runs.map((r) => ({ code: r.code, stdout: r.stdout, stderr: r.stderr })) }, null, 1));
    result.kept = ws.root;
  } else await ws.dispose();
  return result;
}
