import type { DoctorFacts } from '../doctor-facts.js';

/** open-strix has no matchers: every hook runs for every call of its events, so it has no tool list to check. */
export const strixDoctor: DoctorFacts = {
  tools: [],
  complete: false,
  source: 'open-strix hooks docs (no matchers)',
};
