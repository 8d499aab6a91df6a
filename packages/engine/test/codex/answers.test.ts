/** One event at a time, real hook processes: how the codex dialect reads answers and combines them. */
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario, type Outcome } from '@hookplay/engine';

const say = (value: unknown): string => `printf '%s' '${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;
const hso = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });
const BASH = { tool_name: 'Bash', tool_input: { command: 'echo original' }, tool_use_id: 'call_1' };

function run(event: string, commands: (string | { command: string; timeout?: number; async?: boolean })[], payload: Record<string, unknown> = event === 'PreToolUse' ? BASH : {}, trusted?: boolean): Promise<Outcome> {
  const hooks = commands.map((c) => ({ type: 'command', ...(typeof c === 'string' ? { command: c } : c) }));
  const file = `${JSON.stringify({ hooks: { [event]: [{ hooks }] } }, null, 2)}\n`;
  return runScenario(parseScenario({ hookplay: 1, dialect: 'codex', ...(trusted === undefined ? {} : { host: { trusted } }), files: { '.codex/hooks.json': file }, event, payload }));
}

describe('codex PreToolUse', () => {
  it('blocks on exit 2 with stderr, quoting the command; the payload has no trailing newline', async () => {
    const o = await run('PreToolUse', ['cat > /dev/null; echo NO_WAY >&2; exit 2', 'cat | od -c | tail -2 | head -1 >&2']);
    expect(o.verdict).toBe('block');
    expect(o.shown?.model).toBe('Command blocked by PreToolUse hook: NO_WAY. Command: echo original');
    expect(o.hooks[1]!.stderr).not.toMatch(/\\n/);
    expect(o.hooks.map((h) => h.effect)).toEqual(['block', 'none']);
  });

  it('fails open on exit 1 with a deny, on ask, and on an unknown field', async () => {
    for (const command of [`${say(hso({ permissionDecision: 'deny', permissionDecisionReason: 'X' }))}; exit 1`, say(hso({ permissionDecision: 'ask' })), say({ foo: 1, ...hso({ permissionDecision: 'deny', permissionDecisionReason: 'X' }) })]) {
      const o = await run('PreToolUse', [command]);
      expect(o.verdict, command).toBe('proceed');
      expect(o.hooks[0]!.effect).toBe('error');
      expect(o.diagnostics.some((d) => d.code === 'hook.failed' && d.evidence?.kind === 'recorded')).toBe(true);
    }
  });

  it('uses the rewrite of the hook that finished last, and the first configured block beats it', async () => {
    const rw = (c: string) => say(hso({ permissionDecision: 'allow', updatedInput: { command: c } }));
    const o = await run('PreToolUse', [`sleep 0.5; ${rw('echo slow')}`, rw('echo fast')]);
    expect(o.verdict).toBe('allow');
    expect(o.updatedInput).toEqual({ command: 'echo slow' });
    const blocked = await run('PreToolUse', [rw('echo fast'), `sleep 0.3; echo FIRST >&2; exit 2`, say(hso({ permissionDecision: 'deny', permissionDecisionReason: 'SECOND' }))]);
    expect(blocked.reason).toBe('FIRST');
    expect(blocked.updatedInput).toBeNull();
  });

  it('kills a hook at its timeout with SIGKILL and drops what it printed', async () => {
    const o = await run('PreToolUse', [{ command: `${say(hso({ permissionDecision: 'deny', permissionDecisionReason: 'LATE' }))}; sleep 5`, timeout: 1 }]);
    expect(o.hooks[0]).toMatchObject({ timedOut: true, signal: 'SIGKILL', effect: 'error' });
    expect(o.verdict).toBe('proceed');
  });

  it('keeps every context as its own message, and lets an async hook run without counting it', async () => {
    const o = await run('PreToolUse', [say(hso({ additionalContext: 'A' })), { command: say(hso({ permissionDecision: 'deny', permissionDecisionReason: 'ASYNC' })), async: true }, say(hso({ additionalContext: 'B' }))]);
    expect(o.context).toEqual(['A', 'B']);
    expect(o.verdict).toBe('proceed');
    expect(o.hooks[1]!.ran).toBe(true);
  });

  it('skips project hooks in an untrusted project, saying why', async () => {
    const o = await run('PreToolUse', ['echo NO >&2; exit 2'], BASH, false);
    expect(o.hooks[0]).toMatchObject({ ran: false, matched: false });
    expect(o.hooks[0]!.why).toMatch(/not trusted/);
    expect(o.verdict).toBe('proceed');
  });
});

describe('codex other events', () => {
  it('PostToolUse: blocks replace the output the model reads, joined by a blank line', async () => {
    const o = await run('PostToolUse', [say({ decision: 'block', reason: 'ONE' }), 'echo TWO >&2; exit 2'], { tool_name: 'Bash', tool_input: { command: 'echo original' }, tool_response: 'original\n', tool_use_id: 'call_1' });
    expect(o.shown?.model).toBe('ONE\n\nTWO');
  });

  it('Stop: a block asks for a continuation; continue: false wins over it', async () => {
    const o = await run('Stop', [say({ decision: 'block', reason: 'MORE' })], { stop_hook_active: false, last_assistant_message: 'x' });
    expect(o.verdict).toBe('block');
    expect(o.eventOut).toEqual({ continuation: [{ hook: 0, order: 0, source: '.codex/hooks.json', reason: 'MORE' }] });
    const halted = await run('Stop', [say({ decision: 'block', reason: 'MORE' }), say({ continue: false })], { stop_hook_active: false, last_assistant_message: 'x' });
    expect(halted.halt).toBe(true);
    expect(halted.verdict).toBe('proceed');
  });

  it('UserPromptSubmit: plain stdout is context; a block drops the prompt', async () => {
    expect((await run('UserPromptSubmit', ['echo PLAIN'], { prompt: 'hi' })).context).toEqual(['PLAIN']);
    const blocked = await run('UserPromptSubmit', ['echo PLAIN', say({ decision: 'block', reason: 'NO' })], { prompt: 'hi' });
    expect(blocked.verdict).toBe('block');
    expect(blocked.context).toEqual([]);
  });

  it('PreModelRequest cannot block', async () => {
    const o = await run('PreModelRequest', ['echo NO >&2; exit 2'], { kind: 'sampling', request_id: 'r', attempt_number: 1 });
    expect(o.verdict).toBe('proceed');
    expect(o.diagnostics.some((d) => d.code === 'rule.observation-only')).toBe(true);
  });
});
