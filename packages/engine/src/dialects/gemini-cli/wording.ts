/**
 * The exact texts Gemini CLI 0.61.0 shows the model and the user around hook answers (`gemini -p`, text output),
 * as recorded by the oracle (oracle/hosts/gemini-cli/fixtures/0.61.0). One place, so a version that rewords them
 * is one change.
 */
export const wording = {
  /** The tool result (functionResponse error) of a BeforeTool deny. */
  toolBlocked: (reason: string) => `Tool execution blocked: ${reason}`,
  /** The tool result of continue: false from BeforeTool or AfterTool. */
  toolStopped: (reason: string) => `Agent execution stopped by hook: ${reason}`,
  /** The tool result the model gets when AfterTool denies. */
  resultBlocked: (reason: string) => `Tool result blocked: ${reason}`,
  /** additionalContext as the model reads it (BeforeAgent part, AfterTool suffix, SessionStart prefix). */
  hookContext: (context: string) => `<hook_context>${context}</hook_context>`,
  /** stderr: the merged systemMessage of one event (unless suppressOutput). */
  systemMessage: (message: string) => `Hook system message: ${message}`,
  /** stderr: one or more hooks of an event failed (non-zero exit, timeout): a debug line, then the feedback twice. */
  failed: (names: string[], event: string, succeeded: number, totalMs: number) => {
    const feedback = `Hook(s) [${names.join(', ')}] failed for event ${event}. Press F12 to see the debug drawer for more details.`;
    return [`Hook execution for ${event}: ${succeeded} succeeded, ${names.length} failed (${names.join(', ')}), total duration: ${totalMs}ms`, feedback, `[WARNING] ${feedback}`];
  },
  /** stderr: the scheduler reports a tool call that ended in an error (a hook's deny or stop included). */
  toolError: (tool: string, message: string) => `Error executing tool ${tool}: ${message}`,
  /** stderr: continue: false ended the run. */
  stopped: (text: string) => `Agent execution stopped: ${text}`,
  /** stderr: BeforeAgent or AfterAgent blocked. */
  blocked: (text: string) => `[WARNING] Agent execution blocked: ${text}`,
  /** Appended to the tool result when a BeforeTool hook rewrote its arguments. */
  inputModified: '[System] Tool input parameters were modified by a hook before execution.',
  /** stderr: an unknown event name in settings. */
  invalidEvent: (name: string) => `Invalid hook event name: "${name}" from project config. Skipping.`,
};

export const DEFAULT_REASON = 'No reason provided';
