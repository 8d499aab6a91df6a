import { configSchemas, dialectCatalog, getDialect, parseScenario, runScenario, validateScenario } from '@hookplay/engine';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The payloads Codex 0.171.0 really sent live beside the checkout (shared/), like the conformance suite: skipped when absent.
const PAYLOADS = join(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/hosts/codex/payloads');

describe('codex: the dialect everywhere the others are', () => {
  it('is in the catalog with its config files, events and host settings', () => {
    const info = dialectCatalog().find((d) => d.id === 'codex')!;
    expect(info).toMatchObject({ label: 'Codex CLI', shell: '/bin/bash -c', mode: 'parallel', hostSettings: ['trusted', 'env', 'args'] });
    expect(info.configFiles.map((f) => f.path)).toEqual(['.codex/hooks.json', '.codex/config.toml', '~/.codex/hooks.json', '~/.codex/config.toml']);
    expect(info.events.map((e) => e.name)).toEqual(expect.arrayContaining(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd', 'PreModelRequest', 'PostModelRequest']));
    expect(configSchemas().configs.filter((c) => c.dialect === 'codex').length).toBeGreaterThanOrEqual(2);
  });

  it('says what it is verified against, for the web', () => {
    const dialect = getDialect('codex');
    expect(dialect.verifiedAgainst).toMatchObject({ host: 'Codex CLI', version: '0.171.0' });
    expect(dialect.versions).toEqual({ supported: ['0.171.0'], default: '0.171.0' });
    expect(dialectCatalog().find((d) => d.id === 'codex')!.verifiedAgainst).toEqual(dialect.verifiedAgainst);
  });

  it('its starter blocks rm -rf and lets other commands through', async () => {
    const dialect = getDialect('codex');
    const run = (command: string) => runScenario(parseScenario({ hookplay: 1, dialect: 'codex', files: dialect.starter.files, event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command }, tool_use_id: 'call_1' } }));
    expect((await run('rm -rf /')).shown?.model).toBe('Command blocked by PreToolUse hook: Dangerous command detected, blocked. Command: rm -rf /');
    expect((await run('ls')).verdict).toBe('proceed');
  });

  it('suggests the nearest event for a misspelt one', () => {
    const diagnostics = validateScenario(parseScenario({ hookplay: 1, dialect: 'codex', files: {}, event: 'PreTooluse' }));
    expect(diagnostics[0]!.message).toMatch(/did you mean "PreToolUse"/);
  });

  const captured: [string, string][] = [
    ['SessionStart', 'SessionStart.startup.json'],
    ['UserPromptSubmit', 'UserPromptSubmit.json'],
    ['PreToolUse', 'PreToolUse.Bash.json'],
    ['PostToolUse', 'PostToolUse.Bash.json'],
    ['Stop', 'Stop.json'],
    ['SessionEnd', 'SessionEnd.json'],
    ['PreModelRequest', 'PreModelRequest.json'],
    ['PostModelRequest', 'PostModelRequest.json'],
    ['PreCompact', 'PreCompact.auto.json'],
    ['PostCompact', 'PostCompact.auto.json'],
    ['Interrupt', 'Interrupt.json'],
  ];
  it.skipIf(!existsSync(PAYLOADS)).each(captured)('writes %s with the fields of the payload Codex sent, in its order', async (event, file) => {
    const real = JSON.parse(readFileSync(join(PAYLOADS, file), 'utf8')) as Record<string, unknown>;
    const sample = getDialect('codex').events.find((e) => e.name === event)!.sample;
    const hooks = `${JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: 'command', command: 'cat > "$HOME/seen.json"; cat "$HOME/seen.json" >&2' }] }] } })}\n`;
    const outcome = await runScenario(parseScenario({ hookplay: 1, dialect: 'codex', files: { '~/.codex/hooks.json': hooks }, event, payload: sample }));
    const sent = outcome.hooks[0]!.stderr;
    expect(sent.endsWith('\n')).toBe(false);
    expect(Object.keys(JSON.parse(sent))).toEqual(Object.keys(real));
  });
});
