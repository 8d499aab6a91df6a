import { describe, expect, it } from 'vitest';
import { bash, CONFIG, codes, errors, find, printJson, run, toml, type Entry } from './helpers.js';

const FLAG = { MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'true' };
const EXPERIMENTAL = '[experimental]\nhook-command-rewrite = true\n\n';
const rewriteTo = (command: string, more: Record<string, unknown> = {}) => printJson({ hookSpecificOutput: { updatedInput: { command }, ...more } });
const rewriters = (event: string, ...commands: string[]) => toml(...commands.map((command): Entry => ({ event, matcher: 'Bash', command })));

const COMMAND_LOGGER = `#!/usr/bin/env node
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const LOG_DIR = join(process.env.HOME ?? '/tmp', '.mirri-code', 'logs');
const LOG_FILE = join(LOG_DIR, 'rewrite-audit.log');

function log(message) {
  try {
    mkdirSync(LOG_DIR, { recursive: true });
    appendFileSync(LOG_FILE, \`\${new Date().toISOString()} \${message}\\n\`);
  } catch {}
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', () => {
  let payload;
  try {
    payload = JSON.parse(input);
  } catch (err) {
    log(\`PARSE_ERROR: \${err instanceof Error ? err.message : err}\`);
    process.exit(1);
  }
  const toolName = payload.tool_name;
  const command = payload.tool_input?.command;
  if (toolName !== 'Bash' || typeof command !== 'string' || command.length === 0) {
    process.exit(0);
  }
  const rewritten = \`my-tool \${command}\`;
  log(\`REWRITE tool=\${toolName} original=\${JSON.stringify(command)} rewritten=\${JSON.stringify(rewritten)}\`);
  process.stdout.write(JSON.stringify({
    hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: rewritten } },
  }));
});
`;

describe('mirri v1 RewriteToolInput: the experimental flag', () => {
  it('does not fire the hooks without the flag, and says how to enable it', async () => {
    const { outcome, stdin } = await run({ config: rewriters('RewriteToolInput', rewriteTo('my-tool ls')), event: 'RewriteToolInput', payload: bash('ls') });
    expect(outcome.hooks).toHaveLength(1);
    expect(outcome.hooks[0]).toMatchObject({ matched: false, ran: false });
    expect(outcome.hooks[0]!.why).toMatch(/hook-command-rewrite is off/);
    expect(stdin.size).toBe(0);
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: null });
    const w = find(outcome.diagnostics, 'match.rewrite-flag-off');
    expect(w.level).toBe('warning');
    expect(w.message).toContain('MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE=true');
    expect(w.message).toContain('[experimental] hook-command-rewrite = true');
  });

  it.each([
    ['false', { MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE: 'false' }, ''],
    ['set to false in config', undefined, '[experimental]\nhook-command-rewrite = false\n\n'],
  ])('stays off when %s', async (_name, env, prefix) => {
    const { outcome } = await run({
      config: prefix + rewriters('RewriteToolInput', rewriteTo('my-tool ls')),
      event: 'RewriteToolInput',
      payload: bash('ls'),
      ...(env ? { host: { env } } : {}),
    });
    expect(outcome.hooks[0]!.ran).toBe(false);
    expect(codes(outcome)).toContain('match.rewrite-flag-off');
  });

  it('fires with MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE=true in host.env', async () => {
    const { outcome } = await run({ config: rewriters('RewriteToolInput', rewriteTo('my-tool ls')), event: 'RewriteToolInput', payload: bash('ls'), host: { env: FLAG } });
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: { command: 'my-tool ls' } });
    expect(outcome.hooks[0]).toMatchObject({ ran: true, effect: 'rewrite' });
    expect(find(outcome.diagnostics, 'match.rewrite-flag-on').message).toMatch(/environment MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE=true/);
    expect(find(outcome.diagnostics, 'rule.rewrite-then-pretooluse').level).toBe('info');
  });

  it('fires with [experimental] hook-command-rewrite = true in config.toml', async () => {
    const { outcome } = await run({ config: EXPERIMENTAL + rewriters('RewriteToolInput', rewriteTo('my-tool ls')), event: 'RewriteToolInput', payload: bash('ls') });
    expect(errors(outcome)).toEqual([]);
    expect(outcome.updatedInput).toEqual({ command: 'my-tool ls' });
    expect(find(outcome.diagnostics, 'match.rewrite-flag-on').message).toMatch(/\[experimental\]/);
  });

  it('runs the documented command-logger: rewrites and writes the audit log in the simulated HOME', async () => {
    const config = toml(
      { event: 'RewriteToolInput', matcher: 'Bash', command: 'node ~/.mirri-code/hooks/command-logger.mjs', timeout: 5 },
      // Reads the log once the logger wrote it (hooks run in parallel), to show it on stderr.
      { event: 'RewriteToolInput', matcher: 'Bash', command: 'for i in $(seq 50); do [ -s ~/.mirri-code/logs/rewrite-audit.log ] && break; sleep 0.1; done; cat ~/.mirri-code/logs/rewrite-audit.log >&2' },
    );
    const { outcome } = await run({
      config,
      files: { '~/.mirri-code/hooks/command-logger.mjs': COMMAND_LOGGER },
      event: 'RewriteToolInput',
      payload: bash('ls -la'),
      host: { env: FLAG },
    });
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: { command: 'my-tool ls -la' } });
    expect(outcome.hooks[0]).toMatchObject({ exitCode: 0, effect: 'rewrite' });
    expect(outcome.hooks[1]!.stderr).toMatch(/REWRITE tool=Bash original="ls -la" rewritten="my-tool ls -la"/);
    // permissionDecision "allow" is a no-op, and says so.
    expect(find(outcome.diagnostics, 'hook.note', 0).message).toMatch(/"allow" is a no-op/);
  });

  it('the command-logger leaves non-Bash tools alone', async () => {
    const { outcome } = await run({
      config: toml({ event: 'RewriteToolInput', matcher: '.*', command: 'node ~/.mirri-code/hooks/command-logger.mjs' }),
      files: { '~/.mirri-code/hooks/command-logger.mjs': COMMAND_LOGGER },
      event: 'RewriteToolInput',
      payload: { tool_name: 'Read', tool_input: { path: 'src/main.ts' }, tool_call_id: 'call_002' },
      host: { env: FLAG },
    });
    expect(outcome.hooks[0]).toMatchObject({ ran: true, exitCode: 0, stdout: '' });
    expect(outcome.updatedInput).toBeNull();
  });
});

