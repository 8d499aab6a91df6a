/**
 * A user checks a surprising answer against the real host: `hookplay run FILE --real` plays the scenario on the
 * installed real CLI (offline, in a namespace whose only endpoint is the mock) beside the emulation. Real child
 * processes all the way: the built CLI, bubblewrap, the host's own CLI, its hooks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hookplay } from '../support/cli.js';
import { eventually, processesWith } from '../support/processes.js';
import { realHostUnderTest } from '../support/real-host.js';

const real = realHostUnderTest();
const dir = mkdtempSync(join(tmpdir(), 'hookplay-real-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const asFile = (name: string, scenario: object) => {
  const path = join(dir, `${name}.hookplay.json`);
  writeFileSync(path, JSON.stringify(scenario, null, 2));
  return path;
};

describe(`checking a scenario on the real ${real.host} ${real.version}`, () => {
  it('shows both sides agreeing, field by field, and exits 0', async () => {
    const r = await hookplay(['run', asFile('agrees', real.agrees), '--real']);
    expect(r.stderr).toMatch(/starting/);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/emulated\s+real/);
    expect(r.stdout).toMatch(/they agree on everything the harness observes/);
    expect(r.stdout).not.toMatch(/^≠/m);
  }, 180_000);

  it('marks every difference with both values, exits 1, and --json carries emulated, real and the differences', async () => {
    const r = await hookplay(['run', asFile('differs', real.differs), '--real', '--json']);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as { emulated: { hookplay: number }; real: Record<string, unknown>; differences: { path: string; emulated: unknown; real: unknown }[] };
    expect(out.emulated.hookplay).toBe(1);
    expect(out.differences.length).toBeGreaterThan(0);
    const [d] = out.differences;
    expect(JSON.stringify(d!.real)).not.toBe(JSON.stringify(d!.emulated));
    // The real side holds only what was observed: the same fields in words, with the real value.
    expect(JSON.stringify(out.real)).toContain(JSON.stringify(d!.real).slice(1, 20));
  }, 180_000);

  it('plays a whole session: the prompt, the tool call, the reply', async () => {
    const r = await hookplay(['run', asFile('session', real.session), '--real', '--json']);
    expect([0, 1], r.stderr).toContain(r.code);
    const out = JSON.parse(r.stdout) as { kind: string; real: { tools: { ran: boolean }[]; requests: number }; differences: unknown[] };
    expect(out.kind).toBe('session');
    expect(out.real.tools[0]!.ran).toBe(true);
    expect(out.real.requests).toBeGreaterThanOrEqual(2);
    expect(out.differences, JSON.stringify(out.differences)).toEqual([]);
  }, 180_000);

  it('kills a CLI that hangs at --timeout, says so, and leaves nothing running', async () => {
    const r = await hookplay(['run', asFile('hangs', real.hangs), '--real', '--timeout', '8']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/did not finish within 8 s: it was killed with everything it started/);
    expect(await eventually(() => processesWith(real.hangMarker).length === 0, 5000)).toBe(true);
  }, 180_000);

  it('leaves no process behind when a hook starts one in a session of its own', async () => {
    const r = await hookplay(['run', asFile('child', real.leavesChild), '--real']);
    expect([0, 1], r.stderr).toContain(r.code);
    expect(await eventually(() => processesWith(real.childMarker).length === 0, 5000)).toBe(true);
  }, 180_000);

  it('refuses anything the CLI or a hook tries to reach besides the mock, and names it', async () => {
    const r = await hookplay(['run', asFile('reach', real.reachesOut), '--real']);
    expect([0, 1], r.stderr).toContain(r.code);
    expect(r.stdout).toMatch(/tried to reach CONNECT example\.com:443: refused/);
  }, 180_000);
});

describe('what cannot run on a real CLI is a clear error, and nothing runs', () => {
  it('a scenario part the real host cannot be made to play names its path', async () => {
    const r = await hookplay(['run', asFile('pretends', real.pretends), '--real']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/session\.steps\[1\]\.result: the real CLI runs \S+ itself/);
  });

  it('a version that is not installed says how to install it', async () => {
    const r = await hookplay(['run', asFile('agrees2', real.agrees), '--real', '--version', '0.0.1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`npx hookplay hosts install ${real.host}@0.0.1`);
  });

  it('a host with no real CLI says so', async () => {
    const mirri = JSON.parse(readFileSync(join(__dirname, '../../scenarios/mirri/block-rm-rf.hookplay.json'), 'utf8')) as object;
    const r = await hookplay(['run', asFile('mirri', mirri), '--real']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/has no real CLI hookplay can run/);
  });

  it('--record, --version and --keep only go with --real', async () => {
    const r = await hookplay(['run', asFile('agrees3', real.agrees), '--keep']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--keep only go with --real/);
  });
});

describe('the real host CLIs in the cache', () => {
  it('lists what is installed, and how to install the others', async () => {
    const r = await hookplay(['hosts', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${real.host}@${real.version}`);
    expect(r.stdout).toMatch(/none installed: npx hookplay hosts install|modelled/);
  });

  it('refuses a version the registry does not serve, listing the nearest, and writes nothing', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'hookplay-cache-'));
    try {
      const r = await hookplay(['hosts', 'install', `${real.host}@${real.version.replace(/^\d+/, '999')}`], { env: { HOOKPLAY_CACHE_DIR: cache } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/the npm registry has no .*; the nearest published versions are /);
      expect(processesWith('npm install').length).toBe(0);
      const list = await hookplay(['hosts', 'list'], { env: { HOOKPLAY_CACHE_DIR: cache } });
      expect(list.stdout).not.toMatch(/^ {4}[a-z-]+@\d/m);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 60_000);

  it('removing a version that is not there says so', async () => {
    const r = await hookplay(['hosts', 'remove', `${real.host}@0.0.1`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/is not installed/);
  });

  it('a bad host spec is a usage error', async () => {
    const r = await hookplay(['hosts', 'install', 'mirri@1.0.0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not a host hookplay can run for real/);
  });
});
