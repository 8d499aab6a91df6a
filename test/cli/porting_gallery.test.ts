import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../../packages/engine/src/dialects/ids.js';
import { matchExpectation } from '../../packages/engine/src/expect.js';
import { hookplay } from '../support/cli.js';
import { REPO } from '../support/paths.js';

/**
 * The gallery's Porting section: everyday Claude Code hooks, each with what every host does with it once copied
 * there (`<name>.hosts.json`). Each runs on every host through the real CLI, and every host's column must match.
 */
const DIR = join(REPO, 'scenarios/porting');
const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.hookplay.json'))
  .map((f) => f.replace(/\.hookplay\.json$/, ''));

describe('the Porting gallery on every host', () => {
  it('has the everyday hooks the issue names, each with an expectation for every host', () => {
    for (const name of ['rm-rf-guard', 'crashing-hook-exit-1', 'fast-guard-timeout-5', 'project-dir-script-path', 'deny-next-to-allow', 'updated-input-rewrite', 'additional-context', 'prompt-hook-context']) {
      expect(names).toContain(name);
    }
    for (const name of names) {
      const hosts = JSON.parse(readFileSync(join(DIR, `${name}.hosts.json`), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(hosts).filter((k) => !k.startsWith('$')).sort(), name).toEqual([...DIALECT_IDS].sort());
    }
  });

  it.concurrent.each(names)('%s: every host does what its dialect says', async (name) => {
    const expected = JSON.parse(readFileSync(join(DIR, `${name}.hosts.json`), 'utf8')) as Record<string, unknown>;
    const { code, stdout, stderr } = await hookplay(['run', join(DIR, `${name}.hookplay.json`), '--hosts', 'all', '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { hosts } = JSON.parse(stdout) as { hosts: Record<string, unknown> };
    for (const id of DIALECT_IDS) {
      expect(matchExpectation(expected[id], hosts[id]), `${name} on ${id}`).toEqual([]);
    }
    // Each one breaks somewhere: that is why it is in the gallery.
    const verdicts = new Set(DIALECT_IDS.map((id) => JSON.stringify([(hosts[id] as { verdict?: string }).verdict, (hosts[id] as { compare: { model: { summary: string } } }).compare.model.summary])));
    expect(verdicts.size, name).toBeGreaterThan(1);
  }, 120_000);
});
