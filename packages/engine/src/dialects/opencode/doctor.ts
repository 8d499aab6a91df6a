import type { DoctorFacts } from '../doctor-facts.js';

/** OpenCode's built-in tool ids (what tool.execute.before's input.tool holds), recorded in tool.definition calls. */
export const opencodeDoctor: DoctorFacts = {
  tools: ['bash', 'read', 'glob', 'grep', 'edit', 'write', 'task', 'webfetch', 'todowrite', 'skill', 'question', 'invalid'],
  complete: true,
  source: 'OpenCode 1.18.33 tool ids (recorded: the tool.definition hook names each tool)',
};
