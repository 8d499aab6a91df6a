import { describe, expect, it } from 'vitest';
import type { SessionOutcome } from '@hookplay/engine';
import type { MeworkLifecycleOptions } from '../../src/dialects/mework/lifecycle.js';
import { playSession } from '../../src/session/play.js';
import type { SessionStep } from '../../src/session/steps.js';
import { cmd, hooksJson, printJson, type Group } from './helpers.js';

async function play(hooks: Record<string, Group[]>, steps: SessionStep[], options: MeworkLifecycleOptions = {}): Promise<SessionOutcome> {
  const played = await playSession(
    { hookplay: 1, dialect: 'mework', files: { '.mework/hooks.json': hooksJson(hooks) }, payload: {}, session: { steps } },
    { lifecycleOptions: options as Record<string, unknown> },
  );
  return played.outcome;
}

const all = (...commands: string[]): Group[] => [{ hooks: commands.map((c) => cmd(c)) }];
const stepOf = (o: SessionOutcome, index: number) => o.steps.find((s) => s.step === index)!;
const eventsOf = (o: SessionOutcome, index: number) => stepOf(o, index).events.map((e) => e.event);
const eventIn = (o: SessionOutcome, index: number, name: string) => stepOf(o, index).events.find((e) => e.event === name)!.outcome;
const allEvents = (o: SessionOutcome) => o.steps.flatMap((s) => s.events);
const codesIn = (o: SessionOutcome) => o.steps.flatMap((s) => [...s.diagnostics, ...s.events.flatMap((e) => e.outcome.diagnostics)].map((d) => d.code));

describe('mework session: a call denied before execution never triggers PostToolUse', () => {
  it('a PreToolUse deny: the tool does not run (its file never appears), the model gets the reason, no PostToolUse', async () => {
    const o = await play(
      { PreToolUse: [{ matcher: '^bash$', hooks: [cmd(`grep -q touch && { echo 'no new files' >&2; exit 2; }; exit 0`)] }], PostToolUse: all('cat') },
      [{ prompt: 'go' }, { tool: 'bash', input: { command: 'touch made.txt' } }, { tool: 'bash', input: { command: 'ls' } }],
    );
    expect(eventsOf(o, 1)).toEqual(['PreToolUse']);
    expect(stepOf(o, 1).tool).toMatchObject({ ran: false, decidedBy: 'hook', result: 'no new files' });
    expect(stepOf(o, 1).diagnostics.map((d) => d.code)).toEqual(['lifecycle.no-post-tool-use']);
    // The next call runs for real in the same project: the denied touch left nothing behind.
    expect(eventsOf(o, 2)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(stepOf(o, 2).tool).toMatchObject({ ran: true, source: 'run' });
    expect(stepOf(o, 2).tool!.result).not.toContain('made.txt');
    expect(o.transcript).toEqual(['no new files']);
  });

  it("the user's deny after a hook's ask: no tool, no PostToolUse; an allow runs the tool and PostToolUse sees it", async () => {
    const ask = printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'really?' } });
    const o = await play({ PreToolUse: all(ask), PostToolUse: all('cat') }, [
      { prompt: 'go' },
      { tool: 'bash', input: { command: 'echo first' } },
      { approval: 'deny' },
      { tool: 'bash', input: { command: 'echo second' } },
      { approval: 'allow' },
    ]);
    expect(stepOf(o, 1).notices).toEqual(['really?']);
    expect(eventsOf(o, 1)).toEqual(['PreToolUse']);
    expect(eventsOf(o, 2)).toEqual([]);
    // What became of the call is on the tool step; the approval step holds the answer.
    expect(stepOf(o, 1).tool).toMatchObject({ ran: false, decidedBy: 'user' });
    expect(eventsOf(o, 4)).toEqual(['PostToolUse']);
    expect(stepOf(o, 3).tool).toMatchObject({ ran: true, decidedBy: 'user', result: 'second' });
    expect(JSON.parse(eventIn(o, 4, 'PostToolUse').hooks[0]!.stdout)).toMatchObject({ tool_name: 'bash', tool_input: { command: 'echo second' }, tool_response: { stdout: 'second' } });
  });

  it('PermissionRequest: a hook deny denies without asking (no PostToolUse); a hook allow means the user is never asked', async () => {
    const decide = `grep -q '"command":"rm ' && { echo 'not rm' >&2; exit 2; }; ${printJson({ hookSpecificOutput: { hookEventName: 'PermissionRequest', permissionDecision: 'allow' } })}`;
    const o = await play({ PermissionRequest: all(decide), PostToolUse: all('cat') }, [
      { prompt: 'go' },
      { tool: 'bash', input: { command: 'rm -f x' } },
      { approval: 'allow' },
      { tool: 'bash', input: { command: 'echo fine' } },
      { approval: 'deny' },
    ]);
    expect(eventsOf(o, 1)).toEqual(['PreToolUse', 'PermissionRequest']);
    expect(stepOf(o, 1).tool).toMatchObject({ ran: false, decidedBy: 'hook', result: 'not rm' });
    expect(stepOf(o, 2).diagnostics.map((d) => d.code)).toEqual(['session.approval-not-asked']);
    expect(eventsOf(o, 3)).toEqual(['PreToolUse', 'PermissionRequest', 'PostToolUse']);
    expect(stepOf(o, 3).tool).toMatchObject({ ran: true, decidedBy: 'hook', result: 'fine' });
    expect(stepOf(o, 4).diagnostics.map((d) => d.code)).toEqual(['session.approval-not-asked']);
  });
});

