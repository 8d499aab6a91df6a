import { describe, expect, it } from 'vitest';
import { getDialect } from '../../src/dialects/index.js';
import type { CodexEntry, CodexSettings } from '../../src/dialects/codex/config.js';

const codex = getDialect('codex');
const load = (files: Record<string, string>, trusted?: boolean) => codex.load(files, trusted === undefined ? {} : { trusted });
const hooks = (h: unknown) => `${JSON.stringify({ hooks: h }, null, 2)}\n`;
const pre = (command: string, extra: object = {}) => hooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, ...extra }] }] });

describe('codex config files', () => {
  it('adds up user and project hooks, user first, each with its display order', () => {
    const loaded = load({ '.codex/hooks.json': pre('echo project'), '~/.codex/hooks.json': pre('echo user') });
    const entries = loaded.entries as CodexEntry[];
    expect(entries.map((e) => [e.command, e.layer, e.order])).toEqual([
      ['echo user', 'user', 0],
      ['echo project', 'project', 1],
    ]);
    expect(entries[0]!.timeoutMs).toBe(600_000);
  });

  it('drops a file that is not JSON, pointing at the line and column, and keeps the other file', () => {
    const loaded = load({ '~/.codex/hooks.json': '{\n  "hooks": {\n    "PreToolUse": [ }\n}', '.codex/hooks.json': pre('echo project') });
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo project']);
    const d = loaded.diagnostics.find((x) => x.code === 'config.invalid-json')!;
    expect(d).toMatchObject({ level: 'error', file: '~/.codex/hooks.json', line: 3, evidence: { kind: 'recorded' } });
    expect(d.message).toMatch(/drops the whole file/);
  });

  it('drops the whole file for a handler without type or a non-integer timeout, naming the field', () => {
    const noType = load({ '~/.codex/hooks.json': hooks({ PreToolUse: [{ hooks: [{ command: 'x' }] }], Stop: [{ hooks: [{ type: 'command', command: 'y' }] }] }) });
    expect(noType.entries).toEqual([]);
    expect(noType.diagnostics.find((d) => d.code === 'config.invalid-hook')).toMatchObject({ file: "~/.codex/hooks.json", line: 6 });
    const float = load({ '~/.codex/hooks.json': pre('x', { timeout: 1.5 }) });
    expect(float.entries).toEqual([]);
    expect(float.diagnostics.find((d) => d.code === 'config.invalid-hook')!.message).toMatch(/timeout must be a whole number/);
  });

  it('ignores an unknown event and suggests the nearest real one', () => {
    const loaded = load({ '~/.codex/hooks.json': hooks({ PreToolUs: [{ hooks: [{ type: 'command', command: 'x' }] }], Stop: [{ hooks: [{ type: 'command', command: 'y' }] }] }) });
    expect(loaded.entries.map((e) => e.event)).toEqual(['Stop']);
    const d = loaded.diagnostics.find((x) => x.code === 'config.unknown-event')!;
    expect(d.message).toMatch(/did you mean "PreToolUse"/);
    expect(d.line).toBe(3);
  });

  it('marks project hooks untrusted when host.trusted is false, and says so', () => {
    const loaded = load({ '.codex/hooks.json': pre('echo project'), '~/.codex/hooks.json': pre('echo user') }, false);
    expect((loaded.entries as CodexEntry[]).map((e) => [e.command, e.untrusted])).toEqual([
      ['echo user', false],
      ['echo project', true],
    ]);
    expect(loaded.diagnostics.find((d) => d.code === 'config.untrusted-project')).toMatchObject({ file: '.codex/hooks.json', level: 'warning' });
  });

  it('reads inline TOML hooks and [features] hooks = false', () => {
    const toml = '[features]\nhooks = false\n\n[[hooks.UserPromptSubmit]]\n[[hooks.UserPromptSubmit.hooks]]\ntype = "command"\ncommand = "echo toml"\ntimeout = 5\n';
    const loaded = load({ '~/.codex/config.toml': toml });
    expect(loaded.entries.map((e) => [e.event, e.command, e.timeoutMs])).toEqual([['UserPromptSubmit', 'echo toml', 5000]]);
    expect((loaded.settings as unknown as CodexSettings).disabledBy).toBe('~/.codex/config.toml');
  });

  it('warns that timeoutSec is ignored (a divergence from the source), and skips prompt hooks and empty commands', () => {
    const loaded = load({ '~/.codex/hooks.json': hooks({ PreToolUse: [{ hooks: [{ type: 'command', command: 'a', timeoutSec: 1 }, { type: 'prompt', prompt: 'p' }, { type: 'command', command: '' }] }] }) });
    expect(loaded.entries.map((e) => [e.command, e.timeoutMs])).toEqual([['a', 600_000]]);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['divergence.timeout-alias', 'config.hook-type-not-run', 'config.empty-command']));
    const notices = (loaded.settings as unknown as CodexSettings).notices.map((n) => n.text);
    expect(notices).toEqual(['skipping prompt hook in ~/.codex/hooks.json: prompt hooks are not supported yet', 'skipping empty hook command in ~/.codex/hooks.json']);
  });

  it('drops a group whose matcher is not a valid regex', () => {
    const loaded = load({ '~/.codex/hooks.json': hooks({ PreToolUse: [{ matcher: '[', hooks: [{ type: 'command', command: 'bad' }] }, { matcher: 'Bash', hooks: [{ type: 'command', command: 'good' }] }] }) });
    expect(loaded.entries.map((e) => e.command)).toEqual(['good']);
    expect(loaded.diagnostics.find((d) => d.code === 'config.invalid-matcher')).toMatchObject({ line: 5 });
  });
});
