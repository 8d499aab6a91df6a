/**
 * Someone on an older Claude Code asks "since when does my hook behave like this?": `hookplay run FILE --versions`
 * runs the scenario on every listed version (real hooks, the built CLI as a child process) and names where the
 * outcome changed, the rule behind it, and which side is racy.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VersionComparison } from '../../apps/server/src/protocol.js';
import { hookplay } from '../support/cli.js';
import { REPO } from '../support/paths.js';

const example = (name: string) => join(REPO, 'scenarios/claude-code-versions', `${name}.hookplay.json`);

describe('hookplay run --versions', () => {
  it('exit 2 with JSON on stdout: allowed up to 2.1.47, blocked from 2.1.143, the rule named, 1.0.41 racy', async () => {
    const r = await hookplay(['run', example('exit2-with-json-does-not-block-2.1.47'), '--versions', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const c = VersionComparison.parse(JSON.parse(r.stdout));
    expect(c.versions.map((v) => [v.version, v.verdict])).toEqual([
      ['1.0.41', 'proceed'],
      ['2.0.76', 'allow'],
      ['2.1.47', 'allow'],
      ['2.1.143', 'block'],
      ['2.1.332', 'block'],
    ]);
    const change = c.changes.find((ch) => ch.from === '2.1.47' && ch.to === '2.1.143')!;
    expect(change.differences.map((d) => d.field)).toContain('verdict');
    expect(change.rules.map((r) => r.rule)).toContain('answers');
    expect(change.onlyFrom).toContain('hook.json-beats-exit-code');
    // 1.0.41 may crash when a hook exits before reading its input: the comparison says racy instead of choosing.
    expect(c.versions[0]!.racy.join(' ')).toMatch(/EPIPE/);
    expect(c.changes.find((ch) => ch.from === '1.0.41')!.racy).toBe(true);
    expect(c.changes.some((ch) => ch.from === '2.1.143')).toBe(false);
  }, 120_000);

  it('prints the comparison for a person: each version, what changed and between which versions', async () => {
    const r = await hookplay(['run', example('rewrite-lost-when-another-hook-finishes-later-2.1.47'), '--versions']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Claude Code: one scenario on 5 versions \(1\.0\.41, 2\.0\.76, 2\.1\.47, 2\.1\.143, 2\.1\.332\)/);
    expect(r.stdout).toMatch(/Changed between 2\.1\.47 and 2\.1\.143:\n {2}updatedInput: 2\.1\.47 null {2}→ {2}2\.1\.143 \{"command":"npm test -- --silent"\}/);
    expect(r.stdout).toMatch(/rule answers: 2\.1\.47: .*a rewrite given with allow is lost/);
  }, 120_000);

  it('a scenario of a host without listed versions is a usage error', async () => {
    const r = await hookplay(['run', join(REPO, 'scenarios/mirri', 'block-rm-rf.hookplay.json'), '--versions']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/hookplay run --versions: .*lists no versions to compare/);
  }, 60_000);
});
