/**
 * Claude Code's permission rules and modes (dialects/claude-code/permissions.ts) and local plugins (plugins.ts), on
 * their own. Each expectation is what the real CLI did in the recording named beside it (oracle/fixtures/2.1.332);
 * the replay test plays the same cases as whole sessions.
 */
import { parseScenario, runScenario } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
import { checkPermission, PERMISSION_MODES, readPermissions, settlePrompt, subcommands } from '../../src/dialects/claude-code/permissions.js';
import { HostSettings } from '../../src/scenario.js';
import { cmd, LOCAL, PROJECT, settings, USER } from './helpers.js';

const json = (o: unknown) => `${JSON.stringify(o, null, 2)}\n`;
const NODE = { toolName: 'Bash', input: { command: 'node -p 40+2' } };
const decide = (files: Record<string, string>, hook: 'allow' | 'ask' | null = null, host: { permissionMode?: string; allowedTools?: string | null } = { allowedTools: null }, call = NODE) =>
  checkPermission(readPermissions(files, host), call, hook);
const codes = (r: { diagnostics: { code: string }[] }) => r.diagnostics.map((d) => d.code);

describe('claude-code permission rules', () => {
  it('asks for a command no rule allows (perm-no-rule-asks), and runs a read-only one (mode-manual-read-only)', () => {
    expect(decide({}).outcome).toBe('ask');
    expect(decide({}, null, { allowedTools: null }, { toolName: 'Bash', input: { command: 'echo original' } })).toMatchObject({ outcome: 'run', decision: { source: 'config', reason_type: 'subcommandResults' } });
  });

  it('reads allow rules from user and local settings, and drops project ones in an untrusted workspace (perm-allow-user, perm-allow-local, perm-allow-project)', () => {
    const rule = json({ permissions: { allow: ['Bash(node:*)'] } });
    expect(decide({ [USER]: rule }).outcome).toBe('run');
    expect(decide({ [LOCAL]: rule }).outcome).toBe('run');
    const project = readPermissions({ [PROJECT]: rule }, { allowedTools: null });
    expect(project.rules).toEqual([]);
    expect(project.diagnostics[0]).toMatchObject({ code: 'permission.project-allow-untrusted', file: PROJECT, line: 4 });
  });

  it('tells a whole-command rule (user_permanent, rule) from a prefix rule (config, subcommandResults) (perm-allow-local-exact, perm-allow-local-space-star)', () => {
    expect(decide({ [LOCAL]: json({ permissions: { allow: ['Bash(node -p 40+2)'] } }) })).toMatchObject({ outcome: 'run', decision: { source: 'user_permanent', reason_type: 'rule' } });
    expect(decide({ [LOCAL]: json({ permissions: { allow: ['Bash(node *)'] } }) })).toMatchObject({ outcome: 'run', decision: { source: 'config', reason_type: 'subcommandResults' } });
    expect(decide({ [LOCAL]: json({ permissions: { allow: ['Bash(node -p 1)'] } }) }).outcome).toBe('ask');
  });

  it('lets deny beat allow across files, and a hook allow (perm-deny-user-allow-project, combo-hook-allow-deny-rule)', () => {
    const files = { [USER]: json({ permissions: { allow: ['Bash(node:*)'] } }), [LOCAL]: json({ permissions: { deny: ['Bash(node:*)'] } }) };
    const r = decide(files, 'allow');
    expect(r).toMatchObject({ outcome: 'deny', result: 'Permission to use Bash with command node -p 40+2 has been denied.' });
    expect(codes(r)).toEqual(['permission.deny-rule']);
  });

  it('checks a compound command part by part (perm-compound-one-allowed, perm-compound-one-denied)', () => {
    expect(subcommands('node -p 40+2 && echo done')).toEqual(['node -p 40+2', 'echo done']);
    const allow = { [LOCAL]: json({ permissions: { allow: ['Bash(node:*)'] } }) };
    expect(decide(allow, null, { allowedTools: null }, { toolName: 'Bash', input: { command: 'node -p 40+2 && echo done' } }).outcome).toBe('run');
    const deny = { [LOCAL]: json({ permissions: { deny: ['Bash(node:*)'] } }) };
    expect(decide(deny, null, { allowedTools: null }, { toolName: 'Bash', input: { command: 'echo first; node -p 40+2' } })).toMatchObject({ outcome: 'deny', result: 'Permission to use Bash with command echo first; node -p 40+2 has been denied.' });
  });

  it('asks when an ask rule matches, even after a hook allow (combo-hook-allow-ask-rule) and in bypassPermissions (mode-bypass-ask-rule)', () => {
    const ask = { [PROJECT]: json({ permissions: { ask: ['Bash(node:*)'] } }) };
    expect(codes(decide(ask, 'allow'))).toEqual(['permission.ask-rule']);
    expect(decide(ask, null, { permissionMode: 'bypassPermissions', allowedTools: null }).outcome).toBe('ask');
    // dontAsk turns the ask rule into a denial (mode-dontask-ask-rule)
    expect(decide(ask, null, { permissionMode: 'dontAsk', allowedTools: null })).toMatchObject({ outcome: 'deny', decision: { reason_type: 'mode' } });
  });
});

