import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bash, find, run, shellQuote, toml } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookplay-mirri-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Alive and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, ms = 2000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('mirri hook process: stdin', () => {
  it('writes the base fields plus the payload as JSON, with no trailing newline', async () => {
    const { outcome, stdin } = await run({ config: toml({ event: 'PreToolUse', command: 'cat' }), event: 'PreToolUse', payload: bash('git status') });
    const got = outcome.hooks[0]!.stdout;
    expect(got).toBe(stdin.get(0));
    expect(got.endsWith('}')).toBe(true);
    const input = JSON.parse(got) as Record<string, unknown>;
    expect(Object.keys(input)).toEqual(['hook_event_name', 'session_id', 'cwd', 'tool_name', 'tool_input', 'tool_call_id']);
    expect(input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' }, tool_call_id: 'call_001' });
    expect(typeof input.session_id).toBe('string');
    // The stdout was a JSON object without a decision: no effect, no complaint.
    expect(outcome.verdict).toBe('proceed');
  });

  it('sends cwd = the project directory, which is also the hook\u2019s working directory', async () => {
    const config = toml({ event: 'Stop', command: 'cat' }, { event: 'Stop', command: 'node -e "process.stdout.write(process.cwd())"' });
    const { outcome } = await run({ config, event: 'Stop', payload: { stop_hook_active: false } });
    const input = JSON.parse(outcome.hooks[0]!.stdout) as { cwd: string };
    expect(input.cwd).toBe(outcome.hooks[1]!.stdout);
    expect(input.cwd).toMatch(/project/);
  });

  it('lets payload fields override the base ones, in place', async () => {
    const { outcome } = await run({
      config: toml({ event: 'UserPromptSubmit', command: 'cat >&2' }),
      event: 'UserPromptSubmit',
      payload: { prompt: 'hi', session_id: 'session_abc', cwd: '/path/to/project' },
    });
    expect(outcome.hooks[0]!.stderr).toBe('{"hook_event_name":"UserPromptSubmit","session_id":"session_abc","cwd":"/path/to/project","prompt":"hi"}');
  });

  it('sends every event its own hook_event_name', async () => {
    const { outcome } = await run({ config: toml({ event: 'Notification', command: 'cat' }), event: 'Notification', payload: { notification_type: 'task.completed' } });
    expect(JSON.parse(outcome.hooks[0]!.stdout)).toMatchObject({ hook_event_name: 'Notification', notification_type: 'task.completed' });
  });
});

describe('mirri hook process: files, HOME and working directory', () => {
  it('resolves ~/ in commands to the simulated home and runs in the project directory', async () => {
    const { outcome } = await run({
      config: toml({ event: 'PreToolUse', command: 'sh ~/.mirri-code/hooks/show.sh' }),
      files: {
        '~/.mirri-code/hooks/show.sh': 'cat ~/.mirri-code/hooks/secret.txt\ncat notes.txt\n[ "$HOME" != "$PWD" ] && echo distinct\n',
        '~/.mirri-code/hooks/secret.txt': 'from-home',
        'notes.txt': 'from-project',
      },
      event: 'PreToolUse',
      payload: bash('ls'),
    });
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, stdout: 'from-homefrom-projectdistinct\n', stderr: '' });
  });

  it('passes host.env to hooks', async () => {
    const { outcome } = await run({
      config: toml({ event: 'PreToolUse', command: 'printf %s "$MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE"' }),
      event: 'PreToolUse',
      payload: bash('ls'),
      host: { env: { MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'true' } },
    });
    expect(outcome.hooks[0]!.stdout).toBe('true');
  });

  it('reports a command the shell cannot find as a failed hook (exit 127), fail-open', async () => {
    const { outcome } = await run({ config: toml({ event: 'PreToolUse', command: 'no-such-hook-binary-xyz' }), event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 127, effect: 'error' });
    expect(outcome.verdict).toBe('proceed');
  });
});

describe('mirri hook process: parallel start, config-order results', () => {
  it('starts all matched hooks at once: they overlap in time', async () => {
    const entries = [1, 2, 3].map((i) => ({ event: 'PreToolUse', command: `sleep 0.6; echo ${i}` }));
    const { outcome, wallMs } = await run({ config: toml(...entries), event: 'PreToolUse', payload: bash('ls') });
    const spans = outcome.hooks.map((h) => ({ start: h.startMs!, end: h.startMs! + h.durationMs! }));
    const firstEnd = Math.min(...spans.map((s) => s.end));
    for (const s of spans) expect(s.start).toBeLessThan(firstEnd);
    expect(outcome.hooks.every((h) => h.durationMs! >= 550)).toBe(true);
    // Sequential would be 1.8 s; parallel is ~0.6 s. Generous for a loaded machine.
    expect(wallMs).toBeLessThan(1700);
  });

  it('reads results in config order: a slow first block beats a fast second block', async () => {
    const config = toml(
      { event: 'PreToolUse', command: 'sleep 0.5; echo slow first >&2; exit 2' },
      { event: 'PreToolUse', command: 'echo fast second >&2; exit 2' },
    );
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    const [slow, fast] = outcome.hooks;
    expect(fast!.startMs! + fast!.durationMs!).toBeLessThan(slow!.startMs! + slow!.durationMs!);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'slow first' });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['block', 'block']);
    const d = find(outcome.diagnostics, 'rule.first-block-wins');
    expect(d.hook).toBe(0);
    expect(d.message).toMatch(/first block in config order.*hook #2/);
  });

  it('waits for every hook even once a block is known', async () => {
    const config = toml({ event: 'PreToolUse', command: 'echo no >&2; exit 2' }, { event: 'PreToolUse', command: 'sleep 0.4; echo done' });
    const { outcome, wallMs } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks[1]).toMatchObject({ ran: true, exitCode: 0, stdout: 'done\n' });
    expect(wallMs).toBeGreaterThanOrEqual(400);
  });
});

