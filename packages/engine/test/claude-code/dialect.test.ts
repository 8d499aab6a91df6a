import { configSchemas, dialectCatalog, getDialect, parseScenario, runScenario, validateScenario } from '@hookplay/engine';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The captured payloads live beside the checkout (shared/), like the conformance suite: skipped when absent.
const PAYLOADS = join(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/payloads/claude-code-2.1.332');

describe('claude-code: the dialect everywhere the others are', () => {
  it('is in the catalog with its settings files, events and host settings', () => {
    const info = dialectCatalog().find((d) => d.id === 'claude-code')!;
    expect(info).toMatchObject({ label: 'Claude Code', shell: '/bin/sh -c', mode: 'parallel', hostSettings: ['version', 'env', 'plugins', 'pluginsInstalled', 'permissionMode', 'allowedTools', 'args', 'root'] });
    expect(info.configFiles.map((f) => f.path)).toEqual(['.claude/settings.json', '.claude/settings.local.json', '~/.claude/settings.json']);
    expect(info.events.map((e) => e.name)).toContain('PreToolUse');
    expect(configSchemas().configs.filter((c) => c.dialect === 'claude-code')).toHaveLength(3);
  });

  it('says what it is verified against, for the web', () => {
    const dialect = getDialect('claude-code');
    expect(dialect.verifiedAgainst).toMatchObject({ host: 'Claude Code', version: '2.1.332' });
    expect(dialect.verifiedAgainst!.rules.length).toBeGreaterThan(10);
    expect(dialect.versions!.supported).toContain(dialect.verifiedAgainst!.version);
    expect(dialect.versions!.default).toBe('2.1.332');
    // The catalog the web app reads carries the same facts.
    const info = dialectCatalog().find((d) => d.id === 'claude-code')!;
    expect(info.verifiedAgainst).toEqual(dialect.verifiedAgainst);
  });

  it('its starter blocks rm -rf and lets other commands through', async () => {
    const { starter } = getDialect('claude-code');
    const run = (command: string) =>
      runScenario(parseScenario({ hookplay: 1, dialect: 'claude-code', files: starter.files, event: starter.event, payload: { tool_name: 'Bash', tool_input: { command } } }));
    expect(await run('rm -rf /')).toMatchObject({ verdict: 'block', reason: 'Dangerous command detected, blocked' });
    expect((await run('ls')).verdict).toBe('proceed');
  });

  it.skipIf(!existsSync(PAYLOADS))('event samples are the payloads Claude Code 2.1.332 sent, minus the base fields it adds', async () => {
    const base = new Set(['session_id', 'transcript_path', 'cwd', 'prompt_id', 'permission_mode', 'effort', 'hook_event_name']);
    const files = readdirSync(PAYLOADS).filter((f) => f.endsWith('.json') && !f.includes('_after_'));
    for (const file of files) {
      const real = JSON.parse(readFileSync(join(PAYLOADS, file), 'utf8')) as Record<string, unknown>;
      const event = getDialect('claude-code').events.find((e) => e.name === real.hook_event_name)!;
      expect(event, file).toBeDefined();
      expect(Object.keys(event.sample), file).toEqual(Object.keys(real).filter((k) => !base.has(k)));
      // And the engine puts the base fields back, in Claude Code's order.
      const outcome = await runScenario(
        parseScenario({
          hookplay: 1,
          dialect: 'claude-code',
          files: { '.claude/settings.json': JSON.stringify({ hooks: { [event.name]: [{ hooks: [{ type: 'command', command: 'cat' }] }] } }) },
          event: event.name,
          payload: event.sample,
        }),
      );
      expect(Object.keys(JSON.parse(outcome.hooks[0]!.stdout)), file).toEqual(Object.keys(real));
    }
  });

  it('validates without running anything', () => {
    const scenario = parseScenario({ hookplay: 1, dialect: 'claude-code', files: { '.claude/settings.json': '{"hooks": {"PreToolUse": [{"matcher": "Bash(", "hooks": [{"type": "command", "command": "true"}]}]}}' }, event: 'PreToolUse', payload: { tool_name: 'Bash' } });
    const problems = validateScenario(scenario);
    expect(problems.map((d) => d.code)).toContain('match.invalid-regex');
    expect(problems.find((d) => d.code === 'match.invalid-regex')).toMatchObject({ file: '.claude/settings.json', line: 1 });
  });
});