describe('claude-code permission rules of 2.1.47 and 2.1.143 (oracle/fixtures/<version>)', () => {
  const allowProject = json({ permissions: { allow: ['Bash(node:*)'] } });
  const older = (files: Record<string, string>, hook: 'allow' | 'ask' | null, quirks: Parameters<typeof checkPermission>[5], host: { permissionMode?: string } = {}) =>
    checkPermission(readPermissions(files, { allowedTools: null, projectTrusted: true, ...host }), NODE, hook, undefined, 'v2', quirks);

  it('keeps project allow rules and a project bypassPermissions, but drops the file with an invalid defaultMode (perm-allow-project, mode-default-mode-project-bypass, mode-default-mode-invalid)', () => {
    expect(older({ [PROJECT]: allowProject }, null, {}).outcome).toBe('run');
    expect(older({ [PROJECT]: json({ permissions: { defaultMode: 'bypassPermissions' } }) }, null, {})).toMatchObject({ outcome: 'run', decision: { reason_type: 'mode' } });
    expect(older({ [PROJECT]: json({ permissions: { allow: ['Bash(node:*)'], defaultMode: 'yolo' } }) }, null, {}).outcome).toBe('ask');
  });

  it('asks in plan mode, where a hook allow runs the call (mode-plan, mode-plan-hook-allow)', () => {
    expect(older({}, null, { planAsks: true }, { permissionMode: 'plan' }).outcome).toBe('ask');
    expect(older({}, 'allow', { planAsks: true }, { permissionMode: 'plan' }).outcome).toBe('run');
  });

  it('2.1.47: a hook allow beats deny and ask rules (combo-hook-allow-deny-rule, combo-hook-allow-ask-rule)', () => {
    expect(older({ [LOCAL]: json({ permissions: { deny: ['Bash(node:*)'] } }) }, 'allow', { hookAllowFirst: true })).toMatchObject({ outcome: 'run', decision: { source: 'hook' } });
    expect(older({ [LOCAL]: json({ permissions: { ask: ['Bash(node:*)'] } }) }, 'allow', { hookAllowFirst: true }).outcome).toBe('run');
    expect(older({ [LOCAL]: json({ permissions: { deny: ['Bash(node:*)'] } }) }, 'allow', {}).outcome).toBe('deny');
  });

  it('2.1.143: auto mode denies in its own words (mode-auto)', () => {
    expect(older({}, null, { autoDenied: (tool) => `denied ${tool}` }, { permissionMode: 'auto' })).toMatchObject({ outcome: 'deny', result: 'denied Bash' });
  });
});

describe('claude-code permission modes', () => {
  it('host.permissionMode accepts exactly the modes the dialect knows', () => {
    expect(HostSettings.shape.permissionMode.unwrap().options).toEqual([...PERMISSION_MODES]);
    expect(HostSettings.safeParse({ permissionMode: 'yolo' }).success).toBe(false);
  });

  it('a hook ask asks whatever the mode (combo-hook-ask-bypass, combo-hook-ask-dontask); a hook allow runs in dontAsk but not in plan (combo-hook-allow-dontask, mode-plan-hook-allow)', () => {
    expect(decide({}, 'ask', { permissionMode: 'bypassPermissions', allowedTools: null }).outcome).toBe('ask');
    expect(decide({}, 'ask', { permissionMode: 'dontAsk', allowedTools: null }).outcome).toBe('ask');
    expect(decide({}, 'allow', { permissionMode: 'dontAsk', allowedTools: null })).toMatchObject({ outcome: 'run', decision: { source: 'hook' } });
    expect(decide({}, 'allow', { permissionMode: 'plan', allowedTools: null })).toMatchObject({ outcome: 'deny', decision: { reason_type: 'classifier' } });
  });

  it('takes defaultMode by precedence, bypassPermissions only from user settings, and the flag over both (mode-default-mode-*, mode-flag-over-default-mode)', () => {
    const mode = (m: string) => json({ permissions: { defaultMode: m } });
    expect(readPermissions({ [PROJECT]: mode('dontAsk'), [LOCAL]: mode('acceptEdits') }, {}).mode).toBe('acceptEdits');
    expect(readPermissions({ [USER]: mode('bypassPermissions') }, {}).mode).toBe('bypassPermissions');
    const local = readPermissions({ [LOCAL]: mode('bypassPermissions') }, {});
    expect([local.mode, codes(local)]).toEqual(['default', ['permission.mode-not-from-repo']]);
    const flag = readPermissions({ [PROJECT]: mode('dontAsk') }, { permissionMode: 'bypassPermissions' });
    expect([flag.mode, flag.modeFrom]).toEqual(['bypassPermissions', '--permission-mode']);
    expect(codes(readPermissions({ [PROJECT]: mode('yolo') }, {}))).toEqual(['permission.mode-invalid']);
    expect(readPermissions({}, { permissionMode: 'manual' }).mode).toBe('default');
  });

  it('acceptEdits runs a file change in the project, not another command (mode-acceptedits-touch, mode-acceptedits-command)', () => {
    const host = { permissionMode: 'acceptEdits', allowedTools: null };
    expect(decide({}, null, host, { toolName: 'Bash', input: { command: 'touch made.txt' } }).outcome).toBe('run');
    expect(decide({}, null, host).outcome).toBe('ask');
  });
});

