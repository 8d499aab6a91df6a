import { describe, expect, it } from 'vitest';
import { configSchemas, getDialect } from '@hookplay/engine';
import { find, hooksJson, py, run } from './helpers.js';

const load = (files: Record<string, string>) => getDialect('open-strix').load(files, {});
const ok = (name: string, extra: Record<string, unknown> = {}) => ({ name, command: 'true', events: ['pre_tool_call'], ...extra });

describe('open-strix: discovery', () => {
  it('runs every skills/**/hooks.json in Python path order, entries in file order', async () => {
    const append = (name: string) => py(`e["args"].setdefault("order", []).append(${JSON.stringify(name)})`);
    const files = {
      'skills/b/hooks.json': hooksJson({ name: 'b', command: append('b'), events: ['pre_tool_call'] }),
      'skills/hooks.json': hooksJson({ name: 'top', command: append('top'), events: ['pre_tool_call'] }),
      // Part-wise order puts a/sub before a-b, though "-" sorts before "/" as plain strings.
      'skills/a-b/hooks.json': hooksJson({ name: 'a-b', command: append('a-b'), events: ['pre_tool_call'] }),
      'skills/a/sub/deeper/hooks.json': hooksJson({ name: 'a/sub/deeper', command: append('a/sub/deeper'), events: ['pre_tool_call'] }),
      'skills/a/hooks.json': hooksJson(
        { name: 'a1', command: append('a1'), events: ['pre_tool_call'] },
        { name: 'a2', command: append('a2'), event: 'pre_tool_call' },
      ),
      'hooks.json': hooksJson({ name: 'stray', command: append('stray'), events: ['pre_tool_call'] }),
      '~/skills/home/hooks.json': hooksJson({ name: 'home', command: append('home'), events: ['pre_tool_call'] }),
    };
    const { outcome } = await run(files, 'pre_tool_call', { tool: 'shell', args: {} });
    expect(outcome.hooks.map((h) => h.name)).toEqual(['a1', 'a2', 'a/sub/deeper', 'a-b', 'b', 'top']);
    expect((outcome.eventOut as { args: { order: string[] } }).args.order).toEqual(['a1', 'a2', 'a/sub/deeper', 'a-b', 'b', 'top']);
    const ignored = outcome.diagnostics.filter((d) => d.code === 'config.ignored-file').map((d) => d.file);
    expect(ignored.sort()).toEqual(['hooks.json', '~/skills/home/hooks.json']);
  });

  it('says so when there is no hooks.json at all', () => {
    const { entries, diagnostics } = load({ 'README.md': 'hi' });
    expect(entries).toEqual([]);
    expect(find(diagnostics, 'config.missing').level).toBe('info');
  });
});

describe('open-strix: loading errors', () => {
  it('skips a file with invalid JSON, with line and column, and still loads the others', async () => {
    const files = {
      'skills/a/hooks.json': '{\n  "hooks": [\n    {"name": "x", "command": "true",, "events": ["pre_tool_call"]}\n  ]\n}\n',
      'skills/b/hooks.json': hooksJson({ name: 'fine', command: py('e["args"]["ok"] = True'), events: ['pre_tool_call'] }),
    };
    const { outcome } = await run(files, 'pre_tool_call', { tool: 'shell', args: {} });
    const d = find(outcome.diagnostics, 'config.hook_invalid_json');
    expect(d).toMatchObject({ level: 'error', file: 'skills/a/hooks.json', line: 3, column: 37 });
    expect(d.message).toMatch(/^hook_invalid_json: /);
    expect(outcome.hooks.map((h) => h.name)).toEqual(['fine']);
    expect(outcome.eventOut).toMatchObject({ args: { ok: true } });
  });

  it.each([
    ['a list', '[\n  {"name": "x"}\n]\n', 1, 1, /expected a JSON object with 'hooks' key/],
    ['an object without hooks', '{\n  "name": "x"\n}\n', 1, 1, /'hooks' key must be an array \(there is no 'hooks' key\)/],
    ['hooks as an object', '{\n  "version": 1,\n  "hooks": {"name": "x"}\n}\n', 3, 3, /'hooks' key must be an array \('hooks' is an object\)/],
  ])('rejects %s as hook_invalid_format, positioned', (_what, text, line, column, message) => {
    const { entries, diagnostics } = load({ 'skills/bad/hooks.json': text });
    expect(entries).toEqual([]);
    const d = find(diagnostics, 'config.hook_invalid_format');
    expect(d).toMatchObject({ level: 'error', file: 'skills/bad/hooks.json', line, column });
    expect(d.message).toMatch(message);
  });

  it('drops entries with missing fields or any unknown event, positioned on the entry, keeping the rest', () => {
    const text = hooksJson(
      { name: 'no-command', events: ['pre_tool_call'] },
      { command: 'true', events: ['pre_tool_call'] },
      ok('bad-event', { events: ['pre_tool_call', 'pre_tool_cal'] }),
      ok('blank-name', { name: '   ' }),
      ok('no-events', { events: undefined }),
      ok('empty-events', { events: [] }),
      ok('events-not-list', { events: 'pre_tool_call' }),
      ok('single', { events: undefined, event: 'post_startup' }),
    );
    const { entries, diagnostics } = load({ 'skills/x/hooks.json': text });
    expect(entries.map((e) => [e.name, (e as unknown as { events: string[] }).events])).toEqual([['single', ['post_startup']]]);
    const missing = diagnostics.filter((d) => d.code === 'config.hook_missing_fields');
    expect(missing).toHaveLength(7);
    const lines = text.split('\n');
    for (const d of missing) {
      expect(d.level).toBe('error');
      expect(d.file).toBe('skills/x/hooks.json');
      // Each points at the opening brace of its entry.
      expect(lines[d.line! - 1]!.slice(d.column! - 1).startsWith('{')).toBe(true);
    }
    expect(missing.map((d) => d.message)).toEqual([
      expect.stringMatching(/hooks\[0\] \("no-command"\): no "command"/),
      expect.stringMatching(/hooks\[1\]: no "name"/),
      expect.stringMatching(/unknown event "pre_tool_cal" \(did you mean "pre_tool_call"\?\)/),
      expect.stringMatching(/"name" is empty/),
      expect.stringMatching(/no "events" \(or a single "event"\)/),
      expect.stringMatching(/"events" lists no event/),
      expect.stringMatching(/"events" must be a list, not a string/),
    ]);
  });

  it('warns about an entry that is not an object (the host skips it silently) and about unknown fields', () => {
    const { entries, diagnostics } = load({ 'skills/x/hooks.json': hooksJson('just a string' as never, ok('typo', { timeout: 3 })) });
    expect(entries.map((e) => e.name)).toEqual(['typo']);
    expect(find(diagnostics, 'config.entry-not-object')).toMatchObject({ level: 'warning', line: 3 });
    expect(find(diagnostics, 'config.unknown-field').message).toMatch(/"timeout" .* \(did you mean "timeout_seconds"\?\)/);
  });

  it('treats a null name as missing and notes that the real host would keep it as "None"', () => {
    const { entries, diagnostics } = load({ 'skills/x/hooks.json': hooksJson(ok('x', { name: null })) });
    expect(entries).toEqual([]);
    expect(find(diagnostics, 'divergence.field-stringified').message).toMatch(/"None"/);
  });
});

