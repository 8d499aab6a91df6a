import type { Diagnostic, Effect } from '../../outcome.js';
import { isObject, preview, type JsonObject } from '../../util/json.js';
import type { Settled, SettleInput } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { additionalContext, blocks, effectiveReason, halts, mergeOutputs, modifiedToolInput, type Merged } from './aggregate.js';
import type { GeminiEntry } from './config.js';
import { interpretGemini, type GeminiAnswer } from './interpret.js';
import { docs, recorded } from './verified.js';
import { wording } from './wording.js';

interface Read {
  index: number;
  entry: GeminiEntry;
  answer: GeminiAnswer;
}

function effectOf(event: string, a: GeminiAnswer): Effect {
  const o = a.output;
  if (!o) return a.failed ? 'error' : 'none';
  if (o.continue === false || o.decision === 'deny' || o.decision === 'block') return event === 'SessionStart' || !BLOCKING.has(event) ? 'none' : 'block';
  if (o.decision === 'ask' && event === 'BeforeTool') return 'ask';
  const hso = isObject(o.hookSpecificOutput) ? o.hookSpecificOutput : undefined;
  if (event === 'BeforeTool' && hso && isObject(hso.tool_input)) return 'rewrite';
  if (hso && typeof hso.additionalContext === 'string' && CONTEXT_EVENTS.has(event)) return 'context';
  return a.failed ? 'error' : 'none';
}

const BLOCKING = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel']);
const CONTEXT_EVENTS = new Set(['BeforeAgent', 'AfterTool', 'SessionStart']);

/**
 * Reads every hook that ran (config order, as Promise.all returns them), merges the outputs the way hookAggregator
 * does, and says what Gemini CLI does with the merged answer for this event.
 */
