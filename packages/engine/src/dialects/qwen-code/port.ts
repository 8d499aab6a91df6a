import type { PortTable } from '../../port/types.js';
import { PROJECT_SETTINGS, USER_SETTINGS } from './config.js';
import { QWEN_CODE_EVENTS } from './events.js';
import { TOOL_ALIASES } from './match.js';

/** Qwen Code: Claude Code's settings shape and event names in .qwen/settings.json; matchers also take Claude tool names. */
export const qwenCodePort: PortTable = {
  id: 'qwen-code',
  shape: 'groups',
  files: { project: PROJECT_SETTINGS, user: USER_SETTINGS },
  reads: (key) => key === PROJECT_SETTINGS || key === USER_SETTINGS,
  catalog: QWEN_CODE_EVENTS,
  tools: { Bash: 'run_shell_command', Read: 'read_file', Write: 'write_file', Edit: 'edit', Grep: 'grep_search', Glob: 'glob' },
  matcherAccepts: (written, hostTool) => (TOOL_ALIASES[hostTool] ?? [hostTool]).includes(written),
  timeout: { key: 'timeout', unit: 's' },
  matchers: true,
  cwd: 'project',
  source: 'Qwen Code hooks docs and its TOOL_NAME_ALIASES',
};
