import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { alive, eventually, groupMembers, killLeftovers, scratchDir } from '../runner/procs.js';
import { parseScenario, removalsSettled, runScenario, type Outcome, type RunOptions, type Scenario, type TimelineEvent } from '@hookplay/engine';

export const MIRRI_CONFIG = '~/.mirri-code/config.toml';

export interface MirriHook {
  command: string;
  /** Seconds (Mirri clamps to 1..600). */
  timeout?: number;
  event?: string;
}

/** A one-event Mirri scenario (Stop: no matcher involved) with one `[[hooks]]` entry per command, in order. */
export function mirriScenario(hooks: (string | MirriHook)[], files: Record<string, string> = {}, extra: Record<string, unknown> = {}): Scenario {
  const toml = hooks
    .map((h) => (typeof h === 'string' ? { command: h } : h))
    .map((h) => `[[hooks]]\nevent = ${JSON.stringify(h.event ?? 'Stop')}\ncommand = ${JSON.stringify(h.command)}\n${h.timeout !== undefined ? `timeout = ${h.timeout}\n` : ''}`)
    .join('\n');
  return parseScenario({ hookplay: 1, dialect: 'mirri', files: { [MIRRI_CONFIG]: toml, ...files }, event: 'Stop', payload: { stop_hook_active: false }, ...extra });
}

export interface Recorded {
  outcome: Outcome;
  events: TimelineEvent[];
  wallMs: number;
}

/** Runs a scenario, recording every timeline event and the wall time. */
export async function record(scenario: Scenario, options: RunOptions = {}): Promise<Recorded> {
  const events: TimelineEvent[] = [];
  const t0 = performance.now();
  const outcome = await runScenario(scenario, {
    ...options,
    onEvent: (e) => {
      events.push(e);
      options.onEvent?.(e);
    },
  });
  return { outcome, events, wallMs: performance.now() - t0 };
}

/**
 * A fresh parent for run directories, so a test can see that the run's temp dir is gone afterwards (once the
 * removals runScenario leaves to the background are done).
 */
export function runParent(scratch: string): { tmpDir: string; leftovers: () => Promise<string[]> } {
  const tmpDir = mkdtempSync(join(scratch, 'runs-'));
  return {
    tmpDir,
    leftovers: async () => {
      await removalsSettled();
      return readdirSync(tmpDir);
    },
  };
}

export const pidsOf = (events: TimelineEvent[]): number[] =>
  events.flatMap((e) => (e.type === 'hook-start' && e.pid !== null ? [e.pid] : []));

/**
 * Per test file: a scratch dir for pid files, and a check that process groups and pids are gone. Whatever a
 * test saw is killed after it, so one failure cannot leak processes into the next test.
 */
export function trackProcesses(prefix: string) {
  const scratch = scratchDir(prefix);
  afterAll(scratch.remove);
  const seen = new Set<number>();
  afterEach(() => {
    killLeftovers(seen);
    seen.clear();
  });
  let n = 0;
  return {
    scratch,
    seen,
    pidFile: () => join(scratch.dir, `pids-${++n}`),
    async expectAllGone(groups: number[], pids: number[]): Promise<void> {
      for (const p of [...groups, ...pids]) seen.add(p);
      await eventually(() => groups.every((g) => groupMembers(g).length === 0) && pids.every((p) => !alive(p)), 1000);
      expect({ groups: groups.flatMap(groupMembers), survivors: pids.filter(alive) }).toEqual({ groups: [], survivors: [] });
    },
  };
}
