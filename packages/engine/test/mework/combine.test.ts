import { describe, expect, it } from 'vitest';
import { cmd, preToolUse, printJson, runMework, withCode } from './helpers.js';

const pre = (hso: Record<string, unknown>) => printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...hso } });
const allow = (reason: string, extra: Record<string, unknown> = {}) => cmd(pre({ permissionDecision: 'allow', permissionDecisionReason: reason, ...extra }));
const ask = (reason: string, extra: Record<string, unknown> = {}) => cmd(pre({ permissionDecision: 'ask', permissionDecisionReason: reason, ...extra }));
const deny = (reason: string) => cmd(pre({ permissionDecision: 'deny', permissionDecisionReason: reason }));
/** Finishes later than its neighbours, so config order and completion order differ. */
const late = (handler: ReturnType<typeof cmd>) => ({ ...handler, command: `sleep 0.3; ${handler.command}` });

describe('mework: combining answers (deny > ask > allow)', () => {
  it.each([
    ['allow, ask, deny', [allow('a'), ask('b'), deny('c')]],
    ['deny, ask, allow', [deny('c'), ask('b'), allow('a')]],
    ['ask, deny, allow', [ask('b'), deny('c'), allow('a')]],
  ])('deny wins whatever the config order (%s)', async (_order, handlers) => {
    const outcome = await preToolUse(handlers);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'c' });
    expect(withCode(outcome, 'rule.deny-wins')).toHaveLength(1);
    expect(withCode(outcome, 'rule.overridden')).toHaveLength(2);
  });

  it('exit 2 counts as a deny and beats an allow listed before it', async () => {
    const outcome = await preToolUse([allow('fine'), cmd('echo "stop right there" >&2; exit 2')]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'stop right there' });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['allow', 'block']);
  });

  it('an allow never overrides an ask', async () => {
    const outcome = await preToolUse([allow('looks safe'), ask('touches prod')]);
    expect(outcome).toMatchObject({ verdict: 'ask', reason: 'touches prod' });
    expect(withCode(outcome, 'rule.overridden')[0]!.message).toMatch(/hook #1's allow .* is overridden by hook #2's ask/);
  });

  it('among hooks with the winning decision, the first in config order gives the reason, not the first to finish', async () => {
    const outcome = await preToolUse([late(deny('slow but first')), deny('fast but second')]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'slow but first' });
    expect(outcome.hooks[0]!.durationMs!).toBeGreaterThan(outcome.hooks[1]!.durationMs!);
    expect(withCode(outcome, 'rule.deny-wins')[0]!.message).toMatch(/first in config order gives the reason/);
  });

  it('hooks run in parallel', async () => {
    const started = Date.now();
    const outcome = await preToolUse([cmd('sleep 1'), cmd('sleep 1'), cmd('sleep 1')]);
    expect(outcome.hooks.every((h) => h.exitCode === 0)).toBe(true);
    // Three one-second hooks, together: well under three seconds even on a busy machine.
    expect(Date.now() - started).toBeLessThan(2800);
  });
});

