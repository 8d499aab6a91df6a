import type { DoctorFacts } from '../doctor-facts.js';

/** The tool names Cursor's hooks docs use for preToolUse; they list no full set. */
export const cursorDoctor: DoctorFacts = {
  tools: ['Shell', 'Read', 'Write', 'Grep', 'Delete', 'Task'],
  complete: false,
  mcpNames: 'MCP:<tool>',
  source: 'Cursor hooks docs (docs only)',
};
