// The oracle's session cases: Claude Code's permission rules (`permissions.allow/ask/deny` in each settings file),
// `defaultMode` and `--permission-mode`, how hook decisions combine with them, the user's answers to permission
// prompts, local plugins (`--plugin-dir`) and several user turns in one session. Each runs over stdin
// (lib/approvals.mjs), so a prompt reaches the harness, which answers with the case's `answers` (or denies).
//
// The default tool call is `node -p 40+2`: a command Claude Code neither treats as read-only nor as a file write,
// so without a rule it asks ("This command requires approval").

/** @typedef {import('./cases.mjs').OracleCase & { permissionMode?: string, answers?: ('allow' | 'deny')[],
 *   turns?: { prompt: string, tool?: object | null }[], plugins?: string[] }} SessionCase */

const PROJECT = '.claude/settings.json';
const USER = '~/.claude/settings.json';
const LOCAL = '.claude/settings.local.json';
const NODE = { command: 'node -p 40+2', description: 'run the command' };
const ECHO = { command: 'echo original', description: 'run the command' };
const TOUCH = { command: 'touch made.txt', description: 'run the command' };

const json = (o) => `${JSON.stringify(o, null, 2)}\n`;
const say = (answer) => `echo '${JSON.stringify(answer)}'`;
const preSays = (fields) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });
const ctx = (event, text) => say({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
const hooks = (event, command, matcher) => ({ [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command }] }] });
const hookAllow = hooks('PreToolUse', preSays({ permissionDecision: 'allow', permissionDecisionReason: 'HOOK_ALLOW' }), 'Bash');
const hookAsk = hooks('PreToolUse', preSays({ permissionDecision: 'ask', permissionDecisionReason: 'HOOK_ASK' }), 'Bash');
const hookDeny = hooks('PreToolUse', preSays({ permissionDecision: 'deny', permissionDecisionReason: 'HOOK_DENY' }), 'Bash');
const prAllow = hooks('PermissionRequest', say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }), 'Bash');
const prDeny = hooks('PermissionRequest', say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'PR_DENY' } } }), 'Bash');
// A user who answers at once and a PermissionRequest hook that answers at once race: over 6 runs each of three such
// cases the hook won 3 times out of 18 (README). These hooks take 2 s, so the user's immediate answer comes first.
const prAllowSlow = hooks('PermissionRequest', `sleep 2; ${say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } })}`, 'Bash');
const prDenySlow = hooks('PermissionRequest', `sleep 2; ${say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'PR_DENY' } } })}`, 'Bash');

/** A permission case: no --allowedTools, so only the case's rules, mode and hooks decide. */
const perm = (id, title, files, more = {}) => ({ id, title, covers: ['permissions'], files, tool: NODE, allowedTools: null, session: true, ...more });
const rules = (permissions, extra = {}) => json({ permissions: { ...permissions, ...extra } });

