import type { PortTable } from '../../port/types.js';
import { HOOKS_FILE } from './config.js';
import { STRIX_EVENTS } from './events.js';

/**
 * open-strix: skills/<name>/hooks.json, a list of hooks each naming its events; no matchers, hooks run from the
 * skill's folder, and its documented tools have no shell tool.
 */
export const openStrixPort: PortTable = {
  id: 'open-strix',
  shape: 'strix',
  files: { project: 'skills/ported/hooks.json', user: null },
  reads: (key) => HOOKS_FILE.test(key),
  catalog: STRIX_EVENTS,
  eventNames: { PreToolUse: 'pre_tool_call', PostToolUse: 'post_tool_call', UserPromptSubmit: 'pre_prompt', SessionEnd: 'pre_shutdown' },
  tools: {},
  timeout: { key: 'timeout_seconds', unit: 's' },
  matchers: false,
  cwd: 'config-dir',
  source: 'open-strix docs/hooks.md',
};
