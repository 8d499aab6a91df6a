import type { Diagnostic, Effect, Verdict } from '../../outcome.js';
import { preview } from '../../util/json.js';
import type { Settled, SettleInput } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import type { ClaudeCodeEntry, ClaudeCodeSettings } from './config.js';
import { TOOL_EVENTS } from './events.js';
import { DECISION_RANK, interpretClaudeCode, type ClaudeCodeAnswer, type Decision } from './interpret.js';
import { stopBlockCap } from './version.js';
import { settleV1 } from './versions/v1.js';
import { settleEarlyV2 } from './versions/v2-early.js';
import { DEFAULT_DENY_REASON, DEFAULT_PERMISSION_DENIAL, hookName, wording } from './wording.js';

interface Read {
  index: number;
  /** When the hook's process ended, from the run's start: Claude Code reads answers in that order. */
  endMs: number;
  answer: ClaudeCodeAnswer;
}

/**
 * A hook's decision. A blocking error denies (or blocks) whatever permission the JSON names, with its text: the JSON
 * reason, or exit 2's `[command]: stderr`. Otherwise the permission behaviour, with its reason.
 */
function decisionOf(a: ClaudeCodeAnswer): { kind: Decision; reason: string | null; text: string | null; via: string } | undefined {
  if (a.blocking) return { kind: 'deny', reason: a.permission?.reason || a.blocking.reason || a.blocking.text, text: a.blocking.text, via: a.blocking.via };
  const p = a.permission;
  if (p) return { kind: p.behavior, reason: p.reason ?? null, text: p.reason ?? null, via: p.via };
  return undefined;
}

function effectOf(a: ClaudeCodeAnswer, rewriteUsed: boolean): Effect {
  if (a.failed) return 'error';
  const d = decisionOf(a);
  if (d?.kind === 'deny' || a.halt) return 'block';
  if (rewriteUsed) return 'rewrite';
  if (d) return d.kind === 'defer' ? 'block' : d.kind;
  if (a.additionalContext !== undefined || a.plain !== undefined) return 'context';
  return 'none';
}

/** Plain stdout longer than this is persisted to a file (recorded: 9 KB is shown, 12 KB is not; the docs say 10,000). */
const PLAIN_OUTPUT_LIMIT = 10_000;
/** Events where `continue: false` changes nothing (recorded with the oracle). */
/**
 * Events whose continue: false a `-p` session ignores (recorded on every build that has them:
 * sw-ch-<event>-json-continue-false*): the failure already happened, the session has not started its turn, the
 * session is ending, or (PermissionRequest) the answer only settles the prompt.
 */
const HALT_IGNORED = new Set(['PostToolUseFailure', 'SessionStart', 'SessionEnd', 'PermissionRequest', 'PermissionDenied']);
/** Events whose systemMessage a `-p` session does not show the user (recorded). */
const SYSTEM_MESSAGE_SILENT = new Set(['PermissionRequest', 'SessionStart', 'SessionEnd']);

/** Hooks finishing closer than this are read in an order the real host does not fix (recorded: it varies run to run). */
export const RACE_MS = 100;

const names = (reads: Read[]) => reads.map((r) => ordinal(r.index)).join(', ');

/**
 * Claude Code's combination rules (2.1.332, each checked with the oracle). Hooks run in parallel and their answers
 * are read in the order they finish:
 * - PreToolUse: deny > ask > allow; among equals the last to finish gives the reason; the last hook to finish with
 *   an updatedInput wins, and it replaces the whole input; a deny drops every rewrite; additionalContext of all
 *   hooks reaches the model after the tool result, joined in finishing order; `continue: false` lets the tool run,
 *   then ends the session.
 * - Stop: a block continues the turn with the reason; UserPromptSubmit: a block means no model request at all.
 */
