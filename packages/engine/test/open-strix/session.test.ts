import { describe, expect, it } from 'vitest';
import type { SessionOutcome } from '@hookplay/engine';
import { playSession } from '../../src/session/play.js';
import type { SessionStep } from '../../src/session/steps.js';
import { hooksJson, py, type Hook } from './helpers.js';

async function play(hooks: Hook[], steps: SessionStep[], files: Record<string, string> = {}): Promise<SessionOutcome> {
  const played = await playSession({ hookplay: 1, dialect: 'open-strix', files: { 'skills/policy/hooks.json': hooksJson(...hooks), ...files }, payload: {}, session: { steps } });
  return played.outcome;
}

const hook = (name: string, command: string, events: string[], extra: Hook = {}): Hook => ({ name, command, events, ...extra });
const stepOf = (o: SessionOutcome, index: number) => o.steps.find((s) => s.step === index)!;
const eventIn = (o: SessionOutcome, index: number, name: string) => stepOf(o, index).events.find((e) => e.event === name)!.outcome;
const ALL = ['pre_startup', 'post_startup', 'pre_prompt', 'pre_tool_call', 'post_tool_call', 'pre_shutdown', 'post_shutdown'];

describe('open-strix session: the lifecycle', () => {
  it('fires startup, pre_prompt, pre_tool_call → tool → post_tool_call, then shutdown; a real hook log shows the order', async () => {
    const o = await play([hook('log', 'echo "$HOOK_EVENT" >> events.log', ALL)], [{ prompt: 'hi' }, { tool: 'shell', input: { cmd: 'cat skills/policy/events.log' } }, { reply: 'sent' }]);
    expect(o.steps.map((s) => `${s.label}: ${s.events.map((e) => e.event).join(', ')}`)).toEqual([
      'startup: pre_startup, post_startup',
      'prompt "hi": pre_prompt',
      'shell: cat skills/policy/events.log: pre_tool_call, post_tool_call',
      'reply "sent": ',
      'shutdown: pre_shutdown, post_shutdown',
    ]);
    // The tool ran for real in the agent home and read what the hook processes wrote before it.
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, source: 'run', result: 'pre_startup\npost_startup\npre_prompt\npre_tool_call' });
    expect(eventIn(o, 1, 'post_tool_call').eventOut).toMatchObject({ type: 'post_tool_call', tool: 'shell', status: 'success', result: 'pre_startup\npost_startup\npre_prompt\npre_tool_call' });
    expect(o.ended.reason).toBe('completed');
  });

  it('a _block stops the tool; post_tool_call sees status "blocked" with the synthetic result, which the agent receives', async () => {
    const block = py('if "rm" in e["args"].get("cmd", ""):\n    e["_block"] = {"reason": "no-rm", "result": "[hook blocked] rm is not allowed here"}');
    const o = await play([hook('guard', block, ['pre_tool_call']), hook('observe', 'cat > /dev/null', ['post_tool_call'])], [
      { prompt: 'clean' },
      { tool: 'shell', input: { cmd: 'rm keep.txt' } },
      { tool: 'shell', input: { cmd: 'ls' } },
    ], { 'keep.txt': 'x\n' });
    expect(stepOf(o, 1).tool).toMatchObject({ ran: false, decidedBy: 'hook', result: '[hook blocked] rm is not allowed here' });
    expect(eventIn(o, 1, 'post_tool_call').eventOut).toMatchObject({ status: 'blocked', result: '[hook blocked] rm is not allowed here' });
    expect(stepOf(o, 1).diagnostics.map((d) => d.code)).toEqual(['lifecycle.hook_blocked_tool_call']);
    // The blocked rm never ran: the file is still there for the next call.
    expect(stepOf(o, 2).tool!.result).toContain('keep.txt');
    expect(o.transcript).toEqual(['[hook blocked] rm is not allowed here']);
  });

  it('pre_tool_call args rewrite what the shell runs; post_tool_call replaces a successful result but cannot hide an error', async () => {
    const o = await play(
      [hook('rewrite', py('e["args"]["cmd"] = e["args"]["cmd"].replace("hello", "rewritten")'), ['pre_tool_call']), hook('redact', py('e["seen"] = e.get("result")\ne["result"] = "[redacted]"'), ['post_tool_call'])],
      [{ prompt: 'go' }, { tool: 'shell', input: { cmd: 'echo hello' } }, { tool: 'shell', input: { cmd: 'echo boom >&2; exit 4' } }],
    );
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, input: { cmd: 'echo rewritten' }, result: '[redacted]' });
    // What the shell printed reached post_tool_call before the hook replaced it.
    expect(eventIn(o, 1, 'post_tool_call').eventOut).toMatchObject({ status: 'success', seen: 'rewritten', result: '[redacted]' });
    const error = eventIn(o, 2, 'post_tool_call');
    expect(error.eventOut).toMatchObject({ status: 'error', error: 'exit code 4\nboom', result: '[redacted]' });
    expect(error.diagnostics.map((d) => d.code)).toContain('rule.post-error-observational');
    expect(stepOf(o, 2).tool).toMatchObject({ ran: true, isError: true, result: 'exit code 4\nboom', exitCode: 4 });
    expect(o.transcript).toEqual(['[redacted]']);
  });

  it('a tool other than the shell succeeds with no output', async () => {
    const o = await play([], [{ prompt: 'go' }, { tool: 'send_message', input: { text: 'hello', channel_id: '123' } }]);
    expect(stepOf(o, 1).tool).toMatchObject({ ran: true, result: '', source: 'given' });
  });
});

