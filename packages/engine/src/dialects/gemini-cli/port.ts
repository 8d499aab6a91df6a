import type { PortTable } from '../../port/types.js';
import { PROJECT_SETTINGS, USER_SETTINGS } from './config.js';
import { GEMINI_EVENTS } from './events.js';

/** Gemini CLI: the same settings shape under its own event and tool names; `timeout` is milliseconds. */
export const geminiCliPort: PortTable = {
  id: 'gemini-cli',
  shape: 'groups',
  files: { project: PROJECT_SETTINGS, user: USER_SETTINGS },
  reads: (key) => key === PROJECT_SETTINGS || key === USER_SETTINGS,
  catalog: GEMINI_EVENTS,
  eventNames: { PreToolUse: 'BeforeTool', PostToolUse: 'AfterTool', UserPromptSubmit: 'BeforeAgent', Stop: 'AfterAgent', PreCompact: 'PreCompress' },
  tools: { Bash: 'run_shell_command', Read: 'read_file', Write: 'write_file', Edit: 'replace', Grep: 'grep_search', Glob: 'glob' },
  timeout: { key: 'timeout', unit: 'ms' },
  matchers: true,
  outputFields: { updatedInput: 'hookSpecificOutput.tool_input', permissionDecision: 'a top-level "decision" ("deny", "allow")', permissionDecisionReason: 'a top-level "reason"' },
  cwd: 'project',
  source: 'Gemini CLI hooks reference',
};
