// The OpenCode oracle's cases for `node oracle/sessions/run.mjs --host opencode`: hand-written, in
// oracle/hosts/opencode/cases.mjs (every case is a whole `opencode run` session).
import { CASES } from '../hosts/opencode/cases.mjs';

export const generate = () => CASES;
