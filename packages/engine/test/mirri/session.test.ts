import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/session/play.js';
import type { SessionStep } from '../../src/session/steps.js';
import type { HostSettings, SessionOutcome } from '@hookplay/engine';
import { CONFIG, printJson, toml, type Entry } from './helpers.js';

const FLAG = { MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'true' };

async function play(entries: Entry[], steps: SessionStep[], host: HostSettings = {}, files: Record<string, string> = {}): Promise<SessionOutcome> {
  const played = await playSession({ hookplay: 1, dialect: 'mirri', host, files: { [CONFIG]: toml(...entries), ...files }, payload: {}, session: { steps } });
  return played.outcome;
}

/** The events fired on each timeline entry, as `label: A, B`. */
const timeline = (o: SessionOutcome) => o.steps.map((s) => `${s.label}: ${s.events.map((e) => e.event).join(', ')}`);
const stepOf = (o: SessionOutcome, index: number) => o.steps.find((s) => s.step === index)!;
const eventIn = (o: SessionOutcome, index: number, name: string) => stepOf(o, index).events.find((e) => e.event === name)!.outcome;

describe('mirri session: a tool call', () => {
  it('v1 with the flag: RewriteToolInput rewrites, PreToolUse sees the rewrite and denies, PostToolUseFailure fires, the tool never runs', async () => {
    const o = await play(
      [
        { event: 'RewriteToolInput', matcher: '^Bash$', command: printJson({ hookSpecificOutput: { updatedInput: { command: 'rm -rf build' } } }) },
        { event: 'PreToolUse', matcher: '^Bash$', command: `grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0` },
      ],
      [{ prompt: 'clean up' }, { tool: 'Bash', input: { command: 'ls' } }],
      { env: FLAG },
    );
    expect(timeline(o)).toEqual([
      'session start: SessionStart',
      'prompt "clean up": UserPromptSubmit',
      'Bash: ls: RewriteToolInput, PreToolUse, PostToolUseFailure',
      'the model ends its turn: Stop',
      'session end: SessionEnd',
    ]);
    expect(stepOf(o, 1).tool).toMatchObject({ ran: false, input: { command: 'rm -rf build' }, decidedBy: 'hook', result: 'no rm -rf' });
    expect(eventIn(o, 1, 'PostToolUseFailure').hooks).toEqual([]);
    // The reason goes back into the model's context (and to the user).
    expect(o.transcript).toEqual(['no rm -rf']);
    expect(stepOf(o, 1).notices).toEqual(['no rm -rf']);
    expect(o.ended.reason).toBe('completed');
  });

  it('v1 without the flag: RewriteToolInput is not fired, and the session says why', async () => {
    const o = await play(
      [{ event: 'RewriteToolInput', command: printJson({ hookSpecificOutput: { updatedInput: { command: 'echo rewritten' } } }) }],
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo original' } }],
    );
    expect(stepOf(o, 1).events.map((e) => e.event)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, source: 'run', result: 'original', input: { command: 'echo original' } });
    expect(stepOf(o, 1).diagnostics.map((d) => d.code)).toContain('lifecycle.rewrite-not-fired');
  });

  it('v2 with the flag: PreToolUse carries the rewrite, and the shell tool runs the rewritten command for real', async () => {
    const o = await play(
      [{ event: 'PreToolUse', matcher: 'Bash', command: printJson({ hookSpecificOutput: { updatedInput: { command: 'echo from-v2 > out.txt && cat out.txt' } } }) }],
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo original' } }],
      { engine: 'v2', env: FLAG },
    );
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, source: 'run', exitCode: 0, result: 'from-v2', input: { command: 'echo from-v2 > out.txt && cat out.txt' } });
    const post = eventIn(o, 1, 'PostToolUse');
    expect(post.verdict).toBe('proceed');
  });

  it('a failing tool fires PostToolUseFailure, not PostToolUse', async () => {
    const o = await play(
      [
        { event: 'PostToolUse', command: 'cat' },
        { event: 'PostToolUseFailure', command: 'cat' },
      ],
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo broken >&2; exit 3' } }, { tool: 'Read', input: { file_path: 'a.txt' } }],
    );
    expect(stepOf(o, 1).events.map((e) => e.event)).toEqual(['PreToolUse', 'PostToolUseFailure']);
    const failure = eventIn(o, 1, 'PostToolUseFailure');
    expect(JSON.parse(failure.hooks[0]!.stdout)).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', error: { message: 'exit code 3\nbroken' } });
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, isError: true, exitCode: 3 });
    // Another tool succeeds with no output.
    expect(stepOf(o, 2).events.map((e) => e.event)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(JSON.parse(eventIn(o, 2, 'PostToolUse').hooks[0]!.stdout)).toMatchObject({ tool_name: 'Read', tool_output: '' });
  });
});

