import { describe, expect, it } from 'vitest';
import { bash, CONFIG, errors, find, run, toml } from './helpers.js';

/** A hook that would block every Bash call if it ran, so "no hook runs" is visible in the verdict. */
const blocker = { event: 'PreToolUse', matcher: 'Bash', command: 'echo blocked >&2; exit 2' };

describe('mirri config: TOML syntax', () => {
  it('reports a syntax error with its line and column, and runs no hook', async () => {
    const config = '[[hooks]]\nevent = "PreToolUse"\ncommand = "echo blocked >&2; exit 2"\ntimeout = = 3\n';
    const { outcome, stdin } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    const e = find(outcome.diagnostics, 'config.toml-syntax');
    expect(e).toMatchObject({ level: 'error', file: CONFIG, line: 4, column: 11 });
    expect(e.message).toMatch(/no hook runs/);
    expect(outcome.hooks).toEqual([]);
    expect(stdin.size).toBe(0);
    expect(outcome.verdict).toBe('proceed');
  });

  it('points an unterminated string at the end of its line', async () => {
    const config = '[[hooks]]\nevent = "PreToolUse\ncommand = "exit 2"\n';
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.toml-syntax')).toMatchObject({ level: 'error', line: 2, column: 20 });
    expect(outcome.hooks).toEqual([]);
  });

  it('gives the first line of the parser message only, not its code excerpt', async () => {
    const { outcome } = await run({ config: '[[hooks]\n', event: 'PreToolUse', payload: bash('ls') });
    const e = find(outcome.diagnostics, 'config.toml-syntax');
    expect(e.line).toBe(1);
    expect(e.message).not.toMatch(/\n/);
  });
});

describe('mirri config: unknown fields fail the whole file', () => {
  it('puts the error on the unknown field\u2019s line and runs none of the valid entries', async () => {
    const config = toml(blocker, { event: 'PreToolUse', command: 'true', name: 'extra' });
    // lines: 1 [[hooks]] 2 event 3 matcher 4 command 5 blank 6 [[hooks]] 7 event 8 command 9 name
    const { outcome, stdin } = await run({ config, event: 'PreToolUse', payload: bash('rm -rf /') });
    const e = find(outcome.diagnostics, 'config.unknown-field');
    expect(e).toMatchObject({ level: 'error', file: CONFIG, line: 9, column: 1 });
    expect(e.message).toMatch(/"name"/);
    expect(outcome.hooks).toEqual([]);
    expect(stdin.size).toBe(0);
    expect(outcome.verdict).toBe('proceed');
  });

  it('finds an indented field and gives its column', async () => {
    const config = '[[hooks]]\n  event = "PreToolUse"\n  command = "exit 2"\n  description = "x"\n';
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.unknown-field')).toMatchObject({ line: 4, column: 3 });
    expect(outcome.hooks).toEqual([]);
  });

  it('rejects near-miss spellings of real fields (fields are case-sensitive)', async () => {
    const { outcome } = await run({ config: toml({ event: 'PreToolUse', command: 'exit 2', fail_closed: true }), event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.unknown-field').message).toMatch(/"fail_closed"/);
    expect(outcome.hooks).toEqual([]);
  });

  it('points at the hooks line when the entries are inline tables', async () => {
    // Regression: without [[hooks]] headers the diagnostic had no line at all.
    const config = 'model = "x"\nhooks = [\n  { event = "PreToolUse", command = "exit 2", name = "inline" },\n]\n';
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.unknown-field')).toMatchObject({ level: 'error', line: 2 });
    expect(outcome.hooks).toEqual([]);
  });

  it('runs valid inline-table entries', async () => {
    const config = 'hooks = [{ event = "PreToolUse", command = "echo inline >&2; exit 2" }]\n';
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'inline' });
  });

  it('accepts the five documented fields together', async () => {
    const { outcome } = await run({
      config: toml({ event: 'PreToolUse', matcher: 'Bash', command: 'true', timeout: 5, failClosed: false }),
      event: 'PreToolUse',
      payload: bash('ls'),
    });
    expect(errors(outcome)).toEqual([]);
    expect(outcome.hooks).toHaveLength(1);
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 0, line: 1, source: CONFIG });
  });
});

