import { describe, expect, it } from 'vitest';
import { BASH, cmd, codes, ordered, pre, preToolUse, runClaudeCode, say, settings, USER, withCode } from './helpers.js';

const deny = (reason: string) => cmd(pre({ permissionDecision: 'deny', permissionDecisionReason: reason }));
const ask = (reason: string) => cmd(pre({ permissionDecision: 'ask', permissionDecisionReason: reason }));
const allow = (reason: string) => cmd(pre({ permissionDecision: 'allow', permissionDecisionReason: reason }));
const rewrite = (command: string) => cmd(pre({ updatedInput: { command } }));

describe('claude-code: PreToolUse decisions', () => {
  it.each([
    ['allow, ask, deny', [allow('a'), ask('b'), deny('c')]],
    ['deny, ask, allow', [deny('c'), ask('b'), allow('a')]],
    ['deny finishing first', ordered([allow('a'), deny('c')], [1, 0])],
  ])('deny beats ask beats allow (%s)', async (_order, hooks) => {
    const outcome = await preToolUse(hooks);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'c', shown: { model: 'PreToolUse:Bash hook error: c' } });
    expect(withCode(outcome, 'rule.deny-wins')[0]!.message).toMatch(/deny > ask > allow, whatever the order/);
  });

  it('among denies, the last to finish gives the reason', async () => {
    const outcome = await preToolUse(ordered([deny('slow'), deny('fast')], [1, 0]));
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'slow' });
    expect(withCode(outcome, 'rule.deny-wins')[0]!.message).toMatch(/finished last/);
  });

  it('exit 2 denies with "[command]: stderr" shown to the model', async () => {
    const outcome = await preToolUse([cmd('echo no way >&2; exit 2')]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'no way', shown: { model: 'PreToolUse:Bash hook error: [echo no way >&2; exit 2]: no way\n' } });
    expect(outcome.hooks[0]!.effect).toBe('block');
  });

  it('exit 2 with an empty stderr says so', async () => {
    const outcome = await preToolUse([cmd('exit 2')]);
    expect(outcome.shown?.model).toBe('PreToolUse:Bash hook error: [exit 2]: No stderr output');
  });

  it('exit 2 still reads stdout: its additionalContext reaches the model', async () => {
    const outcome = await preToolUse([cmd(`${pre({ additionalContext: 'still read' })}; echo nope >&2; exit 2`)]);
    expect(outcome).toMatchObject({ verdict: 'block', context: ['PreToolUse:Bash hook additional context: still read'] });
    expect(codes(outcome)).toContain('hook.exit2-json-read');
  });

  it('exit 1 or 3 decide nothing by themselves, but a deny on stdout still counts', async () => {
    expect((await preToolUse([cmd('echo oops >&2; exit 1')])).verdict).toBe('proceed');
    const outcome = await preToolUse([cmd(`${pre({ permissionDecision: 'deny', permissionDecisionReason: 'from stdout' })}; exit 3`)]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'from stdout' });
  });

  it('invalid JSON or plain text on exit 0 is ignored', async () => {
    expect((await preToolUse([cmd(`echo '{"hookSpecificOutput": '`)])).verdict).toBe('proceed');
    const outcome = await preToolUse([cmd('echo please deny')]);
    expect(outcome).toMatchObject({ verdict: 'proceed', context: [] });
  });

  it('JSON naming another event is rejected as a whole, with a notice for the user', async () => {
    const outcome = await preToolUse([cmd(say({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } }))]);
    expect(outcome).toMatchObject({ verdict: 'proceed', shown: { user: "A hook gave no usable answer, so it didn't check this action." } });
    expect(codes(outcome)).toContain('hook.output-rejected');
  });

  it('the legacy decision "block" denies; without a reason the host says "Blocked by hook"', async () => {
    expect(await preToolUse([cmd(say({ decision: 'block', reason: 'legacy' }))])).toMatchObject({ verdict: 'block', shown: { model: 'PreToolUse:Bash hook error: legacy' } });
    expect(await preToolUse([cmd(pre({ permissionDecision: 'deny' }))])).toMatchObject({ shown: { model: 'PreToolUse:Bash hook error: Blocked by hook' } });
  });

  it('an ask becomes a denial in -p mode; the model sees the reason, or the host’s words', async () => {
    expect(await preToolUse([allow('fine'), ask('sure?')])).toMatchObject({ verdict: 'ask', reason: 'sure?', shown: { model: 'sure?' } });
    expect(await preToolUse([cmd(pre({ permissionDecision: 'ask' }))])).toMatchObject({ shown: { model: 'Hook PreToolUse:Bash asked for confirmation for this tool' } });
  });

  it('continue: false lets the tool run and halts the session', async () => {
    const outcome = await preToolUse([cmd(say({ continue: false, stopReason: 'enough' }))]);
    expect(outcome).toMatchObject({ verdict: 'proceed', halt: true, stopReason: 'enough' });
    expect(withCode(outcome, 'rule.halt')[0]!.message).toMatch(/tool still runs.*no Stop hooks/);
  });
});

