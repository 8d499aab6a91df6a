import { describe, expect, it } from 'vitest';
import { invalidMatcher, matchCodex } from '../../src/dialects/codex/match.js';

const bash = { tool_name: 'Bash' };

describe('codex matchers (as recorded on Codex CLI 0.171.0)', () => {
  it.each([
    ['Bash', true],
    ['^Ba', true],
    ['B.sh', true],
    ['Edit|Bash', true],
    ['Bash|', true],
    ['*', true],
    ['', true],
    ['.*', true],
    ['(?i)bash', true],
    ['a.h', true],
    ['bash', false],
    ['Bas', false],
    ['ash', false],
    ['as', false],
    ['exec_command', false],
    ['Bash ', false],
  ])('%j on tool Bash: %s', (matcher, expected) => {
    expect(matchCodex(matcher, 'PreToolUse', bash).matched).toBe(expected);
  });

  it('matches everything without a matcher, and ignores matchers on UserPromptSubmit and Stop', () => {
    expect(matchCodex(undefined, 'PreToolUse', bash).matched).toBe(true);
    expect(matchCodex(null, 'PostToolUse', bash).matched).toBe(true);
    expect(matchCodex('[', 'UserPromptSubmit', {}).kind).toBe('no-matcher-event');
    expect(matchCodex('nomatch', 'Stop', {}).matched).toBe(true);
  });

  it('tests SessionStart against the source and SessionEnd against the reason', () => {
    expect(matchCodex('startup', 'SessionStart', { source: 'startup' }).matched).toBe(true);
    expect(matchCodex('Startup', 'SessionStart', { source: 'startup' }).matched).toBe(false);
    expect(matchCodex('other', 'SessionEnd', { reason: 'other' }).matched).toBe(true);
  });

  it('explains near misses', () => {
    expect(matchCodex('bash', 'PreToolUse', bash).hint).toMatch(/case-sensitive/);
    expect(matchCodex('exec_command', 'PreToolUse', bash).hint).toMatch(/"Bash"/);
    expect(matchCodex('Bash ', 'PreToolUse', bash).hint).toMatch(/not trimmed/);
  });

  it('knows which matchers Rust rejects', () => {
    expect(invalidMatcher('[')).toMatch(/regex parse error/);
    expect(invalidMatcher('(?=Bash)')).toMatch(/look-around/);
    expect(invalidMatcher('Bash|Edit')).toBeUndefined();
  });
});
