import { describe, expect, it } from 'vitest';
import { find, hooksJson, py, run, shellQuote } from './helpers.js';

const PAYLOAD = { tool: 'shell', args: { cmd: 'ls' }, channel_id: '123', current_event: 'discord_message' };
const hook = (name: string, command: string, extra: Record<string, unknown> = {}) => ({ name, command, events: ['pre_tool_call'], ...extra });
/** A shell hook that answers with a fixed stdout/stderr/exit code. */
const sh = (stdout: string, opts: { stderr?: string; exit?: number } = {}) =>
  [`cat >/dev/null`, stdout ? `printf '%s' ${shellQuote(stdout)}` : '', opts.stderr ? `printf '%s' ${shellQuote(opts.stderr)} >&2` : '', `exit ${opts.exit ?? 0}`].filter(Boolean).join('; ');

describe('open-strix: the chain', () => {
  it('runs hooks one after another, each seeing the previous answer, never overlapping', async () => {
    const files = {
      'skills/chain/hooks.json': hooksJson(
        hook('first', py('import time; time.sleep(0.2); e["args"]["x"] = 1')),
        hook('second', py('import time; time.sleep(0.2); e["args"]["y"] = e["args"]["x"] + 1')),
        hook('third', py('e["args"]["z"] = e["args"]["y"] * 10')),
      ),
    };
    const { outcome, stdin } = await run(files, 'pre_tool_call', PAYLOAD);
    expect(outcome.eventOut).toMatchObject({ args: { cmd: 'ls', x: 1, y: 2, z: 20 } });
    expect(JSON.parse(stdin.get(1)!).args).toEqual({ cmd: 'ls', x: 1 });
    expect(JSON.parse(stdin.get(2)!).args).toEqual({ cmd: 'ls', x: 1, y: 2 });
    const [a, b, c] = outcome.hooks;
    expect(b!.startMs!).toBeGreaterThanOrEqual(a!.startMs! + a!.durationMs!);
    expect(c!.startMs!).toBeGreaterThanOrEqual(b!.startMs! + b!.durationMs!);
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['replace', 'replace', 'replace']);
    const steps = outcome.diagnostics.filter((d) => d.code === 'rule.chain-replace');
    expect(steps.map((d) => d.hook)).toEqual([0, 1, 2]);
    expect(steps[1]!.message).toMatch(/added args\.y = 2/);
  });

  it('sends the base event {type, timestamp, session_id, ...payload} as one Python-style JSON line', async () => {
    const files = { 'skills/s/hooks.json': hooksJson(hook('spy', 'cat >&2')) };
    const { outcome, stdin } = await run(files, 'pre_tool_call', { tool: 'send_message', args: { text: 'héllo "x"' } });
    const line = stdin.get(0)!;
    expect(line.endsWith('\n')).toBe(true);
    expect(line.split('\n')).toHaveLength(2);
    // json.dumps defaults: ", " and ": " separators, ensure_ascii.
    expect(line).toMatch(/^\{"type": "pre_tool_call", "timestamp": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00", "session_id": "[^"]+", "tool": "send_message", "args": \{"text": "h\\u00e9llo \\"x\\""\}\}\n$/);
    expect(outcome.hooks[0]!.stderr).toBe(line);
  });

  it('shows hooks that do not list the event as not matched, with the reason', async () => {
    const files = {
      'skills/s/hooks.json': hooksJson(hook('prompt-only', 'exit 7', { events: ['pre_prompt', 'post_startup'] }), hook('tools', 'true')),
    };
    const { outcome } = await run(files, 'pre_tool_call', PAYLOAD);
    expect(outcome.hooks.map((h) => [h.name, h.matched, h.ran])).toEqual([
      ['prompt-only', false, false],
      ['tools', true, true],
    ]);
    expect(outcome.hooks[0]!.why).toBe('listens to pre_prompt, post_startup, not pre_tool_call');
  });
});