describe('open-strix session: prompts and context over turns', () => {
  it('append_prompt changes each prompt the model gets, and what hooks said piles up over turns', async () => {
    const o = await play([hook('ctx', py('e["append_prompt"] = "branch: main"'), ['pre_prompt'])], [{ prompt: 'one' }, { reply: 'ok' }, { prompt: 'two' }]);
    expect(stepOf(o, 0).model).toEqual(['one\n\nbranch: main']);
    expect(o.transcript).toEqual(['one\n\nbranch: main', 'two\n\nbranch: main']);
  });

  it('an include_conversation hook sees the earlier turns of the session', async () => {
    const o = await play(
      [hook('history', py('e["append_prompt"] = "seen: " + " | ".join(m["author"] + ":" + m["content"] for m in e["conversation"]["all_messages"])'), ['pre_prompt'], { include_conversation: true })],
      [{ prompt: 'first' }, { reply: 'answer one' }, { prompt: 'second' }],
    );
    expect(stepOf(o, 0).model).toEqual(['first\n\nseen: ']);
    expect(o.transcript.at(-1)).toBe('second\n\nseen: user:first | agent:answer one');
  });
});

describe('open-strix session: an interrupt', () => {
  it('fires no hook event: the turn ends, and shutdown still runs', async () => {
    const o = await play([], [{ prompt: 'go' }, { interrupt: true }]);
    expect(stepOf(o, 1).events).toEqual([]);
    expect(stepOf(o, 1).diagnostics.map((d) => d.code)).toEqual(['lifecycle.no-interrupt-hook']);
    expect(o.steps.at(-1)!.events.map((e) => e.event)).toEqual(['pre_shutdown', 'post_shutdown']);
    expect(o.ended).toMatchObject({ reason: 'interrupted', step: 1 });
  });
});

describe('open-strix session: unreachable steps', () => {
  it('an approval is an error naming the step (open-strix never asks), and nothing runs', async () => {
    const o = await play([hook('log', 'echo x >> log', ALL)], [{ prompt: 'go' }, { tool: 'shell', input: { cmd: 'ls' } }, { approval: 'allow' }]);
    expect(o.ended.reason).toBe('invalid');
    expect(o.steps).toEqual([]);
    expect(o.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^session\.steps\[2\]\.approval \(approval: allow\): open-strix never asks for permission/)]);
  });

  it('a startup or shutdown event as a step is an error: the session plays those itself', async () => {
    const o = await play([], [{ prompt: 'go' }, { event: 'pre_shutdown', payload: {} }]);
    expect(o.ended.reason).toBe('invalid');
    expect(o.diagnostics[0]!.message).toMatch(/^session\.steps\[1\]\.event \(event pre_shutdown\): pre_shutdown fires only at open-strix's own startup or shutdown/);
  });
});
