/**
 * `hookplay import` and `run --project` on what real repositories ship: a Claude Code plugin (hooks/hooks.json,
 * .claude-plugin/, ${CLAUDE_PLUGIN_ROOT}), a wrapper script that finds its helpers beside itself, a hook that asks
 * git for the top level, file modes the #! rule would get wrong, and every file left out named with why.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../packages/engine/src/outcome.js';
import { Scenario } from '../../packages/engine/src/scenario.js';
import { hookplay } from '../support/cli.js';
import { REPO } from '../support/paths.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookplay-real-repos-'));
const PLUGIN = join(scratch, 'safe-shell');

beforeAll(() => {
  // A checkout as a user has it: the fixture copied with its modes, and a git repository.
  cpSync(join(REPO, 'test/cli/fixtures/plugin-repo'), PLUGIN, { recursive: true });
  chmodSync(join(PLUGIN, 'hooks/run-guard.sh'), 0o755);
  chmodSync(join(PLUGIN, 'hooks/lib/guard'), 0o755);
  chmodSync(join(PLUGIN, 'scripts/stop-check.sh'), 0o755);
  chmodSync(join(PLUGIN, 'hooks/session.sh'), 0o644);
  execFileSync('git', ['init', '-q', PLUGIN]);
});

describe('importing what real repositories ship', { timeout: 120_000 }, () => {
  it('a plugin repository: its hooks.json, the wrapper and the helpers it reaches, modes as on disk, git', async () => {
    const file = join(scratch, 'pre.hookplay.json');
    const { code, stderr } = await hookplay(['import', PLUGIN, '--dialect', 'claude-code', '--event', 'PreToolUse', '--out', file]);
    expect(code).toBe(0);
    const scenario = Scenario.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(scenario.host).toEqual({ plugins: ['.'] });
    expect(Object.keys(scenario.files).sort()).toEqual(['hooks/hooks.json', 'hooks/lib/common.sh', 'hooks/lib/guard', 'hooks/run-guard.sh', 'hooks/session.sh', 'scripts/stop-check.sh']);
    // guard is executable without #!, session.sh has #! but is not executable: both kept as on disk.
    expect(scenario.modes).toEqual({ 'hooks/lib/guard': '755', 'hooks/session.sh': '644' });
    expect(scenario.git).toBe(true);
    expect(stderr).toMatch(/^plugins: \. \(loaded as with --plugin-dir\)$/m);
    expect(stderr).not.toMatch(/left out/);
  });

  it('runs as the real plugin would: the wrapper finds its helpers and blocks rm -rf; the Stop hook finds the git top level', async () => {
    const payload = join(scratch, 'rm.json');
    writeFileSync(payload, JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } }));
    const pre = await hookplay(['run', '--project', PLUGIN, '--dialect', 'claude-code', '--event', 'PreToolUse', '--payload', payload, '--json']);
    expect(pre.code).toBe(0);
    expect(JSON.parse(pre.stdout) as Outcome).toMatchObject({ verdict: 'block', reason: expect.stringContaining('safe-shell: rm -rf is blocked') });
    const stop = await hookplay(['run', '--project', PLUGIN, '--dialect', 'claude-code', '--event', 'Stop', '--json']);
    const outcome = JSON.parse(stop.stdout) as Outcome;
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, stderr: expect.stringMatching(/^stop check ran in project\n$/) });
    expect(outcome.diagnostics.map((d) => d.code)).not.toContain('hook.missing-program');
  });

  it('lists every file left out, with why: outside the project, a variable it does not copy, missing', async () => {
    const project = join(scratch, 'app');
    cpSync(join(REPO, 'test/cli/fixtures/team-project'), project, { recursive: true });
    writeFileSync(
      join(project, 'scripts/wrapper.sh'),
      '#!/bin/sh\n# calls a helper that is not there, and one outside\nsh "$(dirname "$0")/helpers/gone.sh"\n. /etc/profile\n',
    );
    writeFileSync(join(project, '.claude/settings.json'), JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'sh scripts/wrapper.sh' }] }] } }));
    const { code, stderr } = await hookplay(['import', project, '--dialect', 'claude-code', '--event', 'SessionStart', '--out', join(scratch, 'app.hookplay.json')]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^scripts: scripts\/wrapper\.sh$/m);
    expect(stderr).toMatch(/left out \$\(dirname "\$0"\)\/helpers\/gone\.sh: does not exist \(looked at .*scripts\/helpers\/gone\.sh\)/);
    expect(stderr).toMatch(/left out \/etc\/profile: outside the project/);
  });
});
