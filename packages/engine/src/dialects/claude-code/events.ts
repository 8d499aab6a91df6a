import type { EventSpec } from '../dialect.js';

/**
 * Claude Code's events, with samples taken from the exact payloads Claude Code 2.1.332 sent to hooks
 * (shared/payloads/claude-code-2.1.332): event-specific fields only; `payload.ts` adds the base fields.
 */
export const CLAUDE_CODE_EVENTS: EventSpec[] = [
  {
    name: 'SessionStart',
    group: 'Session',
    canBlock: false,
    matcherTests: 'how the session started (startup, resume, clear, compact)',
    description: 'When a session starts. Plain stdout or additionalContext is added to the model’s context.',
    sample: { source: 'startup' },
  },
  {
    name: 'UserPromptSubmit',
    group: 'Prompt',
    canBlock: true,
    matcherTests: null,
    description: 'Before the prompt reaches the model. Exit 2 or decision "block" stops it: no model request at all. Plain stdout or additionalContext becomes context.',
    sample: { prompt: 'do it' },
  },
  {
    name: 'PreToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name',
    description: 'Before a tool runs: deny, ask or allow it (deny > ask > allow), rewrite its input (updatedInput), add context.',
    sample: { tool_name: 'Bash', tool_input: { command: 'echo original', description: 'run the command' }, tool_use_id: 'toolu_mock_1' },
  },
  {
    name: 'PermissionRequest',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name',
    description: 'When Claude Code would ask the user for permission (the permission rules do not allow the call): decision.behavior allow or deny.',
    sample: {
      tool_name: 'Bash',
      tool_input: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' },
      permission_suggestions: [
        { type: 'addDirectories', directories: ['/home/you/project'], destination: 'session' },
        { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
      ],
    },
  },
  {
    name: 'PostToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name',
    description: 'After a tool succeeded. The tool already ran: decision "block" or exit 2 only tells the model; additionalContext reaches the model after the tool result.',
    sample: {
      tool_name: 'Bash',
      tool_input: { command: 'echo original', description: 'run the command' },
      tool_response: { stdout: 'original', stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
      tool_use_id: 'toolu_mock_1',
      duration_ms: 22,
    },
  },
  {
    name: 'PostToolUseFailure',
    group: 'Tools',
    canBlock: false,
    matcherTests: 'the tool name',
    description: 'After a tool failed (observation; additionalContext reaches the model).',
    sample: {
      tool_name: 'Bash',
      tool_input: { command: 'echo to_stderr >&2; exit 3', description: 'run the command' },
      tool_use_id: 'toolu_mock_1',
      error: 'Exit code 3\nto_stderr',
      is_interrupt: false,
      duration_ms: 23,
    },
  },
  {
    name: 'PostToolBatch',
    group: 'Tools',
    canBlock: false,
    matcherTests: null,
    description: 'After all tool calls of one model response ran (observation only).',
    sample: {
      tool_calls: [{ tool_name: 'Bash', tool_input: { command: 'echo original', description: 'run the command' }, tool_use_id: 'toolu_mock_1', tool_response: 'original' }],
    },
  },
  {
    name: 'Stop',
    group: 'Stop',
    canBlock: true,
    matcherTests: null,
    description: 'When the model is done. decision "block" or exit 2 keeps it working with the reason; the next Stop has stop_hook_active: true.',
    sample: { stop_hook_active: false, last_assistant_message: 'FINAL_TEXT_2', background_tasks: [], session_crons: [] },
  },
  {
    name: 'PermissionDenied',
    group: 'Tools',
    canBlock: false,
    matcherTests: 'the tool name',
    description: 'After auto mode’s safety check denied a call (not a rule, a hook, dontAsk or the user). Its answers change nothing a -p session shows (recorded: x-denied-*).',
    sample: { tool_name: 'Bash', tool_input: { command: 'touch made_by_bash.txt', description: 'run the command' }, tool_use_id: 'toolu_mock_1', reason: 'Classifier unavailable' },
  },
  {
    name: 'SessionEnd',
    group: 'Session',
    canBlock: false,
    matcherTests: 'why the session ended',
    description: 'When the session ends (observation only).',
    sample: { reason: 'other' },
  },
];

export const EVENT_NAMES = new Set(CLAUDE_CODE_EVENTS.map((e) => e.name));

/**
 * Events Claude Code fires that hookplay has no verified payload for: a settings file may configure them (they
 * load without complaint), but hookplay cannot run them.
 */
export const OTHER_CLAUDE_CODE_EVENTS = new Set([
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'StopFailure',
  'InstructionsLoaded',
  'ConfigChange',
  'CwdChanged',
  'FileChanged',
  'TaskCreated',
  'TaskCompleted',
  'TeammateIdle',
  'WorktreeCreate',
  'WorktreeRemove',
  'Elicitation',
  'ElicitationResult',
  'UserPromptExpansion',
]);

/** The payload field a matcher is tested against; events without one run every group, whatever its matcher. */
export const MATCHER_FIELD: Record<string, string> = {
  PreToolUse: 'tool_name',
  PermissionRequest: 'tool_name',
  PostToolUse: 'tool_name',
  PostToolUseFailure: 'tool_name',
  PermissionDenied: 'tool_name',
  SessionStart: 'source',
  SessionEnd: 'reason',
};

/** Events whose hooks are named `<Event>:<tool>` in Claude Code's messages ("PreToolUse:Bash hook error: ..."). */
export const TOOL_EVENTS = new Set(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'PermissionDenied']);
