/**
 * The exact texts Claude Code 2.1.332 shows the model and the user around hook answers, as recorded by the oracle
 * (oracle/fixtures/2.1.332). One place, so a version that rewords them is one change.
 */

/** `PreToolUse:Bash` for tool events, the bare event name otherwise (SessionStart adds its source for plain output). */
export function hookName(event: string, toolName: string | null): string {
  return toolName ? `${event}:${toolName}` : event;
}

/** A blocking error's text from exit 2: the command in brackets, then stderr as printed (or a placeholder). */
export function exit2Text(command: string, stderr: string): string {
  return `[${command}]: ${stderr === '' ? 'No stderr output' : stderr}`;
}

export const DEFAULT_DENY_REASON = 'Blocked by hook';
export const DEFAULT_PERMISSION_DENIAL = 'Permission denied by hook';

/**
 * What a continue: false without a stopReason leaves behind, by event (x-resume2-stop-halt-no-reason-resume,
 * x-resume2-pre-halt-no-reason-resume, x-resume2-post-halt-no-reason-resume, x-resume2-batch-halt-no-reason-resume).
 */
const STOPPED_DEFAULT: Record<string, string> = {
  Stop: 'Stop hook prevented continuation',
  PostToolUse: 'Execution stopped by PostToolUse hook',
  PostToolBatch: 'Execution stopped by PostToolBatch hook',
};

export const wording = {
  /** The tool result of a PreToolUse denial. */
  preToolDenied: (name: string, reason: string) => `${name} hook error: ${reason}`,
  /** The tool result of an ask in `-p` mode (a denial, since nobody can be asked). */
  askDenied: (name: string, reason: string | null) => reason ?? `Hook ${name} asked for confirmation for this tool`,
  /** additionalContext of one event, all hooks joined in the order they finished. */
  additionalContext: (name: string, texts: string[]) => `${name} hook additional context: ${texts.join('\n')}`,
  /** Plain stdout of SessionStart (named with its source) and UserPromptSubmit. */
  plainSuccess: (name: string, text: string) => `${name} hook success: ${text}`,
  /** What the model is told after a PostToolUse block. */
  postToolBlocked: (name: string, command: string, reason: string) => `${name} hook blocking error from command: "${command}": ${reason}`,
  /** The user message that continues the turn after a Stop block. */
  stopFeedback: (reason: string) => `Stop hook feedback:\n${reason}`,
  /** The system note that accompanies a Stop block given as JSON (not exit 2). */
  stopBlockingError: (command: string, reason: string) => `Stop hook blocking error from command: "${command}": ${reason}`,
  /** Shown to the user when UserPromptSubmit blocks the prompt; the model is never called. */
  promptBlocked: (reason: string, prompt: string) => `UserPromptSubmit operation blocked by hook:\n${reason}\n\nOriginal prompt: ${prompt}`,
  /** A hook's systemMessage, for the user only. */
  systemMessage: (name: string, message: string) => `${name} says: ${message}`,
  /** Shown to the user when a UserPromptSubmit hook answers `continue: false`; the prompt is not sent. */
  promptHalted: (stopReason: string | null) => (stopReason === null ? 'Operation stopped by hook' : `Operation stopped by hook: ${stopReason}`),
  /**
   * What a hook's `continue: false` leaves in the conversation: a later turn's or a resumed session's requests carry
   * it (x-resume-after-pre-halt, stop-continue-false--resume).
   */
  stoppedContinuation: (name: string, stopReason: string | null) => `${name} hook stopped continuation: ${stopReason || STOPPED_DEFAULT[name.split(':')[0]!] || 'Execution stopped by hook'}`,
  /** The result of a tool the permission rules remove from the session (a deny rule naming the bare tool). */
  toolRemoved: (tool: string) => `<tool_use_error>Error: No such tool available: ${tool}. ${tool} is disabled for this session, in subagents as well as here.</tool_use_error>`,
  /** The CLI's refusal to skip permissions as root when it is not told it runs in a sandbox (stderr, exit 1). */
  rootBypassRefused: '--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons',
  /** Shown to the user when a PreToolUse hook timed out. */
  timedOut: "A hook didn't answer in time, so it didn't check this action.",
  /** Shown to the user when a PreToolUse hook printed JSON Claude Code rejects. */
  unusable: "A hook gave no usable answer, so it didn't check this action.",
  /** The tool result when a PermissionRequest hook denies with `interrupt: true`. */
  permissionInterrupted:
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
  /** What the model reads instead of an oversized plain output (the file path varies per session). */
  persistedOutput: (bytes: number) =>
    `<persisted-output>\nOutput too large (${Math.round(bytes / 1024)}KB). Full output saved to: $HOME/.claude/projects/<project>/<session>/tool-results/hook-<id>-stdout.txt`,
  /**
   * 2.1.143's pointer also previews the output and closes the tag (sw-limit-context-12k, -40k): its first 2,000
   * characters, cut at the last newline in them when that is past the half (the build's own preview code).
   */
  persistedOutputWithPreview: (bytes: number, text: string) => {
    const head = text.slice(0, 2000);
    const nl = head.lastIndexOf('\n');
    const cut = text.length <= 2000 ? text.length : nl > 1000 ? nl : 2000;
    const more = cut < text.length;
    return `${wording.persistedOutput(bytes)}\n\nPreview (first 2KB):\n${text.slice(0, cut)}${more ? '\n...\n' : '\n'}</persisted-output>`;
  },
  /** Shown to the user when the stop-block cap overrides a Stop hook. */
  stopCapReached: (cap: number, env: string) =>
    `A hook blocked the turn from ending ${cap} consecutive times—overriding and ending turn. For Stop/SubagentStop hooks, check stop_hook_active in the input and return success while it's true. Set ${env} to raise this limit.`,
  /** The Bash tool's result when a command succeeds and prints nothing. */
  bashNoOutput: '(Bash completed with no output)',
  /** The tool result when a permissions.deny rule matches (the whole command is named, even a compound one). */
  permissionRuleDenied: (tool: string, command: string | null) =>
    command === null ? `Permission to use ${tool} has been denied.` : `Permission to use ${tool} with command ${command} has been denied.`,
  /** 2.1.47 and 2.1.143: the tool result when the working-directory check refuses a file write (absolute paths). */
  fileWriteBlocked: (verb: string, path: string, project: string) =>
    `${verb} in '${path}' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session: '${project}'.`,
  /** The tool result when dontAsk mode denies a call that would ask. */
  dontAskDenied: (tool: string) =>
    `Permission to use ${tool} has been denied because Claude Code is running in don't ask mode. IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.`,
  /** The tool result when plan or auto mode needs its server-side safety check and it cannot run. */
  autoModeUnavailable: (tool: string) =>
    `Auto mode is unavailable: its safety check does not run for this session, so ${tool} was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.`,
  /** The notice that goes with it; `via` is the address the session's API requests go through. */
  autoModeUnavailableNotice: (via: string) =>
    `Auto mode can't check actions in this session. Its safety check runs on the server, and your requests go through ${via}, which doesn't pass it through. Nobody can be asked to approve actions in this session, so every action that needs the check is refused. To run these actions, use another permission mode. To use auto mode, ask whoever runs ${via} to pass Claude Code's server-side safety check through: https://code.claude.com/docs/en/permission-modes#server-side-classifier-review`,
};
