import type { Diagnostic } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, preview, str, type JsonObject } from '../../util/json.js';
import { schemaProblem } from './output-schema.js';

export interface Note {
  level: Diagnostic['level'];
  code: string;
  message: string;
}

/** What one hook said, read the way Codex 0.171.0 reads it. Settling combines these. */
export interface CodexAnswer {
  /** Codex's own word for a hook that had no say (its hook run status "failed"), e.g. "hook exited with code 1". */
  failed?: string;
  /** A block: PreToolUse deny, a PostToolUse/Stop/UserPromptSubmit block or exit 2 with stderr. */
  block?: { reason: string; via: string };
  /** PreToolUse: allow + updatedInput. `command` null: updatedInput had no string command. */
  rewrite?: { input: JsonObject | string | null; command: string | null };
  context?: string;
  /** Plain (non-JSON) stdout, for the events that turn it into context. */
  plain?: string;
  halt?: { stopReason: string | null };
  /** PermissionRequest: decision.behavior "allow". */
  allow?: true;
  systemMessage?: string;
  notes: Note[];
}

const info = (code: string, message: string): Note => ({ level: 'info', code, message });
const warning = (code: string, message: string): Note => ({ level: 'warning', code, message });

/** Codex's internal name of each event in its messages ("hook returned invalid pre-tool-use JSON output"). */
const LABEL: Record<string, string> = {
  PreToolUse: 'pre-tool-use',
  PostToolUse: 'post-tool-use',
  PermissionRequest: 'permission-request',
  SessionStart: 'session start',
  SubagentStart: 'subagent start',
  UserPromptSubmit: 'user prompt submit',
  Stop: 'stop hook',
  SubagentStop: 'subagent stop hook',
  Interrupt: 'interrupt hook',
  PreCompact: 'pre-compact',
  PostCompact: 'post-compact',
};

/** What exit 2 without stderr lacks, in Codex's words. */
const EXIT2_MISSING: Record<string, string> = {
  PreToolUse: 'a blocking reason',
  UserPromptSubmit: 'a blocking reason',
  PostToolUse: 'feedback',
  Stop: 'a continuation prompt',
  SubagentStop: 'a continuation prompt',
  PermissionRequest: 'a denial reason',
};

/** Events whose output Codex never reads (no output schema): the model-request events and SessionEnd. */
export const OUTPUT_IGNORED = new Set(['PreModelRequest', 'PostModelRequest', 'SessionEnd']);

