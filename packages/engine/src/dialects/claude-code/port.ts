import type { PortTable } from '../../port/types.js';
import { LOCAL_SETTINGS, PROJECT_SETTINGS, USER_SETTINGS } from './config.js';
import { CLAUDE_CODE_EVENTS } from './events.js';

/** Claude Code's vocabulary is the one ports go through: its names map to themselves. */
export const claudeCodePort: PortTable = {
  id: 'claude-code',
  shape: 'groups',
  files: { project: PROJECT_SETTINGS, user: USER_SETTINGS },
  reads: (key) => key === PROJECT_SETTINGS || key === USER_SETTINGS || key === LOCAL_SETTINGS,
  catalog: CLAUDE_CODE_EVENTS,
  tools: { Bash: 'Bash', Read: 'Read', Write: 'Write', Edit: 'Edit', Grep: 'Grep', Glob: 'Glob' },
  timeout: { key: 'timeout', unit: 's' },
  matchers: true,
  cwd: 'project',
  source: 'Claude Code hooks reference',
};
