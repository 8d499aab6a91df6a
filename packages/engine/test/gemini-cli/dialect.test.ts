import { dialectCatalog, getDialect, parseScenario, runScenario, validateScenario, type Outcome } from '@hookplay/engine';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROJECT = '.gemini/settings.json';
const USER = '~/.gemini/settings.json';
const SHELL = { tool_name: 'run_shell_command', tool_input: { command: 'ls', description: 'list' } };
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
const say = (value: unknown) => `echo '${JSON.stringify(value)}'`;
const settings = (hooks: Record<string, unknown[]>, extra: Record<string, unknown> = {}) => `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;

function run(event: string, files: Record<string, string>, payload: Record<string, unknown> = event === 'BeforeTool' ? SHELL : {}, host: Record<string, unknown> = {}): Promise<Outcome> {
  return runScenario(parseScenario({ hookplay: 1, dialect: 'gemini-cli', host, files, event, payload }));
}
const before = (hooks: unknown[], matcher?: string) => run('BeforeTool', { [PROJECT]: settings({ BeforeTool: [{ ...(matcher !== undefined ? { matcher } : {}), hooks }] }) });

const PAYLOADS = join(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/hosts/gemini-cli/payloads');

describe('gemini-cli: in the registry', () => {
  it('is in the catalog with its files, events, version and verification', () => {
    const info = dialectCatalog().find((d) => d.id === 'gemini-cli')!;
    expect(info).toMatchObject({ label: 'Gemini CLI', shell: 'bash -c', hostSettings: ['version', 'env', 'trusted'] });
    expect(info.configFiles.map((f) => f.path)).toEqual([PROJECT, USER]);
    expect(info.events.map((e) => e.name)).toEqual(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel', 'BeforeToolSelection', 'SessionStart', 'SessionEnd', 'PreCompress', 'Notification']);
    expect(info.versions).toEqual({ supported: ['0.61.0'], default: '0.61.0' });
    expect(info.verifiedAgainst).toMatchObject({ host: 'Gemini CLI', version: '0.61.0' });
  });

  it.skipIf(!existsSync(PAYLOADS))('event samples carry the fields the real CLI sent, minus the base fields', () => {
    const base = new Set(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp']);
    const events = getDialect('gemini-cli').events;
    for (const f of readdirSync(PAYLOADS).filter((x) => /^\d\d-/.test(x))) {
      const real = JSON.parse(readFileSync(join(PAYLOADS, f), 'utf8')) as Record<string, unknown>;
      const spec = events.find((e) => e.name === real.hook_event_name)!;
      expect(Object.keys(spec.sample).sort(), f).toEqual(Object.keys(real).filter((k) => !base.has(k)).sort());
    }
  });

  it('its starter denies rm -rf and lets ls through', async () => {
    const { starter } = getDialect('gemini-cli');
    const go = (command: string) => runScenario(parseScenario({ hookplay: 1, dialect: 'gemini-cli', files: starter.files, event: starter.event, payload: { tool_name: 'run_shell_command', tool_input: { command } } }));
    expect(await go('rm -rf /')).toMatchObject({ verdict: 'block', reason: 'rm -rf is not allowed here', shown: { model: 'Tool execution blocked: rm -rf is not allowed here' } });
    expect((await go('ls')).verdict).toBe('proceed');
  });

  it('an unknown event name suggests the nearest real one, in settings and in the scenario', () => {
    const diags = validateScenario(parseScenario({ hookplay: 1, dialect: 'gemini-cli', files: { [PROJECT]: settings({ BeforeToolUse: [{ hooks: [cmd('true')] }] }) }, event: 'BeforeTool', payload: SHELL }));
    const d = diags.find((x) => x.code === 'config.unknown-event')!;
    expect(d.message).toContain('did you mean "BeforeTool"?');
    expect(d).toMatchObject({ file: PROJECT, line: 3 });
    const wrong = validateScenario(parseScenario({ hookplay: 1, dialect: 'gemini-cli', files: {}, event: 'PreToolUse', payload: {} }));
    expect(wrong[0]!.code).toBe('scenario.unknown-event');
  });
});

describe('gemini-cli: settings files', () => {
  it('invalid JSON is fatal: nothing runs, and the error has file, line and column', async () => {
    const out = await run('BeforeTool', { [USER]: settings({ BeforeTool: [{ hooks: [cmd(say({ decision: 'deny' }))] }] }), [PROJECT]: '{\n  "hooks": { "BeforeTool": [ ], }\n}\n' }, SHELL);
    expect(out.hooks.every((h) => !h.ran)).toBe(true);
    expect(out.verdict).toBe('proceed');
    expect(out.diagnostics.find((d) => d.code === 'config.invalid-json')).toMatchObject({ level: 'error', file: PROJECT, line: 2, evidence: { kind: 'recorded' } });
  });

  it('comments are allowed; user and project hooks add up, user first', async () => {
    const out = await run('BeforeTool', { [USER]: settings({ BeforeTool: [{ hooks: [cmd(say({ decision: 'deny', reason: 'u' }))] }] }), [PROJECT]: `// c\n${settings({ BeforeTool: [{ hooks: [cmd(say({ decision: 'deny', reason: 'p' }))] }] })}` });
    expect(out.hooks.map((h) => h.source)).toEqual([USER, PROJECT]);
    expect(out.reason).toBe('u\np');
  });

  it('drops invalid hooks and groups with a positioned warning, keeps the valid ones', async () => {
    const out = await run('BeforeTool', { [PROJECT]: settings({ BeforeTool: [{ matcher: 'x' }, { hooks: [{ type: 'command' }, { type: 'prompt', command: 'x' }, cmd(say({ systemMessage: 'ok' }))] }] }) });
    expect(out.hooks).toHaveLength(1);
    const drops = out.diagnostics.filter((d) => d.code === 'config.invalid-hook');
    expect(drops).toHaveLength(3);
    for (const d of drops) expect(d.line).toBeGreaterThan(1);
  });

  it('hooksConfig.enabled false and hooksConfig.disabled', async () => {
    const off = await run('BeforeTool', { [USER]: settings({ BeforeTool: [{ hooks: [cmd(say({ decision: 'deny' }))] }] }), [PROJECT]: '{"hooksConfig": {"enabled": false}}' });
    expect(off.hooks[0]).toMatchObject({ ran: false });
    expect(off.verdict).toBe('proceed');
    const named = await run('BeforeTool', { [PROJECT]: settings({ BeforeTool: [{ hooks: [cmd(say({ decision: 'deny' }), { name: 'blocker' }), cmd('true')] }] }, { hooksConfig: { disabled: ['blocker'] } }) });
    expect(named.hooks.map((h) => h.ran)).toEqual([false, true]);
  });

  it('an untrusted folder runs no settings hook at all and says so', async () => {
    const out = await run('BeforeTool', { [USER]: settings({ BeforeTool: [{ hooks: [cmd(say({ decision: 'deny' }))] }] }) }, SHELL, { trusted: false });
    expect(out.hooks[0]).toMatchObject({ ran: false });
    expect(out.diagnostics.some((d) => d.code === 'config.untrusted-folder')).toBe(true);
  });

  it('timeouts are milliseconds; a small number gets a units warning', () => {
    const diags = validateScenario(parseScenario({ hookplay: 1, dialect: 'gemini-cli', files: { [PROJECT]: settings({ BeforeTool: [{ hooks: [cmd('true', { timeout: 10 })] }] }) }, event: 'BeforeTool', payload: SHELL }));
    expect(diags.find((d) => d.code === 'config.timeout-units')!.message).toContain('10 ms');
  });
});

