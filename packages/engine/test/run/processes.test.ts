/**
 * runScenario with real hook processes: deadlines per host kill sequence, leftovers, output caps, stdin and
 * hooks that cannot start. Evidence is read from /proc; timing bounds are generous.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS, liveHookGroupCount, parseScenario } from '@hookplay/engine';
import { alive, eventually, readPids } from '../runner/procs.js';
import { mirriScenario, pidsOf, record, runParent, trackProcesses } from './helpers.js';

const { scratch, seen, pidFile, expectAllGone } = trackProcesses('hookplay-run-processes-');

describe('runScenario: deadlines', () => {
  it('Mirri: a 1 s timeout SIGTERMs the whole group, grandchildren included, and the run settles soon after', async () => {
    const file = pidFile();
    const { tmpDir, leftovers } = runParent(scratch.dir);
    const scenario = mirriScenario([{ command: `echo $$ > ${file}; sleep 30 & echo $! >> ${file}; sleep 30; wait`, timeout: 1 }]);
    const { outcome, events, wallMs } = await record(scenario, { tmpDir });
    const hook = outcome.hooks[0]!;
    expect(hook).toMatchObject({ ran: true, timedOut: true, exitCode: null, signal: 'SIGTERM', timeoutMs: 1000, effect: 'error' });
    expect(hook.durationMs!).toBeGreaterThanOrEqual(990);
    expect(hook.durationMs!).toBeLessThan(1000 + 1000);
    expect(wallMs).toBeLessThan(1000 + 1000);
    // Fail-open: a timed-out hook does not block.
    expect(outcome.verdict).toBe('proceed');
    // Regression: the dying sleeps were not reported as processes the hook left behind.
    expect(outcome.diagnostics.map((d) => d.code)).not.toContain('hook.leftover-processes');
    await expectAllGone(pidsOf(events), readPids(file));
    expect(await leftovers()).toEqual([]);
    expect(liveHookGroupCount()).toBe(0);
  });

  it('Mirri: a hook that ignores SIGTERM is SIGKILLed about 100 ms after the deadline', async () => {
    const file = pidFile();
    const scenario = mirriScenario([{ command: `trap '' TERM; sleep 30 & echo $! > ${file}; sleep 30`, timeout: 1 }]);
    const { outcome, events } = await record(scenario);
    const hook = outcome.hooks[0]!;
    expect(hook).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(hook.durationMs!).toBeGreaterThanOrEqual(1000 + 95);
    expect(hook.durationMs!).toBeLessThan(1000 + 100 + 1000);
    await expectAllGone(pidsOf(events), readPids(file));
  });

  it.runIf('mework' in DIALECTS)('Mework: the deadline SIGKILLs the group at once (no SIGTERM grace)', async () => {
    const file = pidFile();
    // bash -lc reads the simulated home's profile; an empty one keeps the run quick.
    const hooksJson = JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `trap '' TERM; sleep 30 & echo $! > ${file}; sleep 30`, timeout: 0.5 }] }] } });
    const scenario = parseScenario({ hookplay: 1, dialect: 'mework', files: { '.mework/hooks.json': hooksJson }, event: 'PreToolUse', payload: { tool_name: 'bash', tool_input: { command: 'ls' } } });
    const { outcome, events } = await record(scenario);
    const hook = outcome.hooks[0]!;
    expect(hook).toMatchObject({ timedOut: true, signal: 'SIGKILL', timeoutMs: 500 });
    // SIGTERM is ignored, so only an immediate SIGKILL explains a quick end.
    expect(hook.durationMs!).toBeLessThan(500 + 1000);
    await expectAllGone(pidsOf(events), readPids(file));
  });

  it.runIf('open-strix' in DIALECTS)('open-strix: a timed-out hook in the chain is SIGKILLed and the chain goes on', async () => {
    const file = pidFile();
    const hooks = [
      { name: 'slow', command: `sleep 30 & echo $! > ${file}; sleep 30`, events: ['pre_tool_call'], timeout_seconds: 1 },
      { name: 'next', command: 'cat >/dev/null; echo next-ran >&2', events: ['pre_tool_call'] },
    ];
    const scenario = parseScenario({ hookplay: 1, dialect: 'open-strix', files: { 'skills/s/hooks.json': JSON.stringify({ hooks }) }, event: 'pre_tool_call', payload: { tool: 'shell', args: {} } });
    const { outcome, events } = await record(scenario);
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(outcome.hooks[0]!.durationMs!).toBeLessThan(1000 + 1000);
    expect(outcome.hooks[1]).toMatchObject({ ran: true, stderr: 'next-ran\n' });
    await expectAllGone(pidsOf(events), readPids(file));
  });
});

describe('runScenario: processes left behind', () => {
  it.each([
    ['sleep 30 & echo hi', 'sleep 30 & echo $! > F; echo hi'],
    ['(sleep 30 &) ; echo done', '(sleep 30 & echo $! > F) ; echo done'],
  ])('`%s` ends the run at once, kills the sleep and says so', async (_command, recorded) => {
    const file = pidFile();
    const { tmpDir, leftovers } = runParent(scratch.dir);
    const { outcome, events, wallMs } = await record(mirriScenario([recorded.replace('F', file)]), { tmpDir });
    expect(wallMs).toBeLessThan(3000);
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, timedOut: false });
    const note = outcome.diagnostics.find((d) => d.code === 'hook.leftover-processes');
    expect(note).toMatchObject({ level: 'info', hook: 0 });
    expect(note!.message).toMatch(/killed them/);
    expect(readPids(file)).toHaveLength(1);
    await expectAllGone(pidsOf(events), readPids(file));
    expect(await leftovers()).toEqual([]);
  });

  it('a hook whose children all finished gets no leftover note', async () => {
    const { outcome } = await record(mirriScenario(['sleep 0.1 & echo a | cat; wait']));
    expect(outcome.diagnostics.map((d) => d.code)).not.toContain('hook.leftover-processes');
  });
});

describe('runScenario: output caps', () => {
  it('Mirri: 5 MiB of stdout keeps 1 MiB, notes the truncation, and the run stays fast', async () => {
    const total = 5 * 1024 * 1024;
    const cap = DIALECTS.mirri.process.outputCap.bytesPerPipe;
    const { outcome, events, wallMs } = await record(mirriScenario([`head -c ${total} /dev/zero | tr '\\0' x`]));
    const hook = outcome.hooks[0]!;
    expect(Buffer.byteLength(hook.stdout)).toBe(cap);
    expect(hook.truncated).toMatch(new RegExp(`${total - cap} bytes of stdout`));
    expect(outcome.diagnostics.find((d) => d.code === 'hook.output-capped')).toMatchObject({ hook: 0 });
    // The streamed chunks stop at the cap too.
    const streamed = events.flatMap((e) => (e.type === 'hook-output' ? [e.data] : [])).join('');
    expect(streamed).toBe(hook.stdout);
    expect(wallMs).toBeLessThan(5000);
  });

  it.runIf('mework' in DIALECTS)('Mework: the host’s own 64 KiB cap applies per pipe, and says it is the host’s', async () => {
    const hooksJson = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `head -c 100000 /dev/zero | tr '\\0' o; head -c 70000 /dev/zero | tr '\\0' e >&2` }] }] } });
    const scenario = parseScenario({ hookplay: 1, dialect: 'mework', files: { '.mework/hooks.json': hooksJson }, event: 'Stop', payload: {} });
    const { outcome } = await record(scenario);
    const hook = outcome.hooks[0]!;
    const cap = DIALECTS.mework.process.outputCap.bytesPerPipe;
    expect(hook.stdout.length).toBe(cap);
    expect(hook.stderr.length).toBe(cap);
    expect(hook.truncated).toMatch(/as the host does/);
  });
});

describe('runScenario: stdin and failures to start', () => {
  it('a hook that never reads a multi-MiB payload and exits at once does not fail the run', async () => {
    const scenario = mirriScenario(['exit 0'], {}, {});
    const big = { ...scenario, payload: { stop_hook_active: false, blob: 'z'.repeat(6 * 1024 * 1024) } };
    const { outcome, wallMs } = await record(big);
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 0, effect: 'none' });
    expect(outcome.diagnostics.filter((d) => d.level !== 'info')).toEqual([]);
    expect(wallMs).toBeLessThan(5000);
  });

  it('a command the shell cannot find exits 127 and fails open', async () => {
    const { outcome } = await record(mirriScenario(['no-such-hook-cmd-xyz']));
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 127, effect: 'error' });
    expect(outcome.hooks[0]!.stderr).toMatch(/not found/);
    expect(outcome.verdict).toBe('proceed');
  });

  // Regression: a NUL byte in a command (TOML's \u0000) made spawn() throw; runScenario rejected with a
  // TypeError at once while the sibling hook kept running in a workspace being deleted.
  it('a command with a NUL byte is a hook that could not start; siblings finish and the run resolves', async () => {
    const { tmpDir, leftovers } = runParent(scratch.dir);
    const config = '[[hooks]]\nevent = "Stop"\ncommand = "sleep 0.3; echo sibling"\n\n[[hooks]]\nevent = "Stop"\ncommand = "echo a\\u0000b"\n';
    const scenario = parseScenario({ hookplay: 1, dialect: 'mirri', files: { '~/.mirri-code/config.toml': config }, event: 'Stop', payload: {} });
    const { outcome, events } = await record(scenario, { tmpDir });
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 0, stdout: 'sibling\n' });
    expect(outcome.hooks[1]).toMatchObject({ ran: false, exitCode: null, effect: 'error' });
    expect(outcome.diagnostics.find((d) => d.code === 'hook.spawn-failed')).toMatchObject({ level: 'warning', hook: 1 });
    const end = events.find((e) => e.type === 'hook-end' && e.hook === 1);
    expect(end).toMatchObject({ error: expect.stringMatching(/null bytes/) });
    expect(await leftovers()).toEqual([]);
  });
});

describe('runScenario: processes that leave their group', () => {
  it('a setsid escapee is found by its HOME and killed, with a warning', async () => {
    const file = pidFile();
    const scenario = mirriScenario([{ command: `setsid sleep 31 > /dev/null 2>&1 < /dev/null & echo $! > ${file}; sleep 0.3` }]);
    const { outcome } = await record(scenario);
    const pids = readPids(file);
    expect(pids.length).toBe(1);
    for (const p of pids) seen.add(p);
    expect(await eventually(() => pids.every((p) => !alive(p)), 1000)).toBe(true);
    expect(outcome.diagnostics.map((d) => d.code)).toContain('hook.escaped-processes');
  });
});