describe('open-strix: replacement and pass-through', () => {
  const replaced = { ...PAYLOAD, tool: 'shell', args: { cmd: 'rm' } };
  const answer = JSON.stringify(replaced);
  /** A failing hook first, then a spy that shows what it received. */
  const withSpy = (failing: Record<string, unknown>) => ({ 'skills/s/hooks.json': hooksJson(failing, hook('spy', 'cat >&2')) });

  it.each([
    ['non-zero exit (stdout ignored)', sh(answer, { exit: 3 }), 'hook.hook_nonzero_exit', /return code 3; its stdout is ignored/],
    ['invalid JSON', sh('{"args": '), 'hook.hook_invalid_output', /not JSON/],
    ['a JSON list', sh('[1, 2]'), 'hook.hook_invalid_output', /printed a list, but hook stdout must be a JSON object/],
    ['a JSON string', sh('"hi"'), 'hook.hook_invalid_output', /printed a string/],
    ['two JSON objects', sh(`${answer}\n${answer}`), 'hook.hook_invalid_output', /not JSON/],
  ])('passes the event through unchanged on %s', async (_what, command, code, message) => {
    const { outcome, stdin } = await run(withSpy(hook('bad', command)), 'pre_tool_call', PAYLOAD);
    const d = find(outcome.diagnostics, code);
    expect(d).toMatchObject({ level: 'warning', hook: 0 });
    expect(d.message).toMatch(message);
    expect(outcome.hooks[0]!.effect).toBe('error');
    expect(JSON.parse(stdin.get(1)!)).toMatchObject(PAYLOAD);
    expect(outcome.eventOut).toMatchObject(PAYLOAD);
    expect(outcome.updatedInput).toBeNull();
  });

  it('treats empty stdout as a no-op', async () => {
    const { outcome, stdin } = await run(withSpy(hook('quiet', sh('  \n'))), 'pre_tool_call', PAYLOAD);
    expect(outcome.hooks[0]!.effect).toBe('none');
    expect(find(outcome.diagnostics, 'rule.chain-noop').hook).toBe(0);
    expect(JSON.parse(stdin.get(1)!)).toMatchObject(PAYLOAD);
  });

  it('replaces the event entirely with an object answer: keys it leaves out are gone', async () => {
    const { outcome, stdin } = await run(withSpy(hook('rewrite', sh(JSON.stringify({ tool: 'shell', args: { cmd: 'pwd' } })))), 'pre_tool_call', PAYLOAD);
    expect(JSON.parse(stdin.get(1)!)).toEqual({ tool: 'shell', args: { cmd: 'pwd' } });
    expect(outcome.eventOut).toEqual({ tool: 'shell', args: { cmd: 'pwd' } });
    expect(outcome.updatedInput).toEqual({ cmd: 'pwd' });
    expect(find(outcome.diagnostics, 'rule.chain-replace').message).toMatch(/removed type; removed timestamp/);
  });

  it('logs stderr as hook_stderr even on exit 0 (cut to 2,000 characters) and still uses the answer', async () => {
    const long = 'é'.repeat(2500);
    const { outcome } = await run(withSpy(hook('chatty', sh(answer, { stderr: `  ${long}\n` }))), 'pre_tool_call', PAYLOAD);
    const d = find(outcome.diagnostics, 'hook.hook_stderr');
    expect(d).toMatchObject({ level: 'info', hook: 0 });
    expect(d.message).toContain(`: ${'é'.repeat(2000)}`);
    expect(d.message).not.toContain('é'.repeat(2001));
    expect(d.message).toMatch(/first 2,000 characters/);
    expect(outcome.hooks[0]!.stderr).toContain(long);
    expect(outcome.hooks[0]!.effect).toBe('replace');
    expect(outcome.eventOut).toMatchObject({ args: { cmd: 'rm' } });
  });

  it('does not log a stderr of only whitespace', async () => {
    const { outcome } = await run(withSpy(hook('blank', sh('', { stderr: ' \n\t' }))), 'pre_tool_call', PAYLOAD);
    // Only the spy (hook #2) writes real stderr.
    expect(outcome.diagnostics.filter((d) => d.code === 'hook.hook_stderr').map((d) => d.hook)).toEqual([1]);
  });

  it('kills a hook at its timeout and passes the event through; the run settles soon after the deadline', async () => {
    const files = withSpy(hook('slow', `cat >/dev/null; sleep 30; printf '%s' ${shellQuote(answer)}`, { timeout_seconds: 0.5 }));
    const { outcome, stdin, wallMs } = await run(files, 'pre_tool_call', PAYLOAD);
    const slow = outcome.hooks[0]!;
    expect(slow).toMatchObject({ timedOut: true, signal: 'SIGKILL', effect: 'error', timeoutMs: 500 });
    expect(slow.durationMs!).toBeGreaterThanOrEqual(450);
    expect(slow.durationMs!).toBeLessThan(5_000);
    expect(wallMs).toBeLessThan(10_000);
    expect(find(outcome.diagnostics, 'hook.hook_timeout').message).toMatch(/0\.5 s timeout_seconds; open-strix kills it and the event passes through unchanged/);
    expect(outcome.hooks[1]!.ran).toBe(true);
    expect(JSON.parse(stdin.get(1)!)).toMatchObject(PAYLOAD);
  });

  it('logs hook_exec_error for a hook Python cannot start and passes the event through', async () => {
    const files = withSpy(hook('bad-env', sh(answer), { env: { 'A=B': '1' } }));
    const { outcome, stdin } = await run(files, 'pre_tool_call', PAYLOAD);
    expect(outcome.hooks[0]).toMatchObject({ matched: true, ran: false, effect: 'error' });
    expect(find(outcome.diagnostics, 'hook.hook_exec_error').message).toMatch(/illegal environment variable name/);
    expect(JSON.parse(stdin.get(1)!)).toMatchObject(PAYLOAD);
  });

  it('treats a NUL byte in HOOK_EVENT (from a hook-set type) as hook_exec_error', async () => {
    const files = {
      'skills/s/hooks.json': hooksJson(hook('nul-type', py('e["type"] = "a\\u0000b"')), hook('victim', sh(answer)), hook('spy', 'cat >&2')),
    };
    const { outcome, stdin } = await run(files, 'pre_tool_call', PAYLOAD);
    expect(outcome.hooks[1]!.effect).toBe('error');
    expect(find(outcome.diagnostics, 'hook.hook_exec_error')).toMatchObject({ hook: 1 });
    expect(JSON.parse(stdin.get(2)!).args).toEqual(PAYLOAD.args);
  });

  it('warns that a background process holding the pipes would keep the real host waiting', async () => {
    const { outcome } = await run(withSpy(hook('daemon', `sleep 20 & printf '%s' ${shellQuote(answer)}`, { timeout_seconds: 2 })), 'pre_tool_call', PAYLOAD);
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, timedOut: false, effect: 'replace' });
    expect(outcome.hooks[0]!.durationMs!).toBeLessThan(2_000);
    expect(find(outcome.diagnostics, 'hook.background-process').message).toMatch(/past 2 s logs hook_timeout/);
  });

  it('calls an answer identical to the event a no-op effect', async () => {
    const { outcome } = await run(withSpy(hook('echo', py('pass'))), 'pre_tool_call', PAYLOAD);
    expect(outcome.hooks[0]!.effect).toBe('none');
    expect(find(outcome.diagnostics, 'rule.chain-unchanged').hook).toBe(0);
  });
});

