import type { PortTable } from '../../port/types.js';
import { MIRRI_CONFIG } from './config.js';
import { MIRRI_EVENTS } from './events.js';

/** Mirri: one TOML file in the home, `[[hooks]]` entries with Claude Code's event and tool names. */
export const mirriPort: PortTable = {
  id: 'mirri',
  shape: 'mirri-toml',
  files: { project: null, user: MIRRI_CONFIG },
  reads: (key) => key === MIRRI_CONFIG,
  catalog: MIRRI_EVENTS,
  tools: { Bash: 'Bash' },
  timeout: { key: 'timeout', unit: 's' },
  matchers: true,
  cwd: 'project',
  source: 'Mirri Code CLI hooks docs',
};
