import { describe, expect, it } from 'vitest';
import { bash, codes, errors, find, printJson, run, toml, type Entry } from './helpers.js';

const pre = (command: string, extra: Partial<Entry> = {}) =>
  run({ config: toml({ event: 'PreToolUse', matcher: 'Bash', command, ...extra } as Entry), event: 'PreToolUse', payload: bash('rm -rf build') });

const deny = (reason?: string, more: Record<string, unknown> = {}) =>
  printJson({ hookSpecificOutput: { permissionDecision: 'deny', ...(reason !== undefined ? { permissionDecisionReason: reason } : {}), ...more } });

describe('mirri answers: exit 2 blocks', () => {
  it('uses trimmed stderr as the reason and ignores stdout', async () => {
    const { outcome } = await pre(`${printJson({ hookSpecificOutput: { permissionDecisionReason: 'from stdout', message: 'x' } })}; printf '  from stderr \\n\\n' >&2; exit 2`);
    // The docs: the reason is shown to the user and written back into the context for the model.
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'from stderr', shown: { user: 'from stderr', model: 'from stderr' } });
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 2, effect: 'block' });
    expect(find(outcome.diagnostics, 'hook.note', 0).message).toMatch(/stdout is ignored on exit 2/);
  });

  it('keeps a multi-line stderr whole, trimmed at both ends only', async () => {
    const { outcome } = await pre(`printf '\\nline one\\n  line two\\n' >&2; exit 2`);
    expect(outcome.reason).toBe('line one\n  line two');
  });

  it.each([
    ['PreToolUse', bash('ls')],
    ['UserPromptSubmit', { prompt: 'hi' }],
    ['Stop', { stop_hook_active: false }],
  ])('on %s with empty stderr, the reason is "Blocked by <Event> hook"', async (event, payload) => {
    const { outcome } = await run({ config: toml({ event, command: "printf '   \\n' >&2; exit 2" }), event, payload });
    expect(outcome).toMatchObject({ verdict: 'block', reason: `Blocked by ${event} hook` });
  });
});