describe('mirri v1 RewriteToolInput: combining', () => {
  const rewrite = (...commands: string[]) => run({ config: rewriters('RewriteToolInput', ...commands), event: 'RewriteToolInput', payload: bash('ls -la'), host: { env: FLAG } });

  it('the first updatedInput in config order wins, even when it finishes last', async () => {
    const { outcome } = await rewrite(`sleep 0.4; ${rewriteTo('slow first')}`, rewriteTo('fast second'));
    const [slow, fast] = outcome.hooks;
    expect(fast!.startMs! + fast!.durationMs!).toBeLessThan(slow!.startMs! + slow!.durationMs!);
    expect(outcome.updatedInput).toEqual({ command: 'slow first' });
    expect(outcome.hooks.map((h) => h.ran)).toEqual([true, true]);
    const d = find(outcome.diagnostics, 'rule.first-rewrite-wins', 0);
    expect(d.message).toMatch(/later rewrites \(hook #2\) are hidden/);
  });

  it('skips hooks without updatedInput', async () => {
    const { outcome } = await rewrite('true', "echo '{}'", 'echo not json', rewriteTo('fourth'));
    expect(outcome.updatedInput).toEqual({ command: 'fourth' });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['none', 'none', 'none', 'rewrite']);
  });

  it('updatedInput: null keeps the original arguments but still hides later rewrites', async () => {
    const { outcome } = await rewrite(printJson({ hookSpecificOutput: { updatedInput: null } }), rewriteTo('hidden'));
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: null });
    expect(find(outcome.diagnostics, 'rule.first-rewrite-wins', 0).message).toMatch(/it is null: the original arguments are kept.*hidden/);
    // Regression: the null answer was labelled a rewrite although it rewrites nothing.
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['none', 'rewrite']);
  });

  it('an updatedInput that is not an object fails validation: the original arguments are kept', async () => {
    const { outcome } = await rewrite(printJson({ hookSpecificOutput: { updatedInput: 'rm -rf /' } }), rewriteTo('hidden'));
    expect(outcome.updatedInput).toBeNull();
    expect(find(outcome.diagnostics, 'rule.rewrite-invalid', 0).level).toBe('warning');
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['none', 'rewrite']);
  });

  it('ignores block answers: RewriteToolInput cannot block', async () => {
    const { outcome } = await rewrite('echo nope >&2; exit 2', printJson({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no' } }), rewriteTo('third'));
    expect(outcome).toMatchObject({ verdict: 'proceed', reason: null, updatedInput: { command: 'third' } });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['none', 'none', 'rewrite']);
    expect(outcome.diagnostics.filter((d) => d.code === 'rule.rewrite-cannot-block').map((d) => d.hook)).toEqual([0, 1]);
  });

  it('a deny carrying updatedInput rewrites nothing', async () => {
    const { outcome } = await rewrite(printJson({ hookSpecificOutput: { permissionDecision: 'deny', updatedInput: { command: 'x' } } }), rewriteTo('second'));
    expect(outcome.updatedInput).toEqual({ command: 'second' });
  });

  it.each([
    ['exit 1', `${rewriteTo('from a failing hook')}; exit 1`, {}],
    ['a timeout', `${rewriteTo('too late')}; sleep 5`, { timeout: 1 }],
  ])('%s keeps the original arguments (fail-open)', async (_name, command, extra) => {
    const { outcome } = await run({ config: toml({ event: 'RewriteToolInput', command, ...extra }), event: 'RewriteToolInput', payload: bash('ls'), host: { env: FLAG } });
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: null });
    expect(outcome.hooks[0]!.effect).toBe('error');
  });
});

