import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText, ScenarioError, scenarioJsonSchema } from '@hookplay/engine';

const base = { hookplay: 1, dialect: 'mirri', files: {}, event: 'PreToolUse', payload: {} };

describe('scenario format', () => {
  it('accepts a minimal scenario and defaults the payload', () => {
    const { payload, ...rest } = base;
    expect(parseScenario(rest).payload).toEqual({});
  });

  it('refuses a newer format version with a message saying so', () => {
    expect(() => parseScenario({ ...base, hookplay: 2 })).toThrow(/format version 2.*reads version 1/);
  });

  it.each([
    ['../escape.sh', /escape the workspace/],
    ['/etc/passwd', /absolute/],
    ['~/../x', /escape/],
    ['a//b', /empty/],
    ['a\0b', /NUL/],
    ['~', /names no file/],
  ])('rejects the file key %j', (key, message) => {
    let error: unknown;
    try {
      parseScenario({ ...base, files: { [key]: '' } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).problems[0]!.path).toContain('files');
    expect((error as Error).message).toMatch(message);
  });

  it('names the offending field of a malformed scenario', () => {
    expect(() => parseScenario({ ...base, dialect: 'nope' })).toThrow(/dialect: unknown dialect; expected one of mirri/);
    expect(() => parseScenario({ ...base, host: { engine: 'v3' } })).toThrow(/host\.engine/);
    expect(() => parseScenario({ ...base, extra: 1 })).toThrow(/unknown field "extra"/);
    expect(() => parseScenario({ ...base, event: undefined })).toThrow(/event: is required/);
  });

  it('gives file, line and column for JSON syntax errors and for schema errors', () => {
    expect(() => parseScenarioText('{\n  "hookplay": 1,\n  "dialect": "mirri",,\n}', 'x.hookplay.json')).toThrow(/^x\.hookplay\.json:3:\d+: invalid JSON/);
    const text = '{\n  "hookplay": 1,\n  "dialect": "mirri",\n  "files": {},\n  "event": 42\n}';
    expect(() => parseScenarioText(text, 'y.json')).toThrow(/^y\.json:5:3: event: /);
  });

  it('exports a JSON Schema editors can use', () => {
    const schema = scenarioJsonSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['hookplay', 'dialect', 'files', 'event', 'payload', 'expect']));
  });
});
