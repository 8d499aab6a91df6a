import type { Diagnostic, Effect } from '../../../outcome.js';
import type { ProcessResult } from '../../../runner/types.js';
import { isObject, preview } from '../../../util/json.js';
import type { Settled, SettleInput } from '../../dialect.js';
import { describeExit, diag, ordinal } from '../../shared/results.js';
import type { ClaudeCodeEntry, ClaudeCodeSettings } from '../config.js';

/**
 * Claude Code 1.0.41's hooks (profile switch `answers: 'v1'`), read from its runs
 * recorded by `npm run oracle -- --version 1.0.41`:
 * - stdout that starts with "{" and parses is checked against a small schema (continue, suppressOutput, stopReason,
 *   decision "approve" | "block", reason; other fields such as hookSpecificOutput are dropped). Valid JSON is the
 *   answer whatever the exit code, so exit 2 with JSON on stdout does not block; JSON of the wrong shape is a
 *   non-blocking error. Anything else is plain text: exit 2 blocks with "[command]: stderr", other codes do not.
 * - every hook runs at once; once all have finished their answers are read in finishing order: every blocking
 *   error is listed ("- " each), any decision "approve" allows the tool even beside a block, any continue: false stops.
 * - PreToolUse: a block denies with "<Tool> operation blocked by hook:" and the list; with continue: false the tool
 *   result is "Execution stopped by PreToolUse hook" (the model is still called); continue: false beside a run tool
 *   ends the session after it. PostToolUse: a block tells the model "<Tool> operation feedback:" and the list.
 *   Stop: a block continues the turn with "Stop hook feedback:" and the list, with no cap.
 * - no additionalContext, no systemMessage, no rewrite, no notice for the user in a -p session.
 */
interface V1Answer {
  index: number;
  command: string;
  blocking?: string;
  approve?: { reason?: string };
  halt?: { stopReason?: string };
  failed?: string;
}

const V1_FIELDS: Record<string, (v: unknown) => boolean> = {
  continue: (v) => typeof v === 'boolean',
  suppressOutput: (v) => typeof v === 'boolean',
  stopReason: (v) => typeof v === 'string',
  decision: (v) => v === 'approve' || v === 'block',
  reason: (v) => typeof v === 'string',
};

