import type { Diagnostic, Effect, Verdict } from '../../outcome.js';
import { preview } from '../../util/json.js';
import type { Settled, SettleInput } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import type { MeworkEntry } from './config.js';
import { OBSERVATION_ONLY_EVENTS, PERMISSION_EVENTS, TURN_ENDING_EVENTS } from './events.js';
import { DECISION_RANK, DEFAULT_BLOCK_REASON, interpretMework, type Decision, type MeworkAnswer } from './interpret.js';

interface Read {
  index: number;
  answer: MeworkAnswer;
}

const VERDICT: Record<Decision, Verdict> = { deny: 'block', ask: 'ask', allow: 'allow' };

/** What one hook alone contributed, whatever the others said. */
function effectOf(answer: MeworkAnswer): Effect {
  if (answer.failed) return 'error';
  if (answer.decision?.kind === 'deny' || answer.halt) return 'block';
  if (answer.updatedInput) return 'rewrite';
  if (answer.decision) return answer.decision.kind;
  if (answer.context.length > 0) return 'context';
  return 'none';
}

const names = (reads: Read[]) => reads.map((r) => ordinal(r.index)).join(', ');

/**
 * Mework's combination rules. Hooks run in parallel but their answers are read in config order: deny > ask >
 * allow, the first hook in config order with the winning decision gives the reason, the first rewrite wins,
 * context is added in config order.
 */
export function settleMework({ prepared, event, results }: SettleInput<MeworkEntry>): Settled {
  const name = event.name;
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const reads: Read[] = [];
  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    if (!result) return;
    const answer = interpretMework(name, result, planned.entry.timeoutMs);
    for (const note of answer.notes) diagnostics.push(diag(note.level, note.code, `${ordinal(index)}: ${note.message}`, { hook: index }));
    if (answer.failed) diagnostics.push(diag('warning', 'hook.failed', `${ordinal(index)} ${answer.failed}`, { hook: index }));
    effects.set(index, effectOf(answer));
    reads.push({ index, answer });
  });

  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
  if (OBSERVATION_ONLY_EVENTS.has(name)) return settled;
  const user: string[] = [];

  const halting = reads.filter((r) => r.answer.halt);
  const halt = halting[0];
  const deciding = reads.filter((r) => r.answer.decision);
  const top = deciding.reduce<Decision | undefined>((best, r) => (!best || DECISION_RANK[r.answer.decision!.kind] > DECISION_RANK[best] ? r.answer.decision!.kind : best), undefined);
  const winners = deciding.filter((r) => r.answer.decision!.kind === top);
  const winner = winners[0];
  const context = reads.flatMap((r) => r.answer.context.map((c) => ({ index: r.index, ...c })));
  const rewrites = reads.filter((r) => r.answer.updatedInput);

  if (halt) {
    const stopReason = halt.answer.halt!.stopReason;
    settled.halt = true;
    if (stopReason !== null) {
      settled.stopReason = stopReason;
      user.push(stopReason);
    }
    const later = halting.length > 1 ? `; ${names(halting.slice(1))} also halt, the first in config order gives the stopReason` : '';
    if (name === 'Stop') {
      diagnostics.push(diag('info', 'rule.halt', `${ordinal(halt.index)} answers continue: false: the session stops${stopReason !== null ? ` and the user sees ${JSON.stringify(preview(stopReason, 80))}` : ''}; this takes precedence over any block, so the model does not keep working${later}`, { hook: halt.index }));
    } else {
      settled.verdict = 'block';
      settled.reason = stopReason ?? DEFAULT_BLOCK_REASON;
      diagnostics.push(diag('info', 'rule.halt', `${ordinal(halt.index)} answers continue: false: the turn stops here (${describeStop(name)})${stopReason !== null ? ` and the user sees the stopReason` : ''}; this takes precedence over every decision${later}`, { hook: halt.index }));
    }
    if (deciding.length) diagnostics.push(diag('info', 'rule.halt-overrides', `the decisions of ${names(deciding)} do not matter: the turn is halted`));
    if (context.length) diagnostics.push(diag('info', 'rule.context-dropped', `the context from ${names(reads.filter((r) => r.answer.context.length))} is not added: the turn is halted`));
    if (rewrites.length) diagnostics.push(diag('info', 'rule.rewrite-dropped', `the updatedInput from ${names(rewrites)} is not used: the turn is halted`));
    return finish(settled, reads, user);
  }

  if (winner && top) {
    const decision = winner.answer.decision!;
    settled.verdict = VERDICT[top];
    settled.reason = decision.reason;
    const code = top === 'deny' && !PERMISSION_EVENTS.has(name) ? 'rule.block-wins' : `rule.${top}-wins`;
    diagnostics.push(diag('info', code, explainWinner(name, top, winner, winners, deciding), { hook: winner.index }));
    for (const r of deciding) {
      const kind = r.answer.decision!.kind;
      if (DECISION_RANK[kind] < DECISION_RANK[top]) {
        diagnostics.push(diag('info', 'rule.overridden', `${ordinal(r.index)}'s ${kind} (${r.answer.decision!.via}) is overridden by ${ordinal(winner.index)}'s ${top === 'deny' && !PERMISSION_EVENTS.has(name) ? 'block' : top}: an allow never overrides another hook's ask or deny (deny > ask > allow)`, { hook: r.index }));
      }
    }
  }

  if (settled.verdict === 'block') {
    const reason = settled.reason ?? DEFAULT_BLOCK_REASON;
    settled.reason = reason;
    explainBlock(name, reason, settled, user, prepared.input.stop_hook_active === true);
    if (rewrites.length) diagnostics.push(diag('info', 'rule.rewrite-dropped', `the updatedInput from ${names(rewrites)} is not used: the call is ${blockWord(name)}`));
    if (TURN_ENDING_EVENTS.has(name) && context.length) {
      diagnostics.push(diag('info', 'rule.context-dropped', `the context from ${names(reads.filter((r) => r.answer.context.length))} is not added: the turn ends before any model request`));
      return finish(settled, reads, user);
    }
  } else {
    if (settled.verdict === 'ask' && settled.reason !== null) user.push(settled.reason);
    if (settled.verdict === 'allow') {
      diagnostics.push(diag('info', 'rule.allow-limits', 'an allow skips the permission prompt, except for the mandatory confirmations Mework always asks for: a hook cannot pre-approve those'));
    }
    const first = rewrites[0];
    if (first) {
      settled.updatedInput = first.answer.updatedInput!;
      const hidden = rewrites.length > 1 ? `; the rewrites of ${names(rewrites.slice(1))} are not used (the first in config order wins, whatever order they finished in)` : '';
      diagnostics.push(diag('info', 'rule.first-rewrite', `${ordinal(first.index)} rewrites the tool input to ${preview(first.answer.updatedInput, 80)}: it replaces the whole input${hidden}`, { hook: first.index }));
    }
  }

  for (const c of context) {
    settled.context.push(c.text);
    diagnostics.push(diag('info', 'rule.context', `${ordinal(c.index)} adds ${c.via === 'additionalContext' ? 'its additionalContext' : 'its plain-text stdout'} to the model's context: ${JSON.stringify(preview(c.text, 80))}`, { hook: c.index }));
  }
  if (context.length > 1) diagnostics.push(diag('info', 'rule.context-order', 'context is added in config order, not in the order the hooks finished'));
  return finish(settled, reads, user);
}

