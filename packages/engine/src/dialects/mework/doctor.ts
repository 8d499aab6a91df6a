import type { DoctorFacts } from '../doctor-facts.js';

/** The shell tools Mework's hooks docs name (its example matcher is ^(bash|powershell)$). */
export const meworkDoctor: DoctorFacts = {
  tools: ['bash', 'powershell'],
  complete: false,
  source: 'Mework hooks docs',
};
