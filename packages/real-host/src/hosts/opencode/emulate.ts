import { mkdirSync } from 'node:fs';
import { playSession, type PlayedSession, type SessionScenario } from '@hookplay/engine';
import type { OpenCodeScript } from './script.js';

/**
 * The same session through the engine, as the harness launches the real CLI (one `opencode run`, the mock's
 * `FINAL_TEXT_<n>` once the replies run out): the opencode lifecycle returns its observation in the real run's shape.
 */
export async function emulateOpenCode(scenario: SessionScenario, _script: OpenCodeScript, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession> {
  mkdirSync(tmpDir, { recursive: true });
  return playSession(scenario, { tmpDir, ...(signal ? { signal } : {}), lifecycleOptions: { oracleReplies: true } });
}