/** Events where exit 2 with stderr blocks (or gives feedback / a continuation prompt). */
const EXIT2_BLOCKS = new Set(['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'PermissionRequest']);
/** Events whose plain stdout becomes model context. */
const PLAIN_IS_CONTEXT = new Set(['UserPromptSubmit', 'SessionStart', 'SubagentStart']);

/**
 * One hook's answer, as Codex 0.171.0 reads it (checked with the oracle):
 * - a timed-out or killed hook has no say; its stdout is dropped, even a complete answer printed in time;
 * - exit 2 with non-empty stderr blocks with the stderr text (stdout ignored); exit 2 with empty stderr, and every
 *   other non-zero exit, is a failed hook: no effect (fail-open);
 * - exit 0: stdout trimmed; JSON must fit the event's schema exactly (an unknown field fails the hook); text that
 *   starts with { or [ but does not parse fails it; other text is ignored, or context on SessionStart and
 *   UserPromptSubmit, or a failure on Stop.
 */
export function interpretCodex(event: string, result: ProcessResult, timeoutMs: number): CodexAnswer {
  const answer: CodexAnswer = { notes: [] };
  const { notes } = answer;
  const label = LABEL[event] ?? event;
  if (result.spawnError !== undefined) {
    answer.failed = `hook could not start: ${result.spawnError}`;
    return answer;
  }
  if (result.timedOut) {
    answer.failed = `hook timed out after ${Math.round(timeoutMs / 1000)}s`;
    if (result.stdout.trim()) notes.push(info('hook.timeout-output-lost', 'it printed an answer before the deadline, but Codex drops a timed-out hook’s output: it counts as no answer'));
    return answer;
  }
  if (result.signal !== null || result.exitCode === null) {
    answer.failed = 'hook exited without a status code';
    return answer;
  }
  if (OUTPUT_IGNORED.has(event)) {
    if (result.exitCode !== 0 || result.stdout.trim()) notes.push(info('rule.observation-only', `${event} is observation only: Codex reads neither its exit code nor its output`));
    return answer;
  }
  const code = result.exitCode;
  if (code === 2 && EXIT2_BLOCKS.has(event)) {
    const stderr = result.stderr.trim();
    if (stderr === '') {
      answer.failed = `${event} hook exited with code 2 but did not write ${EXIT2_MISSING[event]} to stderr`;
      return answer;
    }
    if (result.stdout.trim()) notes.push(info('hook.exit2-stdout-ignored', 'exit 2: Codex takes the reason from stderr and ignores stdout, a JSON answer included'));
    answer.block = { reason: stderr, via: 'exit 2' };
    return answer;
  }
  if (code !== 0) {
    answer.failed = `hook exited with code ${code}`;
    if (result.stdout.trim().startsWith('{')) notes.push(info('hook.json-on-error-exit', `exit ${code}: Codex does not read stdout at all, so the JSON answer is ignored (fail-open)`));
    return answer;
  }

  const text = result.stdout.trim();
  if (text === '') return answer;
  let json: unknown;
  let parsed = false;
  try {
    json = JSON.parse(text);
    parsed = true;
  } catch {}
  if (!parsed || !isObject(json as never)) {
    if (text.startsWith('{') || text.startsWith('[')) {
      answer.failed = `hook returned invalid ${label} JSON output`;
      notes.push(warning('hook.invalid-json', parsed ? 'stdout is JSON but not an object: Codex rejects it' : 'stdout starts like JSON but does not parse: Codex rejects it (the hook fails, no effect)'));
      return answer;
    }
    if (PLAIN_IS_CONTEXT.has(event)) answer.plain = text;
    else if (event === 'Stop' || event === 'SubagentStop') answer.failed = `hook returned invalid ${label} JSON output`;
    else if (event === 'Interrupt') answer.failed = 'Interrupt hook returned non-JSON stdout';
    else notes.push(info('hook.plain-ignored', `plain text on stdout means nothing on ${event}: ignored`));
    return answer;
  }
  const problem = schemaProblem(event, json as JsonObject);
  if (problem) {
    answer.failed = `hook returned invalid ${label} JSON output`;
    notes.push(warning('hook.output-rejected', `${problem}: Codex rejects the whole answer, as if the hook had failed`));
    return answer;
  }
  readAnswer(event, json as JsonObject, answer);
  return answer;
}

function readAnswer(event: string, json: JsonObject, answer: CodexAnswer): void {
  const hso = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : undefined;
  const fail = (why: string) => {
    answer.failed = why;
    delete answer.block;
    delete answer.rewrite;
    delete answer.context;
    delete answer.halt;
  };
  if (typeof json.systemMessage === 'string') answer.systemMessage = json.systemMessage;
  const context = str(hso?.additionalContext);
  if (context !== undefined && context !== '') answer.context = context;
  const reason = str(json.reason);

  switch (event) {
    case 'PreToolUse': {
      if (json.continue === false) return fail('PreToolUse hook returned unsupported continue:false');
      if (json.stopReason !== undefined && json.stopReason !== null) return fail('PreToolUse hook returned unsupported stopReason');
      if (json.suppressOutput === true) return fail('PreToolUse hook returned unsupported suppressOutput');
      const pd = hso?.permissionDecision;
      const pdReason = str(hso?.permissionDecisionReason);
      if (pd === 'deny') {
        if (!pdReason || pdReason.trim() === '') return fail('PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason');
        answer.block = { reason: pdReason, via: 'permissionDecision "deny"' };
        if (json.decision === 'block') answer.notes.push(info('hook.legacy-and-hso', 'both decision "block" and a hookSpecificOutput deny: Codex uses the hookSpecificOutput reason'));
        return;
      }
      if (pd === 'ask') return fail('PreToolUse hook returned unsupported permissionDecision:ask');
      if (pd === 'allow') {
        if (hso?.updatedInput === undefined || hso.updatedInput === null) return fail('PreToolUse hook returned unsupported permissionDecision:allow');
        const input = hso.updatedInput;
        const command = isObject(input) && typeof input.command === 'string' ? input.command : null;
        answer.rewrite = { input: isObject(input) || typeof input === 'string' ? input : null, command };
        return;
      }
      if (hso?.updatedInput !== undefined && hso.updatedInput !== null) return fail('PreToolUse hook returned updatedInput without permissionDecision:allow');
      if (pdReason !== undefined) return fail('PreToolUse hook returned permissionDecisionReason without permissionDecision');
      if (json.decision === 'approve') return fail('PreToolUse hook returned unsupported decision:approve');
      if (json.decision === 'block') {
        if (!reason || reason.trim() === '') return fail('PreToolUse hook returned decision:block without a non-empty reason');
        answer.block = { reason, via: 'decision "block"' };
        return;
      }
      if (reason !== undefined) return fail('PreToolUse hook returned reason without decision');
      return;
    }
    case 'PostToolUse':
    case 'UserPromptSubmit':
    case 'Stop':
    case 'SubagentStop': {
      if (json.decision === 'block') {
        if (!reason || reason.trim() === '') return fail(`${event} hook returned decision:block without a non-empty reason`);
        answer.block = { reason, via: 'decision "block"' };
      } else if (reason !== undefined && event === 'PostToolUse') {
        return fail('PostToolUse hook returned reason without decision');
      }
      if (json.continue === false) answer.halt = { stopReason: str(json.stopReason) ?? null };
      if (event === 'PostToolUse' && hso?.updatedMCPToolOutput !== undefined) answer.notes.push(info('hook.field-ignored', 'updatedMCPToolOutput only changes MCP tool results: the shell tool’s output stays'));
      return;
    }
    case 'SessionStart':
    case 'SubagentStart':
    case 'PreCompact':
    case 'PostCompact':
      if (json.continue === false) answer.halt = { stopReason: str(json.stopReason) ?? null };
      return;
    case 'PermissionRequest': {
      const d = hso?.decision;
      // Codex reads only behavior and message: a decision that also changes the input fails the hook, and the call
      // goes on to the next decider (recorded: x-permission-updated-input, where the reviewer then refused the call;
      // continue: false likewise decides nothing, x-permission-continue-false). updatedPermissions and interrupt
      // fail it too, from the source (shared/hosts/codex/NOTES.md §5), not recorded.
      if (isObject(d) && d.updatedInput !== undefined && d.updatedInput !== null) return fail('PermissionRequest hook returned unsupported updatedInput');
      if (isObject(d) && d.updatedPermissions !== undefined && d.updatedPermissions !== null) return fail('PermissionRequest hook returned unsupported updatedPermissions');
      if (isObject(d) && d.interrupt === true) return fail('PermissionRequest hook returned unsupported interrupt:true');
      if (isObject(d) && (d.behavior === 'allow' || d.behavior === 'deny')) {
        if (d.behavior === 'deny') answer.block = { reason: str(d.message) ?? 'PermissionRequest hook denied approval', via: 'decision.behavior "deny"' };
        else answer.allow = true;
      } else if (d !== undefined) {
        answer.notes.push(warning('hook.field-ignored', `hookSpecificOutput.decision must be {"behavior": "allow" | "deny"}, not ${preview(d, 40)}`));
      }
      return;
    }
    default:
      return;
  }
}
