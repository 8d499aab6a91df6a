import type { VerifiedAgainst } from '../dialect.js';

/** Consecutive Stop blocks after which Qwen Code overrides the hook and ends the turn (stopHookBlockingCap). */
export const STOP_BLOCK_CAP = 8;

/**
 * What hookplay's qwen-code dialect is verified against: the real Qwen Code CLI, run offline by
 * `npm run oracle -- --host qwen-code` (oracle/hosts/qwen-code/cases.mjs), its observations recorded in
 * oracle/hosts/qwen-code/fixtures/<version>/ and replayed against the engine by `npm test`.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Qwen Code',
  version: '0.24.4',
  cases: 0,
  rules: [],
};
