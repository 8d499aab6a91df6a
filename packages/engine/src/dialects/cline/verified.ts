import type { VerifiedAgainst } from '../dialect.js';

/**
 * What hookplay's cline dialect is verified against: the real Cline CLI 3.0.65, run offline by
 * `npm run oracle -- --host cline` (oracle/hosts/cline/cases.mjs, fixtures in oracle/hosts/cline/fixtures/3.0.65/)
 * and its session sweep (oracle/sessions/cline.mjs, recorded in oracle/recorded/cline/3.0.65/), both replayed
 * against the engine by `npm test`. Only rules those recordings cover are listed; everything else the dialect says
 * is labelled "from the docs".
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Cline CLI',
  version: '3.0.65',
  cases: 0,
  rules: [],
};