export function settleClaudeCode(settleInput: SettleInput<ClaudeCodeEntry>): Settled {
  const { prepared, event, host, loaded, results } = settleInput;
  const settings = loaded.settings as unknown as ClaudeCodeSettings;
  // Older builds read and combined answers their own way (versions/v1.ts, versions/v2-early.ts).
  if (settings.rules?.answers === 'v1') return settleV1(settleInput);
  if (settings.rules?.answers === 'v2.0') {
    const early = settleEarlyV2(settleInput);
    if (early) return early;
  }
  const name = event.name;
  const input = prepared.input;
  const join = contextStyle(name, settings.rules?.joinContexts !== false);
  const toolName = TOOL_EVENTS.has(name) && typeof input.tool_name === 'string' ? input.tool_name : null;
  const label = hookName(name, toolName);
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();

  const reads: Read[] = [];
  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    if (!result) return;
    const answer = interpretClaudeCode(name, planned.entry.command, result, planned.entry.timeoutMs, settings.rules ? { rejectedEnd: settings.rules.rejectedEnd, stopContext: settings.rules.stopContext, unparsedJson: settings.rules.unparsedJson, label: settings.rules.version } : {});
    for (const note of answer.notes) diagnostics.push(diag(note.level, note.code, `${ordinal(index)}: ${note.message}`, { hook: index }));
    if (answer.failed) diagnostics.push(diag('warning', 'hook.failed', `${ordinal(index)} ${answer.failed}: it counts as no answer, and ${name === 'PreToolUse' ? 'the tool call is not checked by it' : 'Claude Code carries on'}`, { hook: index }));
    reads.push({ index, endMs: result.startMs + result.durationMs, answer });
  });
  // Claude Code reads answers as they arrive: by finishing time, plan order on ties.
  reads.sort((a, b) => a.endMs - b.endMs || a.index - b.index);
  if (reads.length > 1) {
    diagnostics.push(diag('info', 'rule.finish-order', `the hooks finished in this order: ${names(reads)}; Claude Code reads their answers in that order, not in declaration order`));
    const close = reads.slice(1).filter((r, i) => r.endMs - reads[i]!.endMs < RACE_MS);
    if (close.length) {
      diagnostics.push(
        diag(
          'warning',
          'rule.finish-order-racy',
          `some hooks finished within ${RACE_MS} ms of each other (${close.map((r) => ordinal(r.index)).join(', ')} right after the one before): the real Claude Code reads such answers in whichever order they reach it, which differs from run to run, so where their order matters (joined contexts, the last reason among equals) this run shows one of the possible outcomes`,
        ),
      );
    }
  }

  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
  const user: string[] = [];
  let rewriter: Read | undefined;

  for (const r of reads) {
    if (r.answer.notice) user.push(wording[r.answer.notice]);
  }

  const halting = reads.filter((r) => r.answer.halt);
  const halt = halting[halting.length - 1];
  if (halt && HALT_IGNORED.has(name)) {
    diagnostics.push(diag('info', 'rule.halt-ignored', `${ordinal(halt.index)} answers continue: false, but Claude Code ignores it on ${name}: the session goes on`, { hook: halt.index }));
  } else if (halt) {
    settled.halt = true;
    const stopReason = halt.answer.halt!.stopReason;
    if (stopReason !== null) settled.stopReason = stopReason;
    diagnostics.push(diag('info', 'rule.halt', `${ordinal(halt.index)} answers continue: false: ${haltWords(name)}`, { hook: halt.index }));
    if (name === 'UserPromptSubmit') user.push(wording.promptHalted(stopReason));
  }

  switch (name) {
    case 'PreToolUse':
      rewriter = settlePreToolUse(reads, label, settled, join, settings.rules?.jsonDenyText === 'reason', settings.rules?.hookAllowFirst === true);
      // Builds before today's go on after continue: false beside a deny (versions/profiles.ts, `haltWithDeny`).
      if (settled.verdict === 'block' && settled.halt && settings.rules && !settings.rules.haltWithDeny) {
        settled.halt = false;
        delete settled.stopReason;
        diagnostics.push(diag('info', 'rule.halt-ignored', `continue: false goes with a deny: Claude Code ${settings.rules.version} ignores it, the session goes on`));
      }
      break;
    case 'PermissionRequest':
      rewriter = settlePermissionRequest(reads, settled);
      break;
    case 'PostToolUse':
    case 'PostToolUseFailure':
      settlePostToolUse(reads, label, settled, join);
      break;
    case 'Stop':
      settleStop(reads, settled, settings, host.env, input.stop_hook_active === true);
      break;
    case 'UserPromptSubmit':
      settleBlocks(reads, settled, (r, d) => {
        const prompt = typeof input.prompt === 'string' ? input.prompt : '';
        // continue: false already told the user why the session stops: the block adds no notice of its own.
        if (!settled.halt) user.push(wording.promptBlocked(d.text ?? DEFAULT_DENY_REASON, prompt));
        diagnostics.push(diag('info', 'rule.prompt-blocked', `${ordinal(r.index)} blocks the prompt (${d.via}): no model request is made at all, and the user sees why`, { hook: r.index }));
      });
      if (settled.verdict !== 'block') addPlainAndContext(reads, 'UserPromptSubmit', 'UserPromptSubmit', settled, 'finished', join, settings.rules?.persistedPreview === true);
      break;
    case 'PostToolBatch':
      // A block after the batch cannot undo the tools: Claude Code ends the session there, like continue: false.
      settleBlocks(reads, settled, (r, d) => {
        settled.halt = true;
        diagnostics.push(diag('info', 'rule.batch-blocked', `${ordinal(r.index)} blocks after the tool batch (${d.via}): the tools already ran, so Claude Code stops the session: no further model request, no Stop hook`, { hook: r.index }));
      });
      addContext(reads, 'PostToolBatch', settled, join);
      break;
    case 'SessionStart': {
      const source = typeof input.source === 'string' ? input.source : 'startup';
      for (const r of reads) if (decisionOf(r.answer)) diagnostics.push(diag('info', 'rule.cannot-block', `${ordinal(r.index)} tries to block, but SessionStart cannot block: ignored`, { hook: r.index }));
      // 2.1.143 still tells the model of a JSON block it ignores (versions/profiles.ts, sessionStartBlockNote).
      if (settings.rules?.sessionStartBlockNote) {
        for (const r of reads) {
          const d = decisionOf(r.answer);
          if (d?.kind !== 'deny' || d.via === 'exit 2') continue;
          const text = wording.postToolBlocked(`SessionStart:${source}`, r.answer.command, d.text ?? DEFAULT_DENY_REASON);
          settled.context.push(text);
          diagnostics.push(diag('info', 'rule.session-start-block-note', `${ordinal(r.index)}'s block stops nothing, but Claude Code ${settings.rules.version} gives the model ${JSON.stringify(preview(text, 100))} (recorded)`, { hook: r.index }));
        }
      }
      addPlainAndContext(reads, `SessionStart:${source}`, 'SessionStart', settled, 'plain-first', join, settings.rules?.persistedPreview === true);
      break;
    }
    default:
      for (const r of reads) {
        const said = decisionOf(r.answer) ? 'a decision' : r.answer.additionalContext !== undefined ? 'additionalContext' : r.answer.plain ? 'output' : null;
        if (said) diagnostics.push(diag('info', 'rule.observation-only', `${ordinal(r.index)} answers with ${said}, but ${name} is observation only: Claude Code ignores it`, { hook: r.index }));
      }
  }

  for (const r of reads) {
    if (r.answer.systemMessage === undefined) continue;
    if (SYSTEM_MESSAGE_SILENT.has(name)) {
      diagnostics.push(diag('info', 'rule.system-message-silent', `${ordinal(r.index)}'s systemMessage is not shown in a -p session on ${name} (recorded), nor given to the model`, { hook: r.index }));
      continue;
    }
    user.push(wording.systemMessage(label, r.answer.systemMessage));
    diagnostics.push(diag('info', 'rule.system-message', `${ordinal(r.index)}'s systemMessage is shown to the user, never to the model`, { hook: r.index }));
  }
  for (const r of reads) effects.set(r.index, effectOf(r.answer, r === rewriter));
  settled.hostReports = new Map(reads.map((r) => [r.index, r.answer.end]));
  // What the next model request carries because of these hooks, in the CLI's order: a replaced tool result, then
  // every hook text of this event.
  const model = [...(settled.shown?.toolResult !== undefined ? [settled.shown.toolResult] : []), ...settled.context];
  if (model.length) settled.shown = { ...settled.shown, model: model.join('\n\n') };
  if (user.length) settled.shown = { ...settled.shown, user: user.join('\n\n') };
  if (settings.rules === null) settled.verdict = 'proceed';
  return settled;
}

