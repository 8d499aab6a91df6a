import { getDialect, validateScenario, parseScenario } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
import { hook, hooksFile, repoFile, settings, USER } from './helpers.js';

const load = (files: Record<string, string>, trusted?: boolean) => getDialect('copilot-cli').load(files, trusted === undefined ? {} : { trusted });

describe('copilot-cli: loading hook files', () => {
  it('reads ~/.copilot/hooks, user settings, .github/hooks, .claude and .github/copilot settings, in that order', () => {
    const loaded = load({
      '.github/copilot/settings.json': settings({ preToolUse: [hook('echo repo-settings')] }),
      [repoFile('r.json')]: hooksFile({ preToolUse: [hook('echo repo-hooks')] }),
      [USER]: settings({ preToolUse: [hook('echo user', { timeoutSec: 5 })] }),
      '~/.copilot/hooks/p.json': hooksFile({ preToolUse: [hook('echo hooks-dir')] }),
      '.claude/settings.json': settings({ PreToolUse: [{ hooks: [{ type: 'command', command: 'echo claude' }] }] }),
    });
    expect(loaded.entries.map((e) => [e.command, e.timeoutMs])).toEqual([
      ['echo hooks-dir', 30_000],
      ['echo user', 5_000],
      ['echo repo-hooks', 30_000],
      ['echo claude', 30_000],
      ['echo repo-settings', 30_000],
    ]);
  });

  it('drops a file that is not JSON, with its position; the others still count', () => {
    const loaded = load({ [USER]: '{ "hooks": {\n  "preToolUse": [ }\n', [repoFile('r.json')]: hooksFile({ preToolUse: [hook('echo repo')] }) });
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo repo']);
    const error = loaded.diagnostics.find((d) => d.code === 'config.invalid-json');
    expect(error).toMatchObject({ level: 'error', file: USER, line: 2 });
    expect(error?.evidence?.kind).toBe('recorded');
  });

  it.each([
    ['an entry without bash', { type: 'command' }],
    ['a timeoutSec that is not a number', hook('true', { timeoutSec: 'x' })],
    ['an empty matcher', hook('true', { matcher: '' })],
  ])('one invalid entry (%s) drops every hook of the file, with file and line', (_what, bad) => {
    const loaded = load({ [USER]: settings({ preToolUse: [bad, hook('echo good')], sessionStart: [hook('echo s')] }) });
    expect(loaded.entries).toEqual([]);
    const error = loaded.diagnostics.find((d) => d.code === 'config.invalid-hook');
    expect(error).toMatchObject({ file: USER, line: expect.any(Number) });
    expect(error!.line).toBeGreaterThan(1);
  });

  it('drops a hooks file whose version is not 1; a missing version is fine', () => {
    const loaded = load({ [repoFile('a.json')]: JSON.stringify({ hooks: { preToolUse: [hook('echo a')] } }), [repoFile('b.json')]: JSON.stringify({ version: 2, hooks: { preToolUse: [hook('echo b')] } }) });
    expect(loaded.entries.map((e) => e.command)).toEqual(['echo a']);
  });

  it('ignores an unknown event and suggests the nearest real one', () => {
    const loaded = load({ [USER]: settings({ preTooluse: [hook('echo x')], sessionStart: [hook('echo s')] }) });
    expect(loaded.entries.map((e) => e.event)).toEqual(['sessionStart']);
    const warning = loaded.diagnostics.find((d) => d.code === 'config.unknown-event');
    expect(warning?.message).toMatch(/did you mean "preToolUse"/);
    expect(warning?.line).toBe(3);
  });

  it('accepts PascalCase names as aliases, marked Claude-shaped', () => {
    const loaded = load({ [USER]: settings({ PreToolUse: [hook('echo p')], Stop: [hook('echo s')] }) });
    expect(loaded.entries.map((e) => [e.event, e.claudeShape])).toEqual([
      ['preToolUse', true],
      ['agentStop', true],
    ]);
  });

  it('keeps repository hooks of an untrusted folder out of the run, and says so', () => {
    const loaded = load({ [repoFile('r.json')]: hooksFile({ preToolUse: [hook('echo repo')] }), [USER]: settings({ preToolUse: [hook('echo user')] }) }, false);
    expect(loaded.entries.map((e) => [e.command, e.untrusted])).toEqual([
      ['echo user', false],
      ['echo repo', true],
    ]);
    expect(loaded.diagnostics.map((d) => d.code)).toContain('config.untrusted-folder');
  });

  it('COPILOT_ALLOW_ALL=true in host.env trusts the folder', () => {
    const loaded = getDialect('copilot-cli').load({ [repoFile('r.json')]: hooksFile({ preToolUse: [hook('echo repo')] }) }, { trusted: false, env: { COPILOT_ALLOW_ALL: 'true' } });
    expect(loaded.entries.map((e) => e.untrusted)).toEqual([false]);
  });

  it('disableAllHooks turns off its own file only, as a divergence from the docs', () => {
    const loaded = load({ [USER]: settings({ preToolUse: [hook('echo user')] }, { disableAllHooks: true }), [repoFile('r.json')]: hooksFile({ preToolUse: [hook('echo repo')] }) });
    expect(loaded.entries.map((e) => [e.command, e.disabled])).toEqual([
      ['echo user', true],
      ['echo repo', false],
    ]);
    expect(loaded.diagnostics.find((d) => d.code === 'divergence.disable-all-hooks')?.evidence?.kind).toBe('recorded');
  });

  it('warns about files Copilot never reads for hooks', () => {
    const loaded = load({ '~/.copilot/config.json': settings({ preToolUse: [hook('x')] }), '.copilot/settings.json': '{}' });
    expect(loaded.diagnostics.filter((d) => d.code === 'config.ignored-file').map((d) => d.file)).toEqual(['~/.copilot/config.json', '.copilot/settings.json']);
  });

  it('validates a scenario with an unknown event name with a suggestion', () => {
    const diagnostics = validateScenario(parseScenario({ hookplay: 1, dialect: 'copilot-cli', files: {}, event: 'preToolUsed' }));
    expect(diagnostics[0]?.message).toMatch(/did you mean "preToolUse"/);
  });
});