describe('open-strix: conversation', () => {
  const memory = {
    current_channel_id: 'c1',
    all_messages: [
      { channel_id: 'c1', author: 'alice', content: 'in channel', secret: 'dropped' },
      { channel_id: 'c2', author: 'bob', content: 'elsewhere' },
    ],
  };

  it('adds conversation only for include_conversation hooks and removes it after each hook', async () => {
    const files = {
      'skills/s/hooks.json': hooksJson(
        // Echoes everything back, conversation included: open-strix drops it before the next hook.
        hook('reader', py('e["seen"] = len(e["conversation"]["channel_messages"])'), { include_conversation: true }),
        hook('plain', 'cat >&2'),
        hook('reader-again', 'cat >&2', { include_conversation: true }),
      ),
    };
    const { outcome, stdin } = await run(files, 'pre_tool_call', { ...PAYLOAD, conversation: memory });
    const first = JSON.parse(stdin.get(0)!);
    expect(first.conversation).toEqual({
      all_messages: [
        { channel_id: 'c1', author: 'alice', content: 'in channel' },
        { channel_id: 'c2', author: 'bob', content: 'elsewhere' },
      ],
      channel_messages: [{ channel_id: 'c1', author: 'alice', content: 'in channel' }],
      current_channel_id: 'c1',
    });
    expect(JSON.parse(stdin.get(1)!)).not.toHaveProperty('conversation');
    expect(JSON.parse(stdin.get(1)!).seen).toBe(1);
    expect(JSON.parse(stdin.get(2)!).conversation.current_channel_id).toBe('c1');
    expect(outcome.eventOut).not.toHaveProperty('conversation');
    expect(find(outcome.diagnostics, 'rule.conversation-removed').hook).toBe(0);
    expect(find(outcome.diagnostics, 'divergence.conversation-source').level).toBe('info');
  });

  it('gives empty lists and the event channel when there is no transcript', async () => {
    const files = { 'skills/s/hooks.json': hooksJson(hook('reader', 'cat >&2', { include_conversation: true })) };
    const { stdin, outcome } = await run(files, 'pre_tool_call', PAYLOAD);
    expect(JSON.parse(stdin.get(0)!).conversation).toEqual({ all_messages: [], channel_messages: [], current_channel_id: '123' });
    expect(find(outcome.diagnostics, 'rule.conversation').message).toMatch(/empty/);
  });

  it('prefers logs/chat-history.jsonl (message lines only) over the in-memory transcript', async () => {
    const history = [
      JSON.stringify({ type: 'message', channel_id: '123', author: 'carol', content: 'from the log', extra: 1 }),
      JSON.stringify({ type: 'tool_call', channel_id: '123' }),
      'not json',
      JSON.stringify({ type: 'message', channel_id: '999', author: 'dave', content: 'other channel' }),
    ].join('\n');
    const files = { 'skills/s/hooks.json': hooksJson(hook('reader', 'cat >&2', { include_conversation: true })), 'logs/chat-history.jsonl': history };
    // The in-memory transcript sets no channel here: the event's channel_id (123) is the current one.
    const { stdin } = await run(files, 'pre_tool_call', { ...PAYLOAD, conversation: { all_messages: memory.all_messages } });
    const conversation = JSON.parse(stdin.get(0)!).conversation;
    expect(conversation.all_messages).toEqual([
      { channel_id: '123', author: 'carol', content: 'from the log' },
      { channel_id: '999', author: 'dave', content: 'other channel' },
    ]);
    expect(conversation.channel_messages).toEqual([{ channel_id: '123', author: 'carol', content: 'from the log' }]);
  });
});

