import type { EventSpec } from '../dialect.js';

/**
 * Qwen Code 0.24.4's 22 hook events (packages/core/src/hooks/types.ts in its bundle). Samples are the event-specific
 * fields of payloads Qwen Code really sent (shared/hosts/qwen-code/payloads and the oracle's probes); `payload.ts`
 * adds the base fields. Events Qwen Code fires only in situations the playground cannot stage (subagents,
 * compaction, todos) keep the fields its source builds them with.
 */
export const QWEN_CODE_EVENTS: EventSpec[] = [
  {
    name: 'SessionStart',
    group: 'Session',
    canBlock: false,
    matcherTests: 'how the session started (startup, resume, clear, compact)',
    description: 'When a session starts. Plain stdout or additionalContext goes into the system prompt, in a <qwen:session-start-context> block. Cannot block.',
    sample: { source: 'startup', model: 'gpt-4.1' },
  },
  {
    name: 'UserPromptSubmit',
    group: 'Prompt',
    canBlock: true,
    matcherTests: null,
    description:
      'Before a prompt reaches the model — and again before each tool result is sent back (prompt ""). decision "block"/"deny", exit 2 or continue: false ends the turn without a request; plain stdout or additionalContext is added as a <qwen:user-prompt-submit-context> part.',
    sample: { prompt: 'do it', submitted_prompt: 'do it' },
  },
  {
    name: 'PreToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (native id like run_shell_command, or an alias such as Bash or Shell)',
    description: 'Before a tool runs: permissionDecision deny or ask (or decision "block"), or continue: false, stops it and the reason becomes the tool error. updatedInput is not applied.',
    sample: { tool_name: 'run_shell_command', tool_input: { command: 'echo original', description: 'run it' }, tool_use_id: 'toolu_1796067363779_956phwmee', tool_call_id: 'call_mock_1' },
  },
  {
    name: 'PostToolUse',
    group: 'Tools',
    canBlock: false,
    matcherTests: 'the tool name',
    description: 'After a tool succeeded. additionalContext is appended to the tool result; continue: false replaces the result with the stop reason; decision "block" and exit 2 change nothing.',
    sample: {
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo original', description: 'run it' },
      tool_response: {
        llmContent: 'Command: echo original\nDirectory: (root)\nOutput: original\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)',
        returnDisplay: 'original',
      },
      tool_use_id: 'toolu_1796067363779_956phwmee',
      tool_call_id: 'call_mock_1',
      duration_ms: 23,
    },
  },
  {
    name: 'PostToolUseFailure',
    group: 'Tools',
    canBlock: false,
    matcherTests: 'the tool name',
    description: 'After a tool failed. additionalContext is appended to the error the model reads.',
    sample: {
      tool_use_id: 'toolu_1796067363779_956phwmee',
      tool_call_id: 'call_mock_1',
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo failing >&2; exit 3', description: 'fail' },
      error: 'Command exited with code 3',
      is_interrupt: false,
      duration_ms: 20,
    },
  },
  {
    name: 'PostToolBatch',
    group: 'Tools',
    canBlock: true,
    matcherTests: null,
    description: 'After every tool call of one model answer finished. additionalContext is appended to the last result; decision "block" or continue: false stops the batch.',
    sample: {
      tool_calls: [
        {
          tool_name: 'run_shell_command',
          tool_input: { command: 'echo original', description: 'run it' },
          tool_use_id: 'call_mock_1',
          tool_call_id: 'call_mock_1',
          status: 'success',
          tool_response: { result_display: 'original', execution_status: 'success' },
        },
      ],
    },
  },
  {
    name: 'Stop',
    group: 'Stop',
    canBlock: true,
    matcherTests: null,
    description: 'When the model answers without tool calls. decision "block" (or exit 2, or continue: false) continues the turn with the reason as a new user message; stop_hook_active is true on the next Stop.',
    sample: { stop_hook_active: false, last_assistant_message: 'FINAL_TEXT_2', background_tasks: [], crons: [], context_usage: 0.0000762939453125, context_limit: 131072, input_tokens: 10 },
  },
  {
    name: 'MessageDisplay',
    group: 'Stop',
    canBlock: false,
    matcherTests: null,
    description: 'When an assistant message is shown. Fire-and-forget: its output is ignored.',
    sample: { message_id: '8860f0f8-cbd4-453d-9762-2e1ad5d67dc4', displayed_text: 'FINAL_TEXT_2', is_final: true },
  },
  {
    name: 'Notification',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the notification type',
    description: 'When Qwen Code notifies the user (auth_success, permission prompts, idle).',
    sample: { message: 'Successfully authenticated with openai', notification_type: 'auth_success', title: 'Authentication successful' },
  },
  {
    name: 'InstructionsLoaded',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the instruction file path',
    description: 'When a context file (QWEN.md, output-language.md, ...) is loaded. Output ignored.',
    sample: { file_path: '/home/you/.qwen/output-language.md', memory_type: 'extension', load_reason: 'session_start' },
  },
  {
    name: 'SessionEnd',
    group: 'Session',
    canBlock: false,
    matcherTests: 'why the session ended',
    description: 'When an interactive session ends (not fired by a one-shot run).',
    sample: { reason: 'prompt_input_exit' },
  },
  {
    name: 'SessionDelete',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'When a session is deleted. Fire-and-forget.',
    sample: { deleted_session_id: '8ab57c7f-5fe1-4dee-a7e6-31c74ac92f6a' },
  },
  {
    name: 'StopFailure',
    group: 'Stop',
    canBlock: false,
    matcherTests: 'the error type',
    description: 'When a turn ends on an API error. Its output and errors are ignored.',
    sample: { error: 'rate_limit', error_details: '429 Too Many Requests', last_assistant_message: '' },
  },
  {
    name: 'SubagentStart',
    group: 'Subagents',
    canBlock: false,
    matcherTests: 'the agent type',
    description: 'When a subagent starts. additionalContext reaches the subagent.',
    sample: { agent_id: 'agent-1', agent_type: 'general-purpose' },
  },
  {
    name: 'SubagentStop',
    group: 'Subagents',
    canBlock: true,
    matcherTests: 'the agent type',
    description: 'When a subagent finishes. decision "block" keeps it working.',
    sample: { agent_id: 'agent-1', agent_type: 'general-purpose', stop_hook_active: false, last_assistant_message: 'done', agent_transcript_path: '/home/you/.qwen/projects/p/agents/agent-1.jsonl' },
  },
  {
    name: 'PreCompact',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the trigger (manual or auto)',
    description: 'Before the history is compacted.',
    sample: { trigger: 'manual', custom_instructions: '' },
  },
  {
    name: 'PostCompact',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the trigger (manual or auto)',
    description: 'After the history was compacted.',
    sample: { trigger: 'manual', compact_summary: '...' },
  },
  {
    name: 'PermissionRequest',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name',
    description: 'When Qwen Code would ask the user to approve a tool call: hookSpecificOutput.decision.behavior allow (with updatedInput) or deny (deny wins).',
    sample: { tool_name: 'run_shell_command', tool_input: { command: 'echo original', description: 'run it' }, permission_suggestions: [] },
  },
  {
    name: 'PermissionDenied',
    group: 'Tools',
    canBlock: false,
    matcherTests: 'the tool name',
    description: 'After a tool call was denied.',
    sample: { tool_name: 'run_shell_command', tool_input: { command: 'echo original', description: 'run it' }, tool_use_id: 'toolu_1', reason: 'denied' },
  },
  {
    name: 'UserPromptExpansion',
    group: 'Prompt',
    canBlock: true,
    matcherTests: 'the slash command name',
    description: 'When a slash command expands into a prompt. Plain stdout or additionalContext is added (escaped).',
    sample: { command_name: 'review', command_args: '', prompt: '/review' },
  },
  {
    name: 'TodoCreated',
    group: 'Todos',
    canBlock: true,
    matcherTests: null,
    description: 'When the model adds a todo.',
    sample: { todo: { id: '1', content: 'write tests', status: 'pending' } },
  },
  {
    name: 'TodoCompleted',
    group: 'Todos',
    canBlock: true,
    matcherTests: null,
    description: 'When a todo is marked completed.',
    sample: { todo: { id: '1', content: 'write tests', status: 'completed' } },
  },
];

export const EVENT_NAMES = new Set(QWEN_CODE_EVENTS.map((e) => e.name));

/** The payload field each event's matcher is tested against (hookPlanner.getHookMatcherTarget); absent: no matcher. */
export const MATCHER_FIELD: Record<string, string> = {
  PreToolUse: 'tool_name',
  PostToolUse: 'tool_name',
  PostToolUseFailure: 'tool_name',
  PermissionRequest: 'tool_name',
  PermissionDenied: 'tool_name',
  SubagentStart: 'agent_type',
  SubagentStop: 'agent_type',
  PreCompact: 'trigger',
  PostCompact: 'trigger',
  SessionStart: 'source',
  SessionEnd: 'reason',
  StopFailure: 'error',
  Notification: 'notification_type',
  InstructionsLoaded: 'file_path',
  UserPromptExpansion: 'command_name',
};

export const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied']);

/** Keys of `hooks` Qwen Code skips as settings, not events (HOOKS_CONFIG_FIELDS). */
export const HOOKS_CONFIG_FIELDS = new Set(['enabled', 'disabled', 'notifications']);
