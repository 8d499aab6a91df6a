import type { EventSpec } from '../dialect.js';

/**
 * Copilot CLI 1.0.102's hook events (camelCase, as its settings schema names them). Samples are the event-specific
 * fields of the payloads the real CLI sent (shared/hosts/copilot-cli/payloads and the oracle's recordings);
 * `payload.ts` adds sessionId, timestamp and cwd.
 */
export const COPILOT_EVENTS: EventSpec[] = [
  {
    name: 'sessionStart',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'When a session starts. additionalContext of every hook (joined by a blank line) becomes the first user message; plain stdout is ignored.',
    sample: { source: 'new', initialPrompt: 'do it' },
  },
  {
    name: 'userPromptSubmitted',
    group: 'Prompt',
    canBlock: true,
    matcherTests: null,
    description:
      'Before the prompt reaches the model. decision "block" with a reason stops it (no model request, the reason is shown as a warning); modifiedPrompt replaces it; additionalContext is appended as a <system_reminder>; handled + responseContent answers without the model. Later hooks override earlier fields.',
    sample: { prompt: 'do it' },
  },
  {
    name: 'userPromptTransformed',
    group: 'Prompt',
    canBlock: false,
    matcherTests: null,
    description: 'After Copilot added its own text (the current date) to the prompt: observation only.',
    sample: { prompt: 'do it', transformedPrompt: '<current_datetime>2026-12-01T12:00:00.000+00:00</current_datetime>\n\ndo it' },
  },
  {
    name: 'preToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (a regex that must match all of it)',
    description:
      'Before a tool runs. Hooks run one after another, each seeing the arguments as earlier hooks rewrote them; the first deny stops the rest. permissionDecision deny/ask/allow, modifiedArgs (the last one wins), additionalContext. Exit 2 or any other failure denies; a timeout lets the call through.',
    sample: { toolName: 'bash', toolArgs: { command: 'echo original', description: 'run the command' } },
  },
  {
    name: 'permissionRequest',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (a regex that must match all of it)',
    description: 'When the tool call needs a permission and no preToolUse hook allowed it (it fires even with --allow-all). behavior "deny" (with message) denies; "allow" allows.',
    sample: { toolName: 'bash', toolInput: { command: 'echo original' }, permissionSuggestions: [] },
  },
  {
    name: 'postToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (a regex that must match all of it)',
    description:
      'After a tool succeeded (a shell command that exits non-zero still counts as success). additionalContext is appended to the tool result; decision "block" with a reason replaces the result with "Tool result blocked: <reason>" and stops later hooks.',
    sample: {
      toolName: 'bash',
      toolArgs: { command: 'echo original', description: 'run the command' },
      toolResult: { resultType: 'success', textResultForLlm: 'original\n<shellId: 0 completed with exit code 0>' },
    },
  },
  {
    name: 'postToolUseFailure',
    group: 'Tools',
    canBlock: false,
    matcherTests: 'the tool name (a regex that must match all of it)',
    description: 'After a tool call failed as a tool (not a shell exit code): observation, additionalContext (from the docs).',
    sample: { toolName: 'bash', toolArgs: { command: 'echo original', description: 'run the command' }, error: 'tool failed' },
  },
  {
    name: 'preMcpToolCall',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the MCP tool name',
    description: 'Before an MCP tool call goes out (from the docs; not recorded).',
    sample: { toolName: 'server-tool', toolArgs: {} },
  },
  {
    name: 'agentStop',
    group: 'Stop',
    canBlock: true,
    matcherTests: null,
    description:
      'When the agent ends its turn. decision "block" with a reason sends the reason as a new user message and the turn goes on (stop_hook_active is then true); after 8 continuations in a row the CLI ends the turn anyway.',
    sample: { transcriptPath: '/home/you/.copilot/session-state/SESSION/events.jsonl', stopReason: 'end_turn', stop_hook_active: false },
  },
  {
    name: 'subagentStart',
    group: 'Subagents',
    canBlock: false,
    matcherTests: 'the agent name',
    description: 'When a subagent is spawned; additionalContext goes into its prompt (from the docs).',
    sample: { agentName: 'task' },
  },
  {
    name: 'subagentStop',
    group: 'Subagents',
    canBlock: true,
    matcherTests: 'the agent name',
    description: 'When a subagent ends (from the docs).',
    sample: { agentName: 'task', stopReason: 'end_turn', stop_hook_active: false },
  },
  {
    name: 'preCompact',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'Before the context is compacted (from the docs).',
    sample: { trigger: 'auto' },
  },
  {
    name: 'errorOccurred',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'When the agent hits an error: observation (from the docs).',
    sample: { error: { message: 'something failed', name: 'Error' } },
  },
  {
    name: 'notification',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'Fires asynchronously on shell completion, permission prompts, dialogs and agent completion: observation (from the docs).',
    sample: { message: 'Agent completed' },
  },
  {
    name: 'sessionEnd',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'When the session ends (once per -p run, reason "complete"): observation; its output is ignored.',
    sample: { reason: 'complete' },
  },
];

export const EVENT_NAMES = new Set(COPILOT_EVENTS.map((e) => e.name));

/** Events whose hooks get the tool name as matcher subject. */
export const TOOL_EVENTS = new Set(['preToolUse', 'permissionRequest', 'postToolUse', 'postToolUseFailure', 'preMcpToolCall']);

/**
 * Copilot accepts Claude Code / VS Code PascalCase names for the same events; hooks declared under them get a
 * Claude-shaped snake_case payload (hook_event_name, session_id, an ISO timestamp, tool_name "Bash", tool_input).
 */
export const PASCAL_ALIASES: Record<string, string> = {
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
  UserPromptSubmit: 'userPromptSubmitted',
  PreToolUse: 'preToolUse',
  PostToolUse: 'postToolUse',
  PostToolUseFailure: 'postToolUseFailure',
  PermissionRequest: 'permissionRequest',
  PreMcpToolCall: 'preMcpToolCall',
  Stop: 'agentStop',
  SubagentStart: 'subagentStart',
  SubagentStop: 'subagentStop',
  PreCompact: 'preCompact',
  ErrorOccurred: 'errorOccurred',
  Notification: 'notification',
};

export const PASCAL_OF: Record<string, string> = Object.fromEntries(Object.entries(PASCAL_ALIASES).map(([p, c]) => [c, p]));