/** @type {SessionCase[]} */
const RULES = [
  perm('perm-no-rule-asks', 'no rule: a command that is not read-only asks, and an unanswered prompt denies it', { [PROJECT]: rules({}) }),
  perm('perm-allow-project', 'permissions.allow Bash(node:*) in project settings runs the command without asking', { [PROJECT]: rules({ allow: ['Bash(node:*)'] }) }),
  perm('perm-allow-user', 'permissions.allow in user settings runs the command', { [USER]: rules({ allow: ['Bash(node:*)'] }) }),
  perm('perm-allow-local', 'permissions.allow in local settings runs the command', { [LOCAL]: rules({ allow: ['Bash(node:*)'] }) }),
  perm('perm-allow-exact', 'an allow rule with the exact command runs it', { [PROJECT]: rules({ allow: ['Bash(node -p 40+2)'] }) }),
  perm('perm-allow-space-star', 'an allow rule `Bash(node *)` (space and star) runs the command', { [PROJECT]: rules({ allow: ['Bash(node *)'] }) }),
  perm('perm-allow-other-prefix', 'an allow rule for another command still asks', { [PROJECT]: rules({ allow: ['Bash(git:*)'] }) }),
  perm('perm-allow-bare-tool', 'an allow rule naming the tool alone (`Bash`) runs every command', { [PROJECT]: rules({ allow: ['Bash'] }) }),
  perm('perm-deny-project', 'permissions.deny in project settings denies without asking', { [PROJECT]: rules({ deny: ['Bash(node:*)'] }) }),
  perm('perm-deny-user-allow-project', 'deny in user settings beats allow in project settings', { [USER]: rules({ deny: ['Bash(node:*)'] }), [PROJECT]: rules({ allow: ['Bash(node:*)'] }) }),
  perm('perm-allow-user-deny-local', 'deny in local settings beats allow in user settings', { [USER]: rules({ allow: ['Bash(node:*)'] }), [LOCAL]: rules({ deny: ['Bash(node:*)'] }) }),
  perm('perm-ask-project', 'permissions.ask asks', { [PROJECT]: rules({ ask: ['Bash(node:*)'] }) }),
  perm('perm-ask-and-allow-same-file', 'ask and allow both matching: ask wins', { [PROJECT]: rules({ allow: ['Bash(node:*)'], ask: ['Bash(node:*)'] }) }),
  perm('perm-ask-user-allow-local', 'ask in user settings beats allow in local settings', { [USER]: rules({ ask: ['Bash(node:*)'] }), [LOCAL]: rules({ allow: ['Bash(node:*)'] }) }),
  perm('perm-deny-and-ask', 'deny and ask both matching: deny wins, nothing is asked', { [PROJECT]: rules({ ask: ['Bash(node:*)'], deny: ['Bash(node:*)'] }) }),
  perm('perm-deny-read-only', 'a deny rule denies even a read-only command', { [PROJECT]: rules({ deny: ['Bash(echo:*)'] }) }, { tool: ECHO }),
  perm('perm-ask-read-only', 'an ask rule asks even for a read-only command', { [PROJECT]: rules({ ask: ['Bash(echo:*)'] }) }, { tool: ECHO }),
  perm('perm-deny-beats-allowed-tools', 'a deny rule beats --allowedTools Bash', { [PROJECT]: rules({ deny: ['Bash(node:*)'] }) }, { allowedTools: 'Bash' }),
  perm('perm-ask-beats-allowed-tools', 'an ask rule next to --allowedTools Bash', { [PROJECT]: rules({ ask: ['Bash(node:*)'] }) }, { allowedTools: 'Bash' }),
  perm('perm-invalid-file-ignored', 'a settings file that is not valid JSON gives no rules', { [PROJECT]: '{ "permissions": { "allow": ["Bash(node:*)"] ' }),
  perm('perm-allow-user-exact', 'an allow rule with the exact command in user settings', { [USER]: rules({ allow: ['Bash(node -p 40+2)'] }) }),
  perm('perm-allow-user-bare-tool', 'an allow rule `Bash` in user settings', { [USER]: rules({ allow: ['Bash'] }) }),
  perm('perm-allowed-tools-exact', '--allowedTools with the exact command', { [PROJECT]: rules({}) }, { allowedTools: 'Bash(node -p 40+2)' }),
  perm('perm-allowed-tools-prefix', '--allowedTools Bash(node:*)', { [PROJECT]: rules({}) }, { allowedTools: 'Bash(node:*)' }),
  perm('perm-compound-one-allowed', 'a compound command: an allow rule for one part, the other part read-only', { [LOCAL]: rules({ allow: ['Bash(node:*)'] }) }, { tool: { command: 'node -p 40+2 && echo done', description: 'run the command' } }),
  perm('perm-compound-one-denied', 'a compound command: a deny rule for the second part', { [LOCAL]: rules({ deny: ['Bash(node:*)'] }) }, { tool: { command: 'echo first; node -p 40+2', description: 'run the command' } }),
  perm('perm-allow-local-exact', 'an allow rule with the exact command in local settings', { [LOCAL]: rules({ allow: ['Bash(node -p 40+2)'] }) }),
  perm('perm-allow-local-space-star', 'an allow rule `Bash(node *)` in local settings', { [LOCAL]: rules({ allow: ['Bash(node *)'] }) }),
  perm('perm-allow-local-bare-tool', 'an allow rule `Bash` in local settings', { [LOCAL]: rules({ allow: ['Bash'] }) }),
  perm('perm-allow-local-miss', 'an allow rule `Bash(node -p 1)` in local settings does not match node -p 40+2', { [LOCAL]: rules({ allow: ['Bash(node -p 1)'] }) }),
  perm('perm-answer-allow', 'the user allows the prompted call: it runs', { [PROJECT]: rules({}) }, { answers: ['allow'], covers: ['permissions', 'approvals'] }),
  perm('perm-answer-deny', 'the user denies the prompted call: the model reads the answer', { [PROJECT]: rules({}) }, { answers: ['deny'], covers: ['permissions', 'approvals'] }),
  perm('perm-answer-allow-ask-rule', 'an ask rule: the user allows', { [PROJECT]: rules({ ask: ['Bash(node:*)'] }) }, { answers: ['allow'], covers: ['permissions', 'approvals'] }),
];

