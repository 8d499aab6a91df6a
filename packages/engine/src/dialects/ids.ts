/** Every host hookplay emulates. Adding a host starts here, then in `dialects/index.ts`. */
export const DIALECT_IDS = ['mirri', 'mework', 'open-strix', 'claude-code', 'codex', 'gemini-cli', 'copilot-cli', 'qwen-code', 'claude-agent-sdk', 'cursor', 'opencode', 'cline'] as const;
export type DialectId = (typeof DIALECT_IDS)[number];