describe('mirri answers: JSON on exit 0', () => {
  it('blocks on permissionDecision deny with permissionDecisionReason', async () => {
    const { outcome } = await pre(deny('Please use rg instead of grep'));
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'Please use rg instead of grep', shown: { user: 'Please use rg instead of grep', model: 'Please use rg instead of grep' }, updatedInput: null });
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, effect: 'block' });
    expect(find(outcome.diagnostics, 'rule.first-block-wins', 0).message).toMatch(/permissionDecision deny/);
  });

  it('uses the default reason for a deny without permissionDecisionReason', async () => {
    const { outcome } = await pre(deny());
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'Blocked by PreToolUse hook' });
  });

  it.each([
    ['PreToolUse', bash('ls'), 'user'],
    ['UserPromptSubmit', { prompt: 'hi' }, 'user'],
    ['Stop', { stop_hook_active: false }, 'model'],
  ])('on %s, an empty permissionDecisionReason gives the default reason, also where it is shown', async (event, payload, where) => {
    // Regression: the reason used to be "" (and PreToolUse showed the user an empty text).
    const { outcome } = await run({ config: toml({ event, command: deny('') }), event, payload });
    expect(outcome).toMatchObject({ verdict: 'block', reason: `Blocked by ${event} hook`, shown: { [where]: `Blocked by ${event} hook` } });
  });

  it('reads the JSON after trimming surrounding whitespace', async () => {
    const { outcome } = await pre(`printf '\\n\\n  %s  \\n' '${JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'spaced' } })}'`);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'spaced' });
  });

  it('drops updatedInput when the hook denies, and says so', async () => {
    const { outcome } = await run({
      config: toml({ event: 'PreToolUse', command: deny('no', { updatedInput: { command: 'ls' } }) }),
      event: 'PreToolUse',
      payload: bash('rm -rf /'),
      host: { engine: 'v2', env: { MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'true' } },
    });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'no', updatedInput: null });
    expect(find(outcome.diagnostics, 'hook.note', 0).message).toMatch(/updatedInput is dropped because the hook denies/);
  });

  it.each(['allow', 'ask', 'block', 'Deny', 'DENY', true, null])('treats permissionDecision %j as a no-op', async (decision) => {
    const { outcome } = await pre(printJson({ hookSpecificOutput: { permissionDecision: decision, permissionDecisionReason: 'nope' } }));
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
    expect(outcome.hooks[0]!.effect).toBe('none');
    if (decision !== null) expect(find(outcome.diagnostics, 'hook.note', 0).message).toMatch(/is a no-op: Mirri only recognizes "deny"/);
  });

  it('reads permissionDecision only inside hookSpecificOutput', async () => {
    const { outcome } = await pre(printJson({ permissionDecision: 'deny', permissionDecisionReason: 'top level' }));
    expect(outcome.verdict).toBe('proceed');
    expect(find(outcome.diagnostics, 'hook.note', 0).message).toMatch(/top-level permissionDecision is ignored/);
  });

  it('ignores permissionDecisionReason without a deny', async () => {
    const { outcome } = await pre(printJson({ hookSpecificOutput: { permissionDecisionReason: 'just a reason' } }));
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
  });

  it('accepts non-JSON stdout on exit 0 without complaint', async () => {
    const { outcome } = await pre("echo 'checked: looks fine'; echo '{not json'");
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, effect: 'none' });
    expect(outcome.diagnostics.filter((d) => d.level !== 'info')).toEqual([]);
  });

  it.each(['[1,2]', '"deny"', '42', 'null'])('ignores the non-object JSON %s', async (text) => {
    const { outcome } = await pre(`printf '%s' '${text}'`);
    expect(outcome.verdict).toBe('proceed');
    expect(errors(outcome)).toEqual([]);
  });
});

describe('mirri answers: failures fail open', () => {
  it.each([1, 3, 127, 255])('exit %d: no effect, a warning, the call proceeds', async (code) => {
    const { outcome } = await pre(`echo "broken" >&2; exit ${code}`);
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
    expect(outcome.hooks[0]).toMatchObject({ exitCode: code, effect: 'error' });
    const w = find(outcome.diagnostics, 'hook.fail-open', 0);
    expect(w.level).toBe('warning');
    expect(w.message).toMatch(new RegExp(`exit ${code}.*fails open`));
  });

  it('a deny printed before exit 1 does not count', async () => {
    const { outcome } = await pre(`${deny('would deny')}; exit 1`);
    expect(outcome.verdict).toBe('proceed');
  });

  it('a crash (killed by a signal) fails open', async () => {
    const { outcome } = await pre('echo dying >&2; kill -KILL $$');
    expect(outcome.hooks[0]).toMatchObject({ signal: 'SIGKILL', exitCode: null, effect: 'error' });
    expect(outcome.verdict).toBe('proceed');
    expect(find(outcome.diagnostics, 'hook.fail-open', 0).message).toMatch(/killed by SIGKILL/);
  });

  it('a timeout fails open even if the hook meant to exit 2', async () => {
    const { outcome } = await pre('sleep 5; echo late >&2; exit 2', { timeout: 1 });
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, effect: 'error' });
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
  });

  it('one failing hook does not stop another from blocking', async () => {
    const config = toml({ event: 'PreToolUse', command: 'exit 1' }, { event: 'PreToolUse', command: 'echo second >&2; exit 2' });
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'second' });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['error', 'block']);
  });
});

