import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario, type TimelineEvent } from '@hookplay/engine';
import { cmd, hooksJson, preToolUse, runMework, withCode } from './helpers.js';

/** Live (non-zombie) processes whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const state = /State:\s+(\w)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      if (cmdline.includes(marker) && state !== 'Z') found.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

describe('mework: running hooks as processes', () => {
  it('runs with bash -lc: a login shell that reads ~/.bash_profile, with MEWORK_HOOK_EVENT and NAIWORD_HOOK_EVENT set', async () => {
    const outcome = await runMework({
      event: 'PreToolUse',
      payload: { tool_name: 'bash', tool_input: { command: 'ls' } },
      files: {
        '~/.bash_profile': 'export FROM_PROFILE=yes\n',
        '.mework/hooks.json': hooksJson({
          PreToolUse: [{ hooks: [cmd('shopt -q login_shell && echo login >&2; echo "$MEWORK_HOOK_EVENT $NAIWORD_HOOK_EVENT $FROM_PROFILE" >&2')] }],
        }),
      },
    });
    expect(outcome.hooks[0]!.exitCode).toBe(0);
    expect(outcome.hooks[0]!.stderr).toBe('login\nPreToolUse PreToolUse yes\n');
    expect(withCode(outcome, 'hook.login-shell')[0]!.message).toMatch(/~\/\.bash_profile is read before every hook/);
  });

  it('runs in the workspace and gets the full payload on stdin, with Mework’s common fields', async () => {
    const outcome = await runMework({
      event: 'PreToolUse',
      payload: { tool_name: 'bash', tool_input: { command: 'ls' }, permission_mode: 'plan' },
      groups: [{ hooks: [cmd('pwd >&2; cat >&2')] }],
    });
    const [pwd, stdin] = outcome.hooks[0]!.stderr.split('\n');
    const payload = JSON.parse(stdin!) as Record<string, unknown>;
    expect(Object.keys(payload)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'turn_id', 'tool_name', 'tool_input']);
    expect(payload).toMatchObject({ transcript_path: null, cwd: pwd, hook_event_name: 'PreToolUse', permission_mode: 'plan', tool_name: 'bash' });
    expect(pwd).toMatch(/\/project$/);
  });

  it('keeps 64 KiB per pipe, as Mework does, and says how much was dropped', async () => {
    const outcome = await preToolUse([cmd("head -c 204800 /dev/zero | tr '\\0' a; head -c 70000 /dev/zero | tr '\\0' b >&2")]);
    const hook = outcome.hooks[0]!;
    expect(hook.stdout.length).toBe(64 * 1024);
    expect(hook.stderr.length).toBe(64 * 1024);
    expect(hook.truncated).toMatch(/Mework keeps 64 KiB per pipe: 139264 bytes of stdout and 4464 bytes of stderr dropped, as the host does/);
    expect(withCode(outcome, 'hook.output-capped')).toHaveLength(1);
    expect(outcome.verdict).toBe('proceed');
  });

  it('JSON cut by the cap no longer parses: a Stop hook then fails', async () => {
    const big = `printf '{"decision":"block","reason":"'; head -c 70000 /dev/zero | tr '\\0' x; printf '"}'`;
    const outcome = await runMework({ event: 'Stop', groups: [{ hooks: [cmd(big)] }] });
    expect(outcome.verdict).toBe('proceed');
    expect(withCode(outcome, 'hook.failed')[0]!.message).toMatch(/Stop hooks must answer with JSON: stdout is not JSON \(stdout was cut at 64 KiB/);
  });

  it('kills the process group with SIGKILL at the timeout: timed out, no decision, settled shortly after 1 s', async () => {
    // Unique per run, so a concurrent run of this file cannot be mistaken for a leftover.
    const marker = `sleep 37.${String(process.pid).padStart(7, '0')}`;
    const started = Date.now();
    // TERM is ignored on purpose: Mework does not ask nicely. The background sleep proves the whole group dies.
    const outcome = await preToolUse([cmd(`trap '' TERM; ${marker} & echo "no" >&2; ${marker}; exit 2`, { timeout: 1 }), cmd('exit 0')]);
    const elapsed = Date.now() - started;
    const hook = outcome.hooks[0]!;
    expect(hook).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null, timeoutMs: 1000, effect: 'error' });
    expect(hook.durationMs!).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(4000);
    expect(outcome.verdict).toBe('proceed');
    expect(withCode(outcome, 'hook.failed')[0]!.message).toMatch(/timed out after 1 s: Mework kills its process group with SIGKILL at once/);
    // SIGKILL is delivered at once, but the kernel may take a moment to finish off the group.
    const deadline = Date.now() + 2000;
    while (processesWith(marker).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(processesWith(marker)).toEqual([]);
  });

  it('cuts a timeout above the 5-minute turn budget, and caps at 10 minutes', async () => {
    const outcome = await preToolUse([cmd('true', { timeout: 400 }), cmd('true', { timeout: 5000 }), cmd('true')]);
    expect(outcome.hooks.map((h) => h.timeoutMs)).toEqual([300_000, 300_000, 300_000]);
    expect(withCode(outcome, 'match.turn-budget').map((d) => d.hook)).toEqual([0, 1]);
  });

  it('streams a timeline whose plan names the shell and the selection', async () => {
    const events: TimelineEvent[] = [];
    const scenario = parseScenario({
      hookplay: 1,
      dialect: 'mework',
      host: { hookIds: [1] },
      files: { '.mework/hooks.json': hooksJson({ Stop: [{ hooks: [cmd('echo "{}"'), cmd("echo '{\"decision\":\"block\",\"reason\":\"not yet\"}'")] }] }) },
      event: 'Stop',
      payload: { stop_hook_active: false },
    });
    const outcome = await runScenario(scenario, { onEvent: (e) => events.push(e) });
    const start = events.find((e) => e.type === 'run-start');
    expect(start?.type === 'run-start' && start.plan).toMatchObject({ shell: 'bash -lc', mode: 'parallel', hooks: [{ id: 0, willRun: false }, { id: 1, willRun: true }] });
    expect(events.filter((e) => e.type === 'hook-start').map((e) => (e.type === 'hook-start' ? e.hook : -1))).toEqual([1]);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'not yet' });
  });
});
