/**
 * Cancelling a run through its AbortSignal: the promise rejects with RunCancelledError, every process group is
 * gone, the run directory is removed, and no outcome is emitted.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIALECTS, liveHookGroupCount, parseScenario, RunCancelledError, runScenario, type TimelineEvent } from '@hookplay/engine';
import { eventually, readPids } from '../runner/procs.js';
import { mirriScenario, pidsOf, record, runParent, trackProcesses } from './helpers.js';

const { scratch, pidFile, expectAllGone } = trackProcesses('hookplay-run-cancel-');

describe('runScenario: cancellation', () => {
  it('an abort mid-run rejects with RunCancelledError, kills every group and removes the run directory', async () => {
    const files = [pidFile(), pidFile()];
    const { tmpDir, leftovers } = runParent(scratch.dir);
    const controller = new AbortController();
    const events: TimelineEvent[] = [];
    const scenario = mirriScenario(files.map((f, i) => ({ command: `sleep 30 & echo $! > ${f}; sleep 30; echo never-${i}`, timeout: 60 })));
    const pending = runScenario(scenario, { tmpDir, signal: controller.signal, onEvent: (e) => events.push(e) });
    // Both hooks started their children, and the run directory exists.
    expect(await eventually(() => files.every((f) => readPids(f).length === 1), 5000)).toBe(true);
    expect(await leftovers()).toHaveLength(1);
    const abortedAt = performance.now();
    controller.abort();
    const error = await pending.then(
      () => null,
      (e: unknown) => e,
    );
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(error).toBeInstanceOf(RunCancelledError);
    expect((error as Error).name).toBe('RunCancelledError');
    await expectAllGone(pidsOf(events), files.flatMap(readPids));
    expect(await leftovers()).toEqual([]);
    expect(liveHookGroupCount()).toBe(0);
    // The hooks' ends are on the timeline (killed, not timed out); no outcome is.
    expect(events.filter((e) => e.type === 'hook-end').map((e) => (e as { signal: string | null }).signal)).toEqual(['SIGKILL', 'SIGKILL']);
    expect(events.some((e) => e.type === 'outcome')).toBe(false);
  });

  it('an abort before the run starts rejects at once: no directory, no process', async () => {
    const { tmpDir, leftovers } = runParent(scratch.dir);
    const controller = new AbortController();
    controller.abort();
    const events: TimelineEvent[] = [];
    const started = performance.now();
    await expect(runScenario(mirriScenario(['sleep 30']), { tmpDir, signal: controller.signal, onEvent: (e) => events.push(e) })).rejects.toBeInstanceOf(RunCancelledError);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(events).toEqual([]);
    expect(await leftovers()).toEqual([]);
    expect(liveHookGroupCount()).toBe(0);
  });

  it('an abort after the run is over changes nothing', async () => {
    const controller = new AbortController();
    const { outcome } = await record(mirriScenario(['echo done']), { signal: controller.signal });
    controller.abort();
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, stdout: 'done\n' });
  });

  it.runIf('open-strix' in DIALECTS)('open-strix: an abort stops the chain; later hooks never start', async () => {
    const { tmpDir, leftovers } = runParent(scratch.dir);
    const file = pidFile();
    const marker = pidFile();
    const hooks = [
      { name: 'slow', command: `sleep 30 & echo $! > ${file}; sleep 30`, events: ['pre_tool_call'], timeout_seconds: 60 },
      { name: 'never', command: `touch ${marker}`, events: ['pre_tool_call'] },
    ];
    const scenario = parseScenario({ hookplay: 1, dialect: 'open-strix', files: { 'skills/s/hooks.json': JSON.stringify({ hooks }) }, event: 'pre_tool_call', payload: { tool: 'shell', args: {} } });
    const controller = new AbortController();
    const events: TimelineEvent[] = [];
    const pending = runScenario(scenario, { tmpDir, signal: controller.signal, onEvent: (e) => events.push(e) });
    expect(await eventually(() => readPids(file).length === 1, 5000)).toBe(true);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RunCancelledError);
    expect(events.filter((e) => e.type === 'hook-start').map((e) => (e as { hook: number }).hook)).toEqual([0]);
    await expectAllGone(pidsOf(events), readPids(file));
    expect(existsSync(marker)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });
});