const mode = (m, more = {}) => ({ permissionMode: m, covers: ['permission-modes'], ...more });
/** @type {SessionCase[]} */
const MODES = [
  perm('mode-acceptedits-command', '--permission-mode acceptEdits still asks for a command that edits nothing', { [PROJECT]: rules({}) }, mode('acceptEdits')),
  perm('mode-acceptedits-touch', '--permission-mode acceptEdits runs a command that creates a file in the project', { [PROJECT]: rules({}) }, mode('acceptEdits', { tool: TOUCH })),
  perm('mode-default-touch', 'the default mode asks before a command creates a file', { [PROJECT]: rules({}) }, { tool: TOUCH }),
  perm('mode-bypass', '--permission-mode bypassPermissions runs without asking', { [PROJECT]: rules({}) }, mode('bypassPermissions')),
  perm('mode-dontask', '--permission-mode dontAsk denies what would ask, without asking', { [PROJECT]: rules({}) }, mode('dontAsk')),
  perm('mode-dontask-allow-rule', 'dontAsk with an allow rule in project settings (dropped: the workspace is not trusted)', { [PROJECT]: rules({ allow: ['Bash(node:*)'] }) }, mode('dontAsk')),
  perm('mode-dontask-allow-rule-local', 'dontAsk with an allow rule in local settings runs the command', { [LOCAL]: rules({ allow: ['Bash(node:*)'] }) }, mode('dontAsk')),
  perm('mode-dontask-read-only', 'dontAsk runs a read-only command', { [PROJECT]: rules({}) }, mode('dontAsk', { tool: ECHO })),
  perm('mode-dontask-ask-rule', 'dontAsk with an ask rule', { [PROJECT]: rules({ ask: ['Bash(node:*)'] }) }, mode('dontAsk')),
  perm('mode-bypass-read-only', 'bypassPermissions with a read-only command', { [PROJECT]: rules({}) }, mode('bypassPermissions', { tool: ECHO })),
  perm('mode-plan-hook-allow', 'plan mode with a hook allow', { [PROJECT]: json({ hooks: hookAllow }) }, mode('plan')),
  perm('mode-default-mode-local-bypass', 'defaultMode bypassPermissions in local settings', { [LOCAL]: rules({}, { defaultMode: 'bypassPermissions' }) }, { covers: ['permission-modes'] }),
  perm('mode-plan', '--permission-mode plan', { [PROJECT]: rules({}) }, mode('plan')),
  perm('mode-plan-read-only', 'plan mode runs a read-only command', { [PROJECT]: rules({}) }, mode('plan', { tool: ECHO })),
  perm('mode-manual', '--permission-mode manual', { [PROJECT]: rules({}) }, mode('manual')),
  perm('mode-manual-read-only', '--permission-mode manual with a read-only command', { [PROJECT]: rules({}) }, mode('manual', { tool: ECHO })),
  perm('mode-bypass-deny-rule', 'bypassPermissions with a deny rule: deny wins', { [PROJECT]: rules({ deny: ['Bash(node:*)'] }) }, mode('bypassPermissions')),
  perm('mode-bypass-ask-rule', 'bypassPermissions with an ask rule', { [PROJECT]: rules({ ask: ['Bash(node:*)'] }) }, mode('bypassPermissions')),
  perm('mode-default-mode-project-dontask', 'defaultMode dontAsk in project settings', { [PROJECT]: rules({}, { defaultMode: 'dontAsk' }) }, { covers: ['permission-modes'] }),
  perm('mode-default-mode-user-bypass', 'defaultMode bypassPermissions in user settings', { [USER]: rules({}, { defaultMode: 'bypassPermissions' }) }, { covers: ['permission-modes'] }),
  perm('mode-default-mode-project-bypass', 'defaultMode bypassPermissions in project settings', { [PROJECT]: rules({}, { defaultMode: 'bypassPermissions' }) }, { covers: ['permission-modes'] }),
  perm('mode-default-mode-local-over-project', 'defaultMode in local settings (acceptEdits) over project settings (dontAsk)', { [PROJECT]: rules({}, { defaultMode: 'dontAsk' }), [LOCAL]: rules({}, { defaultMode: 'acceptEdits' }) }, { covers: ['permission-modes'] }),
  perm('mode-flag-over-default-mode', '--permission-mode bypassPermissions over defaultMode dontAsk', { [PROJECT]: rules({}, { defaultMode: 'dontAsk' }) }, mode('bypassPermissions')),
  perm('mode-default-mode-local-dontask', 'defaultMode dontAsk in local settings', { [LOCAL]: rules({}, { defaultMode: 'dontAsk' }) }, { covers: ['permission-modes'] }),
  perm('mode-default-mode-user-acceptedits', 'defaultMode acceptEdits in user settings runs a file-creating command', { [USER]: rules({}, { defaultMode: 'acceptEdits' }) }, { covers: ['permission-modes'], tool: TOUCH }),
  perm('mode-auto', '--permission-mode auto', { [PROJECT]: rules({}) }, mode('auto')),
  perm('mode-default-mode-invalid', 'an unknown defaultMode value', { [PROJECT]: rules({ allow: ['Bash(node:*)'] }, { defaultMode: 'yolo' }) }, { covers: ['permission-modes'] }),
];