function haltWords(event: string): string {
  switch (event) {
    case 'PreToolUse':
      return 'the tool still runs (a deny would stop it), then the session ends: no further model request and no Stop hooks';
    case 'UserPromptSubmit':
      return 'the prompt is not sent: the session ends';
    case 'Stop':
      return 'the session ends, whatever a block says';
    default:
      return 'the session ends after this step';
  }
}

/** PreToolUse: deny > ask > allow; returns the hook whose rewrite is used, if any. */
function settlePreToolUse(reads: Read[], label: string, settled: Settled, join: ContextStyle, bareDeny = false, hookAllowFirst = false): Read | undefined {
  const { diagnostics } = settled;
  const deciding = reads.filter((r) => decisionOf(r.answer));
  let top: Decision | undefined;
  for (const r of deciding) {
    const kind = decisionOf(r.answer)!.kind;
    if (!top || DECISION_RANK[kind] > DECISION_RANK[top]) top = kind;
  }
  const rewrites = reads.filter((r) => r.answer.updatedInput);
  let rewriter: Read | undefined;

  if (top) {
    const equals = deciding.filter((r) => decisionOf(r.answer)!.kind === top);
    const winner = equals[equals.length - 1]!;
    const d = decisionOf(winner.answer)!;
    settled.verdict = ({ deny: 'block', defer: 'block', ask: 'ask', allow: 'allow' } as const satisfies Record<Decision, Verdict>)[top];
    const weaker = deciding.filter((r) => DECISION_RANK[decisionOf(r.answer)!.kind] < DECISION_RANK[top!]);
    const rank = weaker.length ? ` It beats ${weaker.map((r) => `${ordinal(r.index)}'s ${decisionOf(r.answer)!.kind}`).join(', ')}: deny > ask > allow, whatever the order.` : '';
    const tie = equals.length > 1 ? ` ${names(equals.slice(0, -1))} also ${top}, but ${ordinal(winner.index)} finished last, so its reason is the one used.` : '';
    if (top === 'deny') {
      settled.reason = d.reason ?? DEFAULT_DENY_REASON;
      // 2.1.143 (versions/profiles.ts, jsonDenyText): a permission deny (permissionDecision "deny" or decision
      // "block") from a hook that did not exit 2 gives the model its own reason alone; a blocking error keeps the prefix.
      const permission = winner.answer.permission;
      const bare = bareDeny && permission?.behavior === 'deny' && winner.answer.end !== 'error:2';
      settled.shown = { toolResult: bare ? permission.reason || `Hook ${label} denied this tool` : wording.preToolDenied(label, d.text ?? DEFAULT_DENY_REASON) };
      diagnostics.push(diag('info', 'rule.deny-wins', `${ordinal(winner.index)} denies (${d.via}): the tool does not run, and the model gets ${JSON.stringify(preview(settled.shown.toolResult!, 100))} as the tool result.${rank}${tie}`, { hook: winner.index }));
      if (rewrites.length) diagnostics.push(diag('info', 'rule.rewrite-dropped', `the updatedInput of ${names(rewrites)} is not used: the call is denied`));
    } else if (top === 'defer') {
      settled.reason = d.reason;
      diagnostics.push(
        diag('info', 'rule.defer', `${ordinal(winner.index)} defers the call (${d.via}): with -p Claude Code stops the session there ("tool_deferred"): the tool does not run, no further model request, no Stop hook.${rank}${tie}`, { hook: winner.index }),
      );
    } else if (top === 'ask') {
      if (settled.halt) {
        settled.halt = false;
        delete settled.stopReason;
        diagnostics.push(diag('info', 'rule.halt-ignored', 'continue: false goes with an ask: in -p the ask becomes a denial and the session goes on (recorded), so continue: false changes nothing'));
      }
      settled.reason = d.reason;
      settled.shown = { toolResult: wording.askDenied(label, d.reason) };
      diagnostics.push(
        diag('info', 'rule.ask-wins', `${ordinal(winner.index)} asks (${d.via}): interactively the user is asked; with -p nobody can answer, so Claude Code denies and the model gets ${JSON.stringify(preview(settled.shown.toolResult!, 100))}.${rank}${tie}`, { hook: winner.index }),
      );
    } else {
      settled.reason = d.reason;
      // Whether an allow beats the permission rules is the version's (hookAllowFirst): today a deny or ask rule still decides.
      const runs = hookAllowFirst ? 'the tool runs even if the permission rules would not allow it' : 'Claude Code runs the call without asking, unless a deny or ask rule matches it (those still decide)';
      diagnostics.push(diag('info', 'rule.allow', `${ordinal(winner.index)} allows (${d.via}): ${runs}.${tie}`, { hook: winner.index }));
    }
  }

  if (top !== 'deny' && rewrites.length) {
    rewriter = rewrites[rewrites.length - 1]!;
    settled.updatedInput = rewriter.answer.updatedInput!;
    const lost = rewrites.slice(0, -1);
    const hidden = lost.length ? `; it finished after ${names(lost)}, whose rewrite${lost.length > 1 ? 's are' : ' is'} lost (the last to finish wins, whatever the declaration order)` : '';
    diagnostics.push(diag('info', 'rule.last-rewrite-wins', `${ordinal(rewriter.index)} rewrites the tool input to ${preview(settled.updatedInput, 80)}: it replaces the whole input, fields it leaves out are gone${hidden}`, { hook: rewriter.index }));
    if (top === 'ask') diagnostics.push(diag('info', 'rule.rewrite-with-ask', 'the rewrite goes with the ask: interactively the user is asked about the rewritten call'));
  }
  addContext(reads, label, settled, join);
  return rewriter;
}

