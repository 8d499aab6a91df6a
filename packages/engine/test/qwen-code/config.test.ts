import { getDialect } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
import { cmd, PROJECT, runQwen, settings, USER, withCode } from './helpers.js';

const load = (files: Record<string, string>, trusted?: boolean) => getDialect('qwen-code').load(files, trusted === undefined ? {} : { trusted });

describe('qwen-code: loading the settings files', () => {
  it('adds up project and user hooks, project first, with their lines and timeouts in seconds', () => {
    const loaded = load({
      [USER]: settings({ PreToolUse: [{ hooks: [cmd('echo user')] }] }),
      [PROJECT]: settings({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('echo project', { timeout: 5 })] }] }),
    });
    expect(loaded.entries.map((e) => [e.source, e.command, e.matcher, e.timeoutMs, e.line])).toEqual([
      [PROJECT, 'echo project', 'Bash', 5_000, 7],
      [USER, 'echo user', null, 60_000, 6],
    ]);
    expect(loaded.diagnostics).toEqual([]);
  });

  it('accepts comments, as Qwen Code strips them before parsing', () => {
    const loaded = load({ [PROJECT]: '// mine\n{ /* hooks */ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "true" } ] } ] } }\n' });
    expect(loaded.entries.map((e) => e.command)).toEqual(['true']);
  });

  it('resets a project file that is not valid JSON, with the position; the user file still counts', () => {
    const loaded = load({ [PROJECT]: '{ "hooks": {\n  "PreToolUse": [ }\n', [USER]: settings({ Stop: [{ hooks: [cmd('echo user')] }] }) });
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo user']);
    const [error] = withCode(loaded, 'config.invalid-json');
    expect(error).toMatchObject({ level: 'error', file: PROJECT, line: 2, evidence: { kind: 'recorded', cases: ['files-project-invalid-json'] } });
    expect(error!.message).toMatch(/resets it to empty settings/);
  });

  it('names an unknown event where it is written and suggests the nearest real one; the other events still load', () => {
    const loaded = load({ [PROJECT]: settings({ PreToolUser: [{ hooks: [cmd('exit 2')] }], Stop: [{ hooks: [cmd('true')] }] }) });
    expect(loaded.entries.map((e) => e.event)).toEqual(['Stop']);
    const [warning] = withCode(loaded, 'config.unknown-event');
    expect(warning).toMatchObject({ file: PROJECT, line: 3 });
    expect(warning!.message).toContain('did you mean "PreToolUse"?');
  });

  it('drops a hook without command and one with an unknown type, keeping the rest of the group', () => {
    const loaded = load({ [PROJECT]: settings({ PreToolUse: [{ hooks: [{ type: 'command' }, { type: 'script', command: 'x' }, cmd('echo kept')] }] }) });
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo kept']);
    expect(withCode(loaded, 'config.invalid-hook').map((d) => d.line)).toEqual([6, 10]);
  });

  it('reads timeouts as Qwen Code does: numeric strings, legacy milliseconds, unusable values fall back to 60 s', () => {
    const loaded = load({ [PROJECT]: settings({ Stop: [{ hooks: [cmd('a', { timeout: '2' }), cmd('b', { timeout: 1500 }), cmd('c', { timeout: 0 }), cmd('d', { timeout: -3 })] }] }) });
    expect(loaded.entries.map((e) => e.timeoutMs)).toEqual([2_000, 1_500, 60_000, 60_000]);
    expect(withCode(loaded, 'config.timeout')).toHaveLength(4);
  });

  it('lets the project’s disableAllHooks win over the user’s', () => {
    const off = load({ [PROJECT]: settings({}, { disableAllHooks: false }), [USER]: '{"disableAllHooks": true}' });
    expect((off.settings as { disabledBy: string | null }).disabledBy).toBeNull();
    const on = load({ [PROJECT]: settings({ Stop: [{ hooks: [cmd('true')] }] }), [USER]: '{"disableAllHooks": true}' });
    expect((on.settings as { disabledBy: string | null }).disabledBy).toBe(USER);
  });

  it('skips project hooks in an untrusted folder and says so; user hooks still run', async () => {
    const files = { [PROJECT]: settings({ Stop: [{ hooks: [cmd('echo project')] }] }), [USER]: settings({ Stop: [{ hooks: [cmd('echo user')] }] }) };
    const loaded = load(files, false);
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo user']);
    expect(withCode(loaded, 'config.untrusted-project')[0]).toMatchObject({ file: PROJECT, evidence: { kind: 'recorded', cases: ['trust-untrusted-folder'] } });
    const outcome = await runQwen({ event: 'Stop', files, trusted: false });
    expect(outcome.hooks.map((h) => [h.command, h.ran])).toEqual([['echo user', true]]);
  });
});
