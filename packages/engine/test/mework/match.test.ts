import { describe, expect, it } from 'vitest';
import { matchMework } from '../../src/dialects/mework/match.js';
import { cmd, hooksJson, runMework, withCode } from './helpers.js';

const bash = { tool_name: 'bash', tool_input: { command: 'ls' } };

describe('mework: which handlers match', () => {
  it('UserPromptSubmit and Stop always match, whatever the matcher', async () => {
    for (const event of ['UserPromptSubmit', 'Stop']) {
      const outcome = await runMework({ event, groups: [{ matcher: '^nothing-matches-this$', hooks: [cmd('echo "{}"')] }, { matcher: '[', hooks: [cmd('echo "{}"')] }] });
      expect(outcome.hooks.map((h) => [h.matched, h.ran])).toEqual([
        [true, true],
        [true, true],
      ]);
      expect(outcome.hooks[0]!.why).toMatch(new RegExp(`${event} always matches: the matcher .* is not used`));
      expect(withCode(outcome, 'match.matcher-ignored')).toHaveLength(2);
      expect(withCode(outcome, 'match.invalid-regex')).toEqual([]);
    }
  });

  it('empty, "*" and blank-after-trimming matchers match everything; no matcher too', async () => {
    const outcome = await runMework({
      event: 'PreToolUse',
      payload: bash,
      groups: [{ matcher: '', hooks: [cmd('true')] }, { matcher: '*', hooks: [cmd('true')] }, { matcher: '  *  ', hooks: [cmd('true')] }, { matcher: '   ', hooks: [cmd('true')] }, { hooks: [cmd('true')] }],
    });
    expect(outcome.hooks.map((h) => h.matched)).toEqual([true, true, true, true, true]);
    expect(outcome.hooks.every((h) => h.ran)).toBe(true);
  });

  it('searches the regex unanchored and case-sensitively, after trimming', async () => {
    const outcome = await runMework({
      event: 'PreToolUse',
      payload: { tool_name: 'powershell', tool_input: { command: 'dir' } },
      groups: [
        { matcher: 'shell', hooks: [cmd('true')] },
        { matcher: ' ^(bash|powershell)$ ', hooks: [cmd('true')] },
        { matcher: '^shell', hooks: [cmd('true')] },
        { matcher: 'PowerShell', hooks: [cmd('true')] },
      ],
    });
    expect(outcome.hooks.map((h) => h.matched)).toEqual([true, true, false, false]);
    expect(outcome.hooks[0]!.why).toMatch(/matches "shell" inside tool_name "powershell" \(the test is unanchored/);
    expect(outcome.hooks[1]!.why).toMatch(/after trimming/);
    expect(outcome.hooks[3]!.why).toMatch(/case-sensitive/);
    expect(withCode(outcome, 'match.case-sensitive').map((d) => d.hook)).toEqual([3]);
    expect(outcome.hooks.filter((h) => h.ran)).toHaveLength(2);
  });

  it('an invalid regex never matches, with a warning on its handler', async () => {
    const text = hooksJson({ PreToolUse: [{ matcher: 'Edit|*', hooks: [cmd('echo nope >&2; exit 2')] }] });
    const outcome = await runMework({ event: 'PreToolUse', payload: bash, files: { '.mework/hooks.json': text } });
    expect(outcome.hooks[0]).toMatchObject({ matched: false, ran: false });
    expect(outcome.verdict).toBe('proceed');
    const warning = withCode(outcome, 'match.invalid-regex')[0]!;
    expect(warning).toMatchObject({ level: 'warning', hook: 0, file: '.mework/hooks.json', line: 5, column: 9 });
    expect(warning.message).toMatch(/not a valid regular expression/);
  });

  it('an event with no value to match against never matches a real matcher', async () => {
    const outcome = await runMework({ event: 'PreToolUse', payload: { tool_input: {} }, groups: [{ matcher: 'bash', hooks: [cmd('true')] }, { matcher: '*', hooks: [cmd('true')] }] });
    expect(outcome.hooks.map((h) => h.matched)).toEqual([false, true]);
    expect(outcome.hooks[0]!.why).toMatch(/no string "tool_name"/);
    expect(withCode(outcome, 'match.no-value')).toHaveLength(1);
  });

  it('tests SessionStart against source and InstructionsLoaded against load_reason', async () => {
    const start = await runMework({ event: 'SessionStart', payload: { source: 'resume' }, groups: [{ matcher: 'startup', hooks: [cmd('true')] }, { matcher: 'resume', hooks: [cmd('true')] }] });
    expect(start.hooks.map((h) => h.matched)).toEqual([false, true]);
    const loaded = await runMework({ event: 'InstructionsLoaded', payload: { file_path: 'AGENTS.md', load_reason: 'nested_traversal' }, groups: [{ matcher: '^session_start$', hooks: [cmd('true')] }, { matcher: 'nested', hooks: [cmd('true')] }] });
    expect(loaded.hooks.map((h) => h.matched)).toEqual([false, true]);
  });

  it('matchMework explains each case in words', () => {
    expect(matchMework('bash', 'PreToolUse', { tool_name: 'bash' })).toMatchObject({ matched: true, why: 'matcher /bash/ matches tool_name "bash"' });
    expect(matchMework('(', 'PreToolUse', { tool_name: 'bash' })).toMatchObject({ matched: false, invalid: expect.any(String) });
    expect(matchMework(null, 'PostToolUse', {})).toMatchObject({ matched: true, why: 'no matcher: matches everything' });
    expect(matchMework('x', 'Stop', {})).toMatchObject({ matched: true, matcherIgnored: true });
  });
});

describe('mework: hookIds selection', () => {
  const user = hooksJson({ PreToolUse: [{ hooks: [cmd('echo user-0 >&2')] }] });
  const ws = hooksJson({ Stop: [{ hooks: [cmd('echo "{}"')] }], PreToolUse: [{ hooks: [cmd('echo ws-2 >&2'), cmd('echo ws-3 >&2')] }] });
  const files = { '~/.mework/hooks.json': user, '.mework/hooks.json': ws };

  it('selects every handler by default, and says so', async () => {
    const outcome = await runMework({ event: 'PreToolUse', payload: bash, files });
    expect(outcome.hooks.map((h) => [h.id, h.source, h.matched, h.ran])).toEqual([
      [0, '~/.mework/hooks.json', true, true],
      [2, '.mework/hooks.json', true, true],
      [3, '.mework/hooks.json', true, true],
    ]);
    expect(withCode(outcome, 'match.default-selection')).toHaveLength(1);
  });

  it('runs only the selected ids, across both files; the others are listed, not matched, with why', async () => {
    const outcome = await runMework({ event: 'PreToolUse', payload: bash, files, hookIds: [3, 0] });
    expect(outcome.hooks.map((h) => [h.id, h.matched, h.ran])).toEqual([
      [0, true, true],
      [2, false, false],
      [3, true, true],
    ]);
    expect(outcome.hooks[1]!.why).toBe('handler 2 is not selected in hookIds (the conversation selects [3, 0])');
    expect(outcome.hooks[1]!.stderr).toBe('');
    expect(outcome.hooks[2]!.stderr).toBe('ws-3\n');
  });

  it('an empty selection runs nothing; an id that does not exist is a warning', async () => {
    const none = await runMework({ event: 'PreToolUse', payload: bash, files, hookIds: [] });
    expect(none.hooks.every((h) => !h.matched && !h.ran)).toBe(true);
    expect(none.hooks[0]!.why).toMatch(/selects none/);
    const missing = await runMework({ event: 'PreToolUse', payload: bash, files, hookIds: [7] });
    expect(withCode(missing, 'match.unknown-hook-id')[0]!.message).toMatch(/id 7, but the hook files list handlers 0–3 only/);
  });

  it('skipped handlers (asyncRewake, async outside InstructionsLoaded) are listed but never run', async () => {
    const outcome = await runMework({ event: 'PreToolUse', payload: bash, groups: [{ hooks: [cmd('exit 2', { asyncRewake: true }), cmd('exit 2', { async: true })] }] });
    expect(outcome.hooks.map((h) => [h.matched, h.ran])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks[0]!.why).toMatch(/asyncRewake/);
  });
});
