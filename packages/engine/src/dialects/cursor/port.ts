import type { PortTable } from '../../port/types.js';
import { CURSOR_EVENTS, TOOLS_FROM_CLAUDE } from './events.js';

/**
 * Porting a Claude Code hook to Cursor, from the docs: Cursor reads Claude Code's settings files itself (third-party
 * hooks), so they stay as they are and Cursor maps their event names; the scenario's event becomes Cursor's. Cursor's
 * own hooks.json is another shape the port does not write.
 */
export const cursorPort: PortTable = {
  id: 'cursor',
  shape: 'groups',
  files: { project: '.claude/settings.json', user: '~/.claude/settings.json' },
  reads: (key) => key === '.claude/settings.json' || key === '.claude/settings.local.json' || key === '~/.claude/settings.json',
  readsClaudeFiles: true,
  catalog: CURSOR_EVENTS,
  eventNames: { SessionStart: 'sessionStart', SessionEnd: 'sessionEnd', UserPromptSubmit: 'beforeSubmitPrompt', PreToolUse: 'preToolUse', PostToolUse: 'postToolUse', PostToolUseFailure: 'postToolUseFailure', SubagentStart: 'subagentStart', SubagentStop: 'subagentStop', PreCompact: 'preCompact', Stop: 'stop' },
  tools: { Bash: TOOLS_FROM_CLAUDE.Bash!, Read: 'Read', Write: 'Write', Grep: 'Grep' },
  timeout: { key: 'timeout', unit: 's' },
  matchers: true,
  outputFields: { permissionDecision: 'a top-level "permission" (in Cursor\'s own hooks.json)', permissionDecisionReason: '"agent_message" and "user_message"' },
  cwd: 'project',
  source: 'Cursor hooks docs (docs only: no Cursor binary runs offline)',
};
