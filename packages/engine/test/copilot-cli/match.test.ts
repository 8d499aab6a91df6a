import { describe, expect, it } from 'vitest';
import { matchCopilot } from '../../src/dialects/copilot-cli/match.js';

describe('copilot-cli matchers (a regex over the whole tool name, case-sensitive)', () => {
  it.each([
    ['bash', true],
    ['ba', false],
    ['Bash', false],
    ['ba.*', true],
    ['view|bash', true],
    ['^bash$', true],
    ['*', false],
    ['(', false],
  ])('%s against "bash": %s', (matcher, matched) => {
    expect(matchCopilot(matcher, 'bash').matched).toBe(matched);
  });

  it('an invalid regex says so', () => {
    expect(matchCopilot('*', 'bash').invalid).toBeTruthy();
  });

  it('no matcher matches everything', () => {
    expect(matchCopilot(null, 'view').matched).toBe(true);
  });
});
