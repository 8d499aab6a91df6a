import { mkdirSync } from 'node:fs';
import { playSession, type PlayedSession, type SessionScenario } from '@hookplay/engine';
import type { QwenObservation } from './observe.js';
import type { QwenScript } from './script.js';

/** The engine's reading of a session, and how long the first tool call kept Qwen Code from its next request. */
export type EmulatedObservation = QwenObservation & { gapMs?: number };

/**
 * The same session through the engine, launched as the harness launches the real CLI (`qwen PROMPT --yolo` per
 * prompt, the mock's replies); the played session's observation is the lifecycle's, in the real run's shape.
 */
export async function emulateQwen(scenario: SessionScenario, script: QwenScript, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession> {
  mkdirSync(tmpDir, { recursive: true });
  const played = await playSession(scenario, {
    tmpDir,
    ...(signal ? { signal } : {}),
    lifecycleOptions: { ...(script.oracleReplies ? { oracleReplies: true } : {}) },
  });
  const lifecycle = played.observation as { observed: QwenObservation; gapMs?: number } | undefined;
  if (lifecycle) played.observation = { ...lifecycle.observed, ...(lifecycle.gapMs !== undefined ? { gapMs: lifecycle.gapMs } : {}) } satisfies EmulatedObservation;
  return played;
}
