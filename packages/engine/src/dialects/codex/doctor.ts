import type { DoctorFacts } from '../doctor-facts.js';

/** Codex reports its shell tool as Bash (matching also tries its internal aliases); the others by their own names. */
export const codexDoctor: DoctorFacts = {
  tools: ['Bash', 'apply_patch', 'view_image', 'update_plan', 'web_search', 'create_goal'],
  complete: false,
  mcpNames: 'mcp__<server>__<tool>',
  source: 'Codex hooks docs and recorded payloads (PreToolUse.Bash, create_goal, view_image)',
};