describe('mework: combining answers — updatedInput', () => {
  it('the first hook in config order that gives one wins, even when it finishes last', async () => {
    const outcome = await preToolUse([late(ask('first', { updatedInput: { command: 'git push --force-with-lease' } })), allow('second', { updatedInput: { command: 'echo second' } })], 'git push --force');
    expect(outcome).toMatchObject({ verdict: 'ask', reason: 'first', updatedInput: { command: 'git push --force-with-lease' } });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['rewrite', 'rewrite']);
    expect(withCode(outcome, 'rule.first-rewrite')[0]!.message).toMatch(/rewrites of hook #2 are not used/);
  });

  it('an allow with a non-object updatedInput is dropped entirely', async () => {
    const outcome = await preToolUse([allow('go', { updatedInput: 'git status' })]);
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null, updatedInput: null });
    expect(outcome.hooks[0]!.effect).toBe('none');
    expect(withCode(outcome, 'hook.allow-dropped')[0]).toMatchObject({ level: 'warning', hook: 0 });
  });

  it('an ask with a bad updatedInput stays an ask, without the rewrite', async () => {
    const outcome = await preToolUse([ask('check this', { updatedInput: ['git', 'status'] })]);
    expect(outcome).toMatchObject({ verdict: 'ask', reason: 'check this', updatedInput: null });
    expect(outcome.hooks[0]!.effect).toBe('ask');
    expect(withCode(outcome, 'hook.rewrite-dropped')[0]!.level).toBe('warning');
  });

  it('a dropped allow does not hide a later rewrite', async () => {
    const outcome = await preToolUse([allow('bad', { updatedInput: null }), allow('good', { updatedInput: { command: 'ls -la' } })]);
    expect(outcome).toMatchObject({ verdict: 'allow', reason: 'good', updatedInput: { command: 'ls -la' } });
  });

  it('no rewrite applies when the verdict is block', async () => {
    const outcome = await preToolUse([allow('ok', { updatedInput: { command: 'ls' } }), deny('no')]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'no', updatedInput: null });
    expect(withCode(outcome, 'rule.rewrite-dropped')).toHaveLength(1);
  });

  it('a deny drops its own updatedInput', async () => {
    const outcome = await preToolUse([cmd(pre({ permissionDecision: 'deny', updatedInput: { command: 'ls' } }))]);
    expect(outcome).toMatchObject({ verdict: 'block', updatedInput: null });
    expect(withCode(outcome, 'hook.rewrite-dropped')).toHaveLength(1);
  });
});

describe('mework: combining answers — context, Stop, PostToolUse', () => {
  it('context is added in config order, not completion order', async () => {
    const outcome = await runMework({
      event: 'UserPromptSubmit',
      payload: { prompt: 'hi' },
      groups: [{ hooks: [cmd("sleep 0.3; printf 'first'"), cmd(printJson({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'second' } })), cmd("printf 'third'")] }],
    });
    expect(outcome.context).toEqual(['first', 'second', 'third']);
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['context', 'context', 'context']);
    expect(withCode(outcome, 'rule.context-order')).toHaveLength(1);
  });

  it('a blocked UserPromptSubmit adds no context: the turn ends before any model request', async () => {
    const outcome = await runMework({ event: 'UserPromptSubmit', payload: { prompt: 'hi' }, groups: [{ hooks: [cmd("printf 'ctx'"), cmd('echo "prompt contains a secret" >&2; exit 2')] }] });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'prompt contains a secret', context: [], shown: { user: 'prompt contains a secret' } });
    expect(withCode(outcome, 'rule.context-dropped')).toHaveLength(1);
  });

  it('a Stop block keeps the model working and shows it the reason', async () => {
    const outcome = await runMework({ event: 'Stop', payload: { stop_hook_active: true }, groups: [{ hooks: [cmd('echo "tests fail" >&2; exit 2')] }] });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'tests fail', shown: { model: 'tests fail' } });
    expect(withCode(outcome, 'rule.stop-continues')).toHaveLength(1);
    expect(withCode(outcome, 'rule.stop-hook-active')).toHaveLength(1);
  });

  it('PostToolUse exit 2 rejects the result, and says the tool already ran', async () => {
    const outcome = await runMework({ event: 'PostToolUse', payload: { tool_name: 'bash', tool_input: { command: 'touch x' } }, groups: [{ matcher: 'bash', hooks: [cmd('echo "bad output" >&2; exit 2')] }] });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'bad output' });
    expect(withCode(outcome, 'hook.post_tool_not_rolled_back')[0]!.message).toMatch(/already ran/);
  });

  it('a failed hook does not stop the others from deciding', async () => {
    const outcome = await preToolUse([cmd('exit 1'), ask('second opinion')]);
    expect(outcome).toMatchObject({ verdict: 'ask', reason: 'second opinion' });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['error', 'ask']);
  });
});
