/**
 * Issue 23 from the terminal: someone replays a bug report with `hookplay run` and must never read two opposite
 * things. An unsupported version is refused, not run; a session shows every note its events give; --versions
 * names a difference in effects, not only in verdicts.
 */
import { describe, expect, it } from 'vitest';
import { VersionComparison } from '../../apps/server/src/protocol.js';
import { hookplay } from '../support/cli.js';

const settings = (hooks: Record<string, unknown>) => JSON.stringify({ hooks });
const group = (command: string, matcher?: string) => [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] }];
const scenario = (body: Record<string, unknown>) => JSON.stringify({ hookplay: 1, dialect: 'claude-code', ...body });

describe('hookplay run: explanations that agree with themselves', () => {
  it.each([
    ['2.1.400', '2.1.332'],
    ['1.0.30', '1.0.41'],
    ['2.1', '2.1.47'],
  ])('host.version %s is invalid input: exit 2, the listed versions and the nearest (%s), nothing run', async (version, nearest) => {
    const text = scenario({ host: { version }, files: { '.claude/settings.json': settings({ PreToolUse: group('exit 2', 'Bash') }) }, event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'ls' } } });
    const run = await hookplay(['run', '-'], { stdin: text });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/host\.version/);
    expect(run.stderr).toMatch(/1\.0\.41, 2\.0\.76, 2\.1\.47, 2\.1\.143, 2\.1\.332/);
    expect(run.stderr).toContain(`the nearest is ${nearest}`);
  }, 60_000);

  it('a session shows the notes the one-event view gives: a matcher miss, an unknown field', async () => {
    const files = {
      '.claude/settings.json': settings({
        PreToolUse: [...group(`echo '{"decison":"block"}'`, 'Bash'), ...group('true', 'Edit')],
      }),
    };
    const session = scenario({ host: { version: '2.1.332' }, files, payload: {}, session: { steps: [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'true' } }] } });
    const one = scenario({ host: { version: '2.1.332' }, files, event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'true' } } });
    const single = await hookplay(['run', '-', '--json'], { stdin: one });
    expect(single.code).toBe(0);
    const codes = (JSON.parse(single.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    const r = await hookplay(['run', '-'], { stdin: session });
    expect(r.code).toBe(0);
    for (const code of codes) expect(r.stdout, code).toContain(`[${code}]`);
    expect(r.stdout).toMatch(/hook #2 not matched: .*Edit/);
  }, 90_000);

  it('--versions names effects that differ even where the verdict does not', async () => {
    // A Stop hook printing additionalContext: a context on the builds that read it, a rejected answer on 2.1.143.
    const text = scenario({ files: { '.claude/settings.json': settings({ Stop: group(`echo '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"more"}}'`) }) }, event: 'Stop', payload: { stop_hook_active: false } });
    const r = await hookplay(['run', '-', '--versions', '--json'], { stdin: text });
    expect(r.code).toBe(0);
    const c = VersionComparison.parse(JSON.parse(r.stdout));
    const effects = new Set(c.versions.map((v) => JSON.stringify(v.effects)));
    expect(effects.size).toBeGreaterThan(1);
    expect(c.changes.length).toBeGreaterThan(0);
    const plain = await hookplay(['run', '-', '--versions'], { stdin: text });
    expect(plain.stdout).not.toMatch(/Every version gives the same outcome/);
  }, 120_000);
});
