import { mkdirSync } from 'node:fs';
import { playSession, type PlayedSession, type SessionScenario } from '@hookplay/engine';
import { NO_APPROVAL, USER_DENIED } from './drive.js';
import type { ClaudeScript } from './script.js';

/** The mock's address as the real CLI words it in notices (auto mode's check): the same on both sides. */
export const API_VIA = '<api proxy>';

/**
 * The same session through the engine, launched as the harness launches the real CLI: prompts reach the stdio host
 * when any has an approval step (its denials carry the interactive CLI's words; a prompt with no approval step gets
 * hookplay's own denial), and every request's hook texts are kept, so both runs compare request by request.
 */
export function emulateClaudeCode(scenario: SessionScenario, script: ClaudeScript, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession> {
  mkdirSync(tmpDir, { recursive: true });
  return playSession(scenario, {
    tmpDir,
    ...(signal ? { signal } : {}),
    lifecycleOptions: {
      perRequest: true,
      apiVia: API_VIA,
      ...(script.approvals ? { hostAnswers: { denyMessage: USER_DENIED, unanswered: { behavior: 'deny', message: NO_APPROVAL } } } : {}),
    },
  });
}
