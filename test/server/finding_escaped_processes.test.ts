/**
 * Issue 15, defect 3, against a real server: processes that leave their hook's process group (`set -m` job
 * control, `setsid`) and drop HOME, cwd and every open file of the run are still found (by ancestry: the
 * hook's supervisor is their subreaper), killed when the hook ends, and reported in the outcome.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, processesWith } from '../support/processes.js';
import { useServerWithClient } from '../support/server.js';
import { isOutcomeOf } from '../support/ws-client.js';
import { marker, mirriScenario } from '../support/scenarios.js';

const ctx = useServerWithClient();

const outcomeOf = async (id: string) => {
  const m = await ctx.client.waitFor(isOutcomeOf(id), 30_000);
  return m.event.type === 'outcome' ? m.event.outcome : null!;
};

describe('escaped processes are found by what they cannot shed', () => {
  it.each([
    // dash turns job control off without a tty; bash's `set -m` gives each job its own process group.
    ['`set -m` and no HOME', (m: string) => `bash -c 'set -m; env -u HOME sleep 41${m} & echo started'`],
    ['`set -m`, env -i, cwd / and no open file of the run', (m: string) => `bash -c 'set -m; (cd / && exec env -i sleep 42${m} </dev/null >/dev/null 2>&1) & echo started'`],
    ['setsid and a double fork', (m: string) => `setsid sh -c '(cd /; exec env -i sleep 43${m} </dev/null >/dev/null 2>&1 &)' ; echo started`],
  ])('%s: killed when the hook ends and reported as a diagnostic', async (_what, command) => {
    const m = marker();
    const id = `esc-${m}`;
    ctx.client.send({ type: 'run', id, scenario: mirriScenario([command(m)]) });
    const outcome = await outcomeOf(id);
    expect(outcome.hooks[0]?.stdout).toBe('started\n');
    const note = outcome.diagnostics.find((d) => d.code === 'hook.escaped-processes');
    expect(note).toMatchObject({ level: 'warning', hook: 0, message: expect.stringMatching(/1 process that left its process group .* hookplay killed it/) });
    expect(await eventually(() => processesWith(`${m}`).length === 0, 5000)).toBe(true);
  });

  it('an escaped writer cannot keep re-creating its run directory', async () => {
    const m = marker();
    const id = `writer-${m}`;
    const before = new Set(readdirSync(ctx.server.runDir));
    ctx.client.send({ type: 'run', id, scenario: mirriScenario([`bash -c 'set -m; d=$PWD; (unset HOME; while :; do mkdir -p "$d/again-${m}"; sleep 0.05; done) & echo started'`]) });
    const outcome = await outcomeOf(id);
    expect(outcome.diagnostics.map((d) => d.code)).toContain('hook.escaped-processes');
    expect(await eventually(() => readdirSync(ctx.server.runDir).every((d) => before.has(d)), 5000)).toBe(true);
    // Still gone a while later: nothing is left to re-create it.
    await new Promise((r) => setTimeout(r, 500));
    const now = readdirSync(ctx.server.runDir).filter((d) => !before.has(d));
    expect(now.filter((d) => existsSync(join(ctx.server.runDir, d, 'project', `again-${m}`)))).toEqual([]);
    expect(processesWith(`again-${m}`)).toEqual([]);
  });
});
