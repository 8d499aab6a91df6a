import { describe, expect, it } from 'vitest';
import { bash, codes, find, printJson, run, toml } from './helpers.js';

const prompt = (...commands: string[]) =>
  run({ config: toml(...commands.map((command) => ({ event: 'UserPromptSubmit', command }))), event: 'UserPromptSubmit', payload: { prompt: 'Help me refactor this function' } });

const stop = (payload: Record<string, unknown>, ...commands: string[]) =>
  run({ config: toml(...commands.map((command) => ({ event: 'Stop', command }))), event: 'Stop', payload });

const denyJson = (reason?: string, more: Record<string, unknown> = {}) =>
  printJson({ hookSpecificOutput: { permissionDecision: 'deny', ...(reason !== undefined ? { permissionDecisionReason: reason } : {}), ...more } });

describe('mirri UserPromptSubmit: injected context', () => {
  it('injects hookSpecificOutput.message', async () => {
    const { outcome } = await prompt(printJson({ hookSpecificOutput: { message: 'Current Git branch: feature/hooks, 3 uncommitted changes' } }));
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null, context: ['Current Git branch: feature/hooks, 3 uncommitted changes'] });
    expect(outcome.hooks[0]!.effect).toBe('context');
    expect(find(outcome.diagnostics, 'rule.prompt-context', 0).message).toMatch(/its message/);
  });

  it('injects a top-level message the same way', async () => {
    const { outcome } = await prompt(printJson({ message: 'top-level' }));
    expect(outcome.context).toEqual(['top-level']);
  });

  it('prefers hookSpecificOutput.message when both are set', async () => {
    const { outcome } = await prompt(printJson({ message: 'outer', hookSpecificOutput: { message: 'inner' } }));
    expect(outcome.context).toEqual(['inner']);
  });

  it('injects raw trimmed stdout when it is not JSON', async () => {
    const { outcome } = await prompt("printf '\\n  branch: main  \\n\\n'");
    expect(outcome.context).toEqual(['branch: main']);
    expect(find(outcome.diagnostics, 'rule.prompt-context', 0).message).toMatch(/raw stdout/);
  });

  it('injects a JSON answer without a message as text: a bare {} becomes "{}"', async () => {
    const { outcome } = await prompt("echo '{}'", printJson({ hookSpecificOutput: { permissionDecision: 'allow' } }));
    expect(outcome.context).toEqual(['{}', '{"hookSpecificOutput":{"permissionDecision":"allow"}}']);
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['context', 'context']);
  });

  it('collects every hook\u2019s context in config order, not completion order', async () => {
    const { outcome } = await prompt("sleep 0.4; echo 'slow first'", "echo 'fast second'", 'true');
    expect(outcome.context).toEqual(['slow first', 'fast second']);
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['context', 'context', 'none']);
  });

  it('takes nothing from hooks that failed or timed out', async () => {
    const config = toml(
      { event: 'UserPromptSubmit', command: "echo 'from exit 1'; exit 1" },
      { event: 'UserPromptSubmit', command: "echo 'partial'; sleep 5", timeout: 1 },
      { event: 'UserPromptSubmit', command: "echo 'kept'" },
    );
    const { outcome } = await run({ config, event: 'UserPromptSubmit', payload: { prompt: 'x' } });
    expect(outcome.hooks[1]).toMatchObject({ timedOut: true, stdout: 'partial\n' });
    expect(outcome.context).toEqual(['kept']);
  });

  it('passes the prompt to the hook', async () => {
    const { outcome } = await prompt('node -e "let s=\'\';process.stdin.on(\'data\',c=>s+=c).on(\'end\',()=>console.log(\'You said: \'+JSON.parse(s).prompt))"');
    expect(outcome.context).toEqual(['You said: Help me refactor this function']);
  });
});

describe('mirri UserPromptSubmit: blocking', () => {
  it('blocks with the reason shown to the user as the reply, and injects nothing', async () => {
    const { outcome } = await prompt(printJson({ message: 'context that would be added' }), denyJson('Prompts about secrets are not allowed'));
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'Prompts about secrets are not allowed', shown: { user: 'Prompts about secrets are not allowed' }, context: [] });
    expect(find(outcome.diagnostics, 'rule.prompt-blocked').message).toMatch(/model is not called/);
  });

  it('shows the blocking hook\u2019s message when it gives one', async () => {
    const { outcome } = await prompt(denyJson('policy: no-secrets', { message: 'I cannot send that prompt: it contains a secret.' }));
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'policy: no-secrets', shown: { user: 'I cannot send that prompt: it contains a secret.' }, context: [] });
  });

  it('the first block in config order is the one shown', async () => {
    const { outcome } = await prompt('sleep 0.3; echo first >&2; exit 2', denyJson('second'));
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'first', shown: { user: 'first' } });
  });

  it('exit 2 blocks with stderr, and its stdout is not injected', async () => {
    const { outcome } = await prompt("echo 'ignored stdout'; echo 'nope' >&2; exit 2");
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'nope', context: [] });
  });
});