const combo = (more = {}) => ({ covers: ['permissions', 'hook-vs-rules'], ...more });
/** @type {SessionCase[]} */
const COMBOS = [
  perm('combo-hook-allow-no-rule', 'a hook allow with no rule runs the command', { [PROJECT]: json({ hooks: hookAllow }) }, combo()),
  perm('combo-hook-allow-ask-rule', 'a hook allow still prompts because a permissions.ask rule matches', { [PROJECT]: json({ hooks: hookAllow, permissions: { ask: ['Bash(node:*)'] } }) }, combo()),
  perm('combo-hook-allow-ask-rule-answered', 'a hook allow with an ask rule: the user allows', { [PROJECT]: json({ hooks: hookAllow, permissions: { ask: ['Bash(node:*)'] } }) }, combo({ answers: ['allow'] })),
  perm('combo-hook-allow-deny-rule', 'a hook allow against a deny rule', { [PROJECT]: json({ hooks: hookAllow, permissions: { deny: ['Bash(node:*)'] } }) }, combo()),
  perm('combo-hook-ask-bypass', 'a hook ask under bypassPermissions', { [PROJECT]: json({ hooks: hookAsk }) }, combo({ permissionMode: 'bypassPermissions' })),
  perm('combo-hook-ask-allow-rule', 'a hook ask with an allow rule asks', { [PROJECT]: json({ hooks: hookAsk, permissions: { allow: ['Bash(node:*)'] } }) }, combo()),
  perm('combo-hook-ask-answered-allow', 'a hook ask: the user allows', { [PROJECT]: json({ hooks: hookAsk }) }, combo({ answers: ['allow'] })),
  perm('combo-hook-ask-dontask', 'a hook ask under dontAsk', { [PROJECT]: json({ hooks: hookAsk }) }, combo({ permissionMode: 'dontAsk' })),
  perm('combo-hook-deny-allow-rule', 'a hook deny beats an allow rule', { [PROJECT]: json({ hooks: hookDeny, permissions: { allow: ['Bash(node:*)'] } }) }, combo()),
  perm('combo-hook-deny-bypass', 'a hook deny under bypassPermissions', { [PROJECT]: json({ hooks: hookDeny }) }, combo({ permissionMode: 'bypassPermissions' })),
  perm('combo-hook-allow-dontask', 'a hook allow under dontAsk', { [PROJECT]: json({ hooks: hookAllow }) }, combo({ permissionMode: 'dontAsk' })),
  perm('combo-pr-allow-ask-rule', 'an ask rule: the user answers (no) before a slow PermissionRequest hook allows', { [PROJECT]: json({ hooks: prAllowSlow, permissions: { ask: ['Bash(node:*)'] } }) }, combo()),
  perm('combo-pr-deny-no-rule', 'the user answers (yes) before a slow PermissionRequest hook denies', { [PROJECT]: json({ hooks: prDenySlow }) }, combo({ answers: ['allow'] })),
  perm('combo-pr-dontask', 'a PermissionRequest hook under dontAsk', { [PROJECT]: json({ hooks: prAllow }) }, combo({ permissionMode: 'dontAsk' })),
  perm('combo-pr-hook-ask', 'a PreToolUse ask, then a PermissionRequest hook allows before a slow user answers', { [PROJECT]: json({ hooks: { ...hookAsk, ...prAllow } }) }, combo({ answers: ['deny'], answerDelayMs: 3000 })),
  perm('combo-pr-hook-ask-user-first', 'a PreToolUse ask: the user answers before a slow PermissionRequest hook', { [PROJECT]: json({ hooks: { ...hookAsk, ...prAllowSlow } }) }, combo()),
  perm('combo-pr-silent-user-allows', 'a PermissionRequest hook that says nothing, then the user allows', { [PROJECT]: json({ hooks: hooks('PermissionRequest', 'true', 'Bash') }) }, combo({ answers: ['allow'] })),
  perm('combo-pr-allow-slow-user', 'a PermissionRequest hook allows while the prompt is open; the user answers later', { [PROJECT]: json({ hooks: prAllow }) }, combo({ answers: ['deny'], answerDelayMs: 3000 })),
  perm('combo-pr-deny-slow-user', 'a PermissionRequest hook denies while the prompt is open; the user answers later', { [PROJECT]: json({ hooks: prDeny }) }, combo({ answers: ['allow'], answerDelayMs: 3000 })),
  perm('combo-pr-allow-ask-rule-slow-user', 'a PermissionRequest hook allows what an ask rule asks, before the user answers', { [PROJECT]: json({ hooks: prAllow, permissions: { ask: ['Bash(node:*)'] } }) }, combo({ answers: ['deny'], answerDelayMs: 3000 })),
  perm('combo-pr-deny-rule', 'a deny rule: no PermissionRequest hook runs', { [PROJECT]: json({ hooks: prAllow, permissions: { deny: ['Bash(node:*)'] } }) }, combo()),
];

