import type { VerifiedAgainst } from '../dialect.js';

/**
 * What hookplay's copilot-cli dialect is verified against: the real Copilot CLI 1.0.102, run offline by
 * `npm run oracle -- --host copilot-cli` (oracle/hosts/copilot-cli/cases.mjs), its observations recorded in
 * oracle/hosts/copilot-cli/fixtures/1.0.102/ and replayed against the engine by `npm test`.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Copilot CLI',
  version: '1.0.102',
  cases: 0,
  rules: [],
};