describe('mirri answers: failClosed on blockable events', () => {
  it('turns exit 1 into a block with stderr as the reason', async () => {
    const { outcome } = await pre('echo "policy server unreachable" >&2; exit 1', { failClosed: true });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'policy server unreachable' });
    expect(outcome.hooks[0]!.effect).toBe('block');
    expect(find(outcome.diagnostics, 'rule.fail-closed', 0).level).toBe('info');
    expect(codes(outcome)).not.toContain('hook.fail-open');
  });

  it('explains the block when the failed hook printed nothing', async () => {
    const { outcome } = await pre('exit 3', { failClosed: true });
    expect(outcome.verdict).toBe('block');
    expect(outcome.reason).toMatch(/exit 3.*failClosed/);
  });

  it('turns a crash into a block', async () => {
    const { outcome } = await pre('kill -KILL $$', { failClosed: true });
    expect(outcome.verdict).toBe('block');
    expect(outcome.reason).toMatch(/killed by SIGKILL/);
  });

  it('turns a timeout into a block', async () => {
    const { outcome } = await pre('sleep 5', { failClosed: true, timeout: 1 });
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, effect: 'block' });
    expect(outcome.verdict).toBe('block');
    expect(outcome.reason).toMatch(/timed out/);
  });

  it('turns invalid JSON on exit 0 into a block', async () => {
    const { outcome } = await pre("echo '{\"hookSpecificOutput\": '", { failClosed: true });
    expect(outcome.verdict).toBe('block');
    expect(outcome.reason).toMatch(/invalid JSON/);
  });

  it('lets a clean exit 0 allow, as documented, with a divergence note', async () => {
    const { outcome } = await pre('exit 0', { failClosed: true });
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
    const d = find(outcome.diagnostics, 'divergence.failclosed-exit0', 0);
    expect(d.level).toBe('info');
    expect(d.message).toMatch(/real Mirri implementation blocks on exit 0/);
  });

  it('lets a valid JSON answer without a deny allow too', async () => {
    const { outcome } = await pre(printJson({ hookSpecificOutput: { permissionDecision: 'allow' } }), { failClosed: true });
    expect(outcome.verdict).toBe('proceed');
    expect(codes(outcome)).toContain('divergence.failclosed-exit0');
  });

  it('keeps exit 2\u2019s own reason', async () => {
    const { outcome } = await pre('echo "not on the whitelist" >&2; exit 2', { failClosed: true });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'not on the whitelist' });
    expect(codes(outcome)).not.toContain('rule.fail-closed');
  });

  it.each([
    ['Stop', { stop_hook_active: false }],
    ['UserPromptSubmit', { prompt: 'hi' }],
  ])('blocks on %s too', async (event, payload) => {
    const { outcome } = await run({ config: toml({ event, command: 'echo down >&2; exit 1', failClosed: true }), event, payload });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'down' });
  });

  it('only applies to its own entry: another hook still fails open', async () => {
    const config = toml({ event: 'PreToolUse', command: 'exit 1' }, { event: 'PreToolUse', command: 'exit 0', failClosed: true });
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['error', 'none']);
  });
});

describe('mirri answers: failClosed elsewhere has no effect', () => {
  it.each([
    ['PostToolUse', bash('ls')],
    ['SessionStart', { source: 'startup' }],
    ['Notification', { notification_type: 'task.completed' }],
  ])('%s: a failure still fails open, with an info note', async (event, payload) => {
    const { outcome } = await run({ config: toml({ event, command: 'exit 1', failClosed: true }), event, payload });
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null });
    expect(find(outcome.diagnostics, 'hook.failclosed-ignored', 0)).toMatchObject({ level: 'info' });
    expect(find(outcome.diagnostics, 'hook.failclosed-ignored', 0).message).toMatch(/only applies to PreToolUse, Stop and UserPromptSubmit/);
  });

  it('RewriteToolInput: a failure keeps the original arguments', async () => {
    const { outcome } = await run({
      config: toml({ event: 'RewriteToolInput', command: 'exit 1', failClosed: true }),
      event: 'RewriteToolInput',
      payload: bash('ls'),
      host: { env: { MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'true' } },
    });
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: null });
    expect(codes(outcome)).toContain('hook.failclosed-ignored');
  });
});