/** systemMessage lines go to the user in config order, after any stopReason or ask reason. */
function finish(settled: Settled, reads: Read[], user: string[]): Settled {
  for (const r of reads) {
    const message = r.answer.systemMessage;
    if (message === undefined) continue;
    user.push(message);
    settled.diagnostics.push(diag('info', 'rule.system-message', `${ordinal(r.index)}'s systemMessage is shown to the user (never to the model)`, { hook: r.index }));
  }
  if (user.length) settled.shown = { ...settled.shown, user: user.join('\n') };
  return settled;
}

function blockWord(event: string): string {
  if (PERMISSION_EVENTS.has(event)) return 'denied';
  if (event === 'PostToolUse') return 'rejected';
  return 'blocked';
}

function describeStop(event: string): string {
  if (PERMISSION_EVENTS.has(event)) return 'the tool does not run';
  if (event === 'PostToolUse') return 'the tool already ran';
  return 'no model request is made';
}

function explainWinner(event: string, top: Decision, winner: Read, winners: Read[], deciding: Read[]): string {
  const via = winner.answer.decision!.via;
  const what = top === 'deny' ? (PERMISSION_EVENTS.has(event) ? 'denies' : 'blocks') : top === 'ask' ? 'asks the user' : 'allows';
  const rank = deciding.length > winners.length ? ` (deny > ask > allow: ${top === 'deny' ? 'a deny' : top === 'ask' ? 'an ask' : 'an allow'} beats every weaker answer, whatever the config order)` : '';
  const others = winners.length > 1 ? `; ${names(winners.slice(1))} also ${what.replace(' the user', '')}, but the first in config order gives the reason` : '';
  return `${ordinal(winner.index)} ${what} (${via})${rank}${others}`;
}

function explainBlock(event: string, reason: string, settled: Settled, user: string[], stopHookActive: boolean): void {
  const { diagnostics } = settled;
  switch (event) {
    case 'PreToolUse':
      settled.shown = { model: reason };
      diagnostics.push(diag('info', 'rule.denied', 'the tool call is denied: the model gets the reason as the call\'s result; a call denied before execution never triggers PostToolUse'));
      break;
    case 'PermissionRequest':
      settled.shown = { model: reason };
      diagnostics.push(diag('info', 'rule.denied', 'the permission request is denied without asking the user: the model gets the reason as the call\'s result'));
      break;
    case 'PostToolUse':
      settled.shown = { model: reason };
      diagnostics.push(
        diag('info', 'hook.post_tool_not_rolled_back', 'the tool result is rejected, but the tool already ran: PostToolUse cannot undo it (a file write stays on disk); only what the model is told changes'),
      );
      break;
    case 'Stop':
      settled.shown = { model: reason };
      diagnostics.push(diag('info', 'rule.stop-continues', 'the stop is blocked: the model is given the reason and keeps working'));
      if (stopHookActive) {
        diagnostics.push(
          diag('info', 'rule.stop-hook-active', 'stop_hook_active is true: the model is already continuing because of a Stop hook; a hook that always blocks keeps it working, so check stop_hook_active as the docs example does'),
        );
      }
      break;
    default:
      // UserPromptSubmit, SessionStart: the model is never asked, so the user is the one told.
      user.push(reason);
      diagnostics.push(diag('info', 'rule.turn-ended', `${event} is blocked: the turn ends before any model request`));
  }
}
