import { mkdirSync } from 'node:fs';
import { playSession, type ClineObservation, type PlayedSession, type SessionScenario } from '@hookplay/engine';
import type { ClineScript } from './script.js';

/** Hook processes per event the engine started with sh or bash: what the real run's probe counts. */
export function hookRunsOf(played: PlayedSession): Record<string, number> {
  const runs: Record<string, number> = {};
  for (const step of played.outcome.steps) {
    for (const { event, outcome } of step.events) {
      const ran = outcome.hooks.filter((h) => h.ran && /^(sh|bash) /.test(h.command)).length;
      if (ran) runs[event] = (runs[event] ?? 0) + ran;
    }
  }
  return runs;
}

/** The same session through the engine, as the harness launches the real CLI. */
export async function emulateCline(scenario: SessionScenario, _script: ClineScript, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession> {
  mkdirSync(tmpDir, { recursive: true });
  const played = await playSession(scenario, { tmpDir, ...(signal ? { signal } : {}) });
  const observation = played.observation as ClineObservation | undefined;
  if (observation) observation.hookRuns = hookRunsOf(played);
  return played;
}