describe('mework session: a PostToolUse rejection changes what the model is told, not what ran', () => {
  it('the file the tool wrote stays; the model gets the reason instead of the output', async () => {
    const reject = `grep -q secret && { echo 'output withheld: it holds a secret' >&2; exit 2; }; exit 0`;
    const o = await play({ PostToolUse: all(reject) }, [
      { prompt: 'go' },
      { tool: 'bash', input: { command: 'echo data > out.txt; echo secret=42' } },
      { tool: 'bash', input: { command: 'cat out.txt' } },
    ]);
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, exitCode: 0, source: 'run', result: 'output withheld: it holds a secret' });
    expect(stepOf(o, 1).notices[0]).toMatch(/^hook\.post_tool_not_rolled_back/);
    expect(eventIn(o, 1, 'PostToolUse').diagnostics.map((d) => d.code)).toContain('hook.post_tool_not_rolled_back');
    expect(stepOf(o, 1).model).toEqual(['output withheld: it holds a secret']);
    // What ran, ran: the file is on disk for the next call.
    expect(stepOf(o, 2).tool).toMatchObject({ ran: true, result: 'data' });
  });
});

describe('mework session: the 5-minute turn budget (shrunk by the lifecycle option)', () => {
  it('a slow prompt hook eats the budget: the next hook is cut to what is left and times out with no decision, then hooks stop running; the next turn starts afresh', async () => {
    const stop = `grep -q '"stop_hook_active":true' && exit 0; echo 'tests first' >&2; exit 2`;
    const o = await play(
      { UserPromptSubmit: all('sleep 2; echo slow context'), PreToolUse: all(`sleep 6; echo 'denied too late' >&2; exit 2`), Stop: all(stop) },
      [{ prompt: 'one' }, { tool: 'bash', input: { command: 'echo ran' } }, { reply: 'done' }, { prompt: 'two' }, { reply: 'done again' }],
      { turnBudgetMs: 3500 },
    );
    const pre = eventIn(o, 1, 'PreToolUse');
    expect(pre.hooks[0]).toMatchObject({ ran: true, timedOut: true });
    expect(pre.hooks[0]!.timeoutMs).toBeLessThan(1600);
    expect(pre.diagnostics.map((d) => d.code)).toContain('match.turn-budget-left');
    expect(pre.verdict).toBe('proceed');
    // Fail-open: the deny came too late, so the tool ran.
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, result: 'ran' });
    // The budget is spent: Stop's hook matches but fails with no decision, so the turn ends.
    const firstStop = eventIn(o, 2, 'Stop');
    expect(firstStop.hooks[0]).toMatchObject({ matched: true, ran: false });
    expect(firstStop.diagnostics.map((d) => d.code)).toContain('rule.turn-budget-spent');
    expect(firstStop.verdict).toBe('proceed');
    expect(codesIn(o)).toContain('lifecycle.turn-budget-spent');
    // Turn two has its own budget: its Stop hook blocks once, then lets the model stop.
    expect(eventIn(o, 3, 'UserPromptSubmit').hooks[0]).toMatchObject({ ran: true, timedOut: false });
    const stops = allEvents(o).filter((e) => e.event === 'Stop').map((e) => e.outcome.verdict);
    expect(stops).toEqual(['proceed', 'block', 'proceed']);
    expect(o.transcript).toEqual(['slow context', 'slow context', 'tests first']);
  }, 30_000);

  it('a Stop hook that always blocks keeps the model working until the budget runs out', async () => {
    const o = await play({ Stop: all(`sleep 0.4; echo 'not yet' >&2; exit 2`) }, [{ prompt: 'go' }, { reply: 'done' }], { turnBudgetMs: 1500 });
    const stops = allEvents(o).filter((e) => e.event === 'Stop').map((e) => e.outcome);
    expect(stops.length).toBeGreaterThanOrEqual(2);
    expect(stops.length).toBeLessThanOrEqual(5);
    expect(stops.slice(0, -1).every((s) => s.verdict === 'block')).toBe(true);
    // The last Stop's hook either is cut to what is left and times out, or does not run at all: no decision either way.
    const last = stops.at(-1)!;
    expect(last.verdict).toBe('proceed');
    expect(last.hooks[0]!.ran === false || last.hooks[0]!.timedOut).toBe(true);
    expect(o.ended.reason).toBe('completed');
  }, 30_000);

  it('without a budget to end it, hookplay stops an unscripted Stop loop and says Mework names no cap', async () => {
    const o = await play({ Stop: all(`echo 'not yet' >&2; exit 2`) }, [{ prompt: 'go' }, { reply: 'done' }]);
    expect(o.ended).toMatchObject({ reason: 'limit', step: 0 });
    expect(codesIn(o)).toContain('lifecycle.stop-loop');
    const stops = allEvents(o).filter((e) => e.event === 'Stop');
    expect(stops).toHaveLength(9);
    expect(JSON.parse(stops[1]!.outcome.hooks[0]!.stdout || '{}')).toEqual({});
  });
});

