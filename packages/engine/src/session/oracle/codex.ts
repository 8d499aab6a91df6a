import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodexLifecycleObservation, CodexLifecycleOptions, CodexObservation } from '../../dialects/codex/lifecycle.js';
import type { Outcome } from '../../outcome.js';
import type { SessionStep } from '../steps.js';
import { playSession } from '../play.js';

export type { CodexObservation } from '../../dialects/codex/lifecycle.js';

/**
 * The oracle's view of a `codex exec "do it"` run: one prompt, at most one shell call the mock model makes, and the
 * mock's `FINAL_TEXT_<n>` replies, played through the engine's session player with the codex lifecycle.
 * Not part of the engine's public API: oracle/hosts/codex/run.mjs and the replay test use it.
 */
export interface CodexSessionInput {
  files: Record<string, string>;
  /** The shell command the model runs; `null`: a text-only answer. */
  tool: string | null;
  trusted?: boolean;
  prompt?: string;
  /** Codex's own environment, which its hooks inherit (the oracle runs it with a dummy OPENAI_API_KEY). */
  env?: Record<string, string>;
}

export interface CodexSessionResult {
  observation: CodexObservation;
  /** Milliseconds the first tool call kept Codex waiting (its PreToolUse hooks and the command). */
  gapMs?: number;
  steps: { event: string; outcome: Outcome }[];
}

export async function simulateCodexSession(input: CodexSessionInput): Promise<CodexSessionResult> {
  const steps: SessionStep[] = [{ prompt: input.prompt ?? 'do it' }, ...(input.tool !== null ? [{ tool: 'Bash', input: { command: input.tool } }] : [])];
  const options: CodexLifecycleOptions = { oracleReplies: true };
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-codex-session-')));
  try {
    const played = await playSession(
      {
        hookplay: 1,
        dialect: 'codex',
        host: { trusted: input.trusted ?? true, ...(input.env ? { env: input.env } : {}) },
        files: input.files,
        payload: {},
        session: { steps },
      },
      { tmpDir: tmp, lifecycleOptions: options as Record<string, unknown> },
    );
    if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const { observed, gapMs } = played.observation as CodexLifecycleObservation;
    return { observation: observed, ...(gapMs !== undefined ? { gapMs } : {}), steps: played.outcome.steps.flatMap((s) => s.events) };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}
