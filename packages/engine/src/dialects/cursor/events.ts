import type { EventSpec } from '../dialect.js';

/**
 * Cursor's hook events, from its published hooks documentation (cursor.com/docs/agent/hooks), as hookplay reads it.
 * Never checked against a real Cursor: there is no Cursor binary that runs offline. The payload fields listed are
 * the documented ones; Cursor adds conversation_id, generation_id, model, hook_event_name, cursor_version,
 * workspace_roots and user_email to every event.
 */
const tool = { tool_name: 'Shell', tool_input: { command: 'rm -rf /tmp/x' }, tool_use_id: 'tool_hookplay_1' };

export const CURSOR_EVENTS: EventSpec[] = [
  { name: 'sessionStart', group: 'Session', canBlock: false, matcherTests: null, description: 'A conversation starts.', sample: { session_id: 'session_hookplay', is_background_agent: false, composer_mode: 'agent' } },
  { name: 'beforeSubmitPrompt', group: 'Prompt', canBlock: true, matcherTests: null, description: 'Before the prompt goes to the model; {"continue": false} stops it.', sample: { prompt: 'fix the failing test', attachments: [] } },
  { name: 'preToolUse', group: 'Tools', canBlock: true, matcherTests: 'the tool name', description: 'Before any tool runs: {"permission": "allow"|"deny"|"ask"}.', sample: tool },
  { name: 'postToolUse', group: 'Tools', canBlock: false, matcherTests: 'the tool name', description: 'After a tool succeeded.', sample: { ...tool, tool_output: 'ok' } },
  { name: 'postToolUseFailure', group: 'Tools', canBlock: false, matcherTests: 'the tool name', description: 'After a tool failed.', sample: { ...tool, error_message: 'exit 1' } },
  { name: 'beforeShellExecution', group: 'Tools', canBlock: true, matcherTests: null, description: 'Before a terminal command runs: {"permission": "allow"|"deny"|"ask"}.', sample: { command: 'rm -rf /tmp/x', cwd: '' } },
  { name: 'afterShellExecution', group: 'Tools', canBlock: false, matcherTests: null, description: 'After a terminal command ran.', sample: { command: 'echo hi', output: 'hi', duration: 12 } },
  { name: 'beforeMCPExecution', group: 'Tools', canBlock: true, matcherTests: null, description: 'Before an MCP tool runs.', sample: { tool_name: 'search', tool_input: '{}', command: 'npx my-mcp' } },
  { name: 'afterMCPExecution', group: 'Tools', canBlock: false, matcherTests: null, description: 'After an MCP tool ran.', sample: { tool_name: 'search', tool_input: '{}', result_json: '{}' } },
  { name: 'beforeReadFile', group: 'Tools', canBlock: true, matcherTests: null, description: 'Before the agent reads a file: {"permission": "allow"|"deny"}.', sample: { file_path: '.env', content: 'SECRET=1', attachments: [] } },
  { name: 'afterFileEdit', group: 'Tools', canBlock: false, matcherTests: null, description: 'After the agent edited a file.', sample: { file_path: 'src/a.ts', edits: [{ old_string: 'a', new_string: 'b' }] } },
  { name: 'subagentStart', group: 'Subagents', canBlock: false, matcherTests: null, description: 'A subagent starts.', sample: { subagent_type: 'general' } },
  { name: 'subagentStop', group: 'Subagents', canBlock: false, matcherTests: null, description: 'A subagent finished.', sample: { subagent_type: 'general', status: 'completed' } },
  { name: 'preCompact', group: 'Session', canBlock: false, matcherTests: null, description: 'Before the context is compacted.', sample: { trigger: 'auto' } },
  { name: 'afterAgentResponse', group: 'Stop', canBlock: false, matcherTests: null, description: 'After the agent answered.', sample: { text: 'Done.' } },
  { name: 'stop', group: 'Stop', canBlock: true, matcherTests: null, description: 'The agent loop ends; {"followup_message": "..."} sends one more message (up to loop_limit times).', sample: { status: 'completed', loop_count: 0 } },
  { name: 'sessionEnd', group: 'Session', canBlock: false, matcherTests: null, description: 'A conversation ends.', sample: { reason: 'completed' } },
];

/** Claude Code's event names as Cursor maps them when it loads Claude Code's settings files (its third-party hooks). */
export const FROM_CLAUDE: Record<string, string> = {
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
  UserPromptSubmit: 'beforeSubmitPrompt',
  PreToolUse: 'preToolUse',
  PostToolUse: 'postToolUse',
  PostToolUseFailure: 'postToolUseFailure',
  SubagentStart: 'subagentStart',
  SubagentStop: 'subagentStop',
  PreCompact: 'preCompact',
  Stop: 'stop',
};

/** Claude Code's tool names and Cursor's (as the docs name Cursor's tools); a tool missing here has no stated equivalent. */
export const TOOLS_FROM_CLAUDE: Record<string, string> = { Bash: 'Shell', Read: 'Read', Write: 'Write', Grep: 'Grep', Task: 'Task' };

export const TOOL_EVENTS = new Set(['preToolUse', 'postToolUse', 'postToolUseFailure']);
