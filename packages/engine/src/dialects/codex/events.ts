import type { EventSpec } from '../dialect.js';

/**
 * Codex CLI 0.171.0's hook events. Samples are the event-specific fields of payloads the real binary sent
 * (shared/hosts/codex/payloads, and the oracle's fixtures); `payload.ts` adds the base fields in Codex's order.
 */
export const CODEX_EVENTS: EventSpec[] = [
  {
    name: 'SessionStart',
    group: 'Session',
    canBlock: false,
    matcherTests: 'how the session started (startup; compact after auto-compaction)',
    description: 'When a session starts. Plain stdout or additionalContext becomes a developer message; continue: false ends the session before the prompt.',
    sample: { source: 'startup' },
  },
  {
    name: 'UserPromptSubmit',
    group: 'Prompt',
    canBlock: true,
    matcherTests: null,
    description: 'Before the prompt reaches the model. decision "block", exit 2 with stderr, or continue: false drop the prompt: no model request. Plain stdout or additionalContext becomes a developer message.',
    sample: { prompt: 'do it' },
  },
  {
    name: 'PreModelRequest',
    group: 'Model',
    canBlock: false,
    matcherTests: null,
    description: 'Before every model request (undocumented, fired by the binary). Nothing it answers stops the request.',
    sample: { kind: 'sampling', request_id: '9b908c4c-7fcf-41e1-afdb-9c21c127de04', attempt_number: 1 },
  },
  {
    name: 'PostModelRequest',
    group: 'Model',
    canBlock: false,
    matcherTests: null,
    description: 'After every model request (undocumented). Runs alongside the PreToolUse of the same response; observation only.',
    sample: {
      kind: 'sampling',
      request_id: '9b908c4c-7fcf-41e1-afdb-9c21c127de04',
      attempt_number: 1,
      status: 'completed',
      error: null,
      token_usage: { input_tokens: 10, cached_input_tokens: 0, cache_write_input_tokens: 0, output_tokens: 5, reasoning_output_tokens: 0, total_tokens: 15 },
      response_id: 'resp_1',
    },
  },
  {
    name: 'PreToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (the shell tool is "Bash")',
    description:
      'Before a tool runs. Block with permissionDecision "deny" + a reason, decision "block" + reason, or exit 2 + stderr; rewrite with permissionDecision "allow" + updatedInput.command. Anything else (exit 1, invalid JSON, ask, an unknown field) lets the tool run.',
    sample: { tool_name: 'Bash', tool_input: { command: 'echo original' }, tool_use_id: 'call_1' },
  },
  {
    name: 'PermissionRequest',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name',
    description: 'When Codex would ask for approval: under --approve-for-me, a call that asks to leave the sandbox (never with approvals bypassed). decision.behavior allow or deny (+ message), or exit 2 with stderr to deny; anything else leaves it to the automatic reviewer.',
    sample: { tool_name: 'Bash', tool_input: { command: 'echo original' } },
  },
  {
    name: 'PostToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: 'the tool name (the shell tool is "Bash")',
    description: 'After a tool ran, also when the command exited non-zero. decision "block", exit 2 or continue: false replace the output the model reads; additionalContext becomes a developer message.',
    sample: { tool_name: 'Bash', tool_input: { command: 'echo original' }, tool_response: 'original\n', tool_use_id: 'call_1' },
  },
  {
    name: 'Stop',
    group: 'Stop',
    canBlock: true,
    matcherTests: null,
    description: 'When the turn is done. decision "block" + reason or exit 2 + stderr: one more model request with the reason as a <hook_prompt> user message (no loop cap). continue: false wins over a block.',
    sample: { stop_hook_active: false, last_assistant_message: 'FINAL_TEXT_2' },
  },
  {
    name: 'PreCompact',
    group: 'Compaction',
    canBlock: false,
    matcherTests: 'the trigger (auto or manual)',
    description: 'Before the history is compacted. continue: false aborts the turn.',
    sample: { trigger: 'auto' },
  },
  {
    name: 'PostCompact',
    group: 'Compaction',
    canBlock: false,
    matcherTests: 'the trigger (auto or manual)',
    description: 'After the history was compacted (observation; SessionStart fires again with source "compact").',
    sample: { trigger: 'auto' },
  },
  {
    name: 'Interrupt',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'When a turn is interrupted (Ctrl-C). Observation only.',
    sample: {},
  },
  {
    name: 'SessionEnd',
    group: 'Session',
    canBlock: false,
    matcherTests: 'why the session ended (codex exec: other)',
    description: 'When the session ends. Observation only; its hooks get 3 s at most.',
    sample: { reason: 'other' },
  },
];

export const EVENT_NAMES = new Set(CODEX_EVENTS.map((e) => e.name));

/** Events Codex knows (embedded schemas) that hookplay has no recorded payload for: they load but do not run here. */
export const OTHER_CODEX_EVENTS = new Set(['SubagentStart', 'SubagentStop', 'StopFailure']);

/** The payload field a matcher is tested against; events not listed ignore matchers entirely. */
export const MATCHER_FIELD: Record<string, string> = {
  PreToolUse: 'tool_name',
  PermissionRequest: 'tool_name',
  PostToolUse: 'tool_name',
  SessionStart: 'source',
  SessionEnd: 'reason',
  PreCompact: 'trigger',
  PostCompact: 'trigger',
  SubagentStart: 'agent_type',
  SubagentStop: 'agent_type',
};
