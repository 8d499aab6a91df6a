import type { PortTable } from '../../port/types.js';
import { LEGACY_USER_FILE, USER_FILE, WORKSPACE_FILE } from './config.js';
import { MEWORK_EVENTS } from './events.js';

/** Mework: Claude Code's hooks.json shape in .mework/hooks.json; its shell tool is "bash". */
export const meworkPort: PortTable = {
  id: 'mework',
  shape: 'groups',
  files: { project: WORKSPACE_FILE, user: USER_FILE },
  reads: (key) => key === WORKSPACE_FILE || key === USER_FILE || key === LEGACY_USER_FILE,
  catalog: MEWORK_EVENTS,
  tools: { Bash: 'bash' },
  timeout: { key: 'timeout', unit: 's' },
  matchers: true,
  cwd: 'project',
  source: 'Mework hooks docs',
};
