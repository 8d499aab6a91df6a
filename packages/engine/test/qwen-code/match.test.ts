import { describe, expect, it } from 'vitest';
import { matchQwenCode } from '../../src/dialects/qwen-code/match.js';

const shell = { tool_name: 'run_shell_command' };

describe('qwen-code: matchers (each row recorded on the real CLI as a matcher-* case)', () => {
  it.each([
    ['Bash', true],
    ['run_shell_command', true],
    ['Shell', true],
    ['bash', false],
    ['run_shell', true],
    ['^Bash$', false],
    ['^run_shell_command$', true],
    ['Ba', false],
    ['Read|Bash', true],
    ['Edit|Write', false],
    ['Edit|run_.*', true],
    ['*', true],
    ['.*', true],
    ['', true],
    ['  Bash  ', true],
    ['[', false],
  ])('%j on run_shell_command: %s', (matcher, expected) => {
    expect(matchQwenCode(matcher, 'PreToolUse', shell).matched).toBe(expected);
  });

  it('explains why a regex misses an alias', () => {
    const m = matchQwenCode('^Bash$', 'PreToolUse', shell);
    expect(m.hint).toMatch(/tested against "run_shell_command" only/);
  });

  it('ignores matchers on events without a matcher target', () => {
    expect(matchQwenCode('no-such-thing', 'UserPromptSubmit', { prompt: 'x' }).matched).toBe(true);
  });

  it('matches SessionStart on its source', () => {
    expect(matchQwenCode('startup', 'SessionStart', { source: 'startup' }).matched).toBe(true);
    expect(matchQwenCode('resume', 'SessionStart', { source: 'startup' }).matched).toBe(false);
  });
});
