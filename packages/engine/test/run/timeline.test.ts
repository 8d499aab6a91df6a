/**
 * runScenario's timeline: what order events come in, that output streams while a hook runs, that parallel
 * hooks really overlap, and that the streamed chunks add up to the outcome.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { TimelineEvent } from '@hookplay/engine';
import { scratchDir } from '../runner/procs.js';
import { mirriScenario, record, runParent } from './helpers.js';

const scratch = scratchDir('hookplay-run-timeline-');
afterAll(scratch.remove);

type Ev<T extends TimelineEvent['type']> = Extract<TimelineEvent, { type: T }>;
const ofType = <T extends TimelineEvent['type']>(events: TimelineEvent[], type: T, hook?: number) =>
  events.filter((e): e is Ev<T> => e.type === type && (hook === undefined || (e as { hook?: number }).hook === hook));

describe('runScenario: timeline', () => {
  it('orders events: run-start first, per hook start < output < end, outcome last; timestamps never go back', async () => {
    const scenario = mirriScenario(['echo a1; sleep 0.1; echo a2 >&2; echo a3', 'sleep 0.05; printf b', 'exit 0']);
    const { outcome, events } = await record(scenario);

    expect(events[0]!.type).toBe('run-start');
    expect(events.at(-1)!.type).toBe('outcome');
    expect(ofType(events, 'run-start')).toHaveLength(1);
    expect(ofType(events, 'outcome')).toHaveLength(1);
    // The event carries the very object runScenario returns.
    expect(ofType(events, 'outcome')[0]!.outcome).toEqual(outcome);

    const plan = ofType(events, 'run-start')[0]!.plan;
    expect(plan.hooks.map((h) => h.willRun)).toEqual([true, true, true]);
    expect(plan.mode).toBe('parallel');

    for (const hook of [0, 1, 2]) {
      const idx = (e: TimelineEvent) => events.indexOf(e);
      const starts = ofType(events, 'hook-start', hook);
      const ends = ofType(events, 'hook-end', hook);
      expect(starts).toHaveLength(1);
      expect(ends).toHaveLength(1);
      for (const out of ofType(events, 'hook-output', hook)) {
        expect(idx(out)).toBeGreaterThan(idx(starts[0]!));
        expect(idx(out)).toBeLessThan(idx(ends[0]!));
      }
      expect(idx(ends[0]!)).toBeLessThan(events.length - 1);
      expect(starts[0]!.pid).toBeGreaterThan(0);
      expect(ends[0]!).toMatchObject({ exitCode: 0, signal: null, timedOut: false });
      expect(ends[0]!.durationMs).toBeCloseTo(outcome.hooks[hook]!.durationMs!, 1);
    }
    for (let i = 1; i < events.length; i++) expect(events[i]!.atMs).toBeGreaterThanOrEqual(events[i - 1]!.atMs);
  });

  it('streams output chunks that add up exactly to the final stdout and stderr, per hook and stream', async () => {
    const scenario = mirriScenario([
      // Many small writes with pauses: several chunks; multi-byte characters in the middle.
      `for i in 1 2 3 4 5; do printf 'line %s é€😀\\n' $i; sleep 0.03; done; echo err-€ >&2`,
      `head -c 300000 /dev/zero | tr '\\0' z; echo; printf 'tail'`,
    ]);
    const { outcome, events } = await record(scenario);
    for (const hook of [0, 1]) {
      for (const stream of ['stdout', 'stderr'] as const) {
        const joined = ofType(events, 'hook-output', hook)
          .filter((e) => e.stream === stream)
          .map((e) => e.data)
          .join('');
        expect(joined).toBe(outcome.hooks[hook]![stream]);
      }
    }
    expect(outcome.hooks[0]!.stdout).toBe([1, 2, 3, 4, 5].map((i) => `line ${i} é€😀\n`).join(''));
    expect(outcome.hooks[0]!.stderr).toBe('err-€\n');
    expect(outcome.hooks[1]!.stdout).toHaveLength(300_000 + 1 + 4);
    expect(ofType(events, 'hook-output', 0).length).toBeGreaterThan(1);
  });

  it('streams output while the hook is still running, not at its end', async () => {
    const { events } = await record(mirriScenario(['echo early; sleep 0.6; echo late']));
    const early = ofType(events, 'hook-output').find((e) => e.data.includes('early'))!;
    const end = ofType(events, 'hook-end')[0]!;
    expect(end.atMs - early.atMs).toBeGreaterThan(400);
  });

  it('shows each hook the stdin it got in its hook-start event', async () => {
    const { outcome, events } = await record(mirriScenario(['cat']));
    const stdin = ofType(events, 'hook-start')[0]!.stdin;
    expect(stdin).toBe(outcome.hooks[0]!.stdout);
    expect(JSON.parse(stdin)).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: false });
    // Mirri writes the JSON with no trailing newline.
    expect(stdin.endsWith('}')).toBe(true);
  });

  it('starts parallel hooks together: 3 × sleep 0.5 overlap and take about 0.5 s, not 1.5 s', async () => {
    const { tmpDir } = runParent(scratch.dir);
    // Distinct commands: Mirri runs identical commands once.
    const scenario = mirriScenario(['sleep 0.5; echo 1', 'sleep 0.5; echo 2', 'sleep 0.5; echo 3']);
    const { outcome, events, wallMs } = await record(scenario, { tmpDir });
    const starts = ofType(events, 'hook-start').map((e) => e.atMs);
    const ends = ofType(events, 'hook-end').map((e) => e.atMs);
    expect(starts).toHaveLength(3);
    // Every hook starts before any hook ends: real overlap.
    expect(Math.max(...starts)).toBeLessThan(Math.min(...ends));
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(250);
    expect(outcome.hooks.every((h) => h.durationMs! >= 490)).toBe(true);
    // Sequential would be ≥ 1.5 s; parallel is about 0.5 s plus spawning, with room for a loaded machine.
    expect(wallMs).toBeLessThan(1450);
    expect(outcome.hooks.map((h) => h.stdout)).toEqual(['1\n', '2\n', '3\n']);
  });

  it('emits run-start and outcome (and no hook events) when no hook matches', async () => {
    const { outcome, events } = await record(mirriScenario([{ command: 'echo never', event: 'PreToolUse' }]));
    expect(events.map((e) => e.type)).toEqual(['run-start', 'outcome']);
    expect(outcome.hooks).toHaveLength(0);
  });
});