/**
 * PermissionRequest: the permission prompt is answered by the first hook to finish with an answer (recorded: an
 * allow finishing first beats a later deny, and the other way round). A hook's hookSpecificOutput.decision is its
 * only answer, even beside exit 2 or decision "block": a top-level decision ("block" or "approve") and exit 2 answer
 * nothing, and the prompt stays open (x-channels-perm-legacy-block, sw-ch-PermissionRequest-json-decision-block,
 * -top-level-decision-allow, perm-exit2--unanswered).
 */
function settlePermissionRequest(reads: Read[], settled: Settled): Read | undefined {
  const { diagnostics } = settled;
  // Exit 2 answers nothing here: the prompt stays open for the user (recorded on 2.1.332: perm-exit2--answered-allow
  // runs as the user allows, perm-exit2--unanswered gets claude -p's own refusal; sw-ch-PermissionRequest-exit2-stderr).
  const answerOf = (a: ClaudeCodeAnswer) => (a.permissionRequest ? { ...a.permissionRequest, via: `decision.behavior "${a.permissionRequest.behavior}"` } : undefined);
  for (const r of reads) {
    if (!r.answer.permissionRequest && r.answer.blocking?.via === 'exit 2') diagnostics.push(diag('info', 'hook.permission-exit2-ignored', `${ordinal(r.index)} exits 2: on PermissionRequest that answers nothing, and the prompt stays open for the user (recorded)`, { hook: r.index }));
  }
  for (const r of reads) {
    const via = r.answer.permission?.via;
    if (!r.answer.permissionRequest && (via === 'decision "approve"' || via === 'decision "block"')) {
      diagnostics.push(diag('info', 'hook.field-ignored', `${ordinal(r.index)}: ${via} ${via === 'decision "approve"' ? 'grants' : 'refuses'} nothing on PermissionRequest: only hookSpecificOutput.decision answers the prompt`, { hook: r.index }));
    }
  }
  const answering = reads.filter((r) => answerOf(r.answer));
  const winner = answering[0];
  if (!winner) return undefined;
  const d = answerOf(winner.answer)!;
  const later = answering.slice(1);
  const beaten = later.length ? ` ${names(later)} answered too, but later: the first answer to arrive settles the prompt.` : '';
  if (d.behavior === 'deny') {
    settled.verdict = 'block';
    const message = d.message || DEFAULT_PERMISSION_DENIAL;
    settled.reason = message;
    if (d.interrupt === true) {
      settled.shown = { toolResult: wording.permissionInterrupted };
      diagnostics.push(diag('info', 'rule.permission-interrupt', `${ordinal(winner.index)} denies with interrupt: true: Claude Code rejects the call and stops the turn ("aborted_tools"): no further model request, no Stop hook.${beaten}`, { hook: winner.index }));
      return undefined;
    }
    settled.shown = { toolResult: message };
    diagnostics.push(diag('info', 'rule.permission-denied', `${ordinal(winner.index)} denies the permission (${d.via}): the tool does not run and the model gets ${JSON.stringify(preview(message, 80))}.${beaten}`, { hook: winner.index }));
    return undefined;
  }
  settled.verdict = 'allow';
  diagnostics.push(diag('info', 'rule.permission-allowed', `${ordinal(winner.index)} grants the permission: the tool runs without asking.${beaten}`, { hook: winner.index }));
  if (winner.answer.updatedInput) {
    settled.updatedInput = winner.answer.updatedInput;
    return winner;
  }
  return undefined;
}

