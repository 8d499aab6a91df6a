/**
 * The exact texts Qwen Code 0.24.4 puts in front of the model around hook answers, as recorded by the oracle
 * (oracle/hosts/qwen-code/fixtures/0.24.4). One place, so a version that rewords them is one change.
 */
export const wording = {
  /** The system prompt's block for SessionStart context. */
  sessionStart: (context: string) => `<qwen:session-start-context hidden="true">\nSessionStart additional context:\n${context}\n</qwen:session-start-context>`,
  /** The extra user part for UserPromptSubmit context. */
  promptContext: (context: string) => `<qwen:user-prompt-submit-context>\n${context}\n</qwen:user-prompt-submit-context>`,
  /** The tool error when PreToolUse stops a call and gave no reason at all. */
  toolBlockedDefault: 'Tool execution blocked by hook',
  /** The reason of an "ask" without one, in a run that cannot ask. */
  askDefault: 'User confirmation required',
  /** A tool result with context appended (appendAdditionalContext). */
  withContext: (result: string, context: string) => `${result}\n\n${context}`,
};
