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
  /** Shown to the user when the stop-block cap overrides a Stop hook. */
  stopCapReached: (cap: number, env: string) =>
    `A hook blocked the turn from ending ${cap} consecutive times—overriding and ending turn. For Stop/SubagentStop hooks, check stop_hook_active in the input and return success while it's true. Set ${env} to raise this limit.`,
};
