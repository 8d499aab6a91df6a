import type { EventSpec } from '../dialect.js';

/**
 * Gemini CLI 0.61.0's hook events (HookEventName in packages/core/src/hooks/types.ts). The samples are the
 * event-specific fields the real CLI sent (shared/hosts/gemini-cli/payloads, recorded with `gemini -p`); the
 * dialect adds the base fields (session_id, transcript_path, cwd, hook_event_name, timestamp).
 */
const LLM_REQUEST = {
  model: 'gemini-2.5-pro',
  messages: [{ role: 'user', content: 'run a shell command' }],
  config: { temperature: 1, topP: 0.95, topK: 64 },
};

export const GEMINI_EVENTS: EventSpec[] = [
  {
    name: 'BeforeTool',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (an unanchored regex)',
    description: 'Before a tool runs. decision "deny" or "block" (or exit 2) stops it; hookSpecificOutput.tool_input replaces arguments; continue: false ends the run.',
    sample: { tool_name: 'run_shell_command', tool_input: { command: 'echo hello-from-mock > mock_out.txt && cat mock_out.txt', description: 'mock shell call' } },
  },
  {
    name: 'AfterTool',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (an unanchored regex)',
    description: 'After a tool ran. decision "deny" replaces the result the model sees; additionalContext is appended to it; continue: false ends the run.',
    sample: {
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo hello-from-mock > mock_out.txt && cat mock_out.txt', description: 'mock shell call' },
      tool_response: { llmContent: '<untrusted_context>\nOutput: hello-from-mock\nProcess Group PGID: 14124\n</untrusted_context>', returnDisplay: 'hello-from-mock' },
    },
  },
  {
    name: 'BeforeAgent',
    group: 'Prompt',
    canBlock: true,
    matcherTests: null,
    description: 'After the user submits a prompt, before any model request. A deny drops the prompt; continue: false stops; additionalContext is added to the prompt.',
    sample: { prompt: 'run a shell command' },
  },
  {
    name: 'AfterAgent',
    group: 'Stop',
    canBlock: true,
    matcherTests: null,
    description: 'When the model has answered and no tool call is pending. A deny sends its reason back as a new prompt (the turn goes on, stop_hook_active: true).',
    sample: { prompt: 'run a shell command', prompt_response: 'Done (mock final answer).', stop_hook_active: false },
  },
  {
    name: 'BeforeModel',
    group: 'Model',
    canBlock: true,
    matcherTests: null,
    description: 'Before each model request. Can rewrite llm_request, answer with a synthetic llm_response, or block the request.',
    sample: { llm_request: LLM_REQUEST },
  },
  {
    name: 'AfterModel',
    group: 'Model',
    canBlock: true,
    matcherTests: null,
    description: 'After each model response. Can replace llm_response or stop the run.',
    sample: {
      llm_request: LLM_REQUEST,
      llm_response: {
        text: 'Done (mock final answer).',
        candidates: [{ content: { role: 'model', parts: ['Done (mock final answer).'] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      },
    },
  },
  {
    name: 'BeforeToolSelection',
    group: 'Model',
    canBlock: false,
    matcherTests: null,
    description: 'Before each model request, to narrow the tools offered (toolConfig: mode and allowedFunctionNames; answers are unioned).',
    sample: { llm_request: LLM_REQUEST },
  },
  {
    name: 'SessionStart',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the source (startup, resume, clear), exactly',
    description: 'When a session starts. additionalContext is put before the first prompt; it cannot block.',
    sample: { source: 'startup' },
  },
  {
    name: 'SessionEnd',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the reason (exit, clear, logout, prompt_input_exit, other), exactly',
    description: 'When the session ends. Observation only.',
    sample: { reason: 'exit' },
  },
  {
    name: 'PreCompress',
    group: 'Session',
    canBlock: false,
    matcherTests: 'the trigger (auto, manual), exactly',
    description: 'Before the history may be compressed: with -p it fires before every model turn, even when nothing is compressed. Observation only.',
    sample: { trigger: 'auto' },
  },
  {
    name: 'Notification',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'When Gemini CLI asks the user for a tool permission. Observation only.',
    sample: { notification_type: 'ToolPermission', message: 'Allow run_shell_command?', details: {} },
  },
];

export const EVENT_NAMES = new Set(GEMINI_EVENTS.map((e) => e.name));

/** What the planner matches a group's matcher against, per event (hookPlanner.matchesContext). */
export const MATCHER_FIELD: Record<string, 'tool_name' | 'source' | 'reason' | 'trigger'> = {
  BeforeTool: 'tool_name',
  AfterTool: 'tool_name',
  SessionStart: 'source',
  SessionEnd: 'reason',
  PreCompress: 'trigger',
};

/** Events whose answers are merged with "any deny wins" (mergeWithOrDecision). */
export const OR_DECISION_EVENTS = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'SessionStart']);
