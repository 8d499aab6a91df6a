import type { Diagnostic, Outcome, SessionTool } from '../../outcome.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { formatSeconds } from '../shared/results.js';
import { batchWallMs, BUDGET_LEFT_FIELD, TURN_BUDGET_MS } from './budget.js';
import { DEFAULT_BLOCK_REASON } from './interpret.js';

/**
 * Mework's lifecycle, from its documentation (shared/spec/mework-hooks.md, "the docs") and SEMANTICS.md; no real
 * binary was run. Per turn: SessionStart (the conversation's first turn) → UserPromptSubmit → a model request →
 * per tool call PreToolUse → PermissionRequest when Mework asks → the user's answer → the tool → PostToolUse → the
 * next request → … → Stop (a block keeps the model working). All synchronous hook work of a turn shares one
 * 5-minute budget. Hook-made texts pile up in conversation order: each request carries all of them so far.
 */
export interface MeworkLifecycleOptions {
  /** The turn's hook budget (default the documented 5 minutes); tests shrink it to show what happens when it runs out. */
  turnBudgetMs?: number;
}

const SPEC = 'spec/mework-hooks.md';
const note = (code: string, message: string, source: string, level: Diagnostic['level'] = 'info'): Diagnostic => ({ level, code, message, evidence: { kind: 'docs', source } });

/** Mework's shell tools, as the docs' matcher `^(bash|powershell)$` names them; hookplay runs bash only. */
const SHELL_TOOL = 'bash';
/**
 * The docs name no cap on Stop continuations (only the turn's budget ends a loop). hookplay stops a loop the
 * session does not script after this many rounds, so a Stop hook that always blocks still ends.
 */
const UNSCRIPTED_STOP_ROUNDS = 8;
/** hookplay's own words for a denial by the user (Mework's prompt-profile wording for it is not documented). */
const USER_DENIED = 'The user denied this tool call.';

type ToolStep = Extract<SessionStep, { tool: string }>;

export const meworkLifecycle: Lifecycle<MeworkLifecycleOptions> = {
  play: (input) => play(input.steps, input.options ?? {}),
};

