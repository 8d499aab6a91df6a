import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../../packages/engine/src/dialects/ids.js';
import { Outcome } from '../../packages/engine/src/outcome.js';
import { parseScenario } from '../../packages/engine/src/scenario.js';
import { hookplay } from '../support/cli.js';
import { REPO } from '../support/paths.js';

const GUARD = join(REPO, 'scenarios/porting/rm-rf-guard.hookplay.json');
const dir = mkdtempSync(join(tmpdir(), 'hookplay-hosts-test-'));

interface HostEntry extends Record<string, unknown> {
  port: { made: { kind: string; message: string }[]; needed: { kind: string; message: string }[]; unportable?: string };
  compare: Record<string, { summary: string; details: string[]; warn?: boolean; differs?: boolean; evidence?: { kind: string } }>;
  scenario?: unknown;
}

async function hostsJson(...args: string[]): Promise<Record<string, HostEntry>> {
  const result = await hookplay(['run', ...args, '--json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { hosts: Record<string, HostEntry> }).hosts;
}

describe('hookplay run --hosts', () => {
  it('--hosts all prints one comparison: every host, every row, the differences and the rule behind them', async () => {
    const { code, stdout } = await hookplay(['run', GUARD, '--hosts', 'all']);
    expect(code).toBe(0);
    for (const label of ['Port changes', 'Did each hook fire', 'What the host decided', 'What the tool ran', 'What reaches the model', 'Output fields', 'Input the script receives']) {
      expect(stdout).toContain(`\n${label}\n`);
    }
    for (const id of DIALECT_IDS) expect(stdout).toMatch(new RegExp(`^  ${id} `, 'm'));
    // Gemini CLI's shell tool is run_shell_command: the copied matcher "Bash" never matches there, and the port says so.
    expect(stdout).toMatch(/gemini-cli\s+≠! 0 of 1 ran\n.*matcher \/Bash\/ does not match tool_name "run_shell_command"/);
    expect(stdout).toMatch(/not made: .*the matcher names Bash; gemini-cli's Bash tool is "run_shell_command"/);
    expect(stdout).toMatch(/claude-code\s+blocked/);
    expect(stdout).toMatch(/rule [\w.-]+: (observed on|from the docs only)/);
  });

  it('--json prints {"hosts": {...}}: each host\'s outcome in the usual format plus its port changes', async () => {
    const hosts = await hostsJson(GUARD, '--hosts', 'all');
    expect(Object.keys(hosts).sort()).toEqual([...DIALECT_IDS].sort());
    for (const [id, entry] of Object.entries(hosts)) {
      const { port, compare, scenario, ...outcome } = entry;
      expect(Outcome.parse(outcome).dialect).toBe(id);
      expect(Array.isArray(port.made) && Array.isArray(port.needed)).toBe(true);
      expect(Object.keys(compare)).toEqual(['port', 'fired', 'decision', 'tool', 'model', 'output', 'payload']);
      expect(parseScenario(scenario).dialect).toBe(id);
    }
    expect(hosts['claude-code']!.port.made).toEqual([]);
    expect(hosts['claude-code']).toMatchObject({ verdict: 'block', compare: { tool: { summary: 'blocked' } } });
    expect(hosts.mework).toMatchObject({ verdict: 'proceed', compare: { tool: { summary: 'original', differs: true }, fired: { warn: true } } });
    // The file moves and changes shape; the payload carries the tool as the host names it.
    expect(hosts.mirri!.port.made.map((c) => c.message).join('\n')).toMatch(/\.claude\/settings\.json → ~\/\.mirri-code\/config\.toml/);
    expect(hosts['copilot-cli']!.port.made.map((c) => c.message).join('\n')).toMatch(/\.claude\/settings\.json stays as it is/);
  });

  it('a derived scenario is an ordinary scenario: run on its own, it gives its column\'s outcome', async () => {
    const hosts = await hostsJson(GUARD, '--hosts', 'qwen-code,open-strix');
    expect(Object.keys(hosts)).toEqual(['qwen-code', 'open-strix']);
    for (const id of ['qwen-code', 'open-strix']) {
      const file = join(dir, `${id}.hookplay.json`);
      writeFileSync(file, JSON.stringify(hosts[id]!.scenario, null, 2));
      const alone = await hookplay(['run', file, '--json']);
      expect(alone.code).toBe(0);
      const outcome = Outcome.parse(JSON.parse(alone.stdout));
      expect({ verdict: outcome.verdict, reason: outcome.reason }).toEqual({ verdict: hosts[id]!.verdict, reason: hosts[id]!.reason });
    }
  });

  it('--rename-tools renames the matcher\'s tool names, and the guard then fires on Gemini CLI too', async () => {
    const plain = await hostsJson(GUARD, '--hosts', 'gemini-cli');
    const renamed = await hostsJson(GUARD, '--hosts', 'gemini-cli', '--rename-tools');
    expect(plain['gemini-cli']).toMatchObject({ verdict: 'proceed' });
    expect(renamed['gemini-cli']).toMatchObject({ verdict: 'block', compare: { fired: { summary: '1 of 1 ran' } } });
    expect(renamed['gemini-cli']!.port.made.map((c) => c.message).join('\n')).toMatch(/matcher Bash → run_shell_command/);
    const settings = (renamed['gemini-cli']!.scenario as { files: Record<string, string> }).files['.gemini/settings.json']!;
    expect(JSON.parse(settings).hooks.BeforeTool[0].matcher).toBe('run_shell_command');
  });

  it('says where a variable the host does not set breaks the hook', async () => {
    const hosts = await hostsJson(join(REPO, 'scenarios/porting/project-dir-script-path.hookplay.json'), '--hosts', 'codex,claude-code');
    expect(hosts.codex!.compare.fired!.details.join('\n')).toMatch(/\$CLAUDE_PROJECT_DIR is not set on codex/);
    expect(hosts.codex).toMatchObject({ verdict: 'proceed', compare: { fired: { warn: true }, tool: { summary: 'original', differs: true } } });
    expect(hosts['claude-code']).toMatchObject({ verdict: 'block' });
  });

  it('an unknown dialect id is a usage error that lists the real ones; nothing runs', async () => {
    const { code, stdout, stderr } = await hookplay(['run', GUARD, '--hosts', 'codex,claude']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown dialect "claude"');
    for (const id of DIALECT_IDS) expect(stderr).toContain(id);
  });

  it('a config with no equivalent event on a host says so in that host\'s column instead of running a guess', async () => {
    const stop = {
      hookplay: 1,
      dialect: 'claude-code',
      files: { '.claude/settings.json': JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo \'{"decision":"block","reason":"not yet"}\'' }] }] } }) },
      event: 'Stop',
      payload: { stop_hook_active: false },
    };
    const file = join(dir, 'stop.hookplay.json');
    writeFileSync(file, JSON.stringify(stop));
    const hosts = await hostsJson(file, '--hosts', 'open-strix,codex');
    expect(hosts['open-strix']!.port.unportable).toMatch(/open-strix has no event equivalent to Stop/);
    expect(hosts['open-strix']!.verdict).toBeUndefined();
    expect(hosts['open-strix']!.compare.decision!.summary).toBe('not run: no equivalent here');
    expect(hosts.codex).toMatchObject({ verdict: 'block' });
    const text = await hookplay(['run', file, '--hosts', 'open-strix']);
    expect(text.stdout).toMatch(/open-strix\s+! cannot be ported\n\s+open-strix has no event equivalent to Stop/);
  });

  it('hookplay run --help explains --hosts and --rename-tools', async () => {
    const { code, stdout } = await hookplay(['run', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--hosts H +port the scenario to each host/);
    expect(stdout).toMatch(/--rename-tools +with --hosts/);
  });
});
