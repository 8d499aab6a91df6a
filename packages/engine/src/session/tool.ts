import { spawnHook } from '../runner/spawn-hook.js';
import type { Workspace } from '../workspace.js';
import type { ToolRun } from './effects.js';

/** A shell tool's own time limit: Claude Code's Bash tool default (2 minutes); hosts' tools are in that range. */
const TOOL_TIMEOUT_MS = 120_000;
const TOOL_OUTPUT_CAP = 1024 * 1024;

/**
 * Runs a shell tool's command for real in the session's project directory, with the same process-group care as a
 * hook (nothing it starts outlives it). Only PATH, HOME and LANG reach it, as for hooks.
 */
export async function runShellTool(
  command: string,
  ws: Workspace,
  opts: { shell?: 'bash' | 'sh'; mergeStderr?: boolean; env?: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<ToolRun> {
  const env = opts.env ?? process.env;
  const shell = opts.shell === 'sh' ? '/bin/sh' : '/bin/bash';
  const result = await spawnHook(
    {
      shell: [shell, '-c'],
      command: opts.mergeStderr ? `exec 2>&1\n${command}` : command,
      cwd: ws.project,
      env: { PATH: env.PATH ?? '/usr/bin:/bin', HOME: ws.home, LANG: 'C.UTF-8' },
      stdin: '',
      timeoutMs: TOOL_TIMEOUT_MS,
      kill: { first: 'SIGTERM', killAfterMs: 1000 },
      capBytes: TOOL_OUTPUT_CAP,
    },
    { now: () => performance.now(), ...(opts.signal ? { signal: opts.signal } : {}) },
  );
  const exitCode = result.spawnError ? 127 : (result.exitCode ?? 1);
  const stderr = result.spawnError ?? result.stderr;
  return {
    exitCode,
    stdout: result.stdout,
    stderr,
    output: opts.mergeStderr ? result.stdout : result.stdout + stderr,
    ms: Math.round(result.durationMs),
    timedOut: result.timedOut,
  };
}