function* play(steps: SessionStep[], options: MeworkLifecycleOptions): LifecycleRun {
  const budgetMs = options.turnBudgetMs ?? TURN_BUDGET_MS;
  const cursor = new StepCursor(steps);
  /** Every hook-made text the model has read so far, in conversation order. */
  const told: string[] = [];
  let budgetLeft = budgetMs;
  let spentNoted = false;
  let started = false;
  let calls = 0;
  let lastReply: string | null = null;

  /** Fires one event, charging its batch to the turn's budget. */
  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    const before = budgetLeft;
    const outcome = yield* fire(name, { ...payload, [BUDGET_LEFT_FIELD]: before });
    // SEMANTICS (mework, Running): the budget is "charged by the wall-clock time of each batch"; a hook cut to
    // what was left and timed out has used it all, whatever the clock says to the millisecond.
    const cut = outcome.hooks.some((h) => h.timedOut && h.timeoutMs >= before);
    budgetLeft = cut ? 0 : Math.max(0, before - batchWallMs(outcome));
    if (budgetLeft === 0 && !spentNoted) {
      spentNoted = true;
      yield* diagnostic(note('lifecycle.turn-budget-spent', `this turn's ${formatSeconds(budgetMs)} hook budget is spent: every hook that matches for the rest of the turn fails with no decision`, 'SEMANTICS.md § mework, Running', 'warning'));
    }
    // The docs (How a hook answers): systemMessage is shown to the user; stopReason too.
    if (outcome.shown?.user) yield* notice(outcome.shown.user);
    return outcome;
  }
  function* request(): Generator<SessionEffect, void, unknown> {
    yield* modelRequest([...told]);
  }
  const end = (reason: LifecycleEnd['reason'], message: string, step: number | null): LifecycleEnd => ({ reason, message, step });

  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'event') {
      yield* rawEvent(next.index, next.step as Extract<SessionStep, { event: string }>);
      continue;
    }
    if (next.kind !== 'prompt') continue; // check() lets only event steps stand between turns
    budgetLeft = budgetMs;
    spentNoted = false;
    yield* beginStep(next.index, stepLabel(next.step));
    const prompt = (next.step as { prompt: string }).prompt;
    // SessionStart belongs to the visible conversation's first turn: a block there "ends the turn before any model request".
    const gates: [string, JsonObject][] = started ? [] : [['SessionStart', { source: 'startup' }]];
    started = true;
    gates.push(['UserPromptSubmit', { prompt }]);
    let stopped: Outcome | null = null;
    for (const [name, payload] of gates) {
      const out = yield* event(name, payload);
      if (out.verdict === 'block' || out.halt) {
        stopped = out;
        break;
      }
      // The docs: for SessionStart and UserPromptSubmit, additionalContext and plain text "injected as additional context".
      told.push(...out.context);
    }
    if (stopped) {
      yield* diagnostic(note('lifecycle.turn-ended', `${stopped.event} ${stopped.halt ? 'halted (continue: false)' : 'blocked'}: the turn ends before any model request`, `${SPEC} § How a hook answers`));
      cursor.skipTurn();
      if (cursor.done) return end(stopped.halt ? 'halted' : 'prompt-blocked', `a ${stopped.event} hook ended the turn before any model request`, next.index);
      continue;
    }
    yield* request();
    const ended = yield* playTurn(next.index);
    if (ended) return ended;
  }
  return end('completed', 'every step was played', null);

  /** The model's side of a turn: tool calls, then its reply and Stop. Returns how the session ended, if it did. */
  function* playTurn(promptIndex: number): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    let blocks = 0;
    let unscripted = 0;
    for (;;) {
      const step = cursor.peek();
      if (step?.kind === 'tool') {
        cursor.next();
        const halted = yield* playTool(step.index, step.step as ToolStep);
        if (halted) return turnHalted(step.index);
        continue;
      }
      if (step?.kind === 'event') {
        cursor.next();
        yield* rawEvent(step.index, step.step as Extract<SessionStep, { event: string }>);
        continue;
      }
      if (step?.kind === 'approval') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        yield* diagnostic(note('session.approval-not-asked', 'Mework asked nothing here: a hook already decided the call before this answer (a deny, or an allow that skips the prompt)', `${SPEC} § Two guarantees`, 'warning'));
        continue;
      }
      if (step?.kind === 'interrupt') {
        cursor.next();
        // The docs name no interrupt event: the turn just ends, without Stop.
        yield* beginStep(step.index, stepLabel(step.step));
        yield* notice('Interrupted by the user');
        if (cursor.done) return end('interrupted', 'the user interrupted the turn', step.index);
        return null;
      }
      let text: string;
      if (step?.kind === 'reply') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        text = (step.step as { reply: string }).reply;
      } else {
        if (blocks > 0 && ++unscripted > UNSCRIPTED_STOP_ROUNDS) {
          yield* diagnostic(
            note('lifecycle.stop-loop', `Stop hooks blocked ${blocks} times in a row and the session has no more steps: Mework documents no cap (only the turn's hook budget ends such a loop), so hookplay stops playing it here`, `${SPEC} § How a hook answers`, 'warning'),
          );
          return end('limit', `hookplay stopped a Stop loop after ${UNSCRIPTED_STOP_ROUNDS} unscripted rounds; Mework itself would go on until the turn's hook budget is spent`, promptIndex);
        }
        yield* beginStep(null, blocks > 0 ? 'the model answers again' : 'the model ends its turn');
        text = lastReply ?? 'Done.';
      }
      lastReply = text;
      const stop = yield* event('Stop', { stop_hook_active: blocks > 0, last_assistant_message: text });
      if (stop.halt) return turnHalted(step?.kind === 'reply' ? step.index : promptIndex);
      if (stop.verdict !== 'block') return null;
      // The docs: on Stop a block "blocks the stop — the model is given the reason and keeps working".
      blocks++;
      told.push(stop.shown?.model ?? stop.reason ?? DEFAULT_BLOCK_REASON);
      yield* request();
    }
  }

  /** continue: false ends the turn where it is; the session goes on at the next prompt, if there is one. */
  function turnHalted(index: number): LifecycleEnd | null {
    cursor.skipTurn();
    if (cursor.done) return end('halted', "a hook answered continue: false, which stops Mework's turn", index);
    return null;
  }

  function* rawEvent(index: number, step: Extract<SessionStep, { event: string }>): Generator<SessionEffect, void, unknown> {
    yield* beginStep(index, stepLabel(step));
    yield* event(step.event, step.payload as JsonObject);
  }

  /** One tool call; true when a hook halted the turn. */
  function* playTool(index: number, step: ToolStep): Generator<SessionEffect, boolean, unknown> {
    yield* beginStep(index, stepLabel(step));
    const tool = step.tool;
    const toolUseId = `toolu_${String(++calls).padStart(2, '0')}`;
    let input = step.input as JsonObject;
    const record = (t: Omit<SessionTool, 'name'>) => recordTool({ name: tool, ...t });

    const pre = yield* event('PreToolUse', { tool_name: tool, tool_input: input, tool_use_id: toolUseId });
    told.push(...pre.context);
    if (pre.halt) {
      yield* record({ input, ran: false, result: null, isError: true, decidedBy: 'hook', source: 'none' });
      return true;
    }
    if (pre.verdict === 'block') return yield* denied(tool, input, pre.shown?.model ?? pre.reason ?? DEFAULT_BLOCK_REASON, 'hook', 'PreToolUse');
    if (isObject(pre.updatedInput)) input = pre.updatedInput;

    let decidedBy = 'host';
    const answered = cursor.peek()?.kind === 'approval';
    if (pre.verdict === 'allow') {
      // The docs: an allow skips the permission prompt (the mandatory confirmations aside, which hookplay does not model).
      decidedBy = 'hook';
    } else if (pre.verdict === 'ask' || answered) {
      // The docs do not list which calls Mework asks about: a hook's ask does, and so does a session that answers right after the call.
      if (pre.verdict !== 'ask') {
        // PermissionRequest: "when a tool call needs the user's approval. A hook can allow or deny it instead of asking".
        const permission = yield* event('PermissionRequest', { tool_name: tool, tool_input: input, permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] });
        told.push(...permission.context);
        if (permission.halt) {
          yield* record({ input, ran: false, result: null, isError: true, decidedBy: 'hook', source: 'none' });
          return true;
        }
        if (permission.verdict === 'block') return yield* denied(tool, input, permission.shown?.model ?? permission.reason ?? DEFAULT_BLOCK_REASON, 'hook', 'PermissionRequest');
        if (isObject(permission.updatedInput)) input = permission.updatedInput;
        if (permission.verdict === 'allow') decidedBy = 'hook';
      }
      if (decidedBy !== 'hook') {
        const answer = cursor.take('approval');
        if (!answer) {
          yield* notice('Mework asks the user before this call; the session gives no answer, so hookplay plays it as a denial (add an approval step)');
          return yield* denied(tool, input, USER_DENIED, 'user', null);
        }
        yield* beginStep(answer.index, stepLabel(answer.step));
        if ((answer.step as { approval: string }).approval === 'deny') return yield* denied(tool, input, USER_DENIED, 'user', null);
        decidedBy = 'user';
      }
    }

    const ran = yield* toolResult(tool, input, step.result);
    const post = yield* event('PostToolUse', { tool_name: tool, tool_input: input, tool_response: ran.response, tool_use_id: toolUseId, duration_ms: ran.ms });
    let result = ran.content;
    if (post.verdict === 'block') {
      // The docs: "PostToolUse cannot undo a tool that already ran …; its rejection only changes what the model is told".
      result = post.shown?.model ?? post.reason ?? DEFAULT_BLOCK_REASON;
      yield* notice('hook.post_tool_not_rolled_back: a PostToolUse hook rejected the result, but the tool already ran and is not undone');
      yield* diagnostic(note('lifecycle.post-tool-rejected', `the tool ran (exit ${ran.code}); the model is told the hook's reason instead of its output`, `${SPEC} § Two guarantees`));
    }
    yield* record({ input, ran: true, result, isError: !ran.ok || post.verdict === 'block', decidedBy, source: ran.source, exitCode: ran.code });
    if (post.verdict === 'block') told.push(result);
    told.push(...post.context);
    if (post.halt) return true;
    yield* request();
    return false;
  }

  /** A call denied before execution: the model gets the reason as its result, and PostToolUse never fires. */
  function* denied(tool: string, input: JsonObject, result: string, decidedBy: string, by: string | null): Generator<SessionEffect, boolean, unknown> {
    yield* recordTool({ name: tool, input, ran: false, result, isError: true, decidedBy, source: 'none' });
    yield* diagnostic(note('lifecycle.no-post-tool-use', `${by ? `a ${by} hook` : 'the user'} denied the call before execution, so PostToolUse never fires for it`, `${SPEC} § Two guarantees`));
    told.push(result);
    yield* request();
    return false;
  }
}

