import type { EventSpec } from '../dialect.js';

/**
 * Cline's hook types, named as its hook files are (`~/.cline/hooks/PreToolUse`, ...). Samples are the event's own
 * fields of payloads the real Cline CLI 3.0.65 sent (recorded by the oracle, oracle/hosts/cline); `payload.ts` adds
 * the fields every hook gets (clineVersion, timestamp, taskId, workspaceRoots, ...).
 */
export const CLINE_EVENTS: EventSpec[] = [
  {
    name: 'TaskStart',
    group: 'Task',
    canBlock: false,
    matcherTests: null,
    description: 'When a task starts, before the first model request. The CLI starts the hook and does not wait for it: its output (cancel, contextModification) is never read.',
    sample: { taskStart: { taskMetadata: {} } },
  },
  {
    name: 'TaskResume',
    group: 'Task',
    canBlock: false,
    matcherTests: null,
    description: 'Instead of TaskStart when a saved session is resumed (cline --id <session>). Started and not waited for, like TaskStart (from the docs and the CLI source: not recorded).',
    sample: { taskResume: { taskMetadata: {}, previousState: {} } },
  },
  {
    name: 'UserPromptSubmit',
    group: 'Prompt',
    canBlock: true,
    matcherTests: null,
    description: 'Documented as running when the user submits a prompt, able to cancel it or add context. The Cline CLI 3.0.65 never runs it.',
    sample: { userPromptSubmit: { prompt: 'do it', attachments: [] } },
  },
  {
    name: 'PreToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: null,
    description:
      'Before a tool runs; the CLI waits (up to 120 s). cancel: true stops the whole task, not just the call. contextModification (or context, or an errorMessage without cancel) reaches the model as a <hook_context> user message after the tool results; overrideInput replaces the call\'s input. Exit codes are not read.',
    sample: {
      iteration: 1,
      tool_call: { id: 'call_1_0', name: 'run_commands', input: { commands: ['echo original'] } },
      preToolUse: { toolName: 'run_commands', parameters: { commands: '["echo original"]' } },
    },
  },
  {
    name: 'PostToolUse',
    group: 'Tools',
    canBlock: true,
    matcherTests: null,
    description: 'After a tool ran (a command that exits non-zero included); the CLI waits (up to 120 s). contextModification reaches the model as a <hook_context> user message; cancel: true stops the task, and the result never reaches the model.',
    sample: {
      iteration: 1,
      tool_result: {
        id: 'call_1_0',
        name: 'run_commands',
        input: { commands: ['echo original'] },
        output: [{ query: 'echo original', result: 'original\n', success: true }],
        durationMs: 12,
        startedAt: '2026-12-01T12:00:00.000Z',
        endedAt: '2026-12-01T12:00:00.012Z',
      },
      postToolUse: {
        toolName: 'run_commands',
        parameters: { commands: '["echo original"]' },
        result: '[{"query":"echo original","result":"original\\n","success":true}]',
        success: true,
        executionTimeMs: 12,
      },
    },
  },
  {
    name: 'TaskComplete',
    group: 'Task',
    canBlock: false,
    matcherTests: null,
    description: 'When the model ends the task with a final answer. Started and not waited for: its output is never read.',
    sample: { iteration: 2, turn: { outputText: 'Done.', status: 'completed' }, taskComplete: { taskMetadata: {} } },
  },
  {
    name: 'TaskCancel',
    group: 'Task',
    canBlock: false,
    matcherTests: null,
    description: 'When a task is aborted with a reason that says cancel, abort or interrupt. A hook\'s cancel does not fire it (its payload carries no reason). Not waited for.',
    sample: { reason: 'user cancelled', taskCancel: { taskMetadata: {} } },
  },
  {
    name: 'TaskError',
    group: 'Task',
    canBlock: false,
    matcherTests: null,
    description: 'When a task fails with an error (a provider error, say). Not waited for (from the docs and the CLI source: not recorded).',
    sample: { iteration: 1, error: { name: 'Error', message: 'provider failed', stack: 'Error: provider failed' } },
  },
  {
    name: 'PreCompact',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'Documented as running before the context is compacted. The Cline CLI 3.0.65 finds PreCompact files but maps them to no event: they never run.',
    sample: {},
  },
  {
    name: 'SessionShutdown',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'When a task ends aborted (a hook\'s cancel, say); not after a task that completed. Not waited for.',
    sample: {},
  },
];

export const EVENT_NAMES: readonly string[] = CLINE_EVENTS.map((e) => e.name);

/** The `hookName` each event's payload carries (the CLI's internal names). */
export const HOOK_NAMES: Record<string, string> = {
  TaskStart: 'agent_start',
  TaskResume: 'agent_resume',
  UserPromptSubmit: 'prompt_submit',
  PreToolUse: 'tool_call',
  PostToolUse: 'tool_result',
  TaskComplete: 'agent_end',
  TaskCancel: 'agent_abort',
  TaskError: 'agent_error',
  SessionShutdown: 'session_shutdown',
};

/** The events whose hooks the CLI waits for and whose answers it reads. */
export const BLOCKING: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse']);

/** Hook files the CLI finds but never runs: it maps no event to them (PreCompact) or never fires it (UserPromptSubmit). */
export const NEVER_RUN: ReadonlySet<string> = new Set(['UserPromptSubmit', 'PreCompact']);

/** A hook file's event: its name without the extension, in any case (`pretooluse.sh` is PreToolUse). */
export function eventOfName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return EVENT_NAMES.find((e) => e.toLowerCase() === lower);
}
