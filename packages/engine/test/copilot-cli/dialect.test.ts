import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialectCatalog, parseScenario, runScenario } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the oracle harness
import { CASES } from '../../../../oracle/hosts/copilot-cli/cases.mjs';
// @ts-expect-error plain JS module of the session sweep
import { generate as generateSessions } from '../../../../oracle/sessions/copilot-cli.mjs';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../src/dialects/copilot-cli');

describe('copilot-cli in the catalog', () => {
  const info = dialectCatalog().find((d) => d.id === 'copilot-cli');

  it('is listed with its events, samples, files and the verified claim', () => {
    expect(info).toBeDefined();
    expect(info!.label).toBe('Copilot CLI');
    expect(info!.mode).toBe('chain');
    expect(info!.shell).toBe('/bin/bash -c');
    expect(info!.events.map((e) => e.name)).toEqual(expect.arrayContaining(['sessionStart', 'userPromptSubmitted', 'preToolUse', 'permissionRequest', 'postToolUse', 'agentStop', 'sessionEnd']));
    for (const e of info!.events) expect(Object.keys(e.sample).length, e.name).toBeGreaterThan(0);
    expect(info!.verifiedAgainst).toMatchObject({ host: 'Copilot CLI', version: '1.0.102' });
    expect(info!.versions).toEqual({ supported: ['1.0.102'], default: '1.0.102' });
    expect(info!.configFiles.every((f) => f.schema)).toBe(true);
  });

  it('its starter scenario runs: the sample call proceeds, rm -rf is denied', async () => {
    const sample = info!.events.find((e) => e.name === info!.starter.event)!.sample;
    const run = (payload: Record<string, unknown>) => runScenario(parseScenario({ hookplay: 1, dialect: 'copilot-cli', files: info!.starter.files, event: info!.starter.event, payload }));
    expect((await run(sample)).verdict).toBe('proceed');
    const denied = await run({ toolName: 'bash', toolArgs: { command: 'rm -rf /', description: 'x' } });
    expect(denied).toMatchObject({ verdict: 'block', shown: { model: 'Denied by preToolUse hook: rm -rf is not allowed here' } });
  });
});

describe('copilot-cli evidence', () => {
  it('every recorded(...) case id in the dialect names a real oracle case or a case of the session sweep', () => {
    const ids = new Set([...(CASES as { id: string }[]), ...(generateSessions() as { id: string }[])].map((c) => c.id));
    const cited = readdirSync(SRC)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(SRC, f), 'utf8').matchAll(/recorded\(([^)]*)\)|\[('[a-z0-9-]+'(?:, '[a-z0-9-]+')*)\]\)/g)].flatMap((m) => [...(m[1] ?? m[2] ?? '').matchAll(/'([a-z0-9-]+)'/g)].map((x) => x[1]!)));
    expect(cited.length).toBeGreaterThan(20);
    expect(cited.filter((id) => !ids.has(id))).toEqual([]);
  });
});
