import { tmpdir } from 'node:os';
import type { JsonObject, Outcome, SessionScenario, SessionStep } from '@hookplay/engine';
import { cannotExpress } from '../../plan.js';
import { emulateGemini } from './emulate.js';
import type { GeminiObservation } from './observe.js';
import { scriptOf, SHELL, type GeminiScript } from './script.js';

/**
 * The old oracle's view of a `gemini -p "do it" --yolo` run (oracle/hosts/gemini-cli: cases.mjs, fixtures/): one
 * prompt, at most one run_shell_command call the mock model makes first (its command writes a proof file), and the
 * mock's `FINAL_TEXT_<n>` answers. It lives beside the adapter that records those cases now.
 */
export interface OracleCase {
  files: Record<string, string>;
  /** The run_shell_command arguments the model asks for first; null: a text answer only. */
  tool?: JsonObject | null;
  trusted?: boolean;
  env?: Record<string, string>;
  prompt?: string;
}

export const DEFAULT_TOOL: JsonObject = { command: 'echo original; echo original > .oracle-ran', description: 'run it' };

/** A case as the session both sides play. */
export function oracleSession(c: OracleCase): SessionScenario {
  const tool = c.tool === undefined ? DEFAULT_TOOL : c.tool;
  const steps: SessionStep[] = [{ prompt: c.prompt ?? 'do it' }, ...(tool ? [{ tool: SHELL, input: tool }] : [])];
  const host = { ...(c.trusted === false ? { trusted: false } : {}), ...(c.env ? { env: c.env } : {}) };
  return { hookplay: 1, dialect: 'gemini-cli', host, files: c.files, payload: {}, session: { steps } } as SessionScenario;
}

/** The script the oracle's runs are played with: the FINAL_TEXT_<n> replies and the proof file. */
export function oracleScript(session: SessionScenario): GeminiScript {
  const script = scriptOf(session, { oracle: true });
  if (cannotExpress(script)) throw new Error(script.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return script;
}

/** The fixtures' observation: what the old oracle compared. */
export type OracleObservation = Pick<GeminiObservation, 'exitCode' | 'requests' | 'tool' | 'modelSaw' | 'userSaw' | 'answer' | 'hookRuns' | 'hookInputs'>;

export const asOracleObservation = (o: GeminiObservation): OracleObservation => ({
  exitCode: o.exitCode,
  requests: o.requests,
  tool: o.tool,
  modelSaw: o.modelSaw,
  userSaw: o.userSaw,
  answer: o.answer,
  hookRuns: o.hookRuns,
  hookInputs: o.hookInputs,
});

/** The engine's side of a case: the session played by the gemini-cli lifecycle as the harness launches the CLI. */
export async function simulateSession(c: OracleCase): Promise<{ observation: OracleObservation; steps: { event: string; outcome: Outcome }[] }> {
  const session = oracleSession(c);
  const played = await emulateGemini(session, oracleScript(session), tmpdir());
  if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
  return { observation: asOracleObservation(played.observation as GeminiObservation), steps: played.outcome.steps.flatMap((s) => s.events) };
}
