import type { Diagnostic, Effect } from '../../outcome.js';
import { preview, type JsonObject } from '../../util/json.js';
import type { Settled, SettleInput } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import type { CodexEntry } from './config.js';
import { interpretCodex, OUTPUT_IGNORED, type CodexAnswer } from './interpret.js';
import { recorded } from './verified.js';
import { wording } from './wording.js';

interface Read {
  index: number;
  entry: CodexEntry;
  /** When the hook's process ended, from the run's start: the last rewrite to finish wins. */
  endMs: number;
  answer: CodexAnswer;
}

const names = (reads: Read[]) => reads.map((r) => ordinal(r.index)).join(', ');

const E = {
  preBlock: recorded('pre-exit2-blocks', 'pre-deny', 'pre-legacy-block', 'pre-exit2-ignores-stdout', 'pre-legacy-and-hso'),
  firstBlock: recorded('pre-two-blocks-first-configured'),
  lastRewrite: recorded('pre-rewrite-last-to-finish-wins', 'pre-rewrite-slow-first-wins'),
  blockBeatsRewrite: recorded('pre-block-beats-rewrite'),
  rewrite: recorded('pre-rewrite'),
  rewriteNoCommand: recorded('pre-rewrite-no-command'),
  context: recorded('pre-context', 'pre-context-kept-on-deny', 'post-context', 'prompt-context-and-plain', 'session-start-context'),
  failOpen: recorded('pre-exit1-with-deny', 'pre-exit3', 'pre-exit2-empty-stderr', 'pre-invalid-json', 'pre-unknown-field', 'pre-ask', 'pre-allow-alone', 'pre-deny-no-reason', 'pre-continue-false'),
  post: recorded('post-block-replaces-output', 'post-exit2', 'post-continue-false'),
  prompt: recorded('prompt-block', 'prompt-exit2', 'prompt-continue-false'),
  sessionStart: recorded('session-start-continue-false', 'session-start-exit2'),
  stop: recorded('stop-block-continues', 'stop-exit2-continues', 'stop-two-blocks'),
  stopHalt: recorded('stop-continue-false-beats-block'),
  timeout: recorded('timeout-kills-and-drops-answer'),
  observation: recorded('model-request-cannot-block', 'session-end-runs'),
  systemMessage: recorded('pre-system-message'),
  async: recorded('config-async-hook'),
};

function effectOf(a: CodexAnswer, rewriteUsed: boolean): Effect {
  if (a.failed) return 'error';
  if (a.block || a.halt) return 'block';
  if (rewriteUsed) return 'rewrite';
  if (a.allow) return 'allow';
  if (a.context !== undefined || a.plain !== undefined) return 'context';
  return 'none';
}

/** The `hook_run_id` Codex gives a Stop hook's continuation prompt: event, the handler's display order, its file. */
export function hookRunId(event: string, entry: CodexEntry, sourcePath: (file: string) => string): string {
  return `${event.toLowerCase()}:${entry.order}:${sourcePath(entry.source)}`;
}

/**
 * Codex 0.171.0's combination rules (each checked with the oracle). Matching hooks run together; answers are
 * put back in configured order:
 * - PreToolUse: any block wins; the first configured block gives the reason; the rewrite of the hook that
 *   finished last is used, unless something blocks; every hook's additionalContext is its own developer message.
 * - PostToolUse: blocks, exit 2 and continue: false replace the tool output the model reads (joined by blank lines).
 * - UserPromptSubmit: a block or continue: false drops the prompt. Stop: blocks continue the turn with one
 *   <hook_prompt> per blocking hook; continue: false anywhere ends it.
 */
