/**
 * What real repositories need from a run's workspace: file modes as they were on disk (`modes`), the project as a
 * git repository (`git`), and a hook that fails because a program it needs is missing named as such, with what
 * the host did with it.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario, type EventScenario } from '@hookplay/engine';

const claude = (files: Record<string, string>, command: string, extra: Record<string, unknown> = {}) =>
  parseScenario({
    hookplay: 1,
    dialect: 'claude-code',
    files: { '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }), ...files },
    event: 'PreToolUse',
    payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
    ...extra,
  }) as EventScenario;

describe('a workspace shaped like the real project', () => {
  it('modes: an executable without #! runs directly, a #! script marked 644 does not', async () => {
    const files = { 'guard.sh': 'echo "blocked by guard" >&2; exit 2\n', 'tagged.sh': '#!/bin/sh\necho ran\n' };
    const both = claude(files, './guard.sh; ./tagged.sh', { modes: { 'guard.sh': '755', 'tagged.sh': '644' } });
    const outcome = await runScenario(both);
    // guard.sh ran (exit 2 of the first command does not stop the list); tagged.sh is not executable: exit 126.
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 126 });
    expect(outcome.hooks[0]!.stderr).toContain('blocked by guard');
    expect(outcome.hooks[0]!.stderr).toMatch(/tagged\.sh: Permission denied/);
    // Without modes, the old rule: only the #! file is executable.
    const plain = await runScenario(claude(files, './guard.sh'));
    expect(plain.hooks[0]).toMatchObject({ exitCode: 126 });
  });

  it('a mode for a file the scenario lacks is an error naming the field', () => {
    expect(() => claude({}, 'true', { modes: { 'nope.sh': '755' } })).toThrow(/modes\["nope\.sh"\]: names no file of "files"/);
    expect(() => claude({ 'a.sh': '' }, 'true', { modes: { 'a.sh': 'rwx' } })).toThrow(/modes\["a\.sh"\]: must be an octal file mode/);
  });

  it('git: hooks that ask git for the top level find the project', async () => {
    const command = 'top=$(git rev-parse --show-toplevel) && test "$top" = "$CLAUDE_PROJECT_DIR" && echo top-level-ok';
    const without = await runScenario(claude({}, command));
    expect(without.hooks[0]!.exitCode).not.toBe(0);
    const withGit = await runScenario(claude({}, command, { git: true }));
    expect(withGit.hooks[0]).toMatchObject({ exitCode: 0, stdout: 'top-level-ok\n' });
  });

  it('a guard whose program is missing (exit 127) is named, and the host lets the call through', async () => {
    const outcome = await runScenario(claude({}, 'hookplay-no-such-tool-xyz run guard.py'));
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 127 });
    expect(outcome.verdict).not.toBe('block');
    const note = outcome.diagnostics.find((d) => d.code === 'hook.missing-program');
    expect(note).toMatchObject({ level: 'warning', hook: 0 });
    expect(note!.message).toMatch(/hook #1 failed because something it runs is missing \(.*hookplay-no-such-tool-xyz: not found\)/);
    expect(note!.message).toMatch(/Claude Code counts it as a hook that failed without blocking, so PreToolUse goes on \(a guard fails open/);
  });

  it('a Mirri guard marked failClosed fails closed when its program is missing', async () => {
    const scenario = parseScenario({
      hookplay: 1,
      dialect: 'mirri',
      files: { '~/.mirri-code/config.toml': '[[hooks]]\nevent = "PreToolUse"\nmatcher = "Bash"\ncommand = "hookplay-no-such-tool-xyz"\nfailClosed = true\n' },
      event: 'PreToolUse',
      payload: { tool_name: 'Bash', tool_input: { command: 'ls' } },
    }) as EventScenario;
    const outcome = await runScenario(scenario);
    const note = outcome.diagnostics.find((d) => d.code === 'hook.missing-program');
    expect(outcome.verdict).toBe('block');
    expect(note!.message).toMatch(/Mirri Code CLI counts the failure as a block here \(the guard fails closed\)/);
  });
});