interface ToolOutcome {
  ok: boolean;
  code: number;
  content: string;
  response: JsonObject;
  ms: number;
  source: SessionTool['source'];
}

/** The tool's result: bash runs for real unless the step gives its result; another tool succeeds with no output. */
function* toolResult(tool: string, input: JsonObject, given: ToolStep['result']): Generator<SessionEffect, ToolOutcome, unknown> {
  if (given) {
    if ('error' in given) return { ok: false, code: 1, content: given.error, response: { error: given.error }, ms: 1, source: 'given' };
    return { ok: true, code: 0, content: given.output, response: { stdout: given.output, stderr: '', interrupted: false, isImage: false }, ms: 1, source: 'given' };
  }
  if (tool !== SHELL_TOOL) return { ok: true, code: 0, content: '', response: {}, ms: 1, source: 'given' };
  const ran = yield* runTool(String(input.command ?? ''));
  const stdout = ran.stdout.replace(/\n+$/, '');
  const stderr = ran.stderr.replace(/\n+$/, '');
  const body = [stdout, stderr].filter(Boolean).join('\n');
  return {
    ok: ran.exitCode === 0,
    code: ran.exitCode,
    content: ran.exitCode === 0 ? body : `Exit code ${ran.exitCode}${body ? `\n${body}` : ''}`,
    response: { stdout, stderr, interrupted: false, isImage: false, ...(ran.exitCode !== 0 ? { exit_code: ran.exitCode } : {}) },
    ms: ran.ms,
    source: 'run',
  };
}
