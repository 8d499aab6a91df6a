// Every oracle case: the hand-written ones (cases.mjs), the generated sweep (sweep.mjs), then the session cases
// (permission-cases.mjs: permission rules and modes, approvals, plugins, several turns).
import { CASES } from './cases.mjs';
import { PERMISSION_CASES } from './permission-cases.mjs';
import { SWEEP } from './sweep.mjs';

export { CASES, PERMISSION_CASES, SWEEP };
export const ALL_CASES = [...CASES, ...SWEEP, ...PERMISSION_CASES];
