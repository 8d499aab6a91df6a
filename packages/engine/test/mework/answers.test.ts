import { describe, expect, it } from 'vitest';
import { cmd, preToolUse, printJson, runMework, withCode } from './helpers.js';

const DEFAULT = 'A hook blocked the current action';
const pre = (hso: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...hso } });

describe('mework: reading one hook — exit codes', () => {
  it('exit 2 blocks with trimmed stderr as the reason; stdout is ignored', async () => {
    const outcome = await preToolUse([cmd(`echo '{"decision":"approve"}'; printf '  no force pushes \\n' >&2; exit 2`)]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'no force pushes', shown: { model: 'no force pushes' } });
    expect(outcome.hooks[0]!.effect).toBe('block');
    expect(withCode(outcome, 'hook.stdout-ignored')).toHaveLength(1);
  });

  it('exit 2 with empty stderr uses the default reason', async () => {
    const outcome = await preToolUse([cmd('exit 2')]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: DEFAULT });
  });

  it('any other non-zero exit fails with no decision (fail-open), with a warning', async () => {
    const outcome = await preToolUse([cmd('echo "please block" >&2; exit 1'), cmd('exit 3')]);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.reason).toBeNull();
    expect(outcome.hooks.map((h) => [h.exitCode, h.effect])).toEqual([
      [1, 'error'],
      [3, 'error'],
    ]);
    const warnings = withCode(outcome, 'hook.failed');
    expect(warnings.map((d) => [d.level, d.hook])).toEqual([
      ['warning', 0],
      ['warning', 1],
    ]);
    expect(warnings[0]!.message).toMatch(/exited 1 \(stderr: "please block"\): only exit 2 blocks/);
  });

  it('a command that cannot run (exit 127) fails open too', async () => {
    const outcome = await preToolUse([cmd('no-such-command-hookplay')]);
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 127, effect: 'error' });
    expect(outcome.verdict).toBe('proceed');
  });

  it('exit 0 with empty stdout is a success with no decision', async () => {
    const outcome = await preToolUse([cmd('true')]);
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null, context: [], halt: false, updatedInput: null });
    expect(outcome.hooks[0]!.effect).toBe('none');
  });
});

describe('mework: reading one hook — plain text', () => {
  it('UserPromptSubmit and SessionStart take plain text as context', async () => {
    const prompt = await runMework({ event: 'UserPromptSubmit', payload: { prompt: 'hi' }, groups: [{ hooks: [cmd("printf 'branch: main\\n'")] }] });
    expect(prompt).toMatchObject({ verdict: 'proceed', context: ['branch: main'] });
    expect(prompt.hooks[0]!.effect).toBe('context');
    const start = await runMework({ event: 'SessionStart', payload: { source: 'startup' }, groups: [{ hooks: [cmd('echo "{not json"')] }] });
    expect(start.context).toEqual(['{not json']);
    expect(withCode(start, 'hook.text-context')).toHaveLength(1);
  });

  it('Stop fails when it prints anything but JSON', async () => {
    const outcome = await runMework({ event: 'Stop', payload: { stop_hook_active: false }, groups: [{ hooks: [cmd('echo keep going')] }] });
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks[0]!.effect).toBe('error');
    expect(withCode(outcome, 'hook.failed')[0]!.message).toMatch(/Stop hooks must answer with JSON/);
  });

  it('other events ignore plain text, saying so', async () => {
    const outcome = await preToolUse([cmd('echo looks fine to me')]);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks[0]!.effect).toBe('none');
    expect(withCode(outcome, 'hook.text-ignored')[0]!.message).toMatch(/on PreToolUse Mework reads only a JSON object/);
  });
});

