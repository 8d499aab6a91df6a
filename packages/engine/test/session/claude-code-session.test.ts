import { describe, expect, it } from 'vitest';
import { checkExpectations, parseScenario, playSession, type SessionOutcome } from '@hookplay/engine';
import type { SessionScenario } from '../../src/scenario.js';
import { cmd, pre, PROJECT, say, settings, type Group } from '../claude-code/helpers.js';

function scenario(hooks: Record<string, Group[]>, steps: unknown[], extra: { files?: Record<string, string>; expect?: unknown } = {}): SessionScenario {
  return parseScenario({
    hookplay: 1,
    dialect: 'claude-code',
    files: { [PROJECT]: settings(hooks), ...extra.files },
    session: { steps },
    ...(extra.expect ? { expect: extra.expect } : {}),
  }) as SessionScenario;
}

async function play(hooks: Record<string, Group[]>, steps: unknown[], files?: Record<string, string>): Promise<SessionOutcome> {
  return (await playSession(scenario(hooks, steps, files ? { files } : {}))).outcome;
}

const events = (o: SessionOutcome) => o.steps.flatMap((s) => s.events.map((e) => e.event));
const allowBash: Group[] = [{ matcher: 'Bash', hooks: [cmd(pre({ permissionDecision: 'allow' }))] }];

describe('a Claude Code session', () => {
  it('plays SessionStart, the prompt, the tool call with its hooks, Stop and SessionEnd in order', async () => {
    const o = await play({ PreToolUse: allowBash }, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo hi' } }, { reply: 'done' }]);
    expect(events(o)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolBatch', 'Stop', 'SessionEnd']);
    expect(o.ended).toMatchObject({ reason: 'completed' });
    const tool = o.steps.find((s) => s.tool)!.tool!;
    expect(tool).toMatchObject({ name: 'Bash', ran: true, result: 'hi', isError: false, decidedBy: 'hook', source: 'run' });
  });

  it('a Stop hook that always blocks loops with stop_hook_active until the cap, and the user is told', async () => {
    const o = await play({ Stop: [{ hooks: [cmd('cat > "$HOME/stop-$$.json"; echo keep going >&2; exit 2')] }] }, [{ prompt: 'go' }, { reply: 'done' }]);
    const stops = o.steps.flatMap((s) => s.events).filter((e) => e.event === 'Stop');
    expect(stops).toHaveLength(9);
    expect(o.ended.reason).toBe('stop-cap');
    expect(o.steps.flatMap((s) => s.notices).join('\n')).toMatch(/blocked the turn from ending 9 consecutive times/);
    // Every continuation hands the model the feedback again: the last request carries eight of them.
    expect(o.transcript.filter((t) => t.startsWith('Stop hook feedback:'))).toHaveLength(8);
  });

  it('a Stop hook that checks stop_hook_active lets the turn end on its second run', async () => {
    const script = `input=$(cat); case "$input" in *'"stop_hook_active":true'*) exit 0;; esac; echo run the tests >&2; exit 2`;
    const o = await play({ Stop: [{ hooks: [cmd(script)] }] }, [{ prompt: 'go' }, { reply: 'done' }]);
    expect(o.steps.flatMap((s) => s.events).filter((e) => e.event === 'Stop').map((e) => e.outcome.verdict)).toEqual(['block', 'proceed']);
    expect(o.ended.reason).toBe('completed');
  });

  it('after a Stop block the model works on with the steps that follow, before its next reply', async () => {
    const script = `input=$(cat); case "$input" in *'"stop_hook_active":true'*) exit 0;; esac; echo write the file >&2; exit 2`;
    const o = await play({ Stop: [{ hooks: [cmd(script)] }], PreToolUse: allowBash }, [{ prompt: 'go' }, { reply: 'first' }, { tool: 'Bash', input: { command: 'echo ok' } }, { reply: 'second' }]);
    const stops = o.steps.flatMap((s) => s.events).filter((e) => e.event === 'Stop');
    expect(stops).toHaveLength(2);
    expect(o.steps.find((s) => s.step === 2)?.tool?.ran).toBe(true);
    expect(o.skipped).toEqual([]);
  });

  it('a call that needs permission is denied with no approval step, as in claude -p; an approval lets it run', async () => {
    const steps = [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'touch made.txt' } }];
    const denied = await play({}, steps);
    expect(denied.steps.find((s) => s.tool)!.tool).toMatchObject({ ran: false, decidedBy: 'rule' });
    expect(events(denied)).toContain('PermissionRequest');
    const allowed = await play({}, [...steps, { approval: 'allow' }]);
    expect(allowed.steps.find((s) => s.tool)!.tool).toMatchObject({ ran: true, decidedBy: 'user' });
    // The answer is recorded now (oracle session cases perm-answer-*): the evidence says so.
    expect(allowed.steps.find((s) => s.step === 2)?.diagnostics.find((d) => d.code === 'permission.user-answer')).toMatchObject({ evidence: { kind: 'recorded' } });
    const no = await play({}, [...steps, { approval: 'deny' }]);
    expect(no.steps.find((s) => s.tool)!.tool).toMatchObject({ ran: false, decidedBy: 'user', result: expect.stringMatching(/doesn't want to proceed/) });
  });

  it('an approval nobody asked for is said to change nothing', async () => {
    const o = await play({ PreToolUse: allowBash }, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'touch x' } }, { approval: 'deny' }]);
    expect(o.steps.find((s) => s.tool)!.tool!.ran).toBe(true);
    expect(o.steps.find((s) => s.step === 2)?.diagnostics[0]?.code).toBe('session.nothing-to-approve');
  });

  it('a failing tool fires PostToolUseFailure, never PostToolUse', async () => {
    const log = [{ hooks: [cmd('echo "$0" >/dev/null; cat > /dev/null')] }];
    const o = await play({ PreToolUse: allowBash, PostToolUse: log, PostToolUseFailure: log }, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo broken >&2; exit 3' } }]);
    expect(events(o)).toContain('PostToolUseFailure');
    expect(events(o)).not.toContain('PostToolUse');
    expect(o.steps.find((s) => s.tool)!.tool).toMatchObject({ ran: true, isError: true, result: 'Exit code 3\nbroken', exitCode: 3 });
  });

  it('context piles up over turns: each request carries every hook text so far', async () => {
    const context = [{ hooks: [cmd(say({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'CTX' } }))] }];
    const o = await play({ UserPromptSubmit: context }, [{ prompt: 'one' }, { reply: 'a' }, { prompt: 'two' }, { reply: 'b' }]);
    const requests = o.steps.filter((s) => s.model).map((s) => s.model!.length);
    expect(requests).toEqual([1, 2]);
  });

  it('the project directory lives for the whole session: what the tool writes, a later hook reads', async () => {
    const o = await play(
      { PreToolUse: allowBash, Stop: [{ hooks: [cmd('test -f made.txt && echo "$(cat made.txt)" >&2 && exit 2; exit 0')] }] },
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo written-by-the-tool > made.txt' } }, { reply: 'done' }],
    );
    expect(o.steps.flatMap((s) => s.events).find((e) => e.event === 'Stop')!.outcome.reason).toBe('written-by-the-tool');
  });

  it('a blocked prompt skips the rest of its turn; the next prompt plays', async () => {
    const block = [{ hooks: [cmd('grep -q secret && { echo no secrets >&2; exit 2; }; exit 0')] }];
    const o = await play({ UserPromptSubmit: block }, [{ prompt: 'the secret' }, { tool: 'Bash', input: { command: 'echo x' } }, { prompt: 'hello' }, { reply: 'hi' }]);
    expect(o.skipped).toEqual([1]);
    expect(o.diagnostics[0]).toMatchObject({ code: 'session.steps-not-reached' });
    expect(o.ended.reason).toBe('completed');
  });

  it('an interrupt ends the turn without Stop', async () => {
    const o = await play({ Stop: [{ hooks: [cmd('exit 0')] }] }, [{ prompt: 'go' }, { interrupt: true }]);
    expect(events(o)).not.toContain('Stop');
    expect(o.ended.reason).toBe('interrupted');
  });

  it('a given tool result is used instead of running anything', async () => {
    const o = await play({ PreToolUse: allowBash }, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'rm -rf /' }, result: { output: 'pretend' } }]);
    expect(o.steps.find((s) => s.tool)!.tool).toMatchObject({ ran: true, result: 'pretend', source: 'given' });
  });
});