describe('mirri hook process: identical commands run once', () => {
  it('keeps the first matching entry with its own timeout and failClosed; the copy is duplicateOf it', async () => {
    const command = 'sleep 3; exit 0';
    const config = toml(
      { event: 'PreToolUse', matcher: 'Bash', command, timeout: 1, failClosed: true },
      { event: 'PreToolUse', matcher: 'Bash', command, timeout: 10 },
    );
    const { outcome, stdin } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks.map((h) => [h.matched, h.ran, h.duplicateOf])).toEqual([
      [true, true, null],
      [true, false, 0],
    ]);
    expect([...stdin.keys()]).toEqual([0]);
    // The kept entry's 1 s timeout applied, and its failClosed turned the timeout into a block.
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, effect: 'block' });
    expect(outcome.hooks[0]!.durationMs!).toBeLessThan(2500);
    expect(outcome.verdict).toBe('block');
    expect(find(outcome.diagnostics, 'rule.dedup', 1).message).toMatch(/same command as hook #1/);
    expect(outcome.hooks[1]!.why).toMatch(/runs once/);
  });

  it('keeps the first entry\u2019s failClosed = false even when a later copy says true', async () => {
    const command = 'exit 1';
    const config = toml({ event: 'PreToolUse', command }, { event: 'PreToolUse', command, failClosed: true });
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks.map((h) => h.duplicateOf)).toEqual([null, 0]);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks[0]!.effect).toBe('error');
  });

  it('deduplicates after matching: a copy whose first entry did not match still runs', async () => {
    const command = 'echo ran >&2; exit 2';
    const config = toml(
      { event: 'PreToolUse', matcher: '^Read$', command },
      { event: 'PreToolUse', matcher: '^Bash$', command },
      { event: 'PreToolUse', command },
    );
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks.map((h) => [h.matched, h.ran, h.duplicateOf])).toEqual([
      [false, false, null],
      [true, true, null],
      [true, false, 1],
    ]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'ran' });
  });

  it('compares the command strings exactly: a different spacing is another hook', async () => {
    const config = toml({ event: 'PreToolUse', command: 'echo a' }, { event: 'PreToolUse', command: 'echo  a' });
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks.map((h) => [h.ran, h.duplicateOf])).toEqual([
      [true, null],
      [true, null],
    ]);
  });
});

describe('mirri hook process: timeout', () => {
  it('settles at the deadline with the output so far, marked timed out, SIGTERM first', async () => {
    const { outcome } = await run({ config: toml({ event: 'PreToolUse', command: 'echo partial; sleep 30', timeout: 1 }), event: 'PreToolUse', payload: bash('ls') });
    const h = outcome.hooks[0]!;
    expect(h).toMatchObject({ timedOut: true, stdout: 'partial\n', signal: 'SIGTERM', exitCode: null, effect: 'error' });
    expect(h.durationMs!).toBeGreaterThanOrEqual(990);
    expect(h.durationMs!).toBeLessThan(2500);
    expect(find(outcome.diagnostics, 'hook.fail-open', 0).message).toMatch(/timed out after 1 s/);
    expect(outcome.verdict).toBe('proceed');
  });

  it('sends SIGTERM to let the hook clean up, then SIGKILL 100 ms later', async () => {
    const log = join(scratch, 'term.log');
    const command = `trap ${shellQuote(`echo got-term >> ${log}`)} TERM; while :; do sleep 0.02; done`;
    const { outcome } = await run({ config: toml({ event: 'PreToolUse', command, timeout: 1 }), event: 'PreToolUse', payload: bash('ls') });
    const h = outcome.hooks[0]!;
    expect(readFileSync(log, 'utf8')).toMatch(/got-term/);
    expect(h).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    // Killed ~100 ms after the 1 s deadline, not at it.
    expect(h.durationMs!).toBeGreaterThanOrEqual(1080);
    expect(h.durationMs!).toBeLessThan(2500);
  });

  it('leaves nothing behind when the hook and its children ignore SIGTERM', async () => {
    const pidFile = join(scratch, 'child.pid');
    const command = `trap '' TERM; sleep 30 & echo $! > ${pidFile}; wait`;
    const { outcome } = await run({ config: toml({ event: 'PreToolUse', command, timeout: 1 }), event: 'PreToolUse', payload: bash('ls') });
    expect(outcome.hooks[0]).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(outcome.hooks[0]!.durationMs!).toBeLessThan(2500);
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(pid).toBeGreaterThan(0);
    expect(await eventually(() => !alive(pid))).toBe(true);
  });
});
