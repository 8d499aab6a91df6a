/**
 * The exact texts Codex 0.171.0 shows the model around hook answers, as recorded by the oracle
 * (oracle/hosts/codex/fixtures/0.171.0) and found in the binary. One place, so a version that rewords them is one change.
 */
export const wording = {
  /** The function_call_output of a shell call a PreToolUse hook blocked: the model's own command is quoted. */
  commandBlocked: (reason: string, command: string) => `Command blocked by PreToolUse hook: ${reason}. Command: ${command}`,
  /** The same for a tool that is not the shell. */
  toolBlocked: (reason: string) => `Tool call blocked by PreToolUse hook: ${reason}`,
  /** The function_call_output when a rewrite has no string `command`: the tool does not run. */
  rewriteWithoutCommand: 'hook returned updatedInput without string field `command`',
  /** PostToolUse continue: false without a stopReason. */
  postToolStopped: 'PostToolUse hook stopped execution',
  /** One Stop hook's continuation prompt, in the user message of the next request. */
  hookPrompt: (runId: string, reason: string) => `<hook_prompt hook_run_id="${runId}">${reason}</hook_prompt>`,
  /** A call asking to leave the sandbox when the approval policy is never (codex exec's default). */
  escalationNever: 'approval policy is Never; reject command — you cannot ask for escalated permissions if the approval policy is Never',
  /** A PermissionRequest deny without a message. */
  permissionDenied: 'PermissionRequest hook denied approval',
  /** The output of a shell call its approval refused: Rust's debug print of the error, the reason quoted twice. */
  rejected: (reason: string) => `exec_command failed: CreateProcess { message: ${rustDebug(`Rejected(${rustDebug(reason)})`)} }`,
};

/** Rust's `{:?}` of a string: quoted, with backslashes, quotes and control characters escaped. */
export function rustDebug(s: string): string {
  const body = s.replace(/[\\"\n\r\t]|[\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u{${c.charCodeAt(0).toString(16)}}`;
    }
  });
  return `"${body}"`;
}