describe('mework: reading one hook — JSON fields', () => {
  it('permissionDecision allow, ask and deny give allow, ask and block', async () => {
    const allow = await preToolUse([cmd(printJson(pre({ permissionDecision: 'allow', permissionDecisionReason: 'read-only' })))]);
    expect(allow).toMatchObject({ verdict: 'allow', reason: 'read-only' });
    expect(allow.hooks[0]!.effect).toBe('allow');
    expect(withCode(allow, 'rule.allow-limits')).toHaveLength(1);
    const ask = await preToolUse([cmd(printJson(pre({ permissionDecision: 'ask', permissionDecisionReason: 'are you sure?' })))]);
    expect(ask).toMatchObject({ verdict: 'ask', reason: 'are you sure?', shown: { user: 'are you sure?' } });
    const deny = await preToolUse([cmd(printJson(pre({ permissionDecision: 'deny' })))]);
    expect(deny).toMatchObject({ verdict: 'block', reason: DEFAULT });
  });

  it('hookSpecificOutput counts only when hookEventName names the event', async () => {
    const wrong = await preToolUse([cmd(printJson({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } }))]);
    expect(wrong.verdict).toBe('proceed');
    expect(withCode(wrong, 'hook.specific-output-ignored')[0]).toMatchObject({ level: 'warning', hook: 0 });
    const missing = await preToolUse([cmd(printJson({ hookSpecificOutput: { permissionDecision: 'deny' } }))]);
    expect(missing.verdict).toBe('proceed');
    expect(withCode(missing, 'hook.specific-output-ignored')[0]!.message).toMatch(/no hookEventName/);
  });

  it('decision "block" blocks on any event, with reason from `reason`', async () => {
    const post = await runMework({
      event: 'PostToolUse',
      payload: { tool_name: 'bash', tool_input: { command: 'rm x' }, tool_response: { stdout: '' } },
      groups: [{ hooks: [cmd(printJson({ decision: 'block', reason: 'that deleted a tracked file' }))] }],
    });
    expect(post).toMatchObject({ verdict: 'block', reason: 'that deleted a tracked file', shown: { model: 'that deleted a tracked file' } });
    expect(withCode(post, 'hook.post_tool_not_rolled_back')).toHaveLength(1);
    const prompt = await runMework({ event: 'UserPromptSubmit', payload: { prompt: 'deploy' }, groups: [{ hooks: [cmd(printJson({ decision: 'block' }))] }] });
    expect(prompt).toMatchObject({ verdict: 'block', reason: DEFAULT, shown: { user: DEFAULT } });
    expect(withCode(prompt, 'rule.turn-ended')).toHaveLength(1);
  });

  it('PreToolUse accepts the legacy top-level decision "approve" | "block"', async () => {
    const approve = await preToolUse([cmd(printJson({ decision: 'approve', reason: 'ok by legacy' }))]);
    expect(approve).toMatchObject({ verdict: 'allow', reason: 'ok by legacy' });
    const block = await preToolUse([cmd(printJson({ decision: 'block', reason: 'no by legacy' }))]);
    expect(block).toMatchObject({ verdict: 'block', reason: 'no by legacy' });
    // Elsewhere "approve" means nothing.
    const stop = await runMework({ event: 'Stop', groups: [{ hooks: [cmd(printJson({ decision: 'approve' }))] }] });
    expect(stop.verdict).toBe('proceed');
    expect(withCode(stop, 'hook.field-ignored')[0]!.message).toMatch(/understands only "block"/);
  });

  it('continue: false halts with stopReason, over any decision', async () => {
    const outcome = await preToolUse([cmd(printJson(pre({ permissionDecision: 'allow' }))), cmd(printJson({ continue: false, stopReason: 'out of budget' }))]);
    expect(outcome).toMatchObject({ halt: true, stopReason: 'out of budget', verdict: 'block', reason: 'out of budget', shown: { user: 'out of budget' } });
    expect(outcome.hooks[1]!.effect).toBe('block');
    expect(withCode(outcome, 'rule.halt')).toHaveLength(1);
    // On Stop a halt means the model stops: it wins over a block.
    const stop = await runMework({ event: 'Stop', groups: [{ hooks: [cmd(printJson({ decision: 'block', reason: 'go on' })), cmd(printJson({ continue: false }))] }] });
    expect(stop).toMatchObject({ halt: true, verdict: 'proceed' });
  });

  it('additionalContext adds context; systemMessage is shown to the user only', async () => {
    const outcome = await runMework({
      event: 'UserPromptSubmit',
      payload: { prompt: 'hi' },
      groups: [{ hooks: [cmd(printJson({ systemMessage: 'lint is slow today', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'repo uses pnpm' } }))] }],
    });
    expect(outcome).toMatchObject({ verdict: 'proceed', context: ['repo uses pnpm'], shown: { user: 'lint is slow today' } });
    expect(outcome.shown?.model).toBeUndefined();
    expect(withCode(outcome, 'rule.system-message')).toHaveLength(1);
  });

  it('says why misplaced or unknown fields are ignored', async () => {
    const outcome = await preToolUse([cmd(printJson({ permissionDecision: 'deny', reason: 'x' }))]);
    expect(outcome.verdict).toBe('proceed');
    const messages = outcome.diagnostics.map((d) => d.message).join('\n');
    expect(messages).toMatch(/"permissionDecision" is not a top-level field .* inside hookSpecificOutput/);
    expect(messages).toMatch(/reason is ignored: it is read only with decision "block"/);
  });

  it('permissionDecision means nothing outside PreToolUse and PermissionRequest', async () => {
    const outcome = await runMework({
      event: 'PostToolUse',
      payload: { tool_name: 'bash' },
      groups: [{ hooks: [cmd(printJson({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } }))] }],
    });
    expect(outcome.verdict).toBe('proceed');
    expect(withCode(outcome, 'hook.field-ignored')[0]!.message).toMatch(/use decision "block" to block/);
  });

  it('PermissionRequest: exit 2 and permissionDecision deny deny the request', async () => {
    const payload = { tool_name: 'bash', tool_input: { command: 'touch x' } };
    const exit2 = await runMework({ event: 'PermissionRequest', payload, groups: [{ hooks: [cmd('echo "not in CI" >&2; exit 2')] }] });
    expect(exit2).toMatchObject({ verdict: 'block', reason: 'not in CI' });
    const allow = await runMework({ event: 'PermissionRequest', payload, groups: [{ hooks: [cmd(printJson({ hookSpecificOutput: { hookEventName: 'PermissionRequest', permissionDecision: 'allow' } }))] }] });
    expect(allow.verdict).toBe('allow');
  });

  it('InstructionsLoaded is observation only: blocks, context and JSON are recorded and ignored', async () => {
    const outcome = await runMework({
      event: 'InstructionsLoaded',
      payload: { file_path: 'AGENTS.md', load_reason: 'session_start' },
      groups: [{ hooks: [cmd('echo nope >&2; exit 2'), cmd(printJson({ decision: 'block', hookSpecificOutput: { hookEventName: 'InstructionsLoaded', additionalContext: 'x' } })), cmd('exit 1', { async: true })] }],
    });
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null, context: [], halt: false });
    expect(outcome.hooks.map((h) => [h.ran, h.effect])).toEqual([
      [true, 'none'],
      [true, 'none'],
      [true, 'error'],
    ]);
    expect(withCode(outcome, 'rule.observation-only')).toHaveLength(2);
    expect(withCode(outcome, 'match.async')).toHaveLength(1);
  });

  it('SessionStart can block: the turn ends before any model request', async () => {
    const outcome = await runMework({ event: 'SessionStart', payload: { source: 'startup' }, groups: [{ hooks: [cmd("printf 'ctx'"), cmd('exit 2')] }] });
    expect(outcome).toMatchObject({ verdict: 'block', reason: DEFAULT, context: [], shown: { user: DEFAULT } });
  });

  it('continue: false without stopReason halts with the default reason; systemMessages follow in config order', async () => {
    const outcome = await runMework({
      event: 'UserPromptSubmit',
      payload: { prompt: 'hi' },
      groups: [{ hooks: [cmd(printJson({ systemMessage: 'one' })), cmd(printJson({ continue: false, systemMessage: 'two' })), cmd("printf 'dropped'")] }],
    });
    expect(outcome).toMatchObject({ halt: true, verdict: 'block', reason: DEFAULT, context: [], shown: { user: 'one\ntwo' } });
    expect(outcome.stopReason).toBeUndefined();
    expect(withCode(outcome, 'rule.context-dropped')).toHaveLength(1);
  });

  it('additionalContext on PreToolUse is kept even when another hook denies', async () => {
    const outcome = await preToolUse([cmd(printJson(pre({ additionalContext: 'CI is red on main' }))), cmd('exit 2')]);
    expect(outcome).toMatchObject({ verdict: 'block', context: ['CI is red on main'] });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['context', 'block']);
  });

  it('JSON that is not an object is plain text: context on UserPromptSubmit, nothing on PreToolUse', async () => {
    const prompt = await runMework({ event: 'UserPromptSubmit', payload: { prompt: 'hi' }, groups: [{ hooks: [cmd('echo 42')] }] });
    expect(prompt.context).toEqual(['42']);
    const tool = await preToolUse([cmd('echo \'["deny"]\'')]);
    expect(tool.verdict).toBe('proceed');
    expect(withCode(tool, 'hook.text-ignored')[0]!.message).toMatch(/JSON but not an object/);
  });

  it('an updatedInput without a permissionDecision still rewrites, with no decision', async () => {
    const outcome = await preToolUse([cmd(printJson(pre({ updatedInput: { command: 'git status --short' } })))]);
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: { command: 'git status --short' } });
    expect(outcome.hooks[0]!.effect).toBe('rewrite');
  });
});