describe('claude-code: updatedInput', () => {
  it('the rewrite that finishes last wins, whatever the declaration order', async () => {
    const first = await preToolUse(ordered([rewrite('echo A'), rewrite('echo B')], [1, 0]));
    expect(first.updatedInput).toEqual({ command: 'echo A' });
    expect(first.hooks.map((h) => h.effect)).toEqual(['rewrite', 'none']);
    const second = await preToolUse(ordered([rewrite('echo A'), rewrite('echo B')], [0, 1]));
    expect(second.updatedInput).toEqual({ command: 'echo B' });
    expect(withCode(second, 'rule.last-rewrite-wins')[0]!.message).toMatch(/replaces the whole input.*last to finish wins/);
  });

  it('a later hook with no output does not undo a rewrite', async () => {
    expect((await preToolUse(ordered([rewrite('echo A'), cmd('true')], [0, 1]))).updatedInput).toEqual({ command: 'echo A' });
  });

  it('a deny drops every rewrite', async () => {
    const outcome = await preToolUse(ordered([cmd(pre({ permissionDecision: 'allow', updatedInput: { command: 'echo x' } })), deny('no')], [1, 0]));
    expect(outcome).toMatchObject({ verdict: 'block', updatedInput: null });
    expect(codes(outcome)).toContain('rule.rewrite-dropped');
  });
});

describe('claude-code: processes', () => {
  it('runs hooks with /bin/sh in the project dir, in their own group, with CLAUDE_PROJECT_DIR; stdin ends with a newline', async () => {
    const probe = `printf 'dir=%s pwd=%s bash=%s group=%s last=%s' "$CLAUDE_PROJECT_DIR" "$(pwd)" "\${BASH_VERSION:-none}" "$([ "$(cut -d' ' -f5 /proc/$$/stat)" = "$$" ] && echo own || echo shared)" "$(tail -c 1 | od -An -c | tr -d ' ')"`;
    const outcome = await runClaudeCode({ event: 'UserPromptSubmit', groups: [{ hooks: [cmd(probe)] }], payload: { prompt: 'hi' } });
    const text = outcome.context[0]!;
    const dir = /dir=(\S+)/.exec(text)![1]!;
    expect(text).toBe(`UserPromptSubmit hook success: dir=${dir} pwd=${dir} bash=none group=own last=\\n`);
    expect(dir).toMatch(/\/project$/);
  });

  it('sends Claude Code’s base fields in its order', async () => {
    const outcome = await preToolUse([cmd(`node -e "let r='';process.stdin.on('data',c=>r+=c).on('end',()=>console.log(Object.keys(JSON.parse(r)).join(',')))"`)]);
    expect(outcome.hooks[0]!.stdout.trim()).toBe('session_id,transcript_path,cwd,prompt_id,permission_mode,effort,hook_event_name,tool_name,tool_input,tool_use_id');
  });

  it('runs identical commands once per event, as the last declaration, across files and matchers', async () => {
    const same = 'echo same >/dev/null';
    const outcome = await runClaudeCode({
      event: 'PreToolUse',
      files: {
        [USER]: settings({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(same, { timeout: 1 })] }] }),
        '.claude/settings.json': settings({ PreToolUse: [{ matcher: '*', hooks: [cmd(same, { timeout: 10 }), cmd(`${same} `)] }] }),
      },
      payload: BASH,
    });
    expect(outcome.hooks.map((h) => [h.ran, h.duplicateOf])).toEqual([
      [false, 1],
      [true, null],
      [true, null],
    ]);
    expect(withCode(outcome, 'rule.dedup')[0]!.message).toMatch(/last declaration \(hook #2, whose timeout 10 s applies instead of 1 s\)/);
  });

  it('at the timeout: SIGTERM, no answer even if one was printed, and a notice for the user', async () => {
    const outcome = await preToolUse([cmd(`${pre({ permissionDecision: 'deny', permissionDecisionReason: 'early' })}; sleep 5`, { timeout: 0.5 })]);
    expect(outcome).toMatchObject({ verdict: 'proceed', shown: { user: "A hook didn't answer in time, so it didn't check this action." } });
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, signal: 'SIGTERM', effect: 'error' });
    expect(codes(outcome)).toContain('hook.timeout-output-lost');
  });

  it('a hook ignoring SIGTERM is killed 1.5 s after the deadline', async () => {
    const outcome = await preToolUse([cmd(`trap '' TERM; sleep 5`, { timeout: 0.5 })]);
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(outcome.hooks[0]!.durationMs!).toBeGreaterThan(1900);
    expect(outcome.hooks[0]!.durationMs!).toBeLessThan(3500);
  });
});