/** Events where a deny is a block: the last hook to finish with a block gives the reason. */
function settleBlocks(reads: Read[], settled: Settled, onBlock: (r: Read, d: NonNullable<ReturnType<typeof decisionOf>>) => void): void {
  const blocks = reads.filter((r) => decisionOf(r.answer)?.kind === 'deny');
  for (const r of reads) {
    const d = decisionOf(r.answer);
    if (d && d.kind !== 'deny') settled.diagnostics.push(diag('info', 'hook.field-ignored', `${ordinal(r.index)}: ${d.via} means nothing here: only a block counts`, { hook: r.index }));
  }
  const winner = blocks[blocks.length - 1];
  if (!winner) return;
  const d = decisionOf(winner.answer)!;
  settled.verdict = 'block';
  settled.reason = d.reason ?? DEFAULT_DENY_REASON;
  if (blocks.length > 1) settled.diagnostics.push(diag('info', 'rule.last-block', `${names(blocks)} block; ${ordinal(winner.index)} finished last, so its reason is used`));
  onBlock(winner, d);
}

/**
 * PostToolUse: the tool already ran. The model reads each hook's part as the hooks finish: a blocking hook's
 * "blocking error from command" text, or its additionalContext (consecutive contexts merge into one text).
 * `context` holds all of it in that order.
 */
