import { mkdirSync } from 'node:fs';
import { playSession, type PlayedSession, type SessionScenario } from '@hookplay/engine';
import type { CopilotObservation } from './observe.js';
import type { CopilotScript } from './script.js';

/** Hook processes per event, as the engine ran them: the real run counts the `bash -c` each hook is started with. */
export function hookRunsOf(played: PlayedSession): Record<string, number> {
  const runs: Record<string, number> = {};
  for (const step of played.outcome.steps) {
    for (const { event, outcome } of step.events) {
      const ran = outcome.hooks.filter((h) => h.ran).length;
      if (ran) runs[event] = (runs[event] ?? 0) + ran;
    }
  }
  return runs;
}

/**
 * The same session through the engine, launched as the harness launches the real CLI (`copilot -p` per prompt,
 * `--allow-all` unless host.args say otherwise, the mock's replies), with hook processes counted from what ran.
 */
export async function emulateCopilot(scenario: SessionScenario, script: CopilotScript, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession> {
  mkdirSync(tmpDir, { recursive: true });
  const played = await playSession(scenario, {
    tmpDir,
    ...(signal ? { signal } : {}),
    lifecycleOptions: { ...(script.oracleReplies ? { oracleReplies: true } : {}) },
  });
  const observation = played.observation as CopilotObservation | undefined;
  if (observation) observation.hookRuns = hookRunsOf(played);
  return played;
}
