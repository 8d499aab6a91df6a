import type { PortTable } from '../../port/types.js';
import { CLAUDE_SETTINGS, REPO_HOOKS_DIR, USER_HOOKS_DIR, USER_SETTINGS } from './config.js';
import { COPILOT_EVENTS, PASCAL_ALIASES } from './events.js';
import { CLAUDE_TOOL_NAMES } from './payload.js';

const TOOLS = Object.fromEntries(Object.entries(CLAUDE_TOOL_NAMES).map(([copilot, claude]) => [claude, copilot]));

/**
 * Copilot CLI reads .claude/settings.json itself and accepts Claude Code's PascalCase event names (with Claude-shaped
 * payloads and matchers on Claude tool names), so Claude-named hooks port unchanged; other hosts' hooks get its
 * camelCase events, `bash` and `timeoutSec`.
 */
export const copilotCliPort: PortTable = {
  id: 'copilot-cli',
  shape: 'copilot',
  files: { project: `${REPO_HOOKS_DIR}ported.json`, user: `${USER_HOOKS_DIR}ported.json` },
  reads: (key) => (key.startsWith(REPO_HOOKS_DIR) || key.startsWith(USER_HOOKS_DIR)) && key.endsWith('.json') || key === USER_SETTINGS || key === CLAUDE_SETTINGS,
  catalog: COPILOT_EVENTS,
  eventNames: Object.fromEntries(Object.entries(PASCAL_ALIASES).filter(([p, c]) => p !== c)) as PortTable['eventNames'],
  acceptsCanonicalNames: true,
  tools: TOOLS,
  timeout: { key: 'timeoutSec', unit: 's' },
  matchers: true,
  outputFields: { updatedInput: 'modifiedArgs' },
  cwd: 'project',
  source: 'Copilot CLI hooks reference (PascalCase aliases recorded)',
};
