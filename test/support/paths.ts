import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(REPO, 'apps/server/dist/cli.js');
/** The shared conformance suite lives beside the checkout (../shared), on developer machines and in CI. */
export const CONFORMANCE = join(REPO, '..', 'shared', 'conformance');
export const hasConformance = existsSync(CONFORMANCE);