export function settleGemini({ prepared, event, results }: SettleInput<GeminiEntry>): Settled {
  const name = event.name;
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const reads: Read[] = [];
  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    if (!result) return;
    const answer = interpretGemini(result, planned.entry.timeoutMs);
    for (const n of answer.notes) diagnostics.push(diag(n.level, n.code, `${ordinal(index)}: ${n.message}`, { hook: index, ...(n.evidence ? { evidence: n.evidence } : {}) }));
    reads.push({ index, entry: planned.entry, answer });
  });
  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
  const user: string[] = [];
  const model: string[] = [];
  // stderr, in the CLI's order: the systemMessage line, the failure lines, then what the run itself reports.
  const head: string[] = [];

  const failed = reads.filter((r) => !r.answer.success);
  for (const r of failed) {
    diagnostics.push(diag('warning', 'hook.failed', `${ordinal(r.index)} ${r.answer.failed ?? 'failed'}: Gemini CLI counts it as a failed hook${r.answer.output ? ', but still uses what it printed' : ', with no answer'}`, { hook: r.index, evidence: recorded('exit1-plain-warning', 'timeout-kills-and-ignores') }));
  }

  const outputs = reads.filter((r) => r.answer.output).map((r) => r.answer.output!);
  const merged = mergeOutputs(name, outputs);
  settled.eventOut = merged ?? null;
  for (const r of reads) effects.set(r.index, effectOf(name, r.answer));

  if (merged) {
    switch (name) {
      case 'BeforeTool':
        settleBeforeTool(merged, reads, settled, model);
        if (model.length) {
          user.push(wording.toolError(String(prepared.input.tool_name ?? 'tool'), model[0]!));
          if (settled.halt) user.push(wording.stopped(model[0]!));
        }
        break;
      case 'AfterTool':
        settleAfterTool(merged, settled, model);
        if (settled.verdict === 'block') {
          user.push(wording.toolError(String(prepared.input.tool_name ?? 'tool'), settled.halt ? wording.toolStopped(settled.reason!) : wording.resultBlocked(settled.reason!)));
          if (settled.halt) user.push(wording.stopped(settled.reason!));
        }
        break;
      case 'BeforeAgent':
        settleBeforeAgent(merged, settled, model, user);
        break;
      case 'AfterAgent':
        settleAfterAgent(merged, settled, model, user);
        break;
      case 'SessionStart': {
        const ctx = additionalContext(merged);
        if (ctx !== undefined) {
          settled.context.push(ctx);
          model.push(`${wording.hookContext(ctx)}\n\n`);
          diagnostics.push(diag('info', 'rule.session-context', `additionalContext goes in front of the first prompt, as "${preview(wording.hookContext(ctx), 60)}" and a blank line`, { evidence: recorded('session-start-context') }));
        }
        if (blocks(merged) || halts(merged)) diagnostics.push(diag('info', 'rule.cannot-block', 'SessionStart cannot block: decision and continue are ignored', { evidence: recorded('session-start-cannot-block') }));
        break;
      }
      case 'BeforeModel':
      case 'AfterModel':
        settleModel(name, merged, settled, user);
        break;
      case 'BeforeToolSelection': {
        const tc = isObject(merged.hookSpecificOutput) ? merged.hookSpecificOutput.toolConfig : undefined;
        if (isObject(tc) && reads.some((r) => isObject(r.answer.output?.hookSpecificOutput) && (r.answer.output!.hookSpecificOutput as JsonObject).toolConfig)) {
          diagnostics.push(diag('info', 'rule.tool-selection', `the tool config sent to the model: mode ${tc.mode}, allowed ${JSON.stringify(tc.allowedFunctionNames)} (names are unioned across hooks; NONE beats ANY beats AUTO)`, { evidence: docs('hookAggregator.mergeToolSelectionOutputs') }));
        }
        break;
      }
      default:
        if (blocks(merged) || halts(merged)) diagnostics.push(diag('info', 'rule.observation-only', `${name} is observation only: decision and continue are ignored`, { evidence: docs('docs/hooks/reference.md') }));
    }
    const sys = merged.systemMessage;
    // SessionStart: gemini -p also writes the merged systemMessage itself to stderr, suppressOutput or not.
    const raw = name === 'SessionStart' && typeof sys === 'string' && sys !== '' ? [sys] : [];
    if (typeof sys === 'string' && sys !== '' && !merged.suppressOutput) {
      head.push(...raw, wording.systemMessage(sys));
      diagnostics.push(diag('info', 'rule.system-message', `the systemMessage${outputs.filter((o) => o.systemMessage).length > 1 ? 's (joined with a newline)' : ''} reach the user as "${preview(wording.systemMessage(sys), 80)}", never the model`, { evidence: recorded('system-message-to-user', 'exit0-plain-text-system-message') }));
    } else if (typeof sys === 'string' && sys !== '' && merged.suppressOutput) {
      head.push(...raw);
      diagnostics.push(diag('info', 'rule.suppress-output', 'suppressOutput: true hides the systemMessage', { evidence: recorded('suppress-output-hides-system-message') }));
    }
  }
  if (failed.length) {
    const total = reads.reduce((sum, r) => sum + Math.round(results.get(r.index)?.durationMs ?? 0), 0);
    // The failure lines come after the systemMessage line and before what the tool scheduler prints.
    const errors = reads.filter((r) => results.get(r.index)?.timedOut).map((r) => `Hook execution error: Hook timed out after ${r.entry.timeoutMs}ms`);
    const lines = wording.failed(failed.map((r) => r.entry.displayName), name, reads.length - failed.length, total);
    // SessionStart fires before gemini -p listens for the UI's feedback, SessionEnd after it stopped listening: their
    // "[WARNING]" copy is never printed (recorded: the session sweep's failing-call-SessionStart-exit-2,
    // one-call-SessionEnd-exit-2, text-only-SessionEnd-exit-2).
    head.push(...(name === 'SessionStart' || name === 'SessionEnd' ? lines.slice(0, 2) : lines), ...errors);
    if (name === 'SessionStart' || name === 'SessionEnd') diagnostics.push(diag('info', 'rule.failure-feedback', `a failed ${name} hook is reported on stderr without the "[WARNING]" copy other events print: gemini -p ${name === 'SessionStart' ? 'does not listen for the UI feedback yet' : 'has stopped listening for the UI feedback'}`, { evidence: name === 'SessionStart' ? recorded('failing-call-SessionStart-exit-2') : recorded('one-call-SessionEnd-exit-2', 'text-only-SessionEnd-exit-2') }));
  }
  // The planner threw on a non-string matcher: executeHooks logs it and the event goes on with no hook.
  if (prepared.diagnostics.some((d) => d.code === 'match.breaks-event')) head.push(`Hook event bus error for ${name}: TypeError: entry.matcher.trim is not a function`);
  if (model.length) settled.shown = { ...settled.shown, model: model.join('\n') };
  if (head.length || user.length) settled.shown = { ...settled.shown, user: [...head, ...user].join('\n') };
  return settled;
}