describe('open-strix: entry fields', () => {
  const one = (extra: Record<string, unknown>) => {
    const loaded = load({ 'skills/x/hooks.json': hooksJson(ok('h', extra)) });
    return { entry: loaded.entries[0] as unknown as Record<string, unknown> & { timeoutMs: number }, diagnostics: loaded.diagnostics };
  };

  it('defaults timeout_seconds to 10 and falls back to 10 for non-numbers and non-positive numbers', () => {
    expect(one({}).entry.timeoutMs).toBe(10_000);
    expect(one({ timeout_seconds: 2.5 }).entry.timeoutMs).toBe(2_500);
    for (const bad of [0, -3, null, 'soon', [], {}]) {
      const { entry, diagnostics } = one({ timeout_seconds: bad });
      expect(entry.timeoutMs).toBe(10_000);
      expect(find(diagnostics, 'config.timeout-default').level).toBe('warning');
    }
  });

  it('notes where Python float() would read a timeout the docs reject', () => {
    const str = one({ timeout_seconds: '5' });
    expect(str.entry.timeoutMs).toBe(10_000);
    expect(find(str.diagnostics, 'divergence.timeout-float').message).toMatch(/float\(\) as 5 s/);
    expect(find(one({ timeout_seconds: true }).diagnostics, 'divergence.timeout-float').message).toMatch(/as 1 s/);
    expect(one({ timeout_seconds: 'soon' }).diagnostics.some((d) => d.code === 'divergence.timeout-float')).toBe(false);
  });

  it('turns a non-object env into {} and stringifies env values as Python does', () => {
    const list = one({ env: ['A=1'] });
    expect(list.entry.env).toEqual({});
    expect(find(list.diagnostics, 'config.env-ignored').level).toBe('warning');
    expect(one({ env: { N: 5, B: true, Z: null, S: 's' } }).entry.env).toEqual({ N: '5', B: 'True', Z: 'None', S: 's' });
  });

  it('reads include_conversation with bool()', () => {
    expect(one({}).entry.includeConversation).toBe(false);
    expect(one({ include_conversation: true }).entry.includeConversation).toBe(true);
    const coerced = one({ include_conversation: 'no' });
    expect(coerced.entry.includeConversation).toBe(true);
    expect(find(coerced.diagnostics, 'config.field-coerced').message).toMatch(/bool\(\) as True/);
  });

  it('keeps "events" over "event" and dedupes names', () => {
    const { entry, diagnostics } = one({ events: ['pre_prompt', ' pre_prompt '], event: 'post_startup' });
    expect(entry.events).toEqual(['pre_prompt']);
    expect(find(diagnostics, 'config.event-ignored').level).toBe('info');
  });

  it('publishes a JSON Schema for skills/<name>/hooks.json', () => {
    const schema = configSchemas().configs.find((c) => c.dialect === 'open-strix');
    expect(schema?.path).toBe('skills/<name>/hooks.json');
    const items = (schema!.schema as { properties: { hooks: { items: { properties: Record<string, unknown> } } } }).properties.hooks.items;
    expect(Object.keys(items.properties)).toEqual(['name', 'command', 'events', 'event', 'env', 'timeout_seconds', 'include_conversation']);
  });
});
