import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleCodes as codesOf, type ClaudeCodeLifecycleOptions, type Observation } from '../../dialects/claude-code/lifecycle.js';
import type { Outcome } from '../../outcome.js';
import type { SessionStep } from '../steps.js';
import type { JsonObject } from '../../util/json.js';
import { playSession } from '../play.js';

export type { Observation } from '../../dialects/claude-code/lifecycle.js';

/**
 * The oracle's view of a `claude -p "do it"` run: one prompt, at most one tool call the mock model makes, and the
 * mock's `FINAL_TEXT_<n>` replies, played through the engine's session player with the claude-code lifecycle.
 * Not part of the engine's public API: oracle/run.mjs and the replay test use it.
 */
export interface SessionInput {
  files: Record<string, string>;
  /** The tool input the model asks for; `null`: the model answers with text only. Default: `echo original`. */
  tool?: JsonObject | null;
  /** The tool the model calls (default Bash). Only Bash really runs; another tool's result is not simulated. */
  toolName?: string;
  /** `--allowedTools` of the CLI run (default `Bash`, as the harness launches it). */
  allowedTools?: string;
  version?: string;
  env?: Record<string, string>;
  prompt?: string;
}

export interface SessionResult {
  observation: Observation;
  /** Milliseconds from the first model request to the second (hooks and tool in between). */
  gapMs?: number;
  /** Every event the harness can see (SessionEnd runs after the CLI's stream has closed). */
  steps: { event: string; outcome: Outcome }[];
}

export const DEFAULT_TOOL_INPUT: JsonObject = { command: 'echo original', description: 'run the command' };

export async function simulateSession(input: SessionInput): Promise<SessionResult> {
  const tool = input.tool === undefined ? DEFAULT_TOOL_INPUT : input.tool;
  const steps: SessionStep[] = [{ prompt: input.prompt ?? 'do it' }, ...(tool ? [{ tool: input.toolName ?? 'Bash', input: tool }] : [])];
  const options: ClaudeCodeLifecycleOptions = { allowedTools: input.allowedTools ?? 'Bash', oracleReplies: true };
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-session-')));
  try {
    const played = await playSession(
      {
        hookplay: 1,
        dialect: 'claude-code',
        host: { ...(input.version ? { version: input.version } : {}), ...(input.env ? { env: input.env } : {}) },
        files: input.files,
        payload: {},
        session: { steps },
      },
      { tmpDir: tmp, lifecycleOptions: options as Record<string, unknown> },
    );
    if (played.outcome.ended.reason === 'invalid') throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const events = played.outcome.steps.flatMap((s) => s.events).filter((e) => e.event !== 'SessionEnd');
    const gapMs = tool && played.requestTimes.length >= 2 ? played.requestTimes[1]! - played.requestTimes[0]! : undefined;
    return { observation: played.observation as Observation, ...(gapMs !== undefined ? { gapMs } : {}), steps: events };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Every rule the engine stated while playing the session: diagnostic codes, and the matcher rules behind "why". */
export function ruleCodes(result: SessionResult): Set<string> {
  return codesOf(result.steps);
}
