import type { DoctorFacts } from '../doctor-facts.js';
import { TOOL_ALIASES } from './match.js';

/** Qwen Code's native tool ids; its matchers also take each one's aliases (match.ts). */
export const qwenCodeDoctor: DoctorFacts = {
  tools: Object.keys(TOOL_ALIASES),
  complete: true,
  source: 'Qwen Code tool registry (native ids and aliases)',
};
