import type { PortTable } from '../../port/types.js';
import { PROJECT_CONFIG, PROJECT_HOOKS, USER_CONFIG, USER_HOOKS } from './config.js';
import { CODEX_EVENTS } from './events.js';

/** Codex takes Claude Code's hooks.json shape (and the same groups inline in config.toml) and event names in .codex/hooks.json; its shell tool is also "Bash". */
export const codexPort: PortTable = {
  id: 'codex',
  shape: 'groups',
  files: { project: PROJECT_HOOKS, user: USER_HOOKS },
  // config.toml's inline [[hooks.<Event>]] tables have the same groups as hooks.json.
  reads: (key) => key === PROJECT_HOOKS || key === USER_HOOKS || key === PROJECT_CONFIG || key === USER_CONFIG,
  catalog: CODEX_EVENTS,
  tools: { Bash: 'Bash' },
  timeout: { key: 'timeout', unit: 's' },
  matchers: true,
  cwd: 'project',
  source: 'Codex hooks docs',
};