function readV1(index: number, command: string, result: ProcessResult, notes: Diagnostic[]): V1Answer {
  const a: V1Answer = { index, command };
  const n = ordinal(index);
  if (result.spawnError !== undefined) return { ...a, failed: describeExit(result) };
  if (result.timedOut) return { ...a, failed: `${describeExit(result)}: Claude Code 1.0.41 cancels it, and reads nothing from it` };
  const code = result.exitCode ?? 1;
  const text = result.stdout.trim();
  let json: unknown;
  if (text.startsWith('{')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (json !== undefined) {
    const bad = isObject(json) ? Object.entries(V1_FIELDS).filter(([k, ok]) => k in json && !ok(json[k])).map(([k]) => k) : ['(not an object)'];
    if (bad.length) {
      notes.push(diag('warning', 'hook.output-rejected', `${n}: Claude Code 1.0.41 checks JSON output against its schema and ${bad.join(', ')} does not fit: a non-blocking error, the hook has no say`, { hook: index }));
      return { ...a, failed: 'gave JSON that Claude Code 1.0.41 rejects' };
    }
    const o = json as Record<string, unknown>;
    const dropped = Object.keys(o).filter((k) => !(k in V1_FIELDS));
    if (dropped.length) notes.push(diag('info', 'hook.field-not-in-version', `${n}: ${dropped.join(', ')} ${dropped.length > 1 ? 'are' : 'is'} not read by Claude Code 1.0.41 (its JSON has only continue, stopReason, suppressOutput, decision and reason): ignored`, { hook: index }));
    if (code !== 0) notes.push(diag('info', 'hook.json-beats-exit-code', `${n}: exit ${code}, but stdout is valid JSON: Claude Code 1.0.41 reads only the JSON${code === 2 ? ', so exit 2 does not block' : ''}`, { hook: index }));
    if (o.continue === false) a.halt = o.stopReason ? { stopReason: String(o.stopReason) } : {};
    if (o.decision === 'approve') a.approve = o.reason ? { reason: String(o.reason) } : {};
    if (o.decision === 'block') a.blocking = (o.reason as string) || 'Blocked by hook';
    return a;
  }
  if (code === 2) a.blocking = `[${command}]: ${result.stderr || 'No stderr output'}`;
  else if (code !== 0) a.failed = `exited ${code}: a non-blocking error`;
  return a;
}

export function settleV1({ prepared, event, results, loaded }: SettleInput<ClaudeCodeEntry>): Settled {
  const settings = loaded.settings as unknown as ClaudeCodeSettings;
  const name = event.name;
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const answers: V1Answer[] = [];
  const ends = new Map<number, number>();
  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    if (!result) return;
    answers.push(readV1(index, planned.entry.command, result, diagnostics));
    ends.set(index, result.startMs + result.durationMs);
  });
  // Read once all have finished, mostly in the order they finished (a fast hook's block listed before a slow one
  // declared above it: post-two-blocks, sw-two-Stop-b-first), but not always (stop-two-blocks, the same timing, kept
  // declaration order): where several answers make one list, its order is racy, and said so below.
  answers.sort((a, b) => ends.get(a.index)! - ends.get(b.index)! || a.index - b.index);
  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
  if (!answers.length) return settled;
  // A hook whose command starts by reading its input (cat, jq, read) cannot have exited before the write.
  const unread = answers.filter((a) => !/^\s*(\{\s*)?(cat|jq|read)\b/.test(a.command));
  if (settings.rules?.stdinCrashRacy && unread.length) {
    diagnostics.push(
      diag(
        'warning',
        'rule.stdin-crash-racy',
        'Claude Code 1.0.41 writes the hook input to stdin after starting the hook, and crashes (exit 1, EPIPE, no result, nothing more runs) when a hook has already exited without reading it: whether that happens depends on timing (recorded in about a quarter of the runs). A hook that reads its input first (cat, jq, read) is safe',
      ),
    );
  }
  if (answers.length > 1) diagnostics.push(diag('info', 'rule.declaration-order', `the hooks run at once, and Claude Code 1.0.41 waits for all of them before it reads any answer, then reads them in the order they finished (${answers.map((a) => ordinal(a.index)).join(', ')})`));
  for (const a of answers) if (a.failed) diagnostics.push(diag('warning', 'hook.failed', `${ordinal(a.index)} ${a.failed}: it counts as no answer`, { hook: a.index }));
  const blocks = answers.filter((a) => a.blocking !== undefined);
  const approves = answers.filter((a) => a.approve);
  const halts = answers.filter((a) => a.halt);
  const stopReason = [...halts].reverse().find((a) => a.halt!.stopReason)?.halt!.stopReason;
  const list = blocks.map((a) => `- ${a.blocking}`).join('\n');
  if (blocks.length > 1) {
    diagnostics.push(
      diag('warning', 'rule.finish-order-racy', `${blocks.map((a) => ordinal(a.index)).join(', ')} all block: Claude Code 1.0.41 lists them in the order they finished in some runs and in declaration order in others (both recorded with the same timing), so the order of the list shown here is one of two`),
    );
  }
  const tool = typeof prepared.input.tool_name === 'string' ? prepared.input.tool_name : 'Tool';
  for (const a of answers) effects.set(a.index, a.failed ? 'error' : a.blocking !== undefined || a.halt ? 'block' : a.approve ? 'allow' : 'none');

  switch (name) {
    case 'PreToolUse':
      if (approves.length) {
        settled.verdict = 'allow';
        diagnostics.push(diag('info', 'rule.approve-beats-block', `${ordinal(approves[approves.length - 1]!.index)} answers decision "approve": Claude Code 1.0.41 runs the tool without asking${blocks.length ? `, even though ${blocks.map((a) => ordinal(a.index)).join(', ')} block${blocks.length > 1 ? '' : 's'} (approve beats block there)` : ''}`));
        if (halts.length) halt(settled, stopReason, 'the tool runs, then the session ends');
      } else if (blocks.length) {
        // Beside a block, continue: false replaces the tool result, and the session goes on.
        settled.verdict = 'block';
        const toolResult = halts.length ? `Execution stopped by PreToolUse hook${stopReason ? `: ${stopReason}` : ''}` : `${tool} operation blocked by hook:\n${list}`;
        // `reason` is a hook's own words (the first in the list); the list and its wrapper are what the model reads.
        settled.reason = blocks[0]!.blocking!;
        settled.shown = { toolResult };
        diagnostics.push(diag('info', 'rule.deny-wins', `${blocks.map((a) => ordinal(a.index)).join(', ')} block${blocks.length > 1 ? '' : 's'}: the tool does not run, and the model gets ${JSON.stringify(preview(toolResult, 100))} as the tool result${halts.length ? ' (continue: false replaces the list; the model is still called)' : ''}`));
      } else if (halts.length) halt(settled, stopReason, 'the tool runs, then the session ends');
      break;
    case 'PostToolUse':
      if (halts.length) halt(settled, stopReason, 'the session ends after the tool');
      else if (blocks.length) {
        settled.verdict = 'block';
        settled.reason = blocks[0]!.blocking!;
        settled.context.push(`${tool} operation feedback:\n${list}`);
        diagnostics.push(diag('info', 'rule.post-tool-blocked', `the tool already ran: the model is told ${JSON.stringify(preview(settled.context[0]!, 100))}`));
      }
      break;
    case 'Stop':
    case 'SubagentStop':
      if (halts.length) {
        settled.halt = true;
        if (stopReason) settled.stopReason = stopReason;
        diagnostics.push(diag('info', 'rule.halt', 'continue: false on Stop: the turn ends, whatever a block says'));
      } else if (blocks.length) {
        settled.verdict = 'block';
        settled.reason = blocks[0]!.blocking!;
        settled.context.push(`Stop hook feedback:\n${list}`);
        diagnostics.push(diag('info', 'rule.stop-continues', `the stop is blocked: the model gets ${JSON.stringify(preview(settled.context[0]!, 100))} and keeps working`));
        diagnostics.push(diag('warning', 'rule.stop-uncapped', `Claude Code ${settings.rules?.version ?? '1.0.41'} has no cap on Stop blocks: a hook that always blocks keeps the turn going forever; check stop_hook_active in the input and answer nothing while it is true`));
      }
      break;
    default:
      if (blocks.length) diagnostics.push(diag('info', 'rule.observation-only', `${name} cannot block in Claude Code 1.0.41: ignored`));
  }
  if (settings.rules === null) settled.verdict = 'proceed';
  return settled;
}

function halt(settled: Settled, stopReason: string | undefined, words: string): void {
  settled.halt = true;
  if (stopReason) settled.stopReason = stopReason;
  settled.diagnostics.push(diag('info', 'rule.halt', `continue: false: ${words}`));
}
