import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject, SessionScenario } from '@hookplay/engine';
import type { Installed } from '../../cache/install.js';
import { cannotExpress } from '../../plan.js';
import { compareQwen, problemsOf } from './compare.js';
import { emulateQwen, type EmulatedObservation } from './emulate.js';
import type { QwenObservation } from './observe.js';
import { runOnQwen } from './run.js';
import { scriptOf, type QwenScript } from './script.js';

/**
 * The old Qwen Code oracle's cases (oracle/hosts/qwen-code/cases.mjs) on the shared harness: each case is
 * `qwen "do it" --yolo -o stream-json` with its settings files, at most one run_shell_command call the mocked model
 * makes, and the mock's `FINAL_TEXT_<n>` replies. Its fixtures keep the old observation's fields, so recordings made
 * before the harness existed stay valid.
 */
export interface OracleCase {
  files: Record<string, string>;
  /** The run_shell_command input the model asks for; `null`: a text-only answer. Default: `echo original`. */
  tool?: JsonObject | null;
  /** false: folder trust on and the folder not trusted. */
  trusted?: boolean;
  env?: Record<string, string>;
  prompt?: string;
}

export const DEFAULT_TOOL_INPUT: JsonObject = { command: 'echo original', description: 'run it' };

/** The fields an oracle fixture records (the rest of a session observation is the sweep's). */
export const ORACLE_FIELDS = ['requests', 'tool', 'conversation', 'stopRuns', 'hookRuns', 'ended'] as const;
export type OracleObservation = Pick<QwenObservation, (typeof ORACLE_FIELDS)[number]>;
export const oracleView = (o: QwenObservation): OracleObservation => Object.fromEntries(ORACLE_FIELDS.map((k) => [k, o[k]])) as OracleObservation;

export function oracleSession(c: OracleCase): SessionScenario {
  const tool = c.tool === undefined ? DEFAULT_TOOL_INPUT : c.tool;
  return {
    hookplay: 1,
    dialect: 'qwen-code',
    host: { ...(c.trusted === false ? { trusted: false } : {}), ...(c.env ? { env: c.env } : {}) },
    files: c.files,
    payload: {},
    session: { steps: [{ prompt: c.prompt ?? 'do it' }, ...(tool ? [{ tool: 'run_shell_command', input: tool }] : [])] },
  } as SessionScenario;
}

function oracleScript(session: SessionScenario): QwenScript {
  const script = scriptOf(session, { oracleReplies: true });
  if (cannotExpress(script)) throw new Error(script.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return script;
}

/** One case on the real CLI: its observation (the oracle's fields), the probes' payloads, the request gaps. */
export async function runOracleCase(c: OracleCase, options: { installed: Installed; runsDir: string; keep?: boolean; timeoutMs?: number }) {
  const session = oracleSession(c);
  const run = await runOnQwen(session, oracleScript(session), { installed: options.installed, runsDir: options.runsDir, timeoutMs: options.timeoutMs ?? 120_000, ...(options.keep ? { keep: true } : {}) });
  return { observation: oracleView(run.observation), payloads: run.payloads, gapsMs: run.gapsMs, cli: run.cli, stderr: run.raw.runs.map((r) => r.stderr).join('\n'), kept: run.kept };
}

export interface QwenSessionResult {
  observation: OracleObservation;
  /** Milliseconds the first tool call kept Qwen Code from its next request (hook spans and the command). */
  gapMs?: number;
}

/** The same case through the engine, as the oracle launches the real CLI. */
export async function simulateQwenSession(c: OracleCase): Promise<QwenSessionResult> {
  const session = oracleSession(c);
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-qwen-session-')));
  try {
    const played = await emulateQwen(session, oracleScript(session), tmp);
    if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const observed = played.observation as EmulatedObservation;
    return { observation: oracleView(observed), ...(observed.gapMs !== undefined ? { gapMs: observed.gapMs } : {}) };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** A fixture's observation against the engine's, in the old oracle's words (an empty list: they agree). */
export const compareOracle = (real: OracleObservation, emulated: OracleObservation): string[] => problemsOf(compareQwen(real, emulated));