describe('mirri Stop', () => {
  const payload = { stop_hook_active: false, last_assistant_message: "I've finished refactoring the auth module." };

  it('a deny keeps the agent working: the reason is injected for the model', async () => {
    const { outcome } = await stop(payload, denyJson('Run the tests before stopping'));
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'Run the tests before stopping', shown: { model: 'Run the tests before stopping' } });
    expect(find(outcome.diagnostics, 'rule.stop-continues').message).toMatch(/one continuation per turn/);
  });

  it.each([
    ['a deny without a reason', denyJson()],
    ['exit 2 with empty stderr', 'exit 2'],
  ])('%s injects "Blocked by Stop hook"', async (_name, command) => {
    const { outcome } = await stop(payload, command);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'Blocked by Stop hook', shown: { model: 'Blocked by Stop hook' } });
  });

  it('lets the hook decide from last_assistant_message', async () => {
    const script = 'node -e "let s=\'\';process.stdin.on(\'data\',c=>s+=c).on(\'end\',()=>{if(/TODO/.test(JSON.parse(s).last_assistant_message)){console.error(\'Finish the TODOs first\');process.exit(2)}})"';
    const done = await stop(payload, script);
    expect(done.outcome.verdict).toBe('proceed');
    const todo = await stop({ stop_hook_active: false, last_assistant_message: 'Done, except a TODO in auth.ts' }, script);
    expect(todo.outcome).toMatchObject({ verdict: 'block', reason: 'Finish the TODOs first' });
  });

  it('with stop_hook_active true the turn already used its continuation: the block is ignored, with the divergence note', async () => {
    const { outcome } = await stop({ ...payload, stop_hook_active: true }, denyJson('again'));
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 0 });
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
    expect(find(outcome.diagnostics, 'rule.one-continuation').level).toBe('info');
    const d = find(outcome.diagnostics, 'divergence.stop-hook-active');
    expect(d.level).toBe('info');
    expect(d.message).toMatch(/never sends true/);
    // Alone, this hook would not block either.
    expect(outcome.hooks[0]!.effect).toBe('none');
  });

  it('does not inject a message on Stop', async () => {
    const { outcome } = await stop(payload, printJson({ hookSpecificOutput: { message: 'not for Stop' } }));
    expect(outcome).toMatchObject({ verdict: 'proceed', context: [] });
  });

  it('has no divergence note for an ordinary first Stop', async () => {
    const { outcome } = await stop(payload, 'true');
    expect(codes(outcome)).not.toContain('divergence.stop-hook-active');
  });
});

describe('mirri PreToolUse: message is not injected', () => {
  it('ignores message on PreToolUse', async () => {
    const { outcome } = await run({ config: toml({ event: 'PreToolUse', command: printJson({ message: 'hi', hookSpecificOutput: { message: 'hi' } }) }), event: 'PreToolUse', payload: bash('ls') });
    expect(outcome).toMatchObject({ verdict: 'proceed', context: [] });
  });
});

describe('mirri observation-only events ignore every output', () => {
  const tool = { tool_name: 'Bash', tool_input: { command: 'git status' }, tool_call_id: 'call_001' };
  it.each([
    ['PostToolUse', { ...tool, tool_output: 'On branch main' }],
    ['PostToolUseFailure', { ...tool, error: { message: 'Permission denied' } }],
    ['PermissionRequest', { ...tool, turn_id: 5, action: 'allow', display: 'git status' }],
    ['PermissionResult', { ...tool, turn_id: 5, action: 'allow', decision: 'allow', scope: 'session' }],
    ['SessionStart', { source: 'startup' }],
    ['SessionEnd', { reason: 'exit' }],
    ['SubagentStart', { agent_name: 'coder', prompt: 'p', model_alias: 'sonnet' }],
    ['SubagentStop', { agent_name: 'coder', response: 'r', duration_ms: 1 }],
    ['StopFailure', { error_type: 'APIError', error_message: 'Rate limit exceeded' }],
    ['Interrupt', { turn_id: 5, reason: 'cancelled' }],
    ['PreCompact', { trigger: 'auto', token_count: 45000 }],
    ['PostCompact', { trigger: 'auto', estimated_token_count: 12000 }],
    ['Notification', { notification_type: 'task.completed' }],
    ['PreLlmRequest', { turn_id: '3', step: 1, model: 'm', message_count: 0, tool_count: 0, messages: [] }],
    ['PostLlmRequest', { turn_id: '3', step: 1, model: 'm', finish_reason: 'end_turn', usage: { input_other: 1, output: 1, input_cache_read: 0, input_cache_creation: 0 } }],
  ])('%s: a deny, an exit 2 and a message change nothing', async (event, payload) => {
    const config = toml(
      { event, command: printJson({ message: 'ctx', hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no', message: 'ctx', updatedInput: { x: 1 } } }) },
      { event, command: 'echo stop >&2; exit 2' },
      { event, command: 'echo plain text' },
    );
    const { outcome } = await run({ config, event, payload });
    expect(outcome.hooks.map((h) => h.ran)).toEqual([true, true, true]);
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null, updatedInput: null, context: [] });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['none', 'none', 'none']);
    expect(outcome.diagnostics.filter((d) => d.code === 'rule.observation-only').map((d) => [d.level, d.hook])).toEqual([
      ['info', 0],
      ['info', 1],
      ['info', 2],
    ]);
    expect(find(outcome.diagnostics, 'rule.observation-only', 1).message).toMatch(/a block \(exit 2\).*observation-only/);
  });

  it('says nothing for a silent observer', async () => {
    const { outcome } = await run({ config: toml({ event: 'PostToolUse', command: 'true' }), event: 'PostToolUse', payload: bash('ls') });
    expect(codes(outcome)).not.toContain('rule.observation-only');
  });
});