function settleBeforeTool(m: Merged, reads: Read[], settled: Settled, model: string[]): void {
  const { diagnostics } = settled;
  if (halts(m)) {
    settled.verdict = 'block';
    settled.halt = true;
    settled.reason = effectiveReason(m);
    if (m.stopReason !== undefined) settled.stopReason = m.stopReason as string;
    model.push(wording.toolStopped(settled.reason));
    diagnostics.push(diag('info', 'rule.halt', `continue: false: the tool does not run and Gemini CLI ends the run ("${wording.stopped(wording.toolStopped(settled.reason))}")`, { evidence: recorded('before-tool-continue-false') }));
    return;
  }
  if (blocks(m)) {
    settled.verdict = 'block';
    settled.reason = effectiveReason(m);
    model.push(wording.toolBlocked(settled.reason));
    const deniers = reads.filter((r) => r.answer.output && (r.answer.output.decision === 'deny' || r.answer.output.decision === 'block'));
    const others = reads.filter((r) => r.answer.output?.reason && !deniers.includes(r));
    diagnostics.push(
      diag('info', 'rule.deny-wins', `${deniers.map((r) => ordinal(r.index)).join(', ')} ${deniers.length > 1 ? 'deny' : 'denies'}: the tool does not run, and the model gets "${preview(wording.toolBlocked(settled.reason), 100)}"${reads.length > 1 ? ' (a deny anywhere wins; every hook’s reason is joined with a newline, in config order)' : ''}${others.length ? `; ${others.map((r) => ordinal(r.index)).join(', ')} did not deny, but ${others.length > 1 ? 'their reasons are' : 'its reason is'} in the text too` : ''}`, {
        evidence: recorded('before-tool-json-deny', 'before-tool-deny-beats-allow'),
      }),
    );
    if (modifiedToolInput(m)) diagnostics.push(diag('info', 'rule.rewrite-dropped', 'the tool_input rewrite is not used: the call is denied'));
    return;
  }
  if (m.decision === 'ask') {
    settled.verdict = 'ask';
    settled.reason = (m.reason as string) ?? null;
    diagnostics.push(
      diag('info', 'rule.ask', 'decision "ask" forces a confirmation prompt, even with --yolo. With gemini -p nobody can answer: the tool does not run, and the run ends with no further model request and no message', { evidence: recorded('before-tool-ask-yolo') }),
    );
  }
  const rewrite = modifiedToolInput(m);
  if (rewrite) {
    settled.updatedInput = rewrite;
    const writers = reads.filter((r) => isObject(r.answer.output?.hookSpecificOutput) && isObject((r.answer.output!.hookSpecificOutput as JsonObject).tool_input));
    diagnostics.push(
      diag('info', 'rule.rewrite', `the tool runs with ${preview(rewrite, 80)}: it replaces the model's arguments whole (fields it leaves out are gone)${writers.length > 1 ? `; ${ordinal(writers[writers.length - 1]!.index)} is the last in config order, so its tool_input is the one used` : ''}`, {
        evidence: recorded('before-tool-rewrite-replaces'),
      }),
    );
    diagnostics.push(diag('info', 'divergence.tool-input-merge', 'the docs say tool_input "merges with and overrides" the model’s arguments; Gemini CLI 0.61.0 replaces them whole', { evidence: recorded('before-tool-rewrite-replaces') }));
  }
}

function settleAfterTool(m: Merged, settled: Settled, model: string[]): void {
  const { diagnostics } = settled;
  if (halts(m)) {
    settled.verdict = 'block';
    settled.halt = true;
    settled.reason = effectiveReason(m);
    model.push(wording.toolStopped(settled.reason));
    diagnostics.push(diag('info', 'rule.halt', 'continue: false after the tool ran: Gemini CLI ends the run', { evidence: recorded('after-tool-continue-false') }));
    return;
  }
  if (blocks(m)) {
    settled.verdict = 'block';
    settled.reason = effectiveReason(m);
    // The tool's error message is the bare reason, and that is what the model reads.
    model.push(settled.reason);
    diagnostics.push(
      diag('info', 'rule.result-blocked', `the tool already ran; the model gets only the reason, {"error": ${JSON.stringify(preview(settled.reason, 60))}}, instead of its result (the user sees "${preview(wording.resultBlocked(settled.reason), 60)}")`, {
        evidence: recorded('after-tool-deny-hides-result'),
      }),
    );
    return;
  }
  const ctx = additionalContext(m);
  if (ctx !== undefined) {
    settled.context.push(ctx);
    model.push(`\n\n${wording.hookContext(ctx)}`);
    diagnostics.push(diag('info', 'rule.after-tool-context', `additionalContext is appended to the tool result as "${preview(wording.hookContext(ctx), 80)}" (< and > escaped)`, { evidence: recorded('after-tool-context') }));
  }
}