describe('gemini-cli: matchers', () => {
  const deny = cmd(say({ decision: 'deny', reason: 'm' }));
  it.each([
    ['run_shell_command', true],
    ['shell', true],
    ['^shell', false],
    ['Run_Shell_Command', false],
    ['write_file|run_shell_command', true],
    ['*', true],
    ['', true],
    ['  run_shell_command  ', true],
    ['run_shell_command(', false],
  ])('%j on run_shell_command: %s', async (matcher, matches) => {
    const out = await before([deny], matcher);
    expect(out.hooks[0]!.ran).toBe(matches);
  });

  it('SessionStart compares the source exactly, BeforeAgent ignores its matcher', async () => {
    const s = await run('SessionStart', { [PROJECT]: settings({ SessionStart: [{ matcher: 'startup', hooks: [cmd('true')] }, { matcher: 'start.*', hooks: [cmd('true')] }] }) }, { source: 'startup' });
    expect(s.hooks.map((h) => h.ran)).toEqual([true, false]);
    const a = await run('BeforeAgent', { [PROJECT]: settings({ BeforeAgent: [{ matcher: 'nothing', hooks: [cmd('true')] }] }) }, { prompt: 'hi' });
    expect(a.hooks[0]!.ran).toBe(true);
  });

  it('a non-string matcher on a tool event breaks the whole event', async () => {
    const out = await run('BeforeTool', { [PROJECT]: settings({ BeforeTool: [{ matcher: 5, hooks: [cmd('true')] }, { hooks: [cmd(say({ decision: 'deny' }))] }] }) });
    expect(out.hooks.map((h) => h.ran)).toEqual([false, false]);
    expect(out.diagnostics.some((d) => d.code === 'match.breaks-event')).toBe(true);
  });
});

