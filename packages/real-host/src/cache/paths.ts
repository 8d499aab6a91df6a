import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RealHostId } from '../catalog.js';

/**
 * Where installed host CLIs live: the user's cache folder (XDG), never the repository. `HOOKPLAY_CACHE_DIR`
 * overrides it (tests, CI, a shared machine's team cache).
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOOKPLAY_CACHE_DIR) return env.HOOKPLAY_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'hookplay');
}

export const hostsDir = (root = cacheRoot()) => join(root, 'hosts');
export const installDir = (host: RealHostId, version: string, root = cacheRoot()) => join(hostsDir(root), host, version);
/** An install under way or interrupted: npm finishes it there, and only a complete one is renamed into place. */
export const partialDir = (host: RealHostId, version: string, root = cacheRoot()) => `${installDir(host, version, root)}.partial`;
/** What an install records about itself, beside node_modules. */
export const MANIFEST = 'hookplay-install.json';
/**
 * Real runs' directories: under the cache, not /tmp, because Gemini CLI ignores settings files below a
 * world-writable directory and a run must see the scenario's files exactly as written.
 */
export const runsDir = (root = cacheRoot()) => join(root, 'runs');