function settleBeforeAgent(m: Merged, settled: Settled, model: string[], user: string[]): void {
  const { diagnostics } = settled;
  const shown = (m.systemMessage as string | undefined)?.trim() || effectiveReason(m);
  if (halts(m)) {
    settled.verdict = 'block';
    settled.halt = true;
    settled.reason = effectiveReason(m);
    user.push(wording.stopped(shown));
    diagnostics.push(diag('info', 'rule.halt', 'continue: false: no model request; the prompt stays in the history', { evidence: recorded('before-agent-continue-false') }));
    return;
  }
  if (blocks(m)) {
    settled.verdict = 'block';
    settled.reason = effectiveReason(m);
    user.push(wording.blocked(shown));
    diagnostics.push(diag('info', 'rule.prompt-blocked', 'the prompt is blocked: no model request at all, and the prompt is dropped from the history', { evidence: recorded('before-agent-deny') }));
    return;
  }
  const ctx = additionalContext(m);
  if (ctx !== undefined) {
    settled.context.push(ctx);
    model.push(wording.hookContext(ctx));
    diagnostics.push(diag('info', 'rule.prompt-context', `additionalContext is sent after the prompt as its own part: "${preview(wording.hookContext(ctx), 80)}"`, { evidence: recorded('before-agent-context') }));
  }
}

function settleAfterAgent(m: Merged, settled: Settled, model: string[], user: string[]): void {
  const { diagnostics } = settled;
  const shown = (m.systemMessage as string | undefined)?.trim() || effectiveReason(m);
  if (halts(m)) {
    settled.verdict = 'block';
    settled.halt = true;
    settled.reason = effectiveReason(m);
    user.push(wording.stopped(shown));
    diagnostics.push(diag('info', 'rule.halt', 'continue: false: the run ends here', { evidence: recorded('after-agent-continue-false') }));
    return;
  }
  if (blocks(m)) {
    settled.verdict = 'block';
    settled.reason = effectiveReason(m);
    model.push(settled.reason);
    user.push(wording.blocked(shown));
    diagnostics.push(
      diag('info', 'rule.after-agent-retry', `the answer is rejected: the reason goes back to the model as a new prompt, and AfterAgent fires again with stop_hook_active: true. There is no cap: a hook that always denies loops until the turn limit`, {
        evidence: recorded('after-agent-deny-retries'),
      }),
    );
  }
}

/**
 * BeforeModel and AfterModel (geminiChat.ts, hookSystem.ts): continue: false stops the run ("Agent execution
 * stopped: <reason>"). A deny on BeforeModel skips the model call (an llm_response given with it is used as the
 * answer); a deny on AfterModel only prints the warning: the response is still used. AfterModel's llm_response
 * with parts replaces the response, tool calls included.
 */
function settleModel(name: string, m: Merged, settled: Settled, user: string[]): void {
  const { diagnostics } = settled;
  const hso = isObject(m.hookSpecificOutput) ? m.hookSpecificOutput : {};
  if (halts(m)) {
    settled.verdict = 'block';
    settled.halt = true;
    settled.reason = effectiveReason(m);
    user.push(wording.stopped(settled.reason));
    diagnostics.push(diag('info', 'rule.halt', `continue: false on ${name}: the run ends here, without AfterAgent`, { evidence: recorded('before-model-continue-false', 'after-model-continue-false') }));
    return;
  }
  if (blocks(m)) {
    settled.reason = effectiveReason(m);
    user.push(wording.blocked(settled.reason));
    if (name === 'BeforeModel') {
      settled.verdict = 'block';
      const synthetic = responseText(hso.llm_response);
      diagnostics.push(
        diag('info', 'rule.model-blocked', `the model is not called${synthetic !== undefined ? `; the hook's llm_response is used as its answer (${JSON.stringify(preview(synthetic, 40))})` : ', and the turn ends with no answer'}`, { evidence: recorded('before-model-deny', 'before-model-synthetic-response') }),
      );
    } else {
      diagnostics.push(diag('info', 'divergence.after-model-deny', 'the docs say an AfterModel deny discards the response; Gemini CLI 0.61.0 prints the warning and still uses the response', { evidence: recorded('after-model-deny') }));
    }
    return;
  }
  if (name === 'AfterModel' && responseText(hso.llm_response) !== undefined) {
    diagnostics.push(diag('info', 'rule.response-replaced', `the model's response is replaced by the hook's llm_response (${JSON.stringify(preview(responseText(hso.llm_response), 40))}); tool calls in the original are gone`, { evidence: recorded('after-model-replace-response') }));
  }
}

/** The text of an llm_response in the hook format, when its first candidate has parts. */
export function responseText(value: unknown): string | undefined {
  if (!isObject(value) || !Array.isArray(value.candidates)) return undefined;
  const first = value.candidates[0];
  if (!isObject(first) || !isObject(first.content) || !Array.isArray(first.content.parts) || first.content.parts.length === 0) return undefined;
  return first.content.parts.map((p) => (typeof p === 'string' ? p : isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
}