function settlePostToolUse(reads: Read[], label: string, settled: Settled, join: ContextStyle): void {
  const { diagnostics } = settled;
  const blocks = reads.filter((r) => decisionOf(r.answer)?.kind === 'deny');
  const blockText = (r: Read) => wording.postToolBlocked(label, r.answer.command, decisionOf(r.answer)!.text ?? DEFAULT_DENY_REASON);
  for (const r of reads) {
    const d = decisionOf(r.answer);
    if (d && d.kind !== 'deny') diagnostics.push(diag('info', 'hook.field-ignored', `${ordinal(r.index)}: ${d.via} means nothing after the tool ran: only a block counts`, { hook: r.index }));
  }
  settled.context.push(...inFinishingOrder(reads, label, (r) => (decisionOf(r.answer)?.kind === 'deny' ? blockText(r) : undefined), join));
  if (blocks.length) {
    const first = decisionOf(blocks[0]!.answer)!;
    settled.verdict = 'block';
    settled.reason = first.reason ?? DEFAULT_DENY_REASON;
    for (const r of blocks) {
      diagnostics.push(diag('info', 'rule.post-tool-blocked', `${ordinal(r.index)} blocks (${decisionOf(r.answer)!.via}), but the tool already ran: the model is only told, as ${JSON.stringify(preview(blockText(r), 100))}`, { hook: r.index }));
    }
    if (blocks.length > 1) diagnostics.push(diag('info', 'rule.every-block-counts', `${names(blocks)} all block: the model reads each one, in the order the hooks finished`));
  }
  const giving = reads.filter((r) => r.answer.additionalContext !== undefined);
  if (giving.length) {
    diagnostics.push(diag('info', 'rule.context', `${names(giving)} add${giving.length === 1 ? 's' : ''} context after the tool result${blocks.length ? ', placed among the blocking texts in the order the hooks finished' : giving.length > 1 ? `, ${STYLE_WORDS[join]}, in the order the hooks finished` : ''}`));
  }
}

/**
 * Stop: every blocking hook counts, in finishing order. Each gives the model a "Stop hook feedback" user message;
 * each JSON block (not exit 2) adds a system note naming its command, after all the feedback. `context` holds all
 * of it in the order the model reads it.
 */