describe('mirri session: approvals', () => {
  const observe = [
    { event: 'PermissionRequest', command: 'cat' },
    { event: 'PermissionResult', command: 'cat' },
  ];

  it('an allowed prompt: PermissionRequest before the answer, PermissionResult with the decision after, then the tool', async () => {
    const o = await play(observe, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo approved' } }, { approval: 'allow' }]);
    expect(stepOf(o, 1).events.map((e) => e.event)).toEqual(['PreToolUse', 'PermissionRequest']);
    expect(stepOf(o, 2).events.map((e) => e.event)).toEqual(['PermissionResult', 'PostToolUse']);
    expect(JSON.parse(eventIn(o, 1, 'PermissionRequest').hooks[0]!.stdout)).toMatchObject({ turn_id: 1, tool_name: 'Bash', display: 'echo approved', action: 'allow' });
    expect(JSON.parse(eventIn(o, 2, 'PermissionResult').hooks[0]!.stdout)).toMatchObject({ decision: 'allow', scope: 'session' });
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, decidedBy: 'user', result: 'approved' });
  });

  it('a denied prompt: the tool does not run and PostToolUseFailure fires', async () => {
    const o = await play(observe, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'touch nope' } }, { approval: 'deny' }]);
    expect(stepOf(o, 2).events.map((e) => e.event)).toEqual(['PermissionResult', 'PostToolUseFailure']);
    expect(JSON.parse(eventIn(o, 2, 'PermissionResult').hooks[0]!.stdout)).toMatchObject({ decision: 'deny' });
    expect(stepOf(o, 1).tool).toMatchObject({ ran: false, decidedBy: 'user' });
  });

  it('a PreToolUse block comes before the permission check: the answer after it is never asked for', async () => {
    const o = await play([{ event: 'PreToolUse', command: 'exit 2' }, ...observe], [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'ls' } }, { approval: 'allow' }]);
    expect(stepOf(o, 1).events.map((e) => e.event)).toEqual(['PreToolUse', 'PostToolUseFailure']);
    expect(stepOf(o, 2).events).toEqual([]);
    expect(stepOf(o, 2).diagnostics.map((d) => d.code)).toEqual(['session.approval-not-asked']);
    expect(o.transcript).toEqual(['Blocked by PreToolUse hook']);
  });
});

