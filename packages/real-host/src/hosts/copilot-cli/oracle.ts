import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playSession, type JsonObject, type Outcome, type SessionScenario, type SessionStep } from '@hookplay/engine';
import type { CopilotObservation } from './observe.js';

/**
 * The old oracle's view of a `copilot -p "do it" --allow-all` run (oracle/hosts/copilot-cli: cases.mjs, fixtures/):
 * one prompt, at most one bash call the mock model makes, and the mock's `FINAL_TEXT_<n>` replies. Its hooks log
 * `@hook <event>` lines to $ORACLE_LOG, which both sides count. It lives beside the real-host adapter that records
 * those cases now; the engine only plays the lifecycle.
 */
export interface OracleCase {
  files: Record<string, string>;
  /** The bash tool arguments the model asks for; `null`: a text-only answer. Default: `echo original`. */
  tool?: JsonObject | null;
  /** Whether the folder is trusted (`--trust-folder`). Default true. */
  trusted?: boolean;
  env?: Record<string, string>;
  prompt?: string;
}

/** The fixtures' observation: what the old oracle compared. */
export type OracleObservation = Pick<CopilotObservation, 'requests' | 'conversation' | 'userSaw' | 'hookRuns' | 'exitCode'>;

export const DEFAULT_TOOL_ARGS: JsonObject = { command: 'echo original', description: 'run the command' };

/** A case as the session both sides play (the oracle adds ORACLE_LOG to its env on each side). */
export function oracleSession(c: OracleCase): SessionScenario {
  const tool = c.tool === undefined ? DEFAULT_TOOL_ARGS : c.tool;
  const steps: SessionStep[] = [{ prompt: c.prompt ?? 'do it' }, ...(tool ? [{ tool: 'bash', input: tool }] : [])];
  return { hookplay: 1, dialect: 'copilot-cli', host: { trusted: c.trusted !== false, ...(c.env ? { env: c.env } : {}) }, files: c.files, payload: {}, session: { steps } } as SessionScenario;
}

/** `@hook <event>` lines of an oracle log, counted per event. */
export function countLogged(text: string): Record<string, number> {
  const runs: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^@hook (\S+)/.exec(line);
    if (m) runs[m[1]!] = (runs[m[1]!] ?? 0) + 1;
  }
  return runs;
}

/** Only the fields the fixtures hold. */
export const asOracleObservation = (o: CopilotObservation, hookRuns: Record<string, number>): OracleObservation => ({
  requests: o.requests,
  conversation: o.conversation,
  userSaw: o.userSaw,
  hookRuns,
  exitCode: o.exitCode,
});

/** The engine's side of a case: the session played by the copilot-cli lifecycle, hook runs from ORACLE_LOG. */
export async function simulateSession(c: OracleCase): Promise<{ observation: OracleObservation; steps: { event: string; outcome: Outcome }[] }> {
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-copilot-')));
  const hookLog = join(tmp, 'hooks.log');
  const session = oracleSession(c);
  try {
    const played = await playSession({ ...session, host: { ...session.host, env: { ...c.env, ORACLE_LOG: hookLog } } }, { tmpDir: tmp, lifecycleOptions: { oracleReplies: true } });
    if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const logged = existsSync(hookLog) ? await readFile(hookLog, 'utf8') : '';
    return { observation: asOracleObservation(played.observation as CopilotObservation, countLogged(logged)), steps: played.outcome.steps.flatMap((s) => s.events) };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}
