import type { DoctorFacts } from '../doctor-facts.js';

/** The tool names Mirri Code CLI's hooks docs use; they list no full set. */
export const mirriDoctor: DoctorFacts = {
  tools: ['Bash', 'Read'],
  complete: false,
  source: 'Mirri Code CLI hooks docs (examples name Bash and Read)',
};