describe('mirri v1 PreToolUse', () => {
  it('ignores updatedInput on engine v1, even with the flag', async () => {
    const { outcome } = await run({ config: rewriters('PreToolUse', rewriteTo('my-tool ls')), event: 'PreToolUse', payload: bash('ls'), host: { env: FLAG } });
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: null });
    expect(find(outcome.diagnostics, 'rule.rewrite-ignored', 0).message).toMatch(/on engine v1 only RewriteToolInput hooks can rewrite/);
  });
});

describe('mirri engine v2', () => {
  it('ignores RewriteToolInput entries with a warning on their line', async () => {
    const config = toml({ event: 'RewriteToolInput', matcher: 'Bash', command: rewriteTo('x') }, { event: 'PreToolUse', command: 'true' });
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls'), host: { engine: 'v2', env: FLAG } });
    const w = find(outcome.diagnostics, 'config.unknown-event');
    expect(w).toMatchObject({ level: 'warning', file: CONFIG, line: 2 });
    expect(w.message).toMatch(/RewriteToolInput does not exist on engine v2/);
    expect(outcome.hooks.map((h) => h.command)).toEqual(['true']);
  });

  it('gives an error when the RewriteToolInput event itself is fired', async () => {
    const { outcome, stdin } = await run({ config: rewriters('RewriteToolInput', rewriteTo('x')), event: 'RewriteToolInput', payload: bash('ls'), host: { engine: 'v2', env: FLAG } });
    expect(find(outcome.diagnostics, 'match.event-not-on-engine').level).toBe('error');
    expect(stdin.size).toBe(0);
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: null, hooks: [] });
  });

  it('keeps entries with failClosed (as documented), with the divergence note on the field', async () => {
    const config = toml({ event: 'PreToolUse', command: 'echo down >&2; exit 1', failClosed: true });
    const { outcome } = await run({ config, event: 'PreToolUse', payload: bash('ls'), host: { engine: 'v2' } });
    const d = find(outcome.diagnostics, 'divergence.v2-failclosed');
    expect(d).toMatchObject({ level: 'info', file: CONFIG, line: 4 });
    expect(d.message).toMatch(/real v2 engine drops entries that carry failClosed/);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'down' });
  });

  it('has no failClosed note on v1', async () => {
    const { outcome } = await run({ config: toml({ event: 'PreToolUse', command: 'true', failClosed: true }), event: 'PreToolUse', payload: bash('ls') });
    expect(codes(outcome)).not.toContain('divergence.v2-failclosed');
  });

  it('ignores PreToolUse updatedInput without the flag, saying which flag', async () => {
    const { outcome } = await run({ config: rewriters('PreToolUse', rewriteTo('my-tool ls')), event: 'PreToolUse', payload: bash('ls'), host: { engine: 'v2' } });
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: null });
    expect(outcome.hooks[0]!.effect).toBe('none');
    expect(find(outcome.diagnostics, 'rule.rewrite-ignored', 0).message).toMatch(/hook-command-rewrite/);
  });

  it.each([
    ['host.env', { engine: 'v2' as const, env: FLAG }, ''],
    ['[experimental] in config.toml', { engine: 'v2' as const }, EXPERIMENTAL],
  ])('honours PreToolUse updatedInput with the flag from %s', async (_name, host, prefix) => {
    const { outcome } = await run({ config: prefix + rewriters('PreToolUse', rewriteTo('my-tool ls')), event: 'PreToolUse', payload: bash('ls'), host });
    expect(outcome).toMatchObject({ verdict: 'proceed', updatedInput: { command: 'my-tool ls' } });
    expect(outcome.hooks[0]!.effect).toBe('rewrite');
    expect(codes(outcome)).not.toContain('rule.rewrite-then-pretooluse');
  });

  it('PreToolUse: the first updatedInput in config order wins; a block beats any rewrite', async () => {
    const host = { engine: 'v2' as const, env: FLAG };
    const first = await run({ config: rewriters('PreToolUse', `sleep 0.3; ${rewriteTo('first')}`, rewriteTo('second')), event: 'PreToolUse', payload: bash('ls'), host });
    expect(first.outcome.updatedInput).toEqual({ command: 'first' });
    const blocked = await run({ config: rewriters('PreToolUse', rewriteTo('first'), 'echo no >&2; exit 2'), event: 'PreToolUse', payload: bash('ls'), host });
    expect(blocked.outcome).toMatchObject({ verdict: 'block', reason: 'no', updatedInput: null });
  });
});