describe('open-strix: environment and directory', () => {
  const report = `cat >/dev/null; printf '%s|%s|%s|%s|%s' "$HOOK_EVENT" "$HOOK_NAME" "$STATE_DIR" "$(pwd -P)" "$OTHER" >&2`;

  it('sets STATE_DIR (the skill directory, also the cwd), HOOK_NAME and HOOK_EVENT over the hook\'s own env', async () => {
    const files = {
      'skills/deep/nested/hooks.json': hooksJson(hook('reporter', report, { env: { STATE_DIR: '/nope', HOOK_NAME: 'fake', HOOK_EVENT: 'fake', OTHER: 'kept' } })),
    };
    const { outcome } = await run(files, 'pre_tool_call', PAYLOAD);
    const [event, name, stateDir, cwd, other] = outcome.hooks[0]!.stderr.split('|');
    expect(event).toBe('pre_tool_call');
    expect(name).toBe('reporter');
    expect(stateDir).toMatch(/^\/.*\/skills\/deep\/nested$/);
    expect(cwd).toBe(stateDir);
    expect(other).toBe('kept');
  });

  it('takes HOOK_EVENT from the current event: another type, or empty once a hook dropped it', async () => {
    const files = {
      'skills/s/hooks.json': hooksJson(
        hook('retype', py('e["type"] = "custom"')),
        hook('see-custom', report),
        hook('untype', py('del e["type"]')),
        hook('see-empty', report),
      ),
    };
    const { outcome } = await run(files, 'pre_tool_call', PAYLOAD);
    expect(outcome.hooks.map((h) => h.ran)).toEqual([true, true, true, true]);
    expect(outcome.hooks[1]!.stderr.split('|')[0]).toBe('custom');
    expect(outcome.hooks[3]!.stderr.split('|')[0]).toBe('');
    const notes = outcome.diagnostics.filter((d) => d.code === 'rule.hook-event-env');
    expect(notes.map((d) => d.hook)).toEqual([1, 2, 3]);
    expect(find(outcome.diagnostics, 'rule.chain-replace').message).toMatch(/set type to "custom"/);
  });
});