const plugin = (name, hooksJson, extra = {}) => ({
  [`plugins/${name}/.claude-plugin/plugin.json`]: json({ name, version: '1.0.0', description: 'hookplay oracle plugin' }),
  [`plugins/${name}/hooks/hooks.json`]: typeof hooksJson === 'string' ? hooksJson : json({ hooks: hooksJson }),
  ...extra,
});
const plug = (id, title, files, more = {}) => ({ id, title, covers: ['plugins'], files, plugins: ['plugins/fmt'], ...more });
const ROOT_SCRIPT = `plugins/fmt/scripts/root.sh`;
/** @type {SessionCase[]} */
const PLUGINS = [
  plug('plugin-context', 'a plugin PreToolUse hook adds context', plugin('fmt', hooks('PreToolUse', ctx('PreToolUse', 'PLUGIN_CTX'), 'Bash'))),
  plug('plugin-root-var', '${CLAUDE_PLUGIN_ROOT} in a plugin hook command points at the plugin directory', {
    ...plugin('fmt', hooks('PreToolUse', 'sh "${CLAUDE_PLUGIN_ROOT}/scripts/root.sh"', 'Bash')),
    [ROOT_SCRIPT]: `printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"root=%s env=%s"}}' "$(cd "$(dirname "$0")/.." && pwd)" "$CLAUDE_PLUGIN_ROOT"\n`,
  }),
  plug('plugin-deny', 'a plugin hook denies the call', plugin('fmt', hooks('PreToolUse', preSays({ permissionDecision: 'deny', permissionDecisionReason: 'PLUGIN_DENY' }), 'Bash'))),
  plug('plugin-and-settings', 'a plugin hook and a settings hook on the same event both run', {
    ...plugin('fmt', hooks('PreToolUse', ctx('PreToolUse', 'PLUGIN_CTX'), 'Bash')),
    [PROJECT]: json({ hooks: hooks('PreToolUse', ctx('PreToolUse', 'SETTINGS_CTX'), 'Bash') }),
  }),
  plug('plugin-dedupe-settings', 'the same command in settings and in a plugin', {
    ...plugin('fmt', hooks('PreToolUse', ctx('PreToolUse', 'SAME_CMD'), 'Bash')),
    [PROJECT]: json({ hooks: hooks('PreToolUse', ctx('PreToolUse', 'SAME_CMD'), 'Bash') }),
  }),
  plug('plugin-dedupe-root-var', 'the same ${CLAUDE_PLUGIN_ROOT} command in two plugins', {
    ...plugin('fmt', hooks('PreToolUse', 'sh "${CLAUDE_PLUGIN_ROOT}/scripts/root.sh"', 'Bash')),
    [ROOT_SCRIPT]: `printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"fmt"}}'\n`,
    ...plugin('lint', hooks('PreToolUse', 'sh "${CLAUDE_PLUGIN_ROOT}/scripts/root.sh"', 'Bash')),
    'plugins/lint/scripts/root.sh': `printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"lint"}}'\n`,
  }, { plugins: ['plugins/fmt', 'plugins/lint'] }),
  plug('plugin-dedupe-within', 'the same command twice in one plugin', plugin('fmt', { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: ctx('PreToolUse', 'TWICE') }, { type: 'command', command: ctx('PreToolUse', 'TWICE') }] }] })),
  plug('plugin-session-start', 'a plugin SessionStart hook adds context', plugin('fmt', hooks('SessionStart', ctx('SessionStart', 'PLUGIN_START')))),
  plug('plugin-invalid-hooks-json', 'a plugin whose hooks.json is not valid JSON: its hooks do not run', {
    ...plugin('fmt', '{ "hooks": '),
    [PROJECT]: json({ hooks: hooks('PreToolUse', ctx('PreToolUse', 'SETTINGS_CTX'), 'Bash') }),
  }),
  plug('plugin-disable-all-hooks', 'disableAllHooks in project settings and a plugin hook', {
    ...plugin('fmt', hooks('PreToolUse', ctx('PreToolUse', 'PLUGIN_CTX'), 'Bash')),
    [PROJECT]: json({ disableAllHooks: true }),
  }),
  plug('plugin-not-loaded', 'a plugin directory that is not passed with --plugin-dir: its hooks do not run', plugin('fmt', hooks('PreToolUse', ctx('PreToolUse', 'PLUGIN_CTX'), 'Bash')), { plugins: [] }),
  // How a plugin hook's texts are named on an event without a matcher (2.0.76 names them "<event>:Callback").
  plug('plugin-prompt-plain', 'a plugin UserPromptSubmit hook prints plain text', plugin('fmt', hooks('UserPromptSubmit', 'echo PLUGIN_PROMPT'))),
];