describe('gemini-cli: reading one hook', () => {
  it.each([
    ['exit 2 with stderr denies with it', 'echo nope >&2; exit 2', 'block', 'nope'],
    ['exit 2 reads stdout first', 'echo out; echo err >&2; exit 2', 'block', 'out'],
    ['exit 2 with no output does not block', 'exit 2', 'proceed', null],
    ['exit 3 plain text denies', 'echo three; exit 3', 'block', 'three'],
    ['exit 1 plain text allows', 'echo careful >&2; exit 1', 'proceed', null],
    ['JSON on stderr is parsed', `${say({ decision: 'deny', reason: 'e' })} >&2`, 'block', 'e'],
    ['a JSON string is parsed twice', `echo '"{\\"decision\\":\\"deny\\",\\"reason\\":\\"d\\"}"'`, 'block', 'd'],
    ['a JSON scalar says nothing', 'echo 42', 'proceed', null],
    ['a deny without reason', say({ decision: 'deny' }), 'block', 'No reason provided'],
  ])('%s', async (_, command, verdict, reason) => {
    const out = await before([cmd(command)]);
    expect(out.verdict).toBe(verdict);
    expect(out.reason).toBe(reason);
  });

  it('exit 1 plain text is a "Warning:" systemMessage and a failed hook, for the user', async () => {
    const out = await before([cmd('echo careful >&2; exit 1')]);
    const lines = out.shown!.user!.split('\n');
    expect(lines[0]).toBe('Hook system message: Warning: careful');
    expect(lines[1]).toMatch(/^Hook execution for BeforeTool: 0 succeeded, 1 failed \(echo careful >&2; exit 1\), total duration: \d+ms$/);
    expect(lines.slice(2)).toEqual([
      'Hook(s) [echo careful >&2; exit 1] failed for event BeforeTool. Press F12 to see the debug drawer for more details.',
      '[WARNING] Hook(s) [echo careful >&2; exit 1] failed for event BeforeTool. Press F12 to see the debug drawer for more details.',
    ]);
  });

  it('a timed-out hook is killed at its millisecond deadline and counts as no answer', async () => {
    const out = await before([cmd(`sleep 3; ${say({ decision: 'deny' })}`, { timeout: 300 })]);
    expect(out.hooks[0]).toMatchObject({ timedOut: true, effect: 'error' });
    expect(out.hooks[0]!.durationMs!).toBeLessThan(2500);
    expect(out.verdict).toBe('proceed');
  });
});