export function settleCodex({ prepared, event, results }: SettleInput<CodexEntry>): Settled {
  const name = event.name;
  const input = prepared.input;
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const reads: Read[] = [];
  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    if (!result) return;
    if (planned.entry.async) {
      // Codex starts an async hook and goes on without it: whatever it answers changes nothing.
      diagnostics.push(diag('info', 'rule.async-ignored', `${ordinal(index)} is async: Codex does not wait for it, so its answer (${result.stdout.trim() ? preview(result.stdout.trim(), 60) : 'none'}) changes nothing`, { hook: index, evidence: E.async }));
      effects.set(index, 'none');
      return;
    }
    const answer = interpretCodex(name, result, planned.entry.timeoutMs);
    for (const note of answer.notes) diagnostics.push(diag(note.level, note.code, `${ordinal(index)}: ${note.message}`, { hook: index }));
    if (answer.failed) {
      diagnostics.push(
        diag('warning', 'hook.failed', `${ordinal(index)} failed ("${answer.failed}"): it counts as no answer${name === 'PreToolUse' ? ', so the tool runs as far as it is concerned (fail-open)' : ''}`, {
          hook: index,
          evidence: result.timedOut ? E.timeout : E.failOpen,
        }),
      );
    }
    reads.push({ index, entry: planned.entry, endMs: result.startMs + result.durationMs, answer });
  });

  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
  let rewriter: Read | undefined;
  const ok = reads.filter((r) => !r.answer.failed);

  // Context: one developer message per hook, configured order (plain stdout counts where the event reads it).
  for (const r of ok) {
    const text = r.answer.context ?? r.answer.plain;
    if (text === undefined || text === '') continue;
    settled.context.push(text);
  }
  if (settled.context.length) {
    diagnostics.push(diag('info', 'rule.context', `${names(ok.filter((r) => (r.answer.context ?? r.answer.plain) !== undefined))}: each hook's text becomes its own developer message for the model, in configured order${name === 'PreToolUse' ? ', right after the tool call (kept even if the call is blocked)' : ''}`, { evidence: E.context }));
  }

  switch (name) {
    case 'PreToolUse':
      rewriter = settlePreToolUse(ok, input, settled);
      break;
    case 'PostToolUse': {
      const feedback = ok.filter((r) => r.answer.block || r.answer.halt);
      if (feedback.length) {
        const texts = feedback.map((r) => r.answer.block?.reason ?? r.answer.halt?.stopReason ?? wording.postToolStopped);
        settled.verdict = 'block';
        settled.reason = texts[0]!;
        settled.shown = { model: texts.join('\n\n') };
        diagnostics.push(
          diag('info', 'rule.post-tool-replaced', `${names(feedback)} ${feedback.length > 1 ? 'answer' : 'answers'} with a block, exit 2 or continue: false: the tool already ran, and the model reads ${JSON.stringify(preview(settled.shown.model!, 100))} instead of its output; the turn goes on`, { evidence: E.post }),
        );
      }
      break;
    }
    case 'UserPromptSubmit': {
      const stopping = ok.find((r) => r.answer.block || r.answer.halt);
      if (stopping) {
        settled.verdict = 'block';
        settled.reason = stopping.answer.block?.reason ?? stopping.answer.halt?.stopReason ?? null;
        settled.halt = ok.some((r) => r.answer.halt);
        settled.context = [];
        diagnostics.push(diag('info', 'rule.prompt-dropped', `${ordinal(stopping.index)} stops the prompt (${stopping.answer.block?.via ?? 'continue: false'}): Codex makes no model request at all, the turn ends quietly (exit 0) and the reason is shown nowhere`, { hook: stopping.index, evidence: E.prompt }));
      }
      break;
    }
    case 'SessionStart':
    case 'SubagentStart':
    case 'PreCompact': {
      const halting = ok.find((r) => r.answer.halt);
      if (halting) {
        settled.halt = true;
        if (halting.answer.halt!.stopReason !== null) settled.stopReason = halting.answer.halt!.stopReason;
        diagnostics.push(diag('info', 'rule.halt', `${ordinal(halting.index)} answers continue: false: ${name === 'PreCompact' ? 'the turn aborts before compaction' : 'the session ends before the prompt is sent'}`, { hook: halting.index, evidence: E.sessionStart }));
      }
      break;
    }
    case 'Stop':
    case 'SubagentStop':
      settleStop(ok, settled);
      break;
    case 'PermissionRequest': {
      const denying = ok.find((r) => r.answer.block);
      if (denying) {
        settled.verdict = 'block';
        settled.reason = denying.answer.block!.reason;
        settled.shown = { model: denying.answer.block!.reason };
      } else if (ok.some((r) => r.answer.allow)) settled.verdict = 'allow';
      break;
    }
    default:
      if (OUTPUT_IGNORED.has(name) && reads.length) diagnostics.push(diag('info', 'rule.observation-only', `${name} cannot change anything: Codex does not read its hooks' exit codes or output`, { evidence: E.observation }));
  }

  for (const r of ok) {
    if (r.answer.systemMessage !== undefined) diagnostics.push(diag('info', 'rule.system-message', `${ordinal(r.index)}'s systemMessage is never shown to the model; codex exec prints nothing for it`, { hook: r.index, evidence: E.systemMessage }));
  }
  for (const r of reads) effects.set(r.index, effectOf(r.answer, r === rewriter));
  return settled;
}