function settleStop(reads: Read[], settled: Settled, settings: ClaudeCodeSettings, env: Record<string, string> | undefined, active: boolean): void {
  const { diagnostics } = settled;
  const blocks = reads.filter((r) => decisionOf(r.answer)?.kind === 'deny');
  for (const r of reads) {
    const d = decisionOf(r.answer);
    if (d && d.kind !== 'deny') diagnostics.push(diag('info', 'hook.field-ignored', `${ordinal(r.index)}: ${d.via} means nothing on Stop: only a block counts`, { hook: r.index }));
  }
  const contexts = reads.filter((r) => r.answer.additionalContext !== undefined);
  if (settled.halt) {
    // continue: false ends the turn here ("stop_hook_prevented"): no block or context keeps it going.
    if (blocks.length || contexts.length) diagnostics.push(diag('info', 'rule.halt-beats-block', 'continue: false beats every block and context of this Stop: the turn ends, and the model is not called again'));
    return;
  }
  if (!blocks.length && !contexts.length) return;
  settled.verdict = 'block';
  const first = blocks[0] ? decisionOf(blocks[0].answer)! : null;
  settled.reason = first ? (first.reason ?? DEFAULT_DENY_REASON) : null;
  const feedback = blocks.map((r) => wording.stopFeedback(decisionOf(r.answer)!.text ?? DEFAULT_DENY_REASON));
  // After all the feedback messages, each hook's part in finishing order: a JSON block's note, then its context
  // (consecutive contexts joined).
  const parts = inFinishingOrder(reads, 'Stop', (r) => {
    const d = decisionOf(r.answer);
    return d?.kind === 'deny' && d.via !== 'exit 2' ? wording.stopBlockingError(r.answer.command, d.text ?? DEFAULT_DENY_REASON) : undefined;
  }, contextStyle('Stop', settings.rules?.joinContexts !== false));
  settled.context.push(...feedback, ...parts);
  for (const r of contexts) {
    if (decisionOf(r.answer)?.kind !== 'deny') diagnostics.push(diag('info', 'rule.stop-context-continues', `${ordinal(r.index)}'s additionalContext keeps the turn going: the model reads it and works on, and Stop runs again with stop_hook_active: true`, { hook: r.index }));
  }
  for (const r of blocks) {
    const d = decisionOf(r.answer)!;
    diagnostics.push(
      diag('info', 'rule.stop-continues', `${ordinal(r.index)} blocks the stop (${d.via}): the model gets "Stop hook feedback:" with ${d.via === 'exit 2' ? '"[command]: stderr"' : 'the reason, plus a system note naming the command'}, and keeps working`, { hook: r.index }),
    );
  }
  if (blocks.length > 1) diagnostics.push(diag('info', 'rule.every-block-counts', `${names(blocks)} all block: the model reads every one's feedback, in the order the hooks finished`));
  if (settings.rules) {
    const cap = stopBlockCap(settings.rules, env);
    const again = active ? ': this hook blocks again although stop_hook_active is true; check it and answer nothing to let the turn end' : '';
    if (cap === null && settings.rules.stopBlockCap !== null) {
      diagnostics.push(diag('warning', 'rule.stop-cap-lifted', `the next Stop has stop_hook_active: true. ${settings.rules.stopBlockCapEnv} is 0 or less, which lifts Claude Code's cap: a Stop hook that keeps blocking keeps the turn going for ever${again}`));
    } else {
      diagnostics.push(diag('info', active ? 'rule.stop-hook-active' : 'rule.stop-cap', `the next Stop has stop_hook_active: true. Claude Code overrides Stop hooks that block ${cap} times in a row and ends the turn${again}`));
    }
  }
}

/**
 * The texts the model reads from hooks in the order they finished: each hook's own text (`partOf`: a block, a
 * note, a plain output) where it stands, and the additionalContext of consecutive hooks joined as one text.
 */
function inFinishingOrder(reads: Read[], label: string, partOf: (r: Read) => string | undefined, join: ContextStyle = 'joined'): string[] {
  const out: string[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) out.push(...contextTexts(label, pending, join));
    pending = [];
  };
  for (const r of reads) {
    const part = partOf(r);
    if (part !== undefined) {
      flush();
      out.push(part);
    }
    if (r.answer.additionalContext !== undefined) pending.push(r.answer.additionalContext);
  }
  flush();
  return out;
}

/** Contexts of consecutive hooks as one text, or (2.1.143) a text each. */
function contextTexts(label: string, contexts: string[], style: ContextStyle): string[] {
  if (style === 'joined') return [wording.additionalContext(label, contexts)];
  const apart = contexts.map((c) => wording.additionalContext(label, [c]));
  return style === 'paragraphs' ? [apart.join('\n\n')] : apart;
}

