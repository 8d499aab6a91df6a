import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materialize, type SessionScenario } from '@hookplay/engine';
import type { CliFacts, RealRunOptions } from '../../adapter.js';
import { INNER_URL, PROXY_TO_MOCK } from '../../jail/forwarder.js';
import { launchJailed, sandboxRun, type JailedRun } from '../../jail/launch.js';
import { chatCompletionsApi } from '../../mock/chat.js';
import { startMockServer } from '../../mock/server.js';
import { hasResult, normalizer, observe, PROBE_MARK, PROBED_EVENTS, readProbes, sessionIdOf, type QwenObservation } from './observe.js';
import { modelScriptOf, type QwenScript, type ScriptState } from './script.js';

/**
 * After its final `result` line the CLI idles about 12 s before it exits (shutdown work, no hook runs then): the
 * harness ends it this long after that line (recorded by the old oracle: nothing happens in between).
 */
export const AFTER_RESULT_MS = 2500;

/**
 * The environment of every run: the mock is the OpenAI base URL and every proxy, a dummy key, its own HOME and
 * TMPDIR, the harness's system files (offline defaults, probe hooks) and `bash` probe first on PATH.
 */
export function qwenEnv(dirs: { home: string; tmp: string; root: string; bin: string }, hostEnv: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: `${dirs.bin}:${process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'}`,
    LANG: 'C.UTF-8',
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    OPENAI_API_KEY: 'sk-hookplay-dummy',
    OPENAI_BASE_URL: `${INNER_URL}/v1`,
    OPENAI_MODEL: 'gpt-4.1',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    // One process instead of a relaunched child with a bigger heap: the same CLI, half the start-up cost.
    QWEN_CODE_NO_RELAUNCH: 'true',
    QWEN_CODE_SYSTEM_SETTINGS_PATH: join(dirs.root, 'system-settings.json'),
    QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(dirs.root, 'system-defaults.json'),
    ...PROXY_TO_MOCK,
    ...hostEnv,
  };
}

/**
 * The harness's own files, so the scenario's stay exactly as written:
 * - a `bash` first on PATH that logs each `bash -c` command (a hook's when GEMINI_PROJECT_DIR is set, which Qwen Code
 *   sets only for hooks; the shell tool's otherwise), then execs the real bash (same pid and process group);
 * - system settings with silent probe hooks on PostToolUse, PostToolUseFailure and Stop (they print nothing, so they
 *   add no answer), whose payloads say whether a call ran, with which input, and each Stop's stop_hook_active;
 * - system defaults, the lowest-priority settings: offline auth, no telemetry, no updates, no background memory
 *   agents, and folder trust on only when the scenario says the folder is untrusted.
 */
