// Every oracle case: the hand-written ones (cases.mjs), then the generated sweep (sweep.mjs).
import { CASES } from './cases.mjs';
import { SWEEP } from './sweep.mjs';

export { CASES, SWEEP };
export const ALL_CASES = [...CASES, ...SWEEP];
