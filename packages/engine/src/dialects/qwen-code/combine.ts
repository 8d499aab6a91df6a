import type { Diagnostic, Effect } from '../../outcome.js';
import { isObject, preview, type JsonObject } from '../../util/json.js';
import type { Settled, SettleInput } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { additionalContext, aggregate, effectiveReason, isBlockingDecision, permissionDecision, permissionDecisionReason, shouldStop, type MergeRule } from './aggregate.js';
import type { QwenCodeEntry, QwenCodeSettings } from './config.js';
import { docs, recorded } from './evidence.js';
import { interpretQwenCode, type QwenCodeAnswer } from './interpret.js';
import { STOP_BLOCK_CAP } from './verified.js';
import { wording } from './wording.js';

/**
 * What Qwen Code does with an event's merged answer, for the session simulation and the playground. Every field is
 * what the host itself computes from the merged output (toolHookTriggers.ts, client.ts).
 */
export interface QwenCodeEventOut {
  /** The merged output object the host acts on, or null when no hook gave one. */
  output: JsonObject | null;
  rule: MergeRule;
  /** PreToolUse: the call does not run; this is the tool error the model reads. */
  toolError?: string;
  /** Appended to the tool result after a blank line (PostToolUse, PostToolUseFailure, PostToolBatch). */
  appendToResult?: string;
  /** PostToolUse continue: false / PostToolBatch stop: the tool result is replaced by this error. */
  replaceResult?: string;
  /** UserPromptSubmit: the turn ends before the model request. */
  promptBlocked?: string;
  /** UserPromptSubmit / SessionStart: the text the model gets (already wrapped as Qwen Code wraps it). */
  context?: string;
  /** Stop: the turn goes on with this text as a new user message. */
  continueWith?: string;
}

interface Read {
  index: number;
  answer: QwenCodeAnswer;
}

const names = (reads: Read[]) => reads.map((r) => ordinal(r.index)).join(', ');

function effectOf(event: string, a: QwenCodeAnswer): Effect {
  if (a.failed && !a.output) return 'error';
  const o = a.output;
  if (!o) return 'none';
  if (event === 'PreToolUse') {
    const pd = permissionDecision(o);
    if (pd?.decision === 'deny' || shouldStop(o)) return 'block';
    if (pd?.decision === 'ask') return 'ask';
    if (pd?.decision === 'allow') return 'allow';
  } else if (isBlockingDecision(o) || shouldStop(o)) return 'block';
  if (additionalContext(o) !== undefined) return 'context';
  return 'none';
}

/**
 * Qwen Code 0.24.4, checked against the real CLI: every hook that gave an output counts, in declaration order
 * (hooks run in parallel unless a matching group says `sequential: true`); the outputs are merged
 * (aggregate.ts), and the event's consumer reads the merged object.
 */