describe('mework session: turns and context', () => {
  it('SessionStart runs in the first turn only; context from SessionStart and UserPromptSubmit piles up', async () => {
    const o = await play({ SessionStart: all('echo branch main'), UserPromptSubmit: all(`sed 's/.*"prompt":"\\([^"]*\\)".*/about: \\1/'`) }, [{ prompt: 'one' }, { prompt: 'two' }]);
    expect(eventsOf(o, 0)).toEqual(['SessionStart', 'UserPromptSubmit']);
    expect(eventsOf(o, 1)).toEqual(['UserPromptSubmit']);
    expect(o.transcript).toEqual(['branch main', 'about: one', 'about: two']);
  });

  it('a SessionStart block ends the first turn before any model request', async () => {
    const o = await play({ SessionStart: all(`echo 'workspace not ready' >&2; exit 2`) }, [{ prompt: 'go' }, { tool: 'bash', input: { command: 'true' } }]);
    expect(o.ended).toMatchObject({ reason: 'prompt-blocked', step: 0 });
    expect(stepOf(o, 0).model).toBeUndefined();
    expect(stepOf(o, 0).notices).toEqual(['workspace not ready']);
    expect(o.skipped).toEqual([1]);
  });
});

describe('mework session: continue: false', () => {
  it('on PreToolUse it stops the turn there: the tool does not run, the rest of the turn is skipped, the next prompt plays', async () => {
    const halt = printJson({ continue: false, stopReason: 'maintenance window' });
    const o = await play({ PreToolUse: [{ matcher: '^bash$', hooks: [cmd(halt)] }] }, [
      { prompt: 'one' },
      { tool: 'bash', input: { command: 'echo never' } },
      { reply: 'skipped' },
      { prompt: 'two' },
      { tool: 'read', input: { path: 'a' } },
    ]);
    expect(stepOf(o, 1).tool).toMatchObject({ ran: false, decidedBy: 'hook' });
    expect(stepOf(o, 1).notices).toEqual(['maintenance window']);
    expect(o.skipped).toEqual([2]);
    expect(eventsOf(o, 4)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(o.ended.reason).toBe('completed');
  });
});

