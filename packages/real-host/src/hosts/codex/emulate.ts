import { mkdirSync } from 'node:fs';
import { playSession, type PlayedSession, type SessionScenario } from '@hookplay/engine';
import { REVIEWER_RATIONALE } from './review.js';
import { MAX_CONTINUATIONS, OPENAI_API_KEY } from './run.js';
import type { CodexScript } from './script.js';

/**
 * The same session through the engine, set up as the harness launches the real CLI: hooks inherit codex's
 * environment, which holds the harness's dummy OPENAI_API_KEY; the mocked reviewer's refusals carry hookplay's
 * words; the old oracle's cases end turns with FINAL_TEXT_<n>.
 */
export function emulateCodex(scenario: SessionScenario, script: CodexScript, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession> {
  mkdirSync(tmpDir, { recursive: true });
  const host = scenario.host ?? {};
  const played: SessionScenario = { ...scenario, host: { ...host, env: { OPENAI_API_KEY, ...(host.env ?? {}) } } };
  return playSession(played, {
    tmpDir,
    ...(signal ? { signal } : {}),
    lifecycleOptions: { reviewer: { ...REVIEWER_RATIONALE }, maxContinuations: MAX_CONTINUATIONS, ...(script.finalText === 'oracle' ? { oracleReplies: true } : {}) },
  });
}

/** The engine's observation of a played session (the lifecycle hands it with the first call's timing). */
export const observationOf = (played: PlayedSession) => (played.observation as { observed: unknown } | undefined)?.observed;