function settlePreToolUse(ok: Read[], input: JsonObject, settled: Settled): Read | undefined {
  const { diagnostics } = settled;
  const blocks = ok.filter((r) => r.answer.block);
  const rewrites = ok.filter((r) => r.answer.rewrite);
  const toolName = typeof input.tool_name === 'string' ? input.tool_name : '';
  const toolInput = input.tool_input;
  const original = typeof toolInput === 'object' && toolInput !== null && !Array.isArray(toolInput) && typeof toolInput.command === 'string' ? toolInput.command : '';
  if (blocks.length) {
    const first = blocks[0]!;
    const reason = first.answer.block!.reason;
    settled.verdict = 'block';
    settled.reason = reason;
    settled.shown = { model: toolName === 'Bash' ? wording.commandBlocked(reason, original) : wording.toolBlocked(reason) };
    diagnostics.push(diag('info', 'rule.block', `${ordinal(first.index)} blocks (${first.answer.block!.via}): the tool does not run and the model reads ${JSON.stringify(preview(settled.shown.model!, 120))}`, { hook: first.index, evidence: E.preBlock }));
    if (blocks.length > 1) diagnostics.push(diag('info', 'rule.first-block-reason', `${names(blocks)} all block: the reason of the first in configured order (${ordinal(first.index)}) is used, whichever finished first`, { evidence: E.firstBlock }));
    if (rewrites.length) diagnostics.push(diag('info', 'rule.rewrite-dropped', `the rewrite of ${names(rewrites)} is dropped: any block beats every rewrite, and the original command is quoted`, { evidence: E.blockBeatsRewrite }));
    return undefined;
  }
  if (!rewrites.length) return undefined;
  const winner = rewrites.reduce((a, b) => (b.endMs >= a.endMs ? b : a));
  const rw = winner.answer.rewrite!;
  if (rewrites.length > 1) diagnostics.push(diag('info', 'rule.last-rewrite-wins', `${names(rewrites)} all rewrite: ${ordinal(winner.index)} finished last, so its rewrite is used, whatever the configured order`, { hook: winner.index, evidence: E.lastRewrite }));
  if (rw.command === null) {
    settled.verdict = 'block';
    settled.reason = wording.rewriteWithoutCommand;
    settled.shown = { model: wording.rewriteWithoutCommand };
    diagnostics.push(diag('warning', 'rule.rewrite-without-command', `${ordinal(winner.index)} allows with an updatedInput that has no string "command" (${preview(rw.input, 60)}): Codex does not run the tool and the model reads "${wording.rewriteWithoutCommand}"`, { hook: winner.index, evidence: E.rewriteNoCommand }));
    return winner;
  }
  settled.verdict = 'allow';
  settled.updatedInput = { command: rw.command };
  diagnostics.push(
    diag('info', 'rule.rewrite', `${ordinal(winner.index)} rewrites the command to ${JSON.stringify(preview(rw.command, 80))}: Codex runs it instead (other updatedInput keys are ignored); the model's own history keeps its original call`, { hook: winner.index, evidence: E.rewrite }),
  );
  return winner;
}

function settleStop(ok: Read[], settled: Settled): void {
  const halting = ok.find((r) => r.answer.halt);
  const blocks = ok.filter((r) => r.answer.block);
  if (halting) {
    settled.halt = true;
    if (halting.answer.halt!.stopReason !== null) settled.stopReason = halting.answer.halt!.stopReason;
    settled.diagnostics.push(diag('info', 'rule.stop-halt', `${ordinal(halting.index)} answers continue: false: the turn ends${blocks.length ? `, whatever the block of ${names(blocks)} says` : ''}`, { hook: halting.index, evidence: E.stopHalt }));
    return;
  }
  if (!blocks.length) return;
  settled.verdict = 'block';
  settled.reason = blocks[0]!.answer.block!.reason;
  settled.eventOut = { continuation: blocks.map((r) => ({ hook: r.index, order: r.entry.order, source: r.entry.source, reason: r.answer.block!.reason })) };
  settled.diagnostics.push(
    diag('info', 'rule.stop-continue', `${names(blocks)} block${blocks.length === 1 ? 's' : ''} the stop: Codex makes one more model request with a user message holding one <hook_prompt> per blocking hook (configured order); the next Stop has stop_hook_active true. Codex has no loop cap: a hook that always blocks loops forever`, { evidence: E.stop }),
  );
}
