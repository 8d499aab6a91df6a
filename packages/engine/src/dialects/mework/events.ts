import type { EventSpec } from '../dialect.js';

/**
 * Mework's event catalog: the events its documentation names (the payload table was lost in the copy, and
 * Mework follows Claude Code's vocabulary, so samples are shaped after real Claude Code 2.1.332 payloads).
 * Tool names are Mework's own (`bash`, `powershell`), as in the docs' matcher `^(bash|powershell)$`.
 */
export const MEWORK_EVENTS: EventSpec[] = [
  {
    name: 'PreToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (tool_name)',
    description: 'Before a tool call runs (also for subagents and workflow steps). A hook can deny, ask, allow, or rewrite the arguments with updatedInput.',
    sample: {
      tool_name: 'bash',
      tool_input: { command: 'git push origin main --force', description: 'push the branch' },
      tool_use_id: 'toolu_01',
    },
  },
  {
    name: 'PermissionRequest',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (tool_name)',
    description: 'When a tool call needs the user’s approval. A hook can allow or deny it instead of asking; exit 2 denies.',
    sample: {
      tool_name: 'bash',
      tool_input: { command: 'touch made_by_bash.txt', description: 'create a file' },
      permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    },
  },
  {
    name: 'PostToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (tool_name)',
    description: 'After a tool ran. A block rejects the result (the model is told), but cannot undo what the tool did.',
    sample: {
      tool_name: 'bash',
      tool_input: { command: 'echo original', description: 'run the command' },
      tool_response: { stdout: 'original', stderr: '', interrupted: false, isImage: false },
      tool_use_id: 'toolu_01',
      duration_ms: 22,
    },
  },
  {
    name: 'UserPromptSubmit',
    group: 'Prompt',
    canBlock: true,
    matcherTests: 'nothing: UserPromptSubmit always matches',
    description: 'When the user sends a message (visible conversation only). Plain-text stdout becomes context; a block ends the turn before any model request. Always matches, whatever the matcher.',
    sample: { prompt: 'what changed on this branch?' },
  },
  {
    name: 'Stop',
    group: 'Stop',
    canBlock: true,
    matcherTests: 'nothing: Stop always matches',
    description: 'When the model is about to finish (visible conversation only). A block gives the model the reason and it keeps working. Must answer with JSON. Always matches, whatever the matcher.',
    sample: { stop_hook_active: false, last_assistant_message: 'Done: the parser now handles empty files.' },
  },
  {
    name: 'SessionStart',
    group: 'Session',
    canBlock: true,
    matcherTests: 'the source (startup, resume, clear, compact)',
    description: 'When a conversation starts or resumes (visible conversation only). Plain-text stdout becomes context; a block ends the turn before any model request.',
    sample: { source: 'startup' },
  },
  {
    name: 'InstructionsLoaded',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the load reason (load_reason)',
    description: 'When an instructions file is loaded. Observation only: exit code, stdout and JSON are recorded and never reach the model. The only event where async: true is accepted.',
    sample: { file_path: 'AGENTS.md', memory_type: 'Project', load_reason: 'session_start' },
  },
];

export const MEWORK_EVENT_NAMES: readonly string[] = MEWORK_EVENTS.map((e) => e.name);

/** Events that run whatever the matcher says. */
export const ALWAYS_MATCH_EVENTS = new Set(['UserPromptSubmit', 'Stop']);
/** Events whose plain-text stdout is taken as added context. */
export const TEXT_CONTEXT_EVENTS = new Set(['UserPromptSubmit', 'SessionStart']);
/** Events where a hook decides a tool call's permission (permissionDecision, updatedInput). */
export const PERMISSION_EVENTS = new Set(['PreToolUse', 'PermissionRequest']);
/** Events where a block ends the turn before any model request. */
export const TURN_ENDING_EVENTS = new Set(['UserPromptSubmit', 'SessionStart']);
export const OBSERVATION_ONLY_EVENTS = new Set(['InstructionsLoaded']);
/** The only event where `async: true` is accepted. */
export const ASYNC_EVENTS = new Set(['InstructionsLoaded']);

/**
 * Claude Code events a carried-over hooks.json may name but Mework never fires: such handlers load and
 * then silently never run, so the loader says so.
 */
export const CLAUDE_CODE_ONLY_EVENTS = new Set([
  'PostToolUseFailure',
  'PostToolBatch',
  'PermissionDenied',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'SessionEnd',
  'StopFailure',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'ConfigChange',
  'CwdChanged',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'Elicitation',
  'ElicitationResult',
  'Setup',
]);
