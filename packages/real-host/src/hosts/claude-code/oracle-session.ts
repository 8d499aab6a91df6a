import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playSession, type Diagnostic, type JsonObject, type Outcome, type SessionOutcome, type SessionStep } from '@hookplay/engine';
import { isHookplayNote } from '@hookplay/engine';
import { claudeCodeRuleCodes as codesOf, CLAUDE_TIMING_RULES as TIMING_RULES, type ClaudeCodeLifecycleOptions, type ClaudeCodeObservation as Observation, type PromptAnswer } from '@hookplay/engine/oracle';

export type { ClaudeCodeObservation as Observation } from '@hookplay/engine/oracle';

/**
 * The oracle's view of a `claude -p "do it"` run: one prompt (or several turns), at most one tool call per turn the
 * mock model makes, and the mock's `FINAL_TEXT_<n>` replies, played through the engine's session player with the
 * claude-code lifecycle. Session cases (oracle/permission-cases.mjs) add the permission mode, plugins and the
 * answers of the stdio host that answers prompts.
 * The oracle's own cases (oracle/cases.mjs, oracle/permission-cases.mjs) use it: oracle/run.mjs and their replay.
 */
export interface SessionInput {
  files: Record<string, string>;
  /** The tool input the model asks for; `null`: the model answers with text only. Default: `echo original`. */
  tool?: JsonObject | null;
  /** The tool the model calls (default Bash). Only Bash really runs; another tool's result is not simulated. */
  toolName?: string;
  /** `--allowedTools` of the CLI run (default `Bash`, as the harness launches it); null: not given. */
  allowedTools?: string | null;
  /** `--permission-mode`. */
  permissionMode?: string;
  /** Local plugin directories (`--plugin-dir`), as in host.plugins. */
  plugins?: string[];
  /** Several user turns, each with the tool call its first model reply makes (null: text only). */
  turns?: { prompt: string; tool?: JsonObject | null }[];
  /**
   * The stdio host's answers to permission prompts, in order (given, even empty: every prompt reaches the host;
   * absent: plain `-p`, where an ask is a denial), the message its denials carry and its answer once they run out.
   */
  answers?: ('allow' | 'deny')[];
  denyMessage?: string;
  unanswered?: PromptAnswer;
  /** The host answers this late (ms); default at once. */
  answerDelayMs?: number;
  /** What the API requests go through, as the auto-mode notice names it. */
  apiVia?: string;
  version?: string;
  env?: Record<string, string>;
  prompt?: string;
}

export interface SessionResult {
  observation: Observation;
  /** Milliseconds from the first model request to the second (hooks and tool in between). */
  gapMs?: number;
  /** Every event the harness can see (SessionEnd runs after the CLI's stream has closed). */
  steps: { event: string; outcome: Outcome }[];
  /** What the lifecycle itself stated (the permission rules and modes), with the steps' event outcomes aside. */
  diagnostics: Diagnostic[];
  /** The whole session as hookplay explains it, for the consistency checker. */
  session: SessionOutcome;
}

export const DEFAULT_TOOL_INPUT: JsonObject = { command: 'echo original', description: 'run the command' };

export async function simulateSession(input: SessionInput): Promise<SessionResult> {
  const tool = input.tool === undefined ? DEFAULT_TOOL_INPUT : input.tool;
  const turns = input.turns ?? [{ prompt: input.prompt ?? 'do it', tool }];
  // The host's answers follow the first tool call: the session cases ask at most once.
  let answers: SessionStep[] = (input.answers ?? []).map((approval) => ({ approval }));
  const steps: SessionStep[] = turns.flatMap((t): SessionStep[] => {
    if (!t.tool) return [{ prompt: t.prompt }];
    const call: SessionStep[] = [{ prompt: t.prompt }, { tool: input.toolName ?? 'Bash', input: t.tool }, ...answers];
    answers = [];
    return call;
  });
  const hostAnswers = input.answers !== undefined;
  const options: ClaudeCodeLifecycleOptions = {
    oracleReplies: true,
    ...(input.allowedTools !== null ? { allowedTools: input.allowedTools ?? 'Bash' } : {}),
    ...(hostAnswers ? { hostAnswers: { denyMessage: input.denyMessage ?? 'denied', unanswered: input.unanswered ?? { behavior: 'deny', message: 'denied' } }, answerDelayMs: input.answerDelayMs ?? 0 } : {}),
    ...(input.apiVia ? { apiVia: input.apiVia } : {}),
    ...(input.turns ? { perRequest: true } : {}),
  };
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-session-')));
  try {
    const played = await playSession(
      {
        hookplay: 1,
        dialect: 'claude-code',
        host: {
          ...(input.version ? { version: input.version } : {}),
          ...(input.env ? { env: input.env } : {}),
          ...(input.plugins ? { plugins: input.plugins } : {}),
          ...(input.permissionMode ? { permissionMode: input.permissionMode as never } : {}),
        },
        files: input.files,
        payload: {},
        session: { steps },
      },
      { tmpDir: tmp, lifecycleOptions: options as Record<string, unknown> },
    );
    if (played.outcome.ended.reason === 'invalid') throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const events = played.outcome.steps.flatMap((s) => s.events).filter((e) => e.event !== 'SessionEnd');
    const diagnostics = played.outcome.steps.flatMap((s) => s.diagnostics);
    const gapMs = tool && played.requestTimes.length >= 2 ? played.requestTimes[1]! - played.requestTimes[0]! : undefined;
    return { observation: played.observation as Observation, ...(gapMs !== undefined ? { gapMs } : {}), steps: events, diagnostics, session: played.outcome };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Every rule the engine stated while playing the session: diagnostic codes, and the matcher rules behind "why". */
export function ruleCodes(result: SessionResult): Set<string> {
  const codes = codesOf(result.steps);
  for (const d of result.diagnostics) if (!TIMING_CODES.has(d.code) && !isHookplayNote(d.code)) codes.add(d.code);
  return codes;
}

const TIMING_CODES = new Set(Object.keys(TIMING_RULES));
