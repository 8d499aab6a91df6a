import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../packages/engine/src/outcome.js';
import { Scenario } from '../../packages/engine/src/scenario.js';
import { hookplay } from '../support/cli.js';
import { REPO } from '../support/paths.js';

const PROJECT = join(REPO, 'test/cli/fixtures/team-project');
const HOME = join(REPO, 'test/cli/fixtures/team-home');
const out = mkdtempSync(join(tmpdir(), 'hookplay-import-test-'));
// A value in the environment that a hook command names: it must never reach the scenario.
const SECRET = 'tools-dir-secret-4f1c';
const env = { TEAM_TOOLS: `/opt/${SECRET}`, HOME };

describe('hookplay import', { timeout: 180_000 }, () => {
  it('takes in the config and the scripts it references, says what it left out and why, and copies no environment value', async () => {
    const file = join(out, 'pre.hookplay.json');
    const { code, stdout, stderr } = await hookplay(['import', PROJECT, '--dialect', 'claude-code', '--event', 'PreToolUse', '--out', file], { env });
    expect(code).toBe(0);
    expect(stdout).toBe(`wrote ${file}\n`);
    const text = readFileSync(file, 'utf8');
    const scenario = Scenario.parse(JSON.parse(text));
    expect(Object.keys(scenario.files).sort()).toEqual(['.claude/hooks/no-rm-rf.sh', '.claude/settings.json', 'scripts/audit.mjs']);
    expect(scenario.files['.claude/settings.json']).toBe(readFileSync(join(PROJECT, '.claude/settings.json'), 'utf8'));
    expect(scenario.files['.claude/hooks/no-rm-rf.sh']).toBe(readFileSync(join(PROJECT, '.claude/hooks/no-rm-rf.sh'), 'utf8'));
    // The dialect's sample payload for the event.
    expect(scenario).toMatchObject({ dialect: 'claude-code', event: 'PreToolUse', payload: { tool_name: 'Bash' } });
    expect(stderr).toMatch(/^config: \.claude\/settings\.json$/m);
    expect(stderr).toMatch(/^scripts: \.claude\/hooks\/no-rm-rf\.sh, scripts\/audit\.mjs$/m);
    expect(stderr).toMatch(/left out ~\/\.claude\/hooks\/personal\.sh: in the home directory, which is read only with --home/);
    expect(stderr).toMatch(/left out \$TEAM_TOOLS\/lint-command\.sh: uses \$TEAM_TOOLS, whose value hookplay does not take from your environment/);
    expect(stderr).toMatch(/left out \/usr\/bin\/env: outside the project/);
    expect(stderr).toMatch(/left out scripts\/missing\.sh: does not exist/);
    // Nothing from the home (HOME points at the fixture home, which has settings) without --home.
    expect(Object.keys(scenario.files).some((k) => k.startsWith('~/'))).toBe(false);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(HOME);
  });

  it('reads the home only when asked, and the imported scenario runs: the project hook blocks rm -rf', async () => {
    const file = join(out, 'home.hookplay.json');
    const payload = join(out, 'rm.json');
    writeFileSync(payload, JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } }));
    const imported = await hookplay(['import', PROJECT, `--home=${HOME}`, '--dialect', 'claude-code', '--event', 'PreToolUse', '--payload', payload, '--out', file], { env });
    expect(imported.code).toBe(0);
    const scenario = Scenario.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(Object.keys(scenario.files).sort()).toEqual(['.claude/hooks/no-rm-rf.sh', '.claude/settings.json', 'scripts/audit.mjs', '~/.claude/hooks/personal.sh', '~/.claude/settings.json']);
    expect(scenario.payload).toEqual({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });

    const run = await hookplay(['run', file, '--json']);
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout) as Outcome;
    expect(outcome).toMatchObject({ verdict: 'block', reason: expect.stringContaining('rm -rf is not allowed in this repository') });
    // The personal hook from the home ran too, as the real host would run it.
    expect(outcome.hooks.find((h) => h.command.includes('personal.sh'))).toMatchObject({ ran: true, exitCode: 0, stderr: 'personal check passed\n' });
  });

  it('hookplay run --project does the same without writing a file', async () => {
    const before = readdirSync(out).sort();
    const { code, stdout, stderr } = await hookplay(['run', '--project', PROJECT, '--home', '--dialect', 'claude-code', '--event', 'Stop', '--json'], { env, cwd: out });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const outcome = JSON.parse(stdout) as Outcome;
    // `--home` alone is $HOME, here the fixture home, whose settings hold the one Stop hook.
    expect(outcome.hooks).toMatchObject([{ command: 'echo done', ran: true, stdout: 'done\n' }]);
    const human = await hookplay(['run', '--project', PROJECT, '--dialect', 'claude-code', '--event', 'PreToolUse'], { env, cwd: out });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/Verdict proceed/);
    expect(human.stderr).toMatch(/left out ~\/\.claude\/hooks\/personal\.sh/);
    expect(readdirSync(out).sort()).toEqual(before);
  });

  it('finds a host whose config lives only in the home once --home is given (Mirri)', async () => {
    const without = await hookplay(['import', PROJECT, '--dialect', 'mirri', '--event', 'PreToolUse', '--out', join(out, 'm.hookplay.json')], { env });
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/no Mirri Code CLI hook config found\. Looked at:\n  ~\/\.mirri-code\/config\.toml \(in the home directory, not read: pass --home to read it\)/);
    const payload = join(out, 'rm-mirri.json');
    writeFileSync(payload, JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }));
    const run = await hookplay(['run', '--project', PROJECT, `--home=${HOME}`, '--dialect', 'mirri', '--event', 'PreToolUse', '--payload', payload, '--json'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'block', reason: 'no rm -rf' });
  });

  it('names every path it looked at when the project has no config for the host', async () => {
    const { code, stderr } = await hookplay(['import', PROJECT, '--dialect', 'open-strix', '--event', 'pre_tool_call'], { env, cwd: out });
    expect(code).toBe(2);
    expect(stderr).toContain(`no open-strix hook config found. Looked at:\n  ${PROJECT}/skills/**/hooks.json`);
  });

  it('imports a malformed config as it is; running it shows the host diagnostics with positions', async () => {
    const file = join(out, 'mework.hookplay.json');
    const imported = await hookplay(['import', PROJECT, '--dialect', 'mework', '--event', 'PreToolUse', '--out', file], { env });
    expect(imported.code).toBe(0);
    const scenario = Scenario.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(scenario.files['.mework/hooks.json']).toBe(readFileSync(join(PROJECT, '.mework/hooks.json'), 'utf8'));
    const run = await hookplay(['run', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/error \.mework\/hooks\.json:7:1: .*not valid JSON/);
  });

  it('explains bad usage: a missing --dialect, an unknown event, a payload that is not JSON, an existing --out', async () => {
    const bad = join(out, 'bad.json');
    writeFileSync(bad, '{"tool_name": "Bash",\n  oops}');
    const existing = join(out, 'existing.hookplay.json');
    writeFileSync(existing, '{}');
    const cases: [string[], RegExp][] = [
      [['import', PROJECT, '--event', 'PreToolUse'], /--dialect is required: one of mirri, mework, open-strix, claude-code/],
      [['import', PROJECT, '--dialect', 'claude', '--event', 'PreToolUse'], /--dialect must be one of .*, not "claude"/],
      [['import', PROJECT, '--dialect', 'claude-code', '--event', 'PreTooluse'], /--event: "PreTooluse" is not a Claude Code event; did you mean "PreToolUse"\?/],
      [['import', PROJECT, '--dialect', 'claude-code', '--event', 'PreToolUse', '--payload', bad], /--payload .*bad\.json:2:3: invalid JSON/],
      [['import', join(out, 'nope'), '--dialect', 'claude-code', '--event', 'PreToolUse'], /project .*nope: no such directory/],
      [['import', PROJECT, '--dialect', 'claude-code', '--event', 'PreToolUse', '--out', existing], /existing\.hookplay\.json exists; pass --force/],
      // A missing folder is made (the README's `--out hooks-tests/…`); a file where the folder should be is an error.
      [['import', PROJECT, '--dialect', 'claude-code', '--event', 'PreToolUse', '--out', join(existing, 'x.json')], /cannot write .*existing\.hookplay\.json\/x\.json: /],
      [['run', '--dialect', 'claude-code', 'x.json'], /--dialect only go with --project DIR/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await hookplay(args, { env, cwd: out });
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stderr).toMatch(message);
    }
  });
});
