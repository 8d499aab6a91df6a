import { describe, expect, it } from 'vitest';
import { configSchemas, dialectCatalog } from '@hookplay/engine';
import { mework } from '../../src/dialects/mework/index.js';
import { cmd, codes, hooksJson, runMework, withCode } from './helpers.js';

const USER = '~/.mework/hooks.json';
const WS = '.mework/hooks.json';
const LEGACY = '~/.naiword/hooks.json';

const load = (files: Record<string, string>, hookIds?: number[]) => mework.load(files, hookIds ? { hookIds } : {});

describe('mework: loading hooks.json', () => {
  it('lists handlers of both files, user file first, with ids by position (events in key order, groups, handlers)', () => {
    const user = hooksJson({
      Stop: [{ hooks: [cmd('echo u0'), cmd('echo u1')] }],
      PreToolUse: [{ matcher: 'bash', hooks: [cmd('echo u2')] }, { hooks: [cmd('echo u3')] }],
    });
    const ws = hooksJson({ PreToolUse: [{ hooks: [cmd('echo w4', { name: 'Workspace one' })] }] });
    const { entries, diagnostics } = load({ [WS]: ws, [USER]: user });
    expect(diagnostics.filter((d) => d.level !== 'info')).toEqual([]);
    expect(entries.map((e) => [e.id, e.event, e.command, e.source, e.scope])).toEqual([
      [0, 'Stop', 'echo u0', USER, 'user'],
      [1, 'Stop', 'echo u1', USER, 'user'],
      [2, 'PreToolUse', 'echo u2', USER, 'user'],
      [3, 'PreToolUse', 'echo u3', USER, 'user'],
      [4, 'PreToolUse', 'echo w4', WS, 'workspace'],
    ]);
    expect(entries[4]!.name).toBe('Workspace one');
    expect(entries[2]!.matcher).toBe('bash');
    expect(entries[3]!.matcher).toBeNull();
  });

  it('puts each handler at its line and column', () => {
    const text = hooksJson({ PreToolUse: [{ hooks: [cmd('echo a'), cmd('echo b')] }] });
    const { entries } = load({ [WS]: text });
    const lines = text.split('\n');
    for (const e of entries) {
      const line = lines[e.line! - 1]!;
      expect(line.slice(e.column! - 1)).toMatch(/^\{/);
    }
    expect(lines[entries[1]!.line! + 1]).toContain('echo b');
  });

  it('reports invalid JSON with its line and column; that file contributes nothing, the other still loads', () => {
    const broken = '{\n  "hooks": {\n    "Stop": [,]\n  }\n}\n';
    const ws = hooksJson({ Stop: [{ hooks: [cmd('echo fine')] }] });
    const { entries, diagnostics } = load({ [USER]: broken, [WS]: ws });
    const error = diagnostics.find((d) => d.code === 'config.invalid-json')!;
    expect(error).toMatchObject({ level: 'error', file: USER, line: 3, column: 14 });
    expect(error.message).toMatch(/contributes no handlers/);
    // The broken file has no handlers, so the workspace's handler is id 0.
    expect(entries.map((e) => [e.id, e.command])).toEqual([[0, 'echo fine']]);
  });

  it('rejects comments and trailing commas, as strict JSON does', () => {
    const { diagnostics } = load({ [WS]: '{\n  // note\n  "hooks": {}\n}' });
    expect(diagnostics[0]).toMatchObject({ code: 'config.invalid-json', line: 2, column: 3 });
    expect(load({ [WS]: '{ "hooks": {}, }' }).diagnostics[0]).toMatchObject({ code: 'config.invalid-json', line: 1 });
  });

  it('puts schema errors on the offending entry and drops only that handler, keeping ids stable', () => {
    const text = hooksJson({
      PreToolUse: [{ hooks: [cmd('echo ok'), { type: 'command', command: 42 }, { type: 'command' }, cmd('echo also ok', { timeout: 'soon' as unknown as number })] }],
    });
    const lines = text.split('\n');
    const { entries, diagnostics } = load({ [WS]: text });
    expect(entries.map((e) => [e.id, e.command])).toEqual([[0, 'echo ok']]);
    const errors = diagnostics.filter((d) => d.level === 'error');
    expect(errors.map((d) => d.code)).toEqual(['config.field-type', 'config.missing-field', 'config.field-type']);
    expect(lines[errors[0]!.line! - 1]).toContain('"command": 42');
    expect(lines[errors[2]!.line! - 1]).toContain('"timeout": "soon"');
    expect(errors[1]!.message).toMatch(/handler 2 .*no "command"/);
    for (const e of errors) expect(e.column).toBeGreaterThan(0);
  });

  it('drops a group whose matcher is not a string, and explains a non-array event', () => {
    const text = '{\n  "hooks": {\n    "PreToolUse": [ { "matcher": 3, "hooks": [ { "type": "command", "command": "true" } ] } ],\n    "Stop": { "hooks": [] }\n  }\n}';
    const { entries, diagnostics } = load({ [WS]: text });
    expect(entries).toEqual([]);
    expect(diagnostics.filter((d) => d.level === 'error').map((d) => [d.code, d.line])).toEqual([
      ['config.field-type', 3],
      ['config.field-type', 4],
    ]);
  });

  it('warns that Mework never fires an unknown event, with a hint for typos and for Claude Code-only events', () => {
    const text = hooksJson({ PreToolUse: [{ hooks: [cmd('true')] }], PretoolUse: [{ hooks: [cmd('true')] }], SessionEnd: [{ hooks: [cmd('true'), cmd('true')] }] });
    const { entries, diagnostics } = load({ [WS]: text });
    const warnings = diagnostics.filter((d) => d.code === 'config.unknown-event');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.message).toMatch(/^Mework never fires PretoolUse \(did you mean "PreToolUse"\?/);
    expect(warnings[0]!.level).toBe('warning');
    expect(warnings[0]!.line).toBe(text.split('\n').findIndex((l) => l.includes('"PretoolUse"')) + 1);
    expect(warnings[1]!.message).toMatch(/SessionEnd \(it is a Claude Code event .*its 2 handlers are listed but never run/);
    // Handlers under unknown events still take their ids: the workspace handler after them is id 3.
    expect(entries.map((e) => e.id)).toEqual([0]);
    expect(load({ [WS]: text }, [9]).diagnostics.find((d) => d.code === 'match.unknown-hook-id')!.message).toMatch(/handlers 0–3/);
  });

  it('reads ~/.naiword/hooks.json only when ~/.mework/hooks.json does not exist', () => {
    const legacy = hooksJson({ Stop: [{ hooks: [cmd('echo legacy')] }] });
    const current = hooksJson({ Stop: [{ hooks: [cmd('echo current')] }] });
    const fallback = load({ [LEGACY]: legacy });
    expect(fallback.entries.map((e) => [e.command, e.source, e.scope])).toEqual([['echo legacy', LEGACY, 'user']]);
    expect(codes(fallback)).toContain('config.legacy-file');

    const both = load({ [LEGACY]: legacy, [USER]: current });
    expect(both.entries.map((e) => e.command)).toEqual(['echo current']);
    expect(codes(both)).toContain('config.legacy-file-ignored');

    // Even an invalid ~/.mework/hooks.json exists, so the legacy file stays unread.
    const broken = load({ [LEGACY]: legacy, [USER]: '{' });
    expect(broken.entries).toEqual([]);
    expect(codes(broken)).toEqual(expect.arrayContaining(['config.invalid-json', 'config.legacy-file-ignored']));
  });

  it('lists legacy user handlers before the workspace ones', () => {
    const { entries } = load({ [WS]: hooksJson({ Stop: [{ hooks: [cmd('echo w')] }] }), [LEGACY]: hooksJson({ Stop: [{ hooks: [cmd('echo l')] }] }) });
    expect(entries.map((e) => [e.id, e.command])).toEqual([
      [0, 'echo l'],
      [1, 'echo w'],
    ]);
  });

  it('warns about hook files Mework never reads', () => {
    const { diagnostics } = load({ 'sub/.mework/hooks.json': '{}', '.naiword/hooks.json': '{}', '.claude/settings.json': '{}' });
    expect(diagnostics.filter((d) => d.code === 'config.ignored-file').map((d) => d.file)).toEqual(['sub/.mework/hooks.json', '.naiword/hooks.json', '.claude/settings.json']);
    expect(codes({ diagnostics })).toContain('config.missing');
  });

  it('accepts async: true only on InstructionsLoaded and skips asyncRewake handlers, with warnings', () => {
    const text = hooksJson({
      InstructionsLoaded: [{ hooks: [cmd('echo a', { async: true })] }],
      PreToolUse: [{ hooks: [cmd('echo b', { async: true }), cmd('echo c', { asyncRewake: true })] }],
    });
    const { entries, diagnostics } = load({ [WS]: text });
    expect(entries.map((e) => [e.id, e.async, e.skipped ?? null])).toEqual([
      [0, true, null],
      [1, true, expect.stringMatching(/async: true is accepted only on InstructionsLoaded/)],
      [2, false, expect.stringMatching(/asyncRewake is not supported/)],
    ]);
    expect(diagnostics.filter((d) => d.level === 'warning').map((d) => d.code)).toEqual(['config.async-not-allowed', 'config.async-rewake']);
  });

  it('caps timeouts at 10 minutes and defaults to the cap', () => {
    const text = hooksJson({ Stop: [{ hooks: [cmd('a', { timeout: 5 }), cmd('b', { timeout: 900 }), cmd('c'), cmd('d', { timeout: -1 })] }] });
    const { entries, diagnostics } = load({ [WS]: text });
    expect(entries.map((e) => e.timeoutMs)).toEqual([5000, 600_000, 600_000, 600_000]);
    expect(codes({ diagnostics })).toEqual(expect.arrayContaining(['config.timeout-capped', 'config.timeout-invalid']));
  });

  it('skips handler types other than command, and commandWindows-only handlers, saying why', () => {
    const text = hooksJson({ Stop: [{ hooks: [{ type: 'prompt', prompt: 'x' }, { type: 'command', commandWindows: 'dir' }, { type: 'shell', command: 'x' }] }] });
    const { entries, diagnostics } = load({ [WS]: text });
    expect(entries).toEqual([]);
    expect(codes({ diagnostics })).toEqual(expect.arrayContaining(['config.unsupported-type', 'config.windows-only', 'config.field-type']));
  });

  it('warns about unknown fields with a did-you-mean', () => {
    const text = hooksJson({ Stop: [{ hooks: [cmd('true', { timout: 3 })] }] });
    const warning = load({ [WS]: text }).diagnostics.find((d) => d.code === 'config.unknown-field')!;
    expect(warning.message).toMatch(/"timout" \(did you mean "timeout"\?\)/);
    expect(text.split('\n')[warning.line! - 1]).toContain('"timout"');
  });

  it('shows config errors in the run outcome instead of crashing', async () => {
    const outcome = await runMework({ event: 'Stop', files: { [WS]: '{ "hooks": ' } });
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks).toEqual([]);
    expect(withCode(outcome, 'config.invalid-json')[0]).toMatchObject({ level: 'error', file: WS, line: 1 });
  });

  it('offers a JSON Schema for each hooks.json and a runnable starter', () => {
    const schemas = configSchemas().configs.filter((c) => c.dialect === 'mework');
    expect(schemas.map((c) => c.path)).toEqual([USER, WS, LEGACY]);
    const schema = schemas[0]!.schema as { properties: { hooks: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.properties.hooks.properties)).toEqual(expect.arrayContaining(['PreToolUse', 'Stop', 'UserPromptSubmit', 'InstructionsLoaded']));
    const info = dialectCatalog().find((d) => d.id === 'mework')!;
    expect(info.shell).toBe('bash -lc');
    expect(info.events.every((e) => Object.keys(e.sample).length > 0)).toBe(true);
    expect(load(info.starter.files).diagnostics.filter((d) => d.level !== 'info')).toEqual([]);
  });
});
