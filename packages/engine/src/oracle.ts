/**
 * What the real-host harness (packages/real-host) reads of each dialect to play an oracle's cases the way the
 * real CLI was launched: each lifecycle's options and observation, and the rules it states. Not for product code:
 * the CLI, server and web app use the engine's main entry.
 */
export { ruleCodes as claudeCodeRuleCodes, type ClaudeCodeLifecycleOptions, type Observation as ClaudeCodeObservation } from './dialects/claude-code/lifecycle.js';
export type { PromptAnswer } from './dialects/claude-code/permissions.js';
export { TIMING_RULES as CLAUDE_TIMING_RULES } from './dialects/claude-code/evidence.js';
export { loadGeminiSettings, type GeminiSettings, type RegistryNote as GeminiRegistryNote } from './dialects/gemini-cli/config.js';
export type { GeminiLifecycleObservation, GeminiLifecycleOptions } from './dialects/gemini-cli/lifecycle.js';
export { wording as geminiWording } from './dialects/gemini-cli/wording.js';