export function writeProbes(root: string, probeDir: string, trusted: boolean): string {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  mkdirSync(probeDir, { recursive: true });
  const realBash = ['/bin/bash', '/usr/bin/bash'].find((b) => existsSync(b)) ?? '/bin/bash';
  writeFileSync(
    join(bin, 'bash'),
    [
      '#!/bin/sh',
      'if [ -n "${GEMINI_PROJECT_DIR:-}" ] && [ "$1" = "-c" ]; then',
      `  case "$2" in *${PROBE_MARK}*) ;; *) printf '%s\\n' "$(printf '%s' "$2" | base64 -w0)" >> "${probeDir}/hook-runs.log" ;; esac`,
      'elif [ "$1" = "-c" ]; then',
      `  printf '%s\\n' "$(printf '%s' "$2" | base64 -w0)" >> "${probeDir}/other-bash.log"`,
      'fi',
      `exec ${realBash} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'bash'), 0o755);
  const probe = (event: string) => ({ hooks: [{ type: 'command', command: `{ cat; echo; } >> "${probeDir}/${event}.jsonl" # ${PROBE_MARK}` }] });
  writeFileSync(join(root, 'system-settings.json'), JSON.stringify({ hooks: Object.fromEntries(PROBED_EVENTS.map((e) => [e, [probe(e)]])) }, null, 2));
  writeFileSync(
    join(root, 'system-defaults.json'),
    JSON.stringify(
      {
        general: { enableAutoUpdate: false },
        memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false, enableAutoSkill: false },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        security: { auth: { selectedType: 'openai' }, folderTrust: { enabled: !trusted } },
      },
      null,
      2,
    ),
  );
  return bin;
}

/** The arguments of one process: the prompt one-shot, and for a later run `--continue` or `--resume <id>`. */
export function qwenArgs(script: QwenScript, run: number, sessionId: string | null): string[] {
  const r = script.runs[run]!;
  const resume = r.resume === 'continue' ? ['--continue'] : r.resume === 'resume' ? ['--resume', sessionId ?? ''] : [];
  return [r.prompt, ...script.args, '-o', 'stream-json', ...resume];
}

export interface QwenRun {
  observation: QwenObservation;
  cli: CliFacts;
  /** The probes' copies of the PostToolUse, PostToolUseFailure and Stop payloads (normalized). */
  payloads: Record<string, unknown[]>;
  /** Milliseconds between the session's model requests. */
  gapsMs: number[];
  /** Each process's stdout and stderr. */
  raw: { runs: { code: number | null; signal: string | null; stdout: string; stderr: string; ms: number }[] };
  kept?: string;
}

/**
 * Plays a session on the real CLI: the scenario's files in a fresh project and home (written exactly as the
 * emulation writes them), the harness's probes beside them, the mock scripted from the steps; one jailed
 * `qwen PROMPT --yolo -o stream-json` per prompt, each after the first resuming the one before; then what they did.
 */
export async function runOnQwen(scenario: SessionScenario, script: QwenScript, options: RealRunOptions): Promise<QwenRun> {
  const { installed } = options;
  mkdirSync(options.runsDir, { recursive: true });
  const ws = await materialize(scenario.files, options.runsDir);
  const probeDir = join(ws.root, 'probe');
  const bin = writeProbes(ws.root, probeDir, script.trusted);
  // Everything the run writes exists before the directory is handed to the sandbox's user.
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir]) : undefined;
  const state: ScriptState = { run: 0, inRun: 0 };
  const mock = await startMockServer(join(ws.root, 'mock.sock'), chatCompletionsApi(modelScriptOf(script, state), { model: 'gpt-4.1' }));
  const runs: QwenRun['raw']['runs'] = [];
  const t0 = Date.now();
  const deadline = t0 + (options.timeoutMs ?? 120_000);
  let last: JailedRun | null = null;
  let sessionId: string | null = null;
  let started = false;
  try {
    for (const [k, r] of script.runs.entries()) {
      state.run = k;
      state.inRun = 0;
      options.onProgress?.(k === 0 ? `starting Qwen Code ${installed.version}` : `resuming the session (${r.resume}): ${JSON.stringify(r.prompt)}`);
      let ended = false;
      last = await launchJailed({
        entry: installed.entry,
        args: qwenArgs(script, k, sessionId),
        cwd: ws.project,
        env: qwenEnv({ home: ws.home, tmp: ws.tmp, root: ws.root, bin }, scenario.host?.env),
        mockSocket: mock.socket,
        timeoutMs: Math.max(1000, deadline - Date.now()),
        ...(box ? { sandbox: box } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        // stdin is a pipe closed at once (a one-shot run reads piped stdin as more prompt); after the result line the
        // CLI only idles, so it is ended a moment later.
        drive: (child) => {
          child.stdin.end();
          let out = '';
          child.stdout.on('data', (c: string) => {
            out += c;
            if (ended || !hasResult(out)) return;
            ended = true;
            setTimeout(() => {
              try {
                process.kill(-child.pid!, 'SIGKILL');
              } catch {
                // already gone
              }
            }, AFTER_RESULT_MS).unref();
          });
        },
      });
      const stdout = last.stdout;
      runs.push({ code: last.code, signal: last.signal, stdout, stderr: last.stderr, ms: last.ms });
      sessionId ??= sessionIdOf(stdout);
      if (sessionIdOf(stdout)) started = true;
      // A process that did not reach its result (a settings file it cannot read, a hang) ends the session.
      if (last.timedOut || last.cancelled || !ended) break;
    }
  } finally {
    await mock.close();
  }
  const norm = normalizer({ project: ws.project, home: ws.home, root: ws.root });
  const probes = readProbes(probeDir);
  const observation = observe({ stdouts: runs.map((r) => r.stdout), requests: mock.requests, probes, norm });
  const stderr = runs.map((r) => r.stderr).join('\n');
  const cli: CliFacts = {
    exitCode: last?.code ?? null,
    signal: last?.signal ?? null,
    timedOut: last?.timedOut ?? false,
    cancelled: last?.cancelled ?? false,
    ms: Date.now() - t0,
    stderrHead: norm(
      stderr
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('Ripgrep not available'))
        .slice(0, 8)
        .join('\n')
        .slice(0, 600),
    ),
    otherTraffic: mock.other.map(({ method, url }) => ({ method, url })),
    started,
  };
  const result: QwenRun = {
    observation,
    cli,
    payloads: norm(probes.payloads) as Record<string, unknown[]>,
    gapsMs: mock.requests.slice(1).map((q, i) => q.at - mock.requests[i]!.at),
    raw: { runs: runs.map((r) => ({ ...r, stdout: norm(r.stdout), stderr: norm(r.stderr) })) },
  };
  if (options.keep) {
    writeFileSync(join(ws.root, 'requests.json'), JSON.stringify({ requests: mock.requests, runs }, null, 1));
    result.kept = ws.root;
  } else {
    await ws.dispose();
    rmSync(ws.root, { recursive: true, force: true, maxRetries: 3 });
  }
  return result;
}