describe('mirri config: missing and mistyped fields fail the whole file', () => {
  it.each([
    ['no command', { event: 'PreToolUse', matcher: 'Bash' }, 'config.missing-field', 1, /"command"/],
    ['no event', { matcher: 'Bash', command: 'exit 2' }, 'config.missing-field', 1, /"event"/],
    ['command is a number', { event: 'PreToolUse', command: 42 }, 'config.field-type', 3, /"command" must be a string, not a number/],
    ['event is a boolean', { event: true, command: 'exit 2' }, 'config.field-type', 2, /"event" must be a string/],
    ['matcher is a number', { event: 'PreToolUse', matcher: 1, command: 'exit 2' }, 'config.field-type', 3, /"matcher" must be a string/],
    ['timeout is a string', { event: 'PreToolUse', command: 'exit 2', timeout: '5' }, 'config.field-type', 4, /"timeout" must be a number/],
    ['failClosed is a string', { event: 'PreToolUse', command: 'exit 2', failClosed: 'yes' }, 'config.field-type', 4, /"failClosed" must be true or false/],
  ] as const)('%s: error on the right line, no hook runs', async (_name, entry, code, line, message) => {
    // The valid blocker first: it must not run either.
    const config = `${toml(blocker)}\n${toml(entry as Record<string, string | number | boolean>)}`;
    const { outcome, stdin } = await run({ config, event: 'PreToolUse', payload: bash('rm -rf /') });
    const e = find(outcome.diagnostics, code);
    expect(e).toMatchObject({ level: 'error', file: CONFIG, line: line + 5 });
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/\[\[hooks\]\] #2/);
    expect(outcome.hooks).toEqual([]);
    expect(stdin.size).toBe(0);
    expect(outcome.verdict).toBe('proceed');
  });

  it('rejects an array for event', async () => {
    const { outcome } = await run({ config: '[[hooks]]\nevent = ["PreToolUse"]\ncommand = "exit 2"\n', event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.field-type')).toMatchObject({ line: 2 });
    expect(find(outcome.diagnostics, 'config.field-type').message).toMatch(/not an array/);
    expect(outcome.hooks).toEqual([]);
  });

  it('rejects hooks written as a single table instead of an array of tables', async () => {
    const { outcome } = await run({ config: '# my hooks\n\n[hooks]\nevent = "PreToolUse"\ncommand = "exit 2"\n', event: 'PreToolUse', payload: bash('ls') });
    // Regression: the error used to point at line 1 wherever the table was.
    expect(find(outcome.diagnostics, 'config.hooks-not-array')).toMatchObject({ level: 'error', line: 3 });
    expect(outcome.hooks).toEqual([]);
  });

  it('rejects hooks given as a plain value, on its line', async () => {
    const { outcome } = await run({ config: 'model = "x"\nhooks = "all"\n', event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.hooks-not-array')).toMatchObject({ level: 'error', line: 2 });
    expect(find(outcome.diagnostics, 'config.hooks-not-array').message).toMatch(/not a string/);
  });

  it('reports every bad entry, not only the first', async () => {
    const config = toml({ event: 'PreToolUse', command: 1 }, { event: 'PreToolUse', command: 'x', extra: 1 });
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(errors(outcome).map((d) => [d.code, d.line])).toEqual([
      ['config.field-type', 3],
      ['config.unknown-field', 8],
    ]);
  });
});

describe('mirri config: events, files', () => {
  it('ignores an entry with an unknown event, with a warning on its line, and keeps the others', async () => {
    const config = toml({ event: 'PreToolCall', command: 'echo typo >&2; exit 2' }, blocker);
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    const w = find(outcome.diagnostics, 'config.unknown-event');
    expect(w).toMatchObject({ level: 'warning', file: CONFIG, line: 2 });
    expect(w.message).toMatch(/unknown event "PreToolCall".*ignored/);
    expect(errors(outcome)).toEqual([]);
    expect(outcome.hooks).toHaveLength(1);
    expect(outcome.hooks[0]!.command).toBe(blocker.command);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'blocked' });
  });

  it('treats event names case-sensitively', async () => {
    const { outcome } = await run({ config: toml({ event: 'pretooluse', command: 'exit 2' }), event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.unknown-event').level).toBe('warning');
    expect(outcome.hooks).toEqual([]);
    expect(outcome.verdict).toBe('proceed');
  });

  it('lists only the entries of the event being fired, in config order', async () => {
    const config = toml(
      { event: 'PreToolUse', command: 'true' },
      { event: 'PostToolUse', command: 'true' },
      { event: 'PreToolUse', command: 'exit 0' },
    );
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks.map((h) => [h.command, h.line])).toEqual([
      ['true', 1],
      ['exit 0', 9],
    ]);
  });

  it('says when there is no config at all', async () => {
    const { outcome } = await run({ event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.missing').level).toBe('info');
    expect(outcome.hooks).toEqual([]);
  });

  it('warns that a project-level .mirri-code/config.toml is never read', async () => {
    const { outcome } = await run({ files: { '.mirri-code/config.toml': toml(blocker) }, event: 'PreToolUse', payload: bash('ls') });
    expect(find(outcome.diagnostics, 'config.ignored-file')).toMatchObject({ level: 'warning', file: '.mirri-code/config.toml' });
    expect(outcome.hooks).toEqual([]);
    expect(outcome.verdict).toBe('proceed');
  });
});

describe('mirri config: timeout', () => {
  const timeoutOf = async (timeout?: number | string) => {
    const entry = { event: 'PreToolUse', command: 'true', ...(timeout !== undefined && typeof timeout === 'number' ? { timeout } : {}) };
    const config = typeof timeout === 'string' ? `[[hooks]]\nevent = "PreToolUse"\ncommand = "true"\ntimeout = ${timeout}\n` : toml(entry);
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(errors(outcome)).toEqual([]);
    return { ms: outcome.hooks[0]!.timeoutMs, diagnostics: outcome.diagnostics };
  };

  it('defaults to 30 seconds', async () => {
    const { ms, diagnostics } = await timeoutOf();
    expect(ms).toBe(30_000);
    expect(diagnostics.filter((d) => d.code.startsWith('config.timeout'))).toEqual([]);
  });

  it.each([0, -5])('turns the non-positive %d into the default 30 s, with a warning on its line', async (t) => {
    const { ms, diagnostics } = await timeoutOf(t);
    expect(ms).toBe(30_000);
    expect(find(diagnostics, 'config.timeout-default')).toMatchObject({ level: 'warning', line: 4 });
  });

  it.each(['inf', 'nan', '-inf'])('turns the non-finite %s into the default 30 s', async (t) => {
    const { ms, diagnostics } = await timeoutOf(t);
    expect(ms).toBe(30_000);
    expect(find(diagnostics, 'config.timeout-default').level).toBe('warning');
  });

  it.each([
    [0.5, 1_000],
    [601, 600_000],
    [86_400, 600_000],
  ])('clamps %d s into 1\u2013600 s', async (t, expected) => {
    const { ms, diagnostics } = await timeoutOf(t);
    expect(ms).toBe(expected);
    expect(find(diagnostics, 'config.timeout-range')).toMatchObject({ level: 'warning', line: 4 });
  });

  it.each([
    [1, 1_000],
    [600, 600_000],
    [5, 5_000],
  ])('keeps %d s as it is', async (t, expected) => {
    const { ms, diagnostics } = await timeoutOf(t);
    expect(ms).toBe(expected);
    expect(diagnostics.filter((d) => d.code.startsWith('config.timeout'))).toEqual([]);
  });
});
