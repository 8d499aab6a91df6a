import type { DoctorFacts } from '../doctor-facts.js';
import { CLAUDE_TOOL_NAMES } from './payload.js';

/** Copilot CLI's own tool names (lower case: bash, view, edit, create, ...), which its matchers test. */
export const copilotDoctor: DoctorFacts = {
  tools: [...Object.keys(CLAUDE_TOOL_NAMES), 'web_fetch', 'task'],
  complete: false,
  source: 'Copilot CLI hooks reference and recorded payloads (toolName "bash")',
};