export function settleQwenCode({ prepared, event, loaded, results }: SettleInput<QwenCodeEntry>): Settled {
  const settings = loaded.settings as unknown as QwenCodeSettings;
  const name = event.name;
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const reads: Read[] = [];
  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    if (!result) return;
    const answer = interpretQwenCode(name, result, planned.entry.timeoutMs);
    for (const n of answer.notes) diagnostics.push(diag(n.level, n.code, `${ordinal(index)}: ${n.message}`, { hook: index, ...(n.cases ? { evidence: recorded(n.cases) } : {}) }));
    if (answer.failed) diagnostics.push(diag('warning', 'hook.failed', `${ordinal(index)} ${answer.failed}: ${answer.output ? 'its output still counts' : 'it counts as no answer, and Qwen Code carries on'}`, { hook: index }));
    reads.push({ index, answer });
    effects.set(index, effectOf(name, answer));
  });
  const answering = reads.filter((r) => r.answer.output);
  const { merged, rule } = aggregate(
    answering.map((r) => r.answer.output!),
    name,
  );
  if (answering.length > 1 && rule === 'or') {
    diagnostics.push(
      diag(
        'info',
        'rule.merge',
        `${names(answering)} answered; Qwen Code merges their outputs in declaration order: "block" if any blocks, reasons joined by a newline, contexts joined, and for every other hookSpecificOutput field (permissionDecision too) the last hook that sets it wins`,
        { evidence: recorded(['multi-deny-then-allow', 'multi-two-exit2', 'multi-exit2-and-plain']) },
      ),
    );
  }

  const out: QwenCodeEventOut = { output: merged, rule };
  // eventOut: the merged answer and what Qwen Code does with it; null when no hook answered.
  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: merged ? out : null, effects, diagnostics };
  if (settings.disabledBy || !merged) return settled;
  const o = merged;
  const hso = isObject(o.hookSpecificOutput) ? o.hookSpecificOutput : {};

  switch (name) {
    case 'PreToolUse': {
      const pd = permissionDecision(o);
      if (pd?.decision === 'deny') {
        const message = permissionDecisionReason(o) || effectiveReason(o) || wording.toolBlockedDefault;
        block(settled, out, message, `the merged answer denies (${pd.via}): the tool does not run and the model reads ${JSON.stringify(preview(message, 80))} as the tool error`, ['pre-json-deny', 'pre-exit2-stderr', 'pre-decision-block']);
      } else if (pd?.decision === 'ask') {
        const message = permissionDecisionReason(o) || wording.askDefault;
        settled.verdict = 'ask';
        settled.reason = message;
        settled.shown = { model: message };
        out.toolError = message;
        diagnostics.push(
          diag('info', 'rule.ask-headless', `the merged answer asks (${pd.via}); nobody can answer in a one-shot run, so the tool does not run and the model reads ${JSON.stringify(preview(message, 80))} as the tool error`, {
            evidence: recorded(['pre-ask-headless', 'pre-ask-no-reason']),
          }),
        );
      } else if (shouldStop(o)) {
        const message = effectiveReason(o);
        block(settled, out, message, `continue: false: the tool does not run and the model reads ${JSON.stringify(preview(message, 80))} as the tool error; the turn goes on`, ['pre-continue-false', 'pre-continue-false-reason']);
        settled.stopReason = message;
      } else if (pd?.decision === 'allow') {
        settled.verdict = 'allow';
        settled.reason = permissionDecisionReason(o) ?? null;
        diagnostics.push(diag('info', 'rule.allow', `the merged answer allows (${pd.via}): the tool runs`, { evidence: recorded(['multi-deny-then-allow']) }));
      }
      if (hso.updatedInput !== undefined) {
        diagnostics.push(
          diag('warning', 'divergence.pre-updated-input', 'hookSpecificOutput.updatedInput is listed in Qwen Code’s hook docs, but the real CLI ignores it: the tool runs with its original input', {
            evidence: recorded(['pre-updated-input-ignored']),
          }),
        );
      }
      if (typeof hso.additionalContext === 'string') {
        diagnostics.push(
          diag('warning', 'divergence.pre-additional-context', 'PreToolUse additionalContext is listed in Qwen Code’s hook docs, but the real CLI never shows it to the model', { evidence: recorded(['pre-additional-context-unused']) }),
        );
      }
      break;
    }
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PostToolBatch': {
      const context = additionalContext(o);
      const stop = name === 'PostToolBatch' ? shouldStop(o) || isBlockingDecision(o) : name === 'PostToolUse' && shouldStop(o);
      if (stop) {
        const message = effectiveReason(o);
        out.replaceResult = message;
        settled.halt = false;
        settled.stopReason = message;
        settled.verdict = 'block';
        settled.reason = message;
        diagnostics.push(diag('info', 'rule.post-stop', `${name === 'PostToolBatch' ? 'the batch stops' : 'continue: false'}: the tool already ran, but the model reads ${JSON.stringify(preview(message, 80))} instead of its result`, { evidence: recorded(name === 'PostToolBatch' ? ['post-batch-block'] : ['post-continue-false']) }));
      } else if (name === 'PostToolUse' && isBlockingDecision(o)) {
        diagnostics.push(
          diag('warning', 'divergence.post-decision-block', 'decision "block" (or exit 2) on PostToolUse is in Qwen Code’s docs, but the real CLI ignores it: the model reads the tool result as it is', {
            evidence: recorded(['post-decision-block-ignored', 'post-exit2-ignored']),
          }),
        );
      }
      if (context !== undefined && context !== '') {
        out.appendToResult = context;
        settled.context.push(context);
        diagnostics.push(diag('info', 'rule.post-context', `additionalContext is appended to the tool result after a blank line, with < and > escaped: ${JSON.stringify(preview(context, 80))}`, { evidence: recorded(['post-additional-context', 'post-two-contexts']) }));
      }
      break;
    }
    case 'UserPromptSubmit': {
      if (isBlockingDecision(o) || shouldStop(o)) {
        const reason = effectiveReason(o);
        out.promptBlocked = reason;
        settled.verdict = 'block';
        settled.reason = reason;
        if (shouldStop(o)) {
          settled.halt = true;
          settled.stopReason = reason;
        }
        settled.shown = { user: reason };
        diagnostics.push(diag('info', 'rule.prompt-blocked', `the prompt is blocked (${shouldStop(o) ? 'continue: false' : `decision "${String(o.decision)}"`}): the turn ends without a model request`, { evidence: recorded(['prompt-block', 'prompt-exit2', 'prompt-continue-false']) }));
        break;
      }
      const context = additionalContext(o);
      if (context) {
        out.context = wording.promptContext(context);
        settled.context.push(out.context);
        settled.shown = { model: out.context };
      }
      break;
    }
    case 'SessionStart': {
      const context = additionalContext(o)?.trim();
      if (context) {
        out.context = wording.sessionStart(context);
        settled.context.push(out.context);
        settled.shown = { model: out.context };
      }
      if (isBlockingDecision(o) && reads.some((r) => r.answer.outcome === 'blocking')) {
        diagnostics.push(diag('info', 'rule.cannot-block', 'SessionStart cannot block: the session starts anyway', { evidence: recorded(['session-start-block-ignored']) }));
      }
      break;
    }
    case 'PermissionRequest': {
      const d = isObject(hso.decision) ? hso.decision : null;
      if (d?.behavior === 'deny') {
        const message = typeof d.message === 'string' && d.message ? d.message : 'Permission denied by hook';
        block(settled, out, message, `decision.behavior "deny": the tool does not run${d.interrupt === true ? ' and the turn is interrupted' : ''}`, []);
        settled.diagnostics[settled.diagnostics.length - 1]!.evidence = docs('hooks.md, PermissionRequest');
      } else if (d?.behavior === 'allow') {
        settled.verdict = 'allow';
        if (isObject(d.updatedInput)) settled.updatedInput = d.updatedInput;
        diagnostics.push(diag('info', 'rule.permission-allowed', `decision.behavior "allow": the tool runs without asking${isObject(d.updatedInput) ? ', with updatedInput as its input' : ''}`, { evidence: docs('hooks.md, PermissionRequest') }));
      }
      break;
    }
    case 'Stop': {
      if (isBlockingDecision(o) || shouldStop(o)) {
        const text = effectiveReason(o);
        out.continueWith = text;
        settled.verdict = 'block';
        settled.reason = text;
        settled.shown = { model: text };
        settled.context.push(text);
        diagnostics.push(
          diag('info', 'rule.stop-continues', `${shouldStop(o) ? 'continue: false' : `decision "${String(o.decision)}"`} on Stop: the turn goes on, with ${JSON.stringify(preview(text, 60))} as a new user message; the next Stop has stop_hook_active: true`, {
            evidence: recorded(['stop-block-once', 'stop-exit2-once', 'stop-continue-false-once']),
          }),
        );
        if (prepared.input.stop_hook_active === true) {
          diagnostics.push(
            diag('info', 'rule.stop-cap', `stop_hook_active is true: this turn was already continued by a Stop block; after ${STOP_BLOCK_CAP} blocks in a row Qwen Code overrides the hook and ends the turn (QWEN_CODE_STOP_HOOK_BLOCK_CAP or stopHookBlockingCap changes the cap)`, {
              evidence: recorded(['stop-block-always']),
            }),
          );
        }
        if (shouldStop(o)) {
          diagnostics.push(
            diag('warning', 'divergence.stop-continue-false', 'continue: false on Stop is documented as stopping, but the real CLI continues the turn, like a block, with stopReason as the message', {
              evidence: recorded(['stop-continue-false-once']),
            }),
          );
        }
      }
      break;
    }
    default:
      if (isBlockingDecision(o) || additionalContext(o) !== undefined) {
        diagnostics.push(diag('info', 'rule.observation-only', `${name} hooks cannot change what Qwen Code does with this answer in a one-shot run`, { evidence: docs('hooks.md') }));
      }
  }
  if (typeof o.systemMessage === 'string' && o.systemMessage !== '') {
    diagnostics.push(diag('info', 'rule.system-message', `systemMessage ${JSON.stringify(preview(o.systemMessage, 60))} is for the user only: a one-shot run with stream-json output does not show it, and the model never reads it`, { evidence: recorded(['pre-exit0-plain']) }));
  }
  return settled;
}

function block(settled: Settled, out: QwenCodeEventOut, message: string, why: string, cases: string[]): void {
  settled.verdict = 'block';
  settled.reason = message;
  settled.shown = { model: message };
  out.toolError = message;
  settled.diagnostics.push(diag('info', 'rule.tool-blocked', why, { evidence: recorded(cases) }));
}