describe('gemini-cli: combining answers', () => {
  it('any deny wins; all reasons and systemMessages are joined in config order', async () => {
    const out = await before([cmd(say({ decision: 'allow', reason: 'a', systemMessage: 's1' })), cmd(say({ decision: 'deny', reason: 'b', systemMessage: 's2' }))]);
    expect(out).toMatchObject({ verdict: 'block', reason: 'a\nb', shown: { model: 'Tool execution blocked: a\nb' } });
    expect(out.shown!.user).toBe('Hook system message: s1\ns2\nError executing tool run_shell_command: Tool execution blocked: a\nb');
  });

  it('tool_input: the last in config order replaces the arguments whole', async () => {
    const out = await before([cmd(say({ hookSpecificOutput: { tool_input: { command: 'one' } } })), cmd(say({ hookSpecificOutput: { tool_input: { command: 'two' } } }))]);
    expect(out.updatedInput).toEqual({ command: 'two' });
  });

  it('sequential hooks run one by one and see the previous tool_input', async () => {
    const files = { [PROJECT]: settings({ BeforeTool: [{ sequential: true, hooks: [cmd(say({ hookSpecificOutput: { tool_input: { command: 'chained' } } })), cmd(`grep -q '"command":"chained"' && ${say({ decision: 'deny', reason: 'saw-it' })}`)] }] }) };
    const out = await run('BeforeTool', files);
    expect(out.reason).toBe('saw-it');
    expect(out.hooks[1]!.startMs!).toBeGreaterThanOrEqual(out.hooks[0]!.startMs! + out.hooks[0]!.durationMs! - 1);
  });

  it('same name and command run once; continue: false stops with stopReason first', async () => {
    const out = await before([cmd(say({ continue: false, stopReason: 'sr', reason: 'r' })), cmd(say({ continue: false, stopReason: 'sr', reason: 'r' }))]);
    expect(out.hooks.map((h) => h.ran)).toEqual([true, false]);
    expect(out).toMatchObject({ halt: true, reason: 'sr', shown: { model: 'Agent execution stopped by hook: sr' } });
  });

  it('AfterTool context is escaped and appended; SessionStart ignores a deny', async () => {
    const after = await run('AfterTool', { [PROJECT]: settings({ AfterTool: [{ hooks: [cmd(say({ hookSpecificOutput: { additionalContext: 'a <b>' } }))] }] }) }, { ...SHELL, tool_response: { llmContent: 'x', returnDisplay: 'x' } });
    expect(after.shown?.model).toBe('\n\n<hook_context>a &lt;b&gt;</hook_context>');
    const start = await run('SessionStart', { [PROJECT]: settings({ SessionStart: [{ hooks: [cmd(say({ decision: 'deny', continue: false }))] }] }) }, { source: 'startup' });
    expect(start).toMatchObject({ verdict: 'proceed', halt: false });
  });
});

describe('gemini-cli: rule of truth', () => {
  it('every "recorded" evidence names a case the oracle or the session sweep recorded', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '../../src/dialects/gemini-cli');
    const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../../../oracle/hosts/gemini-cli/fixtures/0.61.0');
    // The session sweep's recordings (oracle/sessions/gemini-cli.mjs), which the lifecycle cites beside the oracle's cases.
    const swept = join(dirname(fileURLToPath(import.meta.url)), '../../../../oracle/recorded/gemini-cli/0.61.0');
    const recordedIds = new Set([...readdirSync(fixtures), ...readdirSync(swept)].map((f) => f.replace(/\.json$/, '')));
    const cited = new Set<string>();
    for (const f of readdirSync(src).filter((x) => x.endsWith('.ts'))) {
      for (const call of readFileSync(join(src, f), 'utf8').matchAll(/recorded\(([^)]*)\)/g)) for (const id of call[1]!.matchAll(/'([a-z0-9-]+)'/g)) cited.add(id[1]!);
    }
    expect(cited.size).toBeGreaterThan(20);
    for (const id of cited) expect(recordedIds, id).toContain(id);
  });
});
