import { describe, expect, it } from 'vitest';
import { matchClaudeCode } from '../../src/dialects/claude-code/match.js';

const bash = { tool_name: 'Bash' };

describe('claude-code: matchers (as Claude Code 2.1.332 reads them)', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['   ', true],
    ['*', true],
    ['Bash', true],
    ['  Bash  ', true],
    ['Read|Bash', true],
    ['Read, Bash', true],
    ['Read,Bash', true],
    ['Read|Write', false],
    ['Bas', false],
    ['bash', false],
    ['Bash Read', false],
    ['Bas.*', true],
    ['^Bas', true],
    ['a.', true],
    ['^bash$', false],
    ['Bash(', false],
  ])('matcher %j on Bash: %s', (matcher, expected) => {
    expect(matchClaudeCode(matcher, 'PreToolUse', bash).matched).toBe(expected);
  });

  it('says how it read the matcher', () => {
    expect(matchClaudeCode('Read|Bash', 'PreToolUse', bash)).toMatchObject({ kind: 'list' });
    expect(matchClaudeCode('a.', 'PreToolUse', bash)).toMatchObject({ kind: 'regex', why: expect.stringMatching(/"as" inside tool_name "Bash": the test is unanchored/) });
    expect(matchClaudeCode('Bash(', 'PreToolUse', bash)).toMatchObject({ kind: 'regex', invalid: expect.any(String) });
  });

  it('hints at near misses: wrong case, a partial name', () => {
    expect(matchClaudeCode('bash', 'PreToolUse', bash).hint).toMatch(/case-sensitive/);
    expect(matchClaudeCode('Bas', 'PreToolUse', bash).hint).toMatch(/exactly.*"Bas\.\*"/);
  });

  it('events without a matcher run every group', () => {
    expect(matchClaudeCode('Nope', 'UserPromptSubmit', { prompt: 'x' })).toMatchObject({ matched: true, kind: 'no-matcher-event' });
    expect(matchClaudeCode('Nope', 'Stop', {}).matched).toBe(true);
  });

  it('SessionStart tests the source, SessionEnd the reason', () => {
    expect(matchClaudeCode('resume', 'SessionStart', { source: 'startup' }).matched).toBe(false);
    expect(matchClaudeCode('startup', 'SessionStart', { source: 'startup' }).matched).toBe(true);
    expect(matchClaudeCode('other', 'SessionEnd', { reason: 'other' }).matched).toBe(true);
  });
});