describe('claude-code permission prompts', () => {
  it('the first answer wins: a user at once beats a slow hook, a slow user loses to a hook, and close answers race', () => {
    const no = { behavior: 'deny' as const, message: 'no' };
    expect(settlePrompt('allow', no, 0, 2000)).toMatchObject({ winner: 'user', run: false, decision: { source: 'user_reject' } });
    expect(settlePrompt('allow', no, 3000, 10)).toMatchObject({ winner: 'hook', run: true, decision: { source: 'hook' } });
    expect(codes(settlePrompt('allow', no, 0, 15))).toContain('permission.prompt-race');
    expect(settlePrompt(null, { behavior: 'allow' }, 3000, 10)).toMatchObject({ winner: 'user', run: true, decision: { source: 'user_temporary' } });
  });
});

describe('claude-code plugins', () => {
  const plugin = (hooks: unknown) => ({ 'plugins/fmt/.claude-plugin/plugin.json': json({ name: 'fmt' }), 'plugins/fmt/hooks/hooks.json': json({ hooks }) });
  const context = (text: string) => `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"${text}"}}'`;
  const bash = { tool_name: 'Bash', tool_input: { command: 'echo original' }, tool_use_id: 'toolu_1' };

  it('runs a plugin hook with CLAUDE_PLUGIN_ROOT set to its directory (plugin-root-var)', async () => {
    const files = plugin({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(`sh "\${CLAUDE_PLUGIN_ROOT}/root.sh"`)] }] });
    files['plugins/fmt/root.sh'] = `printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"root=%s"}}' "$(basename "$CLAUDE_PLUGIN_ROOT")"\n`;
    const outcome = await runScenario(parseScenario({ hookplay: 1, dialect: 'claude-code', host: { plugins: ['plugins/fmt'] }, files, event: 'PreToolUse', payload: bash }));
    expect(outcome.context).toEqual(['PreToolUse:Bash hook additional context: root=fmt']);
    expect(outcome.hooks[0]).toMatchObject({ source: 'plugins/fmt/hooks/hooks.json', ran: true });
  });

  it('runs the same command in settings and in a plugin twice, but once within one plugin (plugin-dedupe-settings, plugin-dedupe-within)', async () => {
    const files = { ...plugin({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(context('SAME')), cmd(context('SAME'))] }] }), [PROJECT]: settings({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(context('SAME'))] }] }) };
    const outcome = await runScenario(parseScenario({ hookplay: 1, dialect: 'claude-code', host: { plugins: ['plugins/fmt'] }, files, event: 'PreToolUse', payload: bash }));
    expect(outcome.hooks.filter((h) => h.ran).map((h) => h.source)).toEqual([PROJECT, 'plugins/fmt/hooks/hooks.json']);
    expect(outcome.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['rule.dedup', 'rule.plugin-not-deduped']));
  });

  it('warns about a plugin directory the session does not load (plugin-not-loaded)', async () => {
    const outcome = await runScenario(parseScenario({ hookplay: 1, dialect: 'claude-code', files: plugin({ PreToolUse: [{ hooks: [cmd(context('X'))] }] }), event: 'PreToolUse', payload: bash }));
    expect(outcome.hooks).toEqual([]);
    expect(outcome.diagnostics.find((d) => d.code === 'plugin.not-loaded')).toMatchObject({ file: 'plugins/fmt/hooks/hooks.json' });
  });
});