describe('mirri session: Stop, interrupts, turns', () => {
  const alwaysBlock: Entry = { event: 'Stop', command: `echo 'keep going' >&2; exit 2` };

  it('one Stop continuation per turn: the second Stop (stop_hook_active) cannot block again; the next turn gets its own', async () => {
    const o = await play([alwaysBlock, { event: 'Stop', command: 'cat' }], [{ prompt: 'one' }, { reply: 'done once' }, { prompt: 'two' }, { reply: 'done twice' }]);
    expect(timeline(o)).toEqual([
      'session start: SessionStart',
      'prompt "one": UserPromptSubmit',
      'reply "done once": Stop',
      'the model answers again: Stop',
      'prompt "two": UserPromptSubmit',
      'reply "done twice": Stop',
      'the model answers again: Stop',
      'session end: SessionEnd',
    ]);
    const stops = o.steps.flatMap((s) => s.events.filter((e) => e.event === 'Stop').map((e) => e.outcome));
    expect(stops.map((s) => s.verdict)).toEqual(['block', 'proceed', 'block', 'proceed']);
    expect(stops.map((s) => JSON.parse(s.hooks[1]!.stdout).stop_hook_active)).toEqual([false, true, false, true]);
    expect(JSON.parse(stops[0]!.hooks[1]!.stdout)).toMatchObject({ last_assistant_message: 'done once' });
    expect(stops[1]!.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['rule.one-continuation', 'divergence.stop-hook-active']));
    // Each continuation is a user message the model reads; they pile up over the turns.
    expect(o.transcript).toEqual(['keep going', 'keep going']);
  });

  it('an interrupt fires Interrupt instead of Stop and ends the turn', async () => {
    const o = await play([alwaysBlock, { event: 'Interrupt', command: 'cat' }], [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'true' } }, { interrupt: true }]);
    expect(o.steps.flatMap((s) => s.events.map((e) => e.event))).not.toContain('Stop');
    expect(JSON.parse(eventIn(o, 2, 'Interrupt').hooks[0]!.stdout)).toMatchObject({ hook_event_name: 'Interrupt', turn_id: 1, reason: 'cancelled' });
    expect(o.ended).toMatchObject({ reason: 'interrupted', step: 2 });
  });

  it('UserPromptSubmit context piles up over turns; a blocked prompt never reaches the model and skips its turn', async () => {
    const o = await play(
      [{ event: 'UserPromptSubmit', command: `read -r p; case "$p" in *secret*) echo 'not that' >&2; exit 2;; esac; printf '{"message":"ctx for %s"}' "$(echo "$p" | sed 's/.*"prompt":"\\([^"]*\\)".*/\\1/')"` }],
      [{ prompt: 'first' }, { prompt: 'the secret' }, { tool: 'Bash', input: { command: 'true' } }, { prompt: 'third' }],
    );
    expect(o.transcript).toEqual(['ctx for first', 'ctx for third']);
    expect(stepOf(o, 1).notices).toEqual(['not that']);
    expect(stepOf(o, 1).model).toBeUndefined();
    expect(o.skipped).toEqual([2]);
  });
});

describe('mirri session: unreachable steps', () => {
  it('a RewriteToolInput step on engine v2 is an error naming the step, and nothing runs', async () => {
    const o = await play([{ event: 'SessionStart', command: 'touch started' }], [{ prompt: 'go' }, { event: 'RewriteToolInput', payload: { tool_name: 'Bash' } }], { engine: 'v2', env: FLAG });
    expect(o.ended.reason).toBe('invalid');
    expect(o.steps).toEqual([]);
    expect(o.diagnostics).toHaveLength(1);
    expect(o.diagnostics[0]).toMatchObject({ level: 'error', code: 'session.unreachable-step' });
    expect(o.diagnostics[0]!.message).toMatch(/^session\.steps\[1\]\.event \(event RewriteToolInput\): RewriteToolInput does not exist on engine v2/);
  });

  it('the same step on engine v1 fires the event', async () => {
    const o = await play([{ event: 'RewriteToolInput', command: 'cat' }], [{ prompt: 'go' }, { event: 'RewriteToolInput', payload: { tool_name: 'Bash', tool_input: { command: 'ls' } } }], { env: FLAG });
    expect(eventIn(o, 1, 'RewriteToolInput').hooks[0]).toMatchObject({ ran: true });
  });
});

describe('mirri session: model requests', () => {
  it('PreLlmRequest and PostLlmRequest wrap each model request of a turn, numbered by step; finish_reason says whether a tool call follows', async () => {
    const o = await play(
      [
        { event: 'PreLlmRequest', command: 'cat' },
        { event: 'PostLlmRequest', command: 'cat' },
      ],
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'true' } }, { reply: 'done' }, { prompt: 'again' }],
    );
    const llm = o.steps.flatMap((s) => s.events.filter((e) => e.event.endsWith('LlmRequest')).map((e) => JSON.parse(e.outcome.hooks[0]!.stdout) as Record<string, unknown>));
    expect(llm.map((p) => [p.hook_event_name, p.turn_id, p.step, p.finish_reason ?? null])).toEqual([
      ['PreLlmRequest', '1', 1, null],
      ['PostLlmRequest', '1', 1, 'tool_use'],
      ['PreLlmRequest', '1', 2, null],
      ['PostLlmRequest', '1', 2, 'end_turn'],
      ['PreLlmRequest', '2', 1, null],
      ['PostLlmRequest', '2', 1, 'end_turn'],
    ]);
  });
});

