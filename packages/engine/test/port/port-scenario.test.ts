import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../src/dialects/index.js';
import { DIALECT_IDS } from '../../src/dialects/ids.js';
import { portScenario } from '../../src/port/index.js';
import { parseScenario, parseScenarioText, type Scenario } from '../../src/scenario.js';

const ROOT = join(import.meta.dirname, '../../../../scenarios');
const scenarios = (readdirSync(ROOT, { recursive: true }) as string[])
  .filter((p) => p.endsWith('.hookplay.json'))
  .map((p) => ({ id: p, scenario: parseScenarioText(readFileSync(join(ROOT, p), 'utf8'), p) }));

const loadErrors = (s: Scenario) => DIALECTS[s.dialect].load(s.files, s.host ?? {}).diagnostics.filter((d) => d.level === 'error');

describe('portScenario over every scenario in the repo', () => {
  // Only sources whose own host loads them cleanly: a config broken on purpose stays broken wherever it goes.
  const clean = scenarios.filter(({ scenario }) => loadErrors(scenario).length === 0);

  it('has sources from every dialect', () => {
    expect(new Set(clean.map((c) => c.scenario.dialect))).toEqual(new Set(DIALECT_IDS));
  });

  for (const { id, scenario } of clean) {
    it(`${id} ports to every host as a valid scenario its dialect loads, or says why not`, () => {
      for (const to of DIALECT_IDS) {
        const { report, scenario: derived } = portScenario(scenario, to);
        if (!derived) {
          expect(report.unportable, `${id} → ${to}`).toMatch(/\S/);
          continue;
        }
        expect(parseScenario(JSON.parse(JSON.stringify(derived))).dialect).toBe(to);
        expect(DIALECTS[to].events.some((e) => e.name === derived.event), `${id} → ${to}: event ${derived.event}`).toBe(true);
        // The port writes the shape the host reads. A value copied as written may still be one this host refuses
        // (an empty matcher, a zero or fractional timeout, env as a list): that is the host's verdict on the copy.
        const shapeErrors = loadErrors(derived).filter((d) => !/\.(matcher|timeout|timeoutSec|env)\b/.test(d.message));
        expect(shapeErrors.map((d) => `${d.code}: ${d.message}`), `${id} → ${to}`).toEqual([]);
        if (to === scenario.dialect) expect(derived).toBe(scenario);
      }
    });
  }
});

describe('what a port changes and lists', () => {
  const guard = parseScenarioText(readFileSync(join(ROOT, 'porting/fast-guard-timeout-5.hookplay.json'), 'utf8'));

  it('keeps the timeout number as written and says which host reads it in another unit', () => {
    const { scenario, report } = portScenario(guard, 'gemini-cli');
    expect(JSON.parse(scenario!.files['.gemini/settings.json']!).hooks.BeforeTool[0].hooks[0].timeout).toBe(5);
    expect(report.needed).toContainEqual(expect.objectContaining({ kind: 'timeout', message: expect.stringMatching(/5000 would keep the meaning/) }));
    // From milliseconds back to seconds, the other way round.
    const back = portScenario(scenario!, 'codex');
    expect(back.report.needed).toContainEqual(expect.objectContaining({ kind: 'timeout', message: expect.stringMatching(/0\.005 would keep the meaning/) }));
  });

  it('renames a timeout key where the host spells it differently, and drops fields Mirri would reject', () => {
    expect(JSON.parse(portScenario(guard, 'open-strix').scenario!.files['skills/ported/hooks.json']!).hooks[0]).toMatchObject({ events: ['pre_tool_call'], timeout_seconds: 5 });
    const named = { ...guard, files: { ...guard.files, '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true', statusMessage: 'checking' }] }] } }) } };
    const mirri = portScenario(named, 'mirri');
    expect(mirri.scenario!.files['~/.mirri-code/config.toml']).not.toContain('statusMessage');
    expect(mirri.report.made).toContainEqual(expect.objectContaining({ kind: 'key', message: expect.stringMatching(/"statusMessage" dropped/) }));
  });

  it('leaves Copilot CLI the .claude/settings.json it reads itself, and moves a home settings file to its own folder', () => {
    const copilot = portScenario(guard, 'copilot-cli');
    expect(copilot.scenario!.files['.claude/settings.json']).toBe(guard.files['.claude/settings.json']);
    const home = { ...guard, files: { '~/.claude/settings.json': guard.files['.claude/settings.json']!, '.claude/hooks/slow-deny.sh': guard.files['.claude/hooks/slow-deny.sh']! } };
    const moved = portScenario(home, 'copilot-cli').scenario!;
    expect(JSON.parse(moved.files['~/.copilot/hooks/ported.json']!)).toMatchObject({ version: 1, hooks: { PreToolUse: [{ hooks: [{ command: 'sh .claude/hooks/slow-deny.sh', timeout: 5 }] }] } });
  });

  it('lists a matcher naming another host\'s tool, and renames it only when asked', () => {
    const rm = parseScenarioText(readFileSync(join(ROOT, 'porting/rm-rf-guard.hookplay.json'), 'utf8'));
    const plain = portScenario(rm, 'mework');
    expect(JSON.parse(plain.scenario!.files['.mework/hooks.json']!).hooks.PreToolUse[0].matcher).toBe('Bash');
    expect(plain.report.needed).toContainEqual(expect.objectContaining({ kind: 'matcher' }));
    const renamed = portScenario(rm, 'mework', { renameTools: true });
    expect(JSON.parse(renamed.scenario!.files['.mework/hooks.json']!).hooks.PreToolUse[0].matcher).toBe('bash');
    // Qwen Code's matchers accept Claude Code's tool names: nothing to rename, nothing listed.
    expect(portScenario(rm, 'qwen-code').report.needed.filter((c) => c.kind === 'matcher')).toEqual([]);
  });

  it('translates the payload into the host\'s own shape and tool names', () => {
    const rm = parseScenarioText(readFileSync(join(ROOT, 'porting/rm-rf-guard.hookplay.json'), 'utf8'));
    expect(portScenario(rm, 'copilot-cli').scenario!.payload).toMatchObject({ toolName: 'bash', toolArgs: { command: 'rm -rf /tmp/build' } });
    expect(portScenario(rm, 'gemini-cli').scenario!.payload).toMatchObject({ tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /tmp/build' } });
    expect(portScenario(rm, 'open-strix').scenario!.payload).toMatchObject({ tool: 'Bash', args: { command: 'rm -rf /tmp/build' } });
  });

  it('cannot port an event the host has no equivalent of, and says so instead of guessing', () => {
    const stop = { ...guard, event: 'Stop', payload: {}, files: { '.claude/settings.json': JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }) } };
    const ported = portScenario(stop, 'open-strix');
    expect(ported.scenario).toBeUndefined();
    expect(ported.report.unportable).toMatch(/open-strix has no event equivalent to Stop/);
    // A hook of another event that has no equivalent is left out and listed, while the rest ports.
    const mixed = { ...guard, files: { ...guard.files, '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }], Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }) } };
    const partly = portScenario(mixed, 'open-strix');
    expect(partly.scenario).toBeDefined();
    expect(partly.report.needed).toContainEqual(expect.objectContaining({ kind: 'event', message: expect.stringMatching(/no Stop event; the hook is left out/) }));
  });
});
