import { describe, expect, it } from 'vitest';
import { bash, CONFIG, find, run, toml, type Entry } from './helpers.js';

/** Runs one entry per matcher (each with its own command) and returns which matched and which ran. */
async function matching(event: string, payload: Record<string, unknown>, matchers: (string | undefined)[], host?: { env?: Record<string, string> }) {
  const entries: Entry[] = matchers.map((m, i) => ({ event, ...(m !== undefined ? { matcher: m } : {}), command: `echo hook${i}` }));
  const { outcome } = await run({ config: toml(...entries), event, payload, ...(host ? { host } : {}) });
  return { outcome, matched: outcome.hooks.map((h) => h.matched), ran: outcome.hooks.map((h) => h.ran) };
}

describe('mirri matcher: a JavaScript regex, unanchored, case-sensitive', () => {
  it('matches a part of the tool name: "Bas" matches Bash', async () => {
    const { outcome, matched, ran } = await matching('PreToolUse', bash('ls'), ['Bas']);
    expect(matched).toEqual([true]);
    expect(ran).toEqual([true]);
    expect(outcome.hooks[0]!.why).toMatch(/unanchored/);
  });

  it('matches "Bash" inside BashOutput, while ^Bash$ does not', async () => {
    const { matched } = await matching('PreToolUse', { tool_name: 'BashOutput', tool_input: {} }, ['Bash', '^Bash$']);
    expect(matched).toEqual([true, false]);
  });

  it('is case-sensitive: "bash" does not match Bash', async () => {
    const { outcome, matched, ran } = await matching('PreToolUse', bash('ls'), ['bash', 'BASH']);
    expect(matched).toEqual([false, false]);
    expect(ran).toEqual([false, false]);
    expect(outcome.hooks[0]!.why).toMatch(/does not match tool name "Bash"/);
  });

  it('supports alternation and character classes', async () => {
    const { matched } = await matching('PreToolUse', { tool_name: 'Write', tool_input: {} }, ['^(Edit|Write)$', '^[A-Z]rite$', 'Edit|Read']);
    expect(matched).toEqual([true, true, false]);
  });

  it('matches everything when the matcher is empty or absent', async () => {
    const { outcome, matched, ran } = await matching('PreToolUse', { tool_name: 'mcp__github__create_issue', tool_input: {} }, ['', undefined]);
    expect(matched).toEqual([true, true]);
    expect(ran).toEqual([true, true]);
    expect(outcome.hooks[0]!.why).toMatch(/empty matcher/);
    expect(outcome.hooks[1]!.why).toMatch(/no matcher/);
  });

  it('skips a hook whose matcher is not a valid regex, with a warning on its line, and runs the others', async () => {
    const config = toml({ event: 'PreToolUse', matcher: '(Bash', command: 'echo never >&2; exit 2' }, { event: 'PreToolUse', matcher: 'Bash', command: 'echo ok' });
    const { outcome, stdin } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks.map((h) => [h.matched, h.ran])).toEqual([
      [false, false],
      [true, true],
    ]);
    const w = find(outcome.diagnostics, 'match.invalid-regex', 0);
    expect(w).toMatchObject({ level: 'warning', file: CONFIG, line: 1 });
    expect(w.message).toMatch(/not a valid regular expression.*skips it silently/);
    expect(outcome.hooks[0]!.why).toMatch(/not a valid regular expression/);
    expect([...stdin.keys()]).toEqual([1]);
    expect(outcome.verdict).toBe('proceed');
  });

  it('skips "*" too: a glob habit, not a valid regex', async () => {
    const { outcome, matched, ran } = await matching('PreToolUse', bash('ls'), ['*', '.*']);
    expect(matched).toEqual([false, true]);
    expect(ran).toEqual([false, true]);
    expect(find(outcome.diagnostics, 'match.invalid-regex', 0).message).toMatch(/Nothing to repeat/);
  });
});

describe('mirri matcher: what each event matches against', () => {
  const tool = { tool_name: 'Bash', tool_input: { command: 'git status' }, tool_call_id: 'call_001' };
  it.each([
    ['PostToolUse', { ...tool, tool_output: 'ok' }],
    ['PostToolUseFailure', { ...tool, error: { message: 'denied' } }],
    ['PermissionRequest', { ...tool, turn_id: 5, action: 'allow', display: 'git status' }],
    ['PermissionResult', { ...tool, turn_id: 5, action: 'allow', decision: 'allow', scope: 'session' }],
  ])('%s: the tool name', async (event, payload) => {
    const { matched } = await matching(event, payload, ['^Bash$', '^Read$']);
    expect(matched).toEqual([true, false]);
  });

  it('RewriteToolInput: the tool name', async () => {
    const { matched } = await matching('RewriteToolInput', tool, ['^Bash$', '^Read$'], { env: { MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'true' } });
    expect(matched).toEqual([true, false]);
  });

  it('UserPromptSubmit: the prompt text', async () => {
    const { outcome, matched } = await matching('UserPromptSubmit', { prompt: 'Help me refactor this function' }, ['refactor', '^refactor', 'Refactor', '^Help me']);
    expect(matched).toEqual([true, false, false, true]);
    expect(outcome.hooks[0]!.why).toMatch(/prompt/);
  });

  it.each(['Stop', 'Interrupt', 'PreLlmRequest', 'PostLlmRequest'])('%s: the empty string, so ^$ matches', async (event) => {
    const payload = { stop_hook_active: false, last_assistant_message: 'Done.', turn_id: 5, reason: 'cancelled', model: 'm', step: 1 };
    const { matched } = await matching(event, payload, ['^$', '.+', 'Done', 'm']);
    expect(matched).toEqual([true, false, false, false]);
  });

  it.each([
    ['startup', [true, false]],
    ['resume', [false, true]],
  ] as const)('SessionStart: the source (%s)', async (source, expected) => {
    const { matched } = await matching('SessionStart', { source }, ['^startup$', '^resume$']);
    expect(matched).toEqual(expected);
  });

  it('SessionEnd: exit', async () => {
    const { matched } = await matching('SessionEnd', { reason: 'exit' }, ['^exit$', 'startup']);
    expect(matched).toEqual([true, false]);
  });

  it('Notification: the notification type', async () => {
    const payload = { sink: 'context', notification_type: 'task.completed', title: 'Background task completed', body: 'done', severity: 'info', source_kind: 'task' };
    const { matched } = await matching('Notification', payload, ['task\\.completed', 'task\\.failed', '^task', 'Background', 'info']);
    expect(matched).toEqual([true, false, true, false, false]);
  });

  it.each(['PreCompact', 'PostCompact'])('%s: the trigger', async (event) => {
    const { matched } = await matching(event, { trigger: 'manual', token_count: 45000 }, ['^manual$', '^auto$']);
    expect(matched).toEqual([true, false]);
  });

  it('StopFailure: the error type', async () => {
    const { matched } = await matching('StopFailure', { error_type: 'APIError', error_message: 'Rate limit exceeded' }, ['^APIError$', 'Rate limit']);
    expect(matched).toEqual([true, false]);
  });

  it.each(['SubagentStart', 'SubagentStop'])('%s: the sub-agent name', async (event) => {
    const { matched } = await matching(event, { agent_name: 'coder', prompt: 'Refactor', model_alias: 'sonnet' }, ['^coder$', 'sonnet', 'Refactor']);
    expect(matched).toEqual([true, false, false]);
  });
});