/**
 * How several hooks' additionalContext of one event reach the model: joined under one label (PreToolUse,
 * SessionStart: settings-context-order-by-completion, x-contexts-PreToolUse, x-contexts-SessionStart), a text each
 * (UserPromptSubmit, PostToolUse, PostToolBatch: x-contexts-UserPromptSubmit, x-contexts-PostToolUse,
 * x-contexts-PostToolUse-plugin, x-contexts-PostToolBatch), or one text of labelled paragraphs (Stop:
 * x-contexts-Stop). 2.1.143 gives a text each everywhere (versions/profiles.ts, joinContexts).
 */
type ContextStyle = 'joined' | 'apart' | 'paragraphs';
function contextStyle(event: string, joins: boolean): ContextStyle {
  if (!joins) return 'apart';
  if (event === 'PreToolUse' || event === 'SessionStart') return 'joined';
  return event === 'Stop' ? 'paragraphs' : 'apart';
}
const STYLE_WORDS: Record<ContextStyle, string> = { joined: 'joined as one text', apart: 'each as a text of its own', paragraphs: 'each labelled, in one text' };

/** additionalContext of every hook, in finishing order, as one text (or a text each, where they are not joined). */
function addContext(reads: Read[], label: string, settled: Settled, join: ContextStyle = 'joined'): void {
  const giving = reads.filter((r) => r.answer.additionalContext !== undefined);
  if (!giving.length) return;
  const texts = contextTexts(label, giving.map((r) => r.answer.additionalContext!), join);
  const text = texts.join('\n\n');
  settled.context.push(...texts);
  if (join !== 'joined' && giving.length > 1) settled.diagnostics.push(diag('info', 'rule.contexts-apart', `${names(giving)} add context: the model reads each hook's ${join === 'apart' ? 'as a text of its own' : 'under its own label'}, not joined (recorded on this version)`));
  settled.diagnostics.push(
    diag('info', 'rule.context', `${names(giving)} add${giving.length === 1 ? 's' : ''} context: the model reads ${JSON.stringify(preview(text, 100))}${label.startsWith('PreToolUse') || label.startsWith('PostToolUse') ? ' after the tool result' : ''}${giving.length > 1 ? ` (${STYLE_WORDS[join]}, in the order the hooks finished)` : ''}`),
  );
}

/**
 * SessionStart and UserPromptSubmit: plain stdout (exit 0) is context too, a text per hook; additionalContext of
 * consecutive hooks is joined as one text. UserPromptSubmit gives them in the order the hooks finished; SessionStart
 * gives every plain text first, then the contexts (both recorded with a slow and a fast hook each way round). A plain
 * text over the limit is saved to a file and the model gets a pointer to it instead.
 */
function addPlainAndContext(reads: Read[], plainLabel: string, contextLabel: string, settled: Settled, order: 'finished' | 'plain-first', join: ContextStyle = 'joined', persistedPreview = false): void {
  if (order === 'plain-first') reads = [...reads.filter((r) => r.answer.plain), ...reads.filter((r) => !r.answer.plain)];
  const texts = inFinishingOrder(reads, contextLabel, (r) => {
    const plain = r.answer.plain;
    if (plain !== undefined && plain !== '') {
      const bytes = new TextEncoder().encode(plain).length;
      const large = bytes > PLAIN_OUTPUT_LIMIT;
      const text = wording.plainSuccess(plainLabel, large ? (persistedPreview ? wording.persistedOutputWithPreview(bytes, plain) : wording.persistedOutput(bytes)) : plain);
      if (large && persistedPreview) settled.diagnostics.push(diag('info', 'rule.persisted-preview', `${ordinal(r.index)}'s saved output is shown with a preview of its first 2,000 characters (recorded on this build)`, { hook: r.index }));
      settled.diagnostics.push(
        diag(
          'info',
          large ? 'rule.plain-context-persisted' : 'rule.plain-context',
          large
            ? `${ordinal(r.index)}'s plain stdout is over ${PLAIN_OUTPUT_LIMIT} bytes: Claude Code saves it to a file and the model reads only ${JSON.stringify(preview(text, 100))}`
            : `${ordinal(r.index)}'s plain stdout becomes context: the model reads ${JSON.stringify(preview(text, 100))}`,
          { hook: r.index },
        ),
      );
      return text;
    }
    return undefined;
  }, join);
  settled.context.push(...texts);
  const giving = reads.filter((r) => r.answer.additionalContext !== undefined);
  if (giving.length) settled.diagnostics.push(diag('info', 'rule.context', `${names(giving)} add${giving.length === 1 ? 's' : ''} context, in the order the hooks finished`));
}