describe('steps the host cannot reach', () => {
  it.each([
    [[{ approval: 'allow' }], /session\.steps\[0\]\.approval? .*no turn has begun|session\.steps\[0\] \(approval: allow\): no turn has begun/],
    [[{ prompt: 'go' }, { approval: 'allow' }], /session\.steps\[1\]\.approval \(approval: allow\): an approval answers the permission prompt of the tool call just before it/],
    [[{ prompt: 'go' }, { interrupt: true }, { tool: 'Bash', input: {} }], /session\.steps\[2\] \(Bash\): the turn was interrupted at step 2/],
    [[{ prompt: 'go' }, { event: 'NoSuchEvent' }], /session\.steps\[1\]\.event \(event NoSuchEvent\): "NoSuchEvent" is not a Claude Code event/],
  ])('%j is an error naming the step, and nothing runs', async (steps, message) => {
    const marker = 'touch "$HOME/../ran"';
    const o = await play({ SessionStart: [{ hooks: [cmd(marker)] }] }, steps as unknown[]);
    expect(o.ended.reason).toBe('invalid');
    expect(o.steps).toEqual([]);
    expect(o.diagnostics.map((d) => d.message).join('\n')).toMatch(message);
  });
});

describe('expectations on a session', () => {
  it('names the step and field of every difference', async () => {
    const s = scenario({}, [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'touch a' }, expect: { tool: { ran: true } } }, { reply: 'done', expect: { reached: true, runs: { Stop: 1 } } }], {
      expect: { ended: { reason: 'halted' } },
    });
    const { outcome } = await playSession(s);
    expect(checkExpectations(s, outcome)).toEqual([
      { path: 'ended.reason', expected: 'halted', actual: 'completed' },
      { path: 'session.steps[1].expect.tool.ran', expected: true, actual: false },
    ]);
  });
});