describe('claude-code: other events', () => {
  it('UserPromptSubmit exit 2 blocks the prompt with the host’s message', async () => {
    const outcome = await runClaudeCode({ event: 'UserPromptSubmit', groups: [{ hooks: [cmd('echo nope >&2; exit 2')] }], payload: { prompt: 'do it' } });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'nope', shown: { user: 'UserPromptSubmit operation blocked by hook:\n[echo nope >&2; exit 2]: nope\n\n\nOriginal prompt: do it' } });
  });

  it('UserPromptSubmit and SessionStart turn plain stdout and additionalContext into context', async () => {
    const prompt = await runClaudeCode({
      event: 'UserPromptSubmit',
      groups: [{ hooks: ordered([cmd('echo plain'), cmd(say({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'json' } }))], [0, 1]) }],
      payload: { prompt: 'x' },
    });
    expect(prompt.context).toEqual(['UserPromptSubmit hook success: plain', 'UserPromptSubmit hook additional context: json']);
    const start = await runClaudeCode({ event: 'SessionStart', groups: [{ hooks: [cmd('echo hello')] }], payload: { source: 'startup' } });
    expect(start.context).toEqual(['SessionStart:startup hook success: hello']);
  });

  it('Stop decision "block": the model gets the feedback and a note naming the command; exit 2 only the feedback', async () => {
    const json = await runClaudeCode({ event: 'Stop', groups: [{ hooks: [cmd(say({ decision: 'block', reason: 'more' }))] }] });
    const note = `Stop hook blocking error from command: "${json.hooks[0]!.command}": more`;
    expect(json).toMatchObject({ verdict: 'block', reason: 'more', shown: { model: `Stop hook feedback:\nmore\n\n${note}` } });
    expect(json.context).toEqual(['Stop hook feedback:\nmore', note]);
    const exit2 = await runClaudeCode({ event: 'Stop', groups: [{ hooks: [cmd('echo more >&2; exit 2')] }], payload: { stop_hook_active: true } });
    expect(exit2).toMatchObject({ verdict: 'block', context: ['Stop hook feedback:\n[echo more >&2; exit 2]: more\n'], shown: { model: 'Stop hook feedback:\n[echo more >&2; exit 2]: more\n' } });
    expect(withCode(exit2, 'rule.stop-hook-active')[0]!.message).toMatch(/9 times in a row/);
  });

  it('the stop-block cap follows CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: N blocks continue, the (N+1)th is overridden; 0 lifts it', async () => {
    // x-stop-cap-2: with the variable at 2 the Stop hook ran 3 times and the CLI's notice says "3 consecutive times".
    const outcome = await runClaudeCode({ event: 'Stop', groups: [{ hooks: [cmd('exit 2')] }], env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '3' } });
    expect(withCode(outcome, 'rule.stop-cap')[0]!.message).toMatch(/4 times in a row/);
    // x-stop-cap-0: 0 lifts the cap (a hook that blocks 11 times runs 12 times); x-stop-cap-abc: no number keeps it.
    const lifted = await runClaudeCode({ event: 'Stop', groups: [{ hooks: [cmd('exit 2')] }], env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '0' } });
    expect(withCode(lifted, 'rule.stop-cap-lifted')).toHaveLength(1);
    const kept = await runClaudeCode({ event: 'Stop', groups: [{ hooks: [cmd('exit 2')] }], env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: 'abc' } });
    expect(withCode(kept, 'rule.stop-cap')[0]!.message).toMatch(/times in a row/);
    expect(withCode(kept, 'rule.stop-cap-lifted')).toHaveLength(0);
  });

  it('every blocking Stop hook counts: all the feedback, then every note, in finishing order', async () => {
    const outcome = await runClaudeCode({ event: 'Stop', groups: [{ hooks: ordered([cmd(say({ decision: 'block', reason: 'slow' })), cmd(say({ decision: 'block', reason: 'fast' }))], [1, 0]) }] });
    expect(outcome.context.map((c) => c.split(':')[0])).toEqual(['Stop hook feedback', 'Stop hook feedback', 'Stop hook blocking error from command', 'Stop hook blocking error from command']);
    expect(outcome.context[0]).toBe('Stop hook feedback:\nfast');
    expect(outcome.shown?.model).toBe(outcome.context.join('\n\n'));
    expect(outcome.shown?.model).toMatch(/^Stop hook feedback:\nfast\n\nStop hook feedback:\nslow\n\nStop hook blocking error/);
  });

  it('systemMessage is for the user, named after the hook', async () => {
    const outcome = await preToolUse([cmd(say({ systemMessage: 'heads up' }))]);
    expect(outcome).toMatchObject({ verdict: 'proceed', shown: { user: 'PreToolUse:Bash says: heads up' }, context: [] });
  });

  it('PostToolUse block: the tool already ran, the model is told', async () => {
    const outcome = await runClaudeCode({
      event: 'PostToolUse',
      groups: [{ matcher: 'Bash', hooks: [cmd(say({ decision: 'block', reason: 'bad output' }))] }],
      payload: { ...BASH, tool_response: { stdout: 'original', stderr: '' } },
    });
    expect(outcome.verdict).toBe('block');
    expect(outcome.shown?.model).toBe(`PostToolUse:Bash hook blocking error from command: "${outcome.hooks[0]!.command}": bad output`);
  });

  it('PermissionRequest: allow grants, deny’s message becomes the tool result', async () => {
    const answer = (decision: object) => cmd(say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } }));
    expect((await runClaudeCode({ event: 'PermissionRequest', groups: [{ hooks: [answer({ behavior: 'allow' })] }] })).verdict).toBe('allow');
    const denied = await runClaudeCode({ event: 'PermissionRequest', groups: [{ hooks: [answer({ behavior: 'deny', message: 'not today' })] }] });
    expect(denied).toMatchObject({ verdict: 'block', shown: { model: 'not today' } });
  });

  it('SessionEnd is observation only', async () => {
    const outcome = await runClaudeCode({ event: 'SessionEnd', groups: [{ hooks: [cmd('exit 2')] }], payload: { reason: 'other' } });
    expect(outcome.verdict).toBe('proceed');
    expect(codes(outcome)).toContain('rule.observation-only');
  });

  it('nothing runs with disableAllHooks or an unknown version', async () => {
    const disabled = await runClaudeCode({ event: 'Stop', groups: [{ hooks: [cmd('exit 2')] }], files: { '.claude/settings.local.json': '{"disableAllHooks": true}' } });
    expect(disabled.hooks.map((h) => h.ran)).toEqual([false]);
    const unknown = await runClaudeCode({ event: 'Stop', groups: [{ hooks: [cmd('exit 2')] }], version: '0.1' });
    expect(unknown).toMatchObject({ verdict: 'proceed', hooks: [] });
    expect(codes(unknown)).toContain('config.unsupported-version');
  });
});
