import { realpath, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionScenario } from '@hookplay/engine';
import type { Installed } from '../../cache/install.js';
import { cannotExpress } from '../../plan.js';
import { emulateCodex } from './emulate.js';
import type { CodexObservation } from './observe.js';
import { runOnCodex } from './run.js';
import { scriptOf, type CodexScript } from './script.js';

/**
 * The old Codex oracle's cases (oracle/hosts/codex/cases.mjs) on the shared harness: each case is `codex exec
 * "do it"` with its hook files, at most one shell call the mocked model makes, and the mock's `FINAL_TEXT_<n>`
 * replies. Its fixtures keep the old observation's fields, so recordings made before the harness existed stay valid.
 */
export interface OracleCase {
  files: Record<string, string>;
  /** The shell command the model runs; `null`: a text-only answer. */
  tool: string | null;
  trusted?: boolean;
  prompt?: string;
}

/** The fields an oracle fixture records (the rest of a session observation is the sweep's). */
export const ORACLE_FIELDS = ['requests', 'tool', 'modelSaw', 'userSaw', 'stopRuns', 'hookRuns', 'exitCode'] as const;
export const oracleView = (o: CodexObservation) => Object.fromEntries(ORACLE_FIELDS.map((k) => [k, o[k]])) as Pick<CodexObservation, (typeof ORACLE_FIELDS)[number]>;

export function oracleSession(c: OracleCase): SessionScenario {
  return {
    hookplay: 1,
    dialect: 'codex',
    host: { trusted: c.trusted ?? true },
    files: c.files,
    payload: {},
    session: { steps: [{ prompt: c.prompt ?? 'do it' }, ...(c.tool !== null ? [{ tool: 'Bash', input: { command: c.tool } }] : [])] },
  } as SessionScenario;
}

function oracleScript(session: SessionScenario): CodexScript {
  const script = scriptOf(session);
  if (cannotExpress(script)) throw new Error(script.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return { ...script, finalText: 'oracle' };
}

/** One case on the real CLI: its observation (the oracle's fields), the probe's payloads, the request gaps. */
export async function runOracleCase(c: OracleCase, options: { installed: Installed; runsDir: string; keep?: boolean; timeoutMs?: number }) {
  const session = oracleSession(c);
  const run = await runOnCodex(session, oracleScript(session), { installed: options.installed, runsDir: options.runsDir, timeoutMs: options.timeoutMs ?? 90_000, ...(options.keep ? { keep: true } : {}) });
  return { observation: oracleView(run.observation), payloads: run.payloads, gapsMs: run.gapsMs, cli: run.cli, warnings: run.warnings, kept: run.kept };
}

export interface CodexSessionResult {
  observation: CodexObservation;
  /** Milliseconds the first tool call kept Codex waiting (its PreToolUse hooks and the command). */
  gapMs?: number;
}

/** The same case through the engine, as the oracle launches the real CLI. */
export async function simulateCodexSession(c: OracleCase): Promise<CodexSessionResult> {
  const session = oracleSession(c);
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-codex-session-')));
  try {
    const played = await emulateCodex(session, oracleScript(session), tmp);
    if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const { observed, gapMs } = played.observation as { observed: CodexObservation; gapMs?: number };
    return { observation: observed, ...(gapMs !== undefined ? { gapMs } : {}) };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}