const turn = (prompt, tool = null) => ({ prompt, tool });
const multi = (id, title, files, turns, more = {}) => ({ id, title, covers: ['multi-turn'], files, turns, ...more });
/** @type {SessionCase[]} */
const TURNS = [
  multi('turns-session-start-once', 'two turns: SessionStart runs once, and its context stays for both', { [PROJECT]: json({ hooks: hooks('SessionStart', ctx('SessionStart', 'START_CTX')) }) }, [turn('first prompt'), turn('second prompt')]),
  multi('turns-prompt-context-accumulates', "two turns: each UserPromptSubmit's context is kept", { [PROJECT]: json({ hooks: hooks('UserPromptSubmit', `node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"UserPromptSubmit",additionalContext:"CTX_FOR "+JSON.parse(s).prompt}})))'`) }) }, [turn('first prompt'), turn('second prompt')]),
  multi('turns-tool-each-turn', 'two turns with a tool call each: PreToolUse context per call', { [PROJECT]: json({ hooks: hooks('PreToolUse', ctx('PreToolUse', 'PRE_CTX'), 'Bash') }) }, [turn('first prompt', ECHO), turn('second prompt', ECHO)], { allowedTools: 'Bash' }),
  multi('turns-stop-block-then-next', 'a Stop hook blocks once per turn: stop_hook_active starts false again in the next turn', { [PROJECT]: json({ hooks: hooks('Stop', `node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{if(!JSON.parse(s).stop_hook_active)console.log(JSON.stringify({decision:"block",reason:"KEEP_GOING"}))})'`) }) }, [turn('first prompt'), turn('second prompt')]),
  multi('turns-prompt-block-second', 'UserPromptSubmit blocks the second prompt only', { [PROJECT]: json({ hooks: hooks('UserPromptSubmit', `node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{if(JSON.parse(s).prompt.includes("second"))console.log(JSON.stringify({decision:"block",reason:"NOT_THIS_ONE"}))})'`) }) }, [turn('first prompt'), turn('second prompt')]),
  multi('turns-stop-context', "Stop's additionalContext in turn 1 is read in turn 1 and kept into turn 2", { [PROJECT]: json({ hooks: hooks('Stop', `node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{if(!JSON.parse(s).stop_hook_active)console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"Stop",additionalContext:"STOP_CTX"}}))})'`) }) }, [turn('first prompt'), turn('second prompt')]),
  multi('turns-approval-second-turn', 'turn 2 calls a command that asks; the user allows', { [PROJECT]: rules({}) }, [turn('first prompt'), turn('second prompt', NODE)], { allowedTools: null, answers: ['allow'] }),
  multi('turns-three-prompts', 'three turns with SessionStart and UserPromptSubmit context', { [PROJECT]: json({ hooks: { ...hooks('SessionStart', ctx('SessionStart', 'START_CTX')), ...hooks('UserPromptSubmit', ctx('UserPromptSubmit', 'PROMPT_CTX')) } }) }, [turn('first prompt'), turn('second prompt'), turn('third prompt')]),
];

export const PERMISSION_CASES = [...RULES, ...MODES, ...COMBOS, ...PLUGINS, ...TURNS];
