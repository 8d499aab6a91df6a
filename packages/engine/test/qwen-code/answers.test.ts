import { describe, expect, it } from 'vitest';
import { cmd, codes, pre, preToolUse, runQwen, say } from './helpers.js';

describe('qwen-code: one hook’s answer, run for real', () => {
  it('exit 2 denies with stderr, trimmed, and ignores stdout', async () => {
    const outcome = await preToolUse([cmd(`${pre({ permissionDecision: 'allow' })}; echo "  no way  " >&2; exit 2`)]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'no way', shown: { model: 'no way' } });
    expect(codes(outcome)).toContain('divergence.exit2-json-on-stdout');
  });

  it('exit 2 with nothing on stderr is no answer', async () => {
    expect((await preToolUse([cmd('exit 2')])).verdict).toBe('proceed');
  });

  it('reads stderr when stdout is empty, even on exit 0', async () => {
    const outcome = await preToolUse([cmd(`${pre({ permissionDecision: 'deny', permissionDecisionReason: 'from stderr' })} >&2`)]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'from stderr' });
  });

  it('a JSON deny on exit 1 still denies; invalid JSON is ignored', async () => {
    expect((await preToolUse([cmd(`${pre({ permissionDecision: 'deny', permissionDecisionReason: 'x' })}; exit 1`)])).verdict).toBe('block');
    const invalid = await preToolUse([cmd(`echo '{"decision": "block"'`)]);
    expect(invalid.verdict).toBe('proceed');
    expect(codes(invalid)).toContain('hook.invalid-json');
  });

  it('ask in a one-shot run: the tool error is the reason, or "User confirmation required"', async () => {
    expect(await preToolUse([cmd(pre({ permissionDecision: 'ask' }))])).toMatchObject({ verdict: 'ask', reason: 'User confirmation required' });
  });

  it('updatedInput is not applied, and the divergence from the docs is shown', async () => {
    const outcome = await preToolUse([cmd(pre({ permissionDecision: 'allow', updatedInput: { command: 'echo other' } }))]);
    expect(outcome.verdict).toBe('allow');
    expect(outcome.updatedInput).toBeNull();
    expect(codes(outcome)).toContain('divergence.pre-updated-input');
  });

  it('a timed-out hook is no answer, killed at its timeout in seconds', async () => {
    const outcome = await preToolUse([cmd(`sleep 5; ${pre({ permissionDecision: 'deny' })}`, { timeout: 1 })]);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, timeoutMs: 1000 });
  });
});

describe('qwen-code: several hooks', () => {
  it('merge in declaration order: the last permissionDecision wins, even over a deny', async () => {
    const outcome = await preToolUse([cmd(pre({ permissionDecision: 'deny', permissionDecisionReason: 'first' })), cmd(`sleep 0.2; ${pre({ permissionDecision: 'allow' })}`)]);
    expect(outcome.verdict).toBe('allow');
    expect(codes(outcome)).toContain('rule.merge');
  });

  it('join the reasons of two exit-2 hooks with a newline, in declaration order whatever finishes first', async () => {
    const outcome = await preToolUse([cmd('sleep 0.3; echo one >&2; exit 2'), cmd('echo two >&2; exit 2')]);
    expect(outcome.reason).toBe('one\ntwo');
  });

  it('run once when they share a command', async () => {
    const outcome = await runQwen({ event: 'PreToolUse', groups: [{ matcher: 'Bash', hooks: [cmd('echo a >&2; exit 2')] }, { hooks: [cmd('echo a >&2; exit 2')] }] });
    expect(outcome.hooks.map((h) => [h.ran, h.duplicateOf])).toEqual([
      [true, null],
      [false, 0],
    ]);
  });

  it('run one after another when a group says sequential, the next seeing the previous context in the prompt', async () => {
    const outcome = await runQwen({
      event: 'UserPromptSubmit',
      payload: { prompt: 'hi' },
      groups: [{ sequential: true, hooks: [cmd(say({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'A' } })), cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>console.log(JSON.parse(r).prompt))'`)] }],
    });
    expect(outcome.context).toEqual(['<qwen:user-prompt-submit-context>\nA\nhi\n\nA\n</qwen:user-prompt-submit-context>']);
  });
});

describe('qwen-code: other events', () => {
  it('UserPromptSubmit plain stdout is context; a block ends the turn', async () => {
    expect((await runQwen({ event: 'UserPromptSubmit', payload: { prompt: 'x' }, groups: [{ hooks: [cmd('echo hello')] }] })).context).toEqual(['<qwen:user-prompt-submit-context>\nhello\n</qwen:user-prompt-submit-context>']);
    expect(await runQwen({ event: 'UserPromptSubmit', payload: { prompt: 'x' }, groups: [{ hooks: [cmd('echo nope >&2; exit 2')] }] })).toMatchObject({ verdict: 'block', reason: 'nope' });
  });

  it('Stop continue: false continues the turn like a block, and shows the divergence', async () => {
    const outcome = await runQwen({ event: 'Stop', payload: { stop_hook_active: false }, groups: [{ hooks: [cmd(say({ continue: false, stopReason: 'more' }))] }] });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'more' });
    expect(codes(outcome)).toContain('divergence.stop-continue-false');
  });

  it('PostToolUse decision block changes nothing; additionalContext is escaped', async () => {
    const outcome = await runQwen({ event: 'PostToolUse', payload: { tool_name: 'run_shell_command', tool_input: {} }, groups: [{ hooks: [cmd(say({ decision: 'block', reason: 'r', hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: '<b>' } }))] }] });
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.context).toEqual(['&lt;b&gt;']);
  });
});
