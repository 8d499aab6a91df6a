import { getDialect, validateScenario, parseScenario } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
import { cmd, LOCAL, PROJECT, settings, USER, withCode } from './helpers.js';

const load = (files: Record<string, string>, version?: string) => getDialect('claude-code').load(files, version ? { version } : {});

describe('claude-code: loading the settings files', () => {
  it('reads user, project and local settings, in that order; their hooks add up', () => {
    const loaded = load({
      [LOCAL]: settings({ PreToolUse: [{ hooks: [cmd('echo local')] }] }),
      [USER]: settings({ PreToolUse: [{ hooks: [cmd('echo user')] }] }),
      [PROJECT]: settings({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('echo project', { timeout: 5 })] }] }),
    });
    expect(loaded.entries.map((e) => [e.source, e.command, e.matcher, e.timeoutMs])).toEqual([
      [USER, 'echo user', null, 600_000],
      [PROJECT, 'echo project', 'Bash', 5_000],
      [LOCAL, 'echo local', null, 600_000],
    ]);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['config.version-default']);
  });

  it('puts each entry on its line and column', () => {
    const loaded = load({ [PROJECT]: settings({ Stop: [{ hooks: [cmd('true'), cmd('false')] }] }) });
    expect(loaded.entries.map((e) => e.line)).toEqual([6, 10]);
  });

  it('drops a file that is not valid JSON, with its position; other files still count', () => {
    const loaded = load({ [PROJECT]: '{ "hooks": {\n  "PreToolUse": [ }\n', [USER]: settings({ PreToolUse: [{ hooks: [cmd('echo user')] }] }) });
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo user']);
    const [error] = withCode(loaded, 'config.invalid-json');
    expect(error).toMatchObject({ level: 'error', file: PROJECT, line: 2 });
    expect(error!.message).toMatch(/skips the whole file/);
  });

  it.each([
    ['a hook without command', { type: 'command' }, /without a "command" string/],
    ['a timeout that is not a number', { type: 'command', command: 'exit 2', timeout: 'soon' }, /timeout must be a positive number/],
    ['a non-positive timeout', { type: 'command', command: 'exit 2', timeout: 0 }, /timeout must be a positive number/],
    ['an unknown hook type', { type: 'script', command: 'exit 2' }, /type must be "command"/],
  ])('one invalid entry (%s) drops every hook of that file', (_what, bad, message) => {
    const loaded = load({
      [PROJECT]: settings({ PreToolUse: [{ hooks: [bad, cmd('echo fine')] }], Stop: [{ hooks: [cmd('echo stop')] }] }),
      [USER]: settings({ PreToolUse: [{ hooks: [cmd('echo user')] }] }),
    });
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo user']);
    const [error] = withCode(loaded, 'config.invalid-hook');
    expect(error!.message).toMatch(message);
    expect(error!.message).toMatch(/rejects the whole file/);
    expect(error!.line).toBeGreaterThan(1);
  });

  it('ignores an unknown event with a warning and a suggestion; the file’s other events still count', () => {
    const loaded = load({ [PROJECT]: settings({ PreToolUze: [{ hooks: [cmd('exit 2')] }], Stop: [{ hooks: [cmd('true')] }] }) });
    expect(loaded.entries.map((e) => e.event)).toEqual(['Stop']);
    expect(withCode(loaded, 'config.unknown-event')[0]!.message).toMatch(/did you mean "PreToolUse"/);
  });

  it('leaves out prompt hooks and async hooks, which hookplay does not run', () => {
    const loaded = load({ [PROJECT]: settings({ Stop: [{ hooks: [{ type: 'prompt', prompt: 'is it done?' }, cmd('sleep 1', { async: true }), cmd('true')] }] }) });
    expect(loaded.entries.map((e) => e.command)).toEqual(['true']);
    expect(withCode(loaded, 'config.hook-type-not-run')).toHaveLength(1);
    expect(withCode(loaded, 'config.async-not-run')).toHaveLength(1);
  });

  it('warns about settings files Claude Code never reads', () => {
    const loaded = load({ '~/.claude/settings.local.json': '{}', 'sub/.claude/settings.json': '{}' });
    expect(withCode(loaded, 'config.ignored-file').map((d) => d.file)).toEqual(['~/.claude/settings.local.json', 'sub/.claude/settings.json']);
  });

  it('notes disableAllHooks', () => {
    const loaded = load({ [PROJECT]: settings({ Stop: [{ hooks: [cmd('true')] }] }), [LOCAL]: '{"disableAllHooks": true}' });
    expect(withCode(loaded, 'config.hooks-disabled')[0]!.message).toMatch(/no hook runs/);
  });
});

describe('claude-code: host.version', () => {
  it('a version older than the oldest listed is an error listing the verified ones, and nothing runs', () => {
    const loaded = load({ [PROJECT]: settings({ Stop: [{ hooks: [cmd('true')] }] }) }, '1.0.0');
    expect(loaded.entries).toEqual([]);
    const [error] = withCode(loaded, 'config.unsupported-version');
    expect(error!.level).toBe('error');
    expect(error!.message).toMatch(/Claude Code 1\.0\.0 is outside the verified range 1\.0\.41–2\.1\.332: hookplay is verified on Claude Code 1\.0\.41, 2\.0\.76, 2\.1\.47, 2\.1\.143, 2\.1\.332/);
  });

  it('a supported version loads without a note; no version means the newest, said once', () => {
    expect(load({}, '2.1.332').diagnostics.map((d) => d.code)).not.toContain('config.version-default');
    expect(load({}).diagnostics.map((d) => d.code)).toContain('config.version-default');
  });

  it('validation shows the version error too', () => {
    const scenario = parseScenario({ hookplay: 1, dialect: 'claude-code', host: { version: '9.9.9' }, files: {}, event: 'Stop', payload: {} });
    expect(validateScenario(scenario).map((d) => d.code)).toContain('config.unsupported-version');
  });
});
