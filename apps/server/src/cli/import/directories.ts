import type { DirVar } from './references.js';
import { PLAN_PATHS } from './firing.js';

/**
 * Which environment variables a host points at the project or home directory, or a folder below one
 * (CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_ROOT, ...), read from the environments its own planner gives hooks rather
 * than written here, so new hosts need nothing.
 */
export function directoryVariables(envs: Record<string, string>[]): Map<string, DirVar> {
  const vars = new Map<string, DirVar>();
  for (const env of envs) {
    for (const [key, value] of Object.entries(env)) {
      if (key === 'HOME' || key === 'PWD') continue;
      for (const root of ['project', 'home'] as const) {
        const base = PLAN_PATHS[root];
        if (value === base) vars.set(key, { root, sub: '' });
        else if (value.startsWith(`${base}/`)) vars.set(key, { root, sub: value.slice(base.length + 1) });
      }
    }
  }
  return vars;
}
