import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Observation, QwenLifecycleObservation, QwenLifecycleOptions } from '../../dialects/qwen-code/lifecycle.js';
import type { Outcome } from '../../outcome.js';
import type { JsonObject } from '../../util/json.js';
import { playSession } from '../play.js';
import type { SessionStep } from '../steps.js';

export { toolTexts, type Observation } from '../../dialects/qwen-code/lifecycle.js';

/**
 * The oracle's view of a `qwen "do it" --yolo -o stream-json` run: one prompt, at most one run_shell_command call
 * the mock model makes, and the mock's `FINAL_TEXT_<n>` answers, played through the engine's session player with
 * the qwen-code lifecycle. Not part of the engine's public API: oracle/hosts/qwen-code/run.mjs and the replay test
 * use it.
 */
export interface SessionInput {
  files: Record<string, string>;
  /** The run_shell_command input the model asks for; `null`: a text-only answer. Default: `echo original`. */
  tool?: JsonObject | null;
  version?: string;
  env?: Record<string, string>;
  /** false: an untrusted folder (folder trust on, folder not trusted). */
  trusted?: boolean;
  prompt?: string;
}

export interface SessionResult {
  observation: Observation;
  gapMs?: number;
  steps: { event: string; outcome: Outcome }[];
}

export const DEFAULT_TOOL_INPUT: JsonObject = { command: 'echo original', description: 'run it' };

export async function simulateSession(session: SessionInput): Promise<SessionResult> {
  const tool = session.tool === undefined ? DEFAULT_TOOL_INPUT : session.tool;
  const steps: SessionStep[] = [{ prompt: session.prompt ?? 'do it' }, ...(tool ? [{ tool: 'run_shell_command', input: tool }] : [])];
  const options: QwenLifecycleOptions = { oracleReplies: true };
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-qwen-session-')));
  try {
    const played = await playSession(
      {
        hookplay: 1,
        dialect: 'qwen-code',
        host: { ...(session.version ? { version: session.version } : {}), ...(session.env ? { env: session.env } : {}), ...(session.trusted === false ? { trusted: false } : {}) },
        files: session.files,
        payload: {},
        session: { steps },
      },
      { tmpDir: tmp, lifecycleOptions: options as Record<string, unknown> },
    );
    if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const { observed, gapMs } = played.observation as QwenLifecycleObservation;
    return { observation: observed, ...(gapMs !== undefined ? { gapMs } : {}), steps: played.outcome.steps.flatMap((s) => s.events) };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}
