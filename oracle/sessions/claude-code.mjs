// The Claude Code session sweep: `node oracle/sessions/run.mjs --host claude-code`. Seeded, so the same cases
// every time; each is a whole `claude -p` session played on the real CLI 2.1.332 and through the engine.
//
// Two grids, so each value of one dimension meets each value of the other, and the seed picks the rest:
// - HOOKS: what one hook answers on one event (PreToolUse allow/deny/ask/rewrite/context/continue:false/exit 2/
//   exit 1/legacy; PermissionRequest allow/deny/rewrite/none/exit 2/continue:false/interrupt; PostToolUse and
//   PostToolUseFailure block/context/continue:false/exit 2; Stop block once/always/continue:false/exit 2;
//   UserPromptSubmit and SessionStart contexts, blocks, halts) × SHAPES, the session around it (a read-only call; a
//   call that would ask, its prompt unanswered or answered allow or deny; a failing command; input the tool's own
//   validation refuses; a permission mode; several calls in one message; a resumed session). Every other event has
//   a watcher hook, so which events fired is compared too.
// - RULES: a permission rule (allow/deny/ask in user, project or local settings, or none) × the permission mode
//   (default, acceptEdits, plan, bypassPermissions, dontAsk); the seed picks the command, the rule's form and
//   whether the prompt is answered.
// EXTRAS add what the grids cannot: the Stop block cap variable, plugins (--plugin-dir), the CLI refusing to start,
// one answer on several channels, several contexts from several hooks and files, resume/continue.
// `node oracle/sessions/coverage.mjs --host claude-code` counts the recorded cases per cell (oracle/hosts/claude-code/COVERAGE-SESSIONS.md).

import { call, extra, group, handler, hso, LOCAL, onRisky, PROJECT, random, say, SCOPES, settings, TOOL_EVENTS, USER, watcher, WATCHED } from './claude-code-parts.mjs';
import { familyCases, LATER_RULE_MODES } from './claude-code-families.mjs';

const SEED = 0xc1a0de;

/**
 * The rows: what one hook answers on one event. Each gives the event, the command (which may read stdin), and a
 * title; `pick(n)` is the seed's choice of variant.
 */
const HOOKS = {
  'pre-allow': () => ({ event: 'PreToolUse', command: onRisky(say(hso('PreToolUse', { permissionDecision: 'allow', permissionDecisionReason: 'hook allows' }))), title: 'PreToolUse allow' }),
  'pre-deny': () => ({ event: 'PreToolUse', command: onRisky(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'risky calls are denied' }))), title: 'PreToolUse deny' }),
  'pre-ask': () => ({ event: 'PreToolUse', command: onRisky(say(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'a person should look' }))), title: 'PreToolUse ask' }),
  'pre-rewrite': (pick) => {
    const to = ['echo rewritten-risky', 'touch rewritten-risky.txt', 'ls /no/such/rewritten-risky'][pick(3)];
    return { event: 'PreToolUse', command: onRisky(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: to } }))), title: `PreToolUse allow with updatedInput ${JSON.stringify(to)}` };
  },
  'pre-rewrite-no-decision': () => ({ event: 'PreToolUse', command: onRisky(say(hso('PreToolUse', { updatedInput: { command: 'echo rewritten-risky' } }))), title: 'PreToolUse updatedInput without a decision' }),
  'pre-context': (pick) => {
    const plain = pick(2) === 1;
    return { event: 'PreToolUse', command: onRisky(plain ? 'echo "pre plain words"' : say(hso('PreToolUse', { additionalContext: 'pre context for the model' }))), title: `PreToolUse ${plain ? 'plain stdout' : 'additionalContext'}` };
  },
  'pre-continue-false': () => ({ event: 'PreToolUse', command: onRisky(say({ continue: false, stopReason: 'pre hook halts' })), title: 'PreToolUse continue: false' }),
  'pre-exit2': () => ({ event: 'PreToolUse', command: onRisky('echo "pre exit 2 says no" >&2; exit 2'), title: 'PreToolUse exit 2 with stderr' }),
  'pre-error': (pick) => {
    const v = [
      ['echo "pre broke" >&2; exit 1', 'exit 1 with stderr'],
      ['echo "{not json"', 'broken JSON'],
      [`${say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'exit 1 deny' }))}; exit 1`, 'a deny printed with exit 1'],
    ][pick(3)];
    return { event: 'PreToolUse', command: onRisky(v[0]), title: `PreToolUse fails: ${v[1]}` };
  },
  'pre-legacy': (pick) => {
    const v = [
      [{ decision: 'approve', reason: 'legacy approve' }, 'decision approve'],
      [{ decision: 'block', reason: 'legacy block' }, 'decision block'],
    ][pick(2)];
    return { event: 'PreToolUse', command: onRisky(say(v[0])), title: `PreToolUse legacy ${v[1]}` };
  },
  'perm-allow': () => ({ event: 'PermissionRequest', command: onRisky(say(hso('PermissionRequest', { decision: { behavior: 'allow' } }))), title: 'PermissionRequest allow' }),
  'perm-deny': () => ({ event: 'PermissionRequest', command: onRisky(say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'permission hook says no' } }))), title: 'PermissionRequest deny' }),
  'perm-rewrite': () => ({ event: 'PermissionRequest', command: onRisky(say(hso('PermissionRequest', { decision: { behavior: 'allow', updatedInput: { command: 'echo perm-rewritten-risky' } } }))), title: 'PermissionRequest allow with updatedInput' }),
  'perm-none': (pick) => {
    const plain = pick(2) === 1;
    return { event: 'PermissionRequest', command: plain ? 'cat >/dev/null; echo "just looking"' : 'cat >/dev/null', title: `PermissionRequest answers nothing${plain ? ' (plain stdout)' : ''}` };
  },
  'perm-exit2': () => ({ event: 'PermissionRequest', command: onRisky('echo "perm exit 2 says no" >&2; exit 2'), title: 'PermissionRequest exit 2 with stderr' }),
  'perm-continue-false': () => ({ event: 'PermissionRequest', command: onRisky(say({ continue: false, stopReason: 'perm hook halts' })), title: 'PermissionRequest continue: false' }),
  'perm-interrupt': () => ({ event: 'PermissionRequest', command: onRisky(say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'stop everything', interrupt: true } }))), title: 'PermissionRequest deny with interrupt' }),
  'post-block': () => ({ event: 'PostToolUse', command: onRisky(say({ decision: 'block', reason: 'post hook objects' })), title: 'PostToolUse decision block' }),
  'post-context': () => ({ event: 'PostToolUse', command: onRisky(say(hso('PostToolUse', { additionalContext: 'post context for the model' }))), title: 'PostToolUse additionalContext' }),
  'post-continue-false': () => ({ event: 'PostToolUse', command: onRisky(say({ continue: false, stopReason: 'post hook halts' })), title: 'PostToolUse continue: false' }),
  'post-exit2': () => ({ event: 'PostToolUse', command: onRisky('echo "post exit 2 feedback" >&2; exit 2'), title: 'PostToolUse exit 2 with stderr' }),
  'failure-context': (pick) => {
    const exit2 = pick(2) === 1;
    return { event: 'PostToolUseFailure', command: onRisky(exit2 ? 'echo "failure exit 2 feedback" >&2; exit 2' : say(hso('PostToolUseFailure', { additionalContext: 'failure context for the model' }))), title: `PostToolUseFailure ${exit2 ? 'exit 2' : 'additionalContext'}` };
  },
  'batch-context': (pick) => {
    const halt = pick(3) === 0;
    return { event: 'PostToolBatch', command: `cat >/dev/null; ${say(halt ? { continue: false, stopReason: 'batch halts' } : hso('PostToolBatch', { additionalContext: 'batch context for the model' }))}`, title: `PostToolBatch ${halt ? 'continue: false' : 'additionalContext'}` };
  },
  'stop-block-once': (pick) => {
    const exit2 = pick(2) === 1;
    const answer = exit2 ? 'echo "check once more" >&2; exit 2' : say({ decision: 'block', reason: 'check once more' });
    return { event: 'Stop', command: `if grep -q '"stop_hook_active":false'; then ${answer}; fi`, title: `Stop ${exit2 ? 'exit 2' : 'decision block'} once` };
  },
  'stop-block-always': () => ({ event: 'Stop', command: `cat >/dev/null; ${say({ decision: 'block', reason: 'never done' })}`, title: 'Stop blocks every time (the cap)' }),
  'stop-continue-false': () => ({ event: 'Stop', command: `cat >/dev/null; ${say({ continue: false, stopReason: 'stop hook halts' })}`, title: 'Stop continue: false' }),
  'stop-error': (pick) => {
    const v = [['echo "stop broke" >&2; exit 1', 'exit 1'], ['echo "plain stop words"', 'plain stdout'], [say(hso('Stop', { additionalContext: 'stop context' })), 'additionalContext']][pick(3)];
    return { event: 'Stop', command: `cat >/dev/null; ${v[0]}`, title: `Stop ${v[1]}` };
  },
  'prompt-context': (pick) => {
    const plain = pick(2) === 1;
    return { event: 'UserPromptSubmit', command: `cat >/dev/null; ${plain ? 'echo "prompt plain words"' : say(hso('UserPromptSubmit', { additionalContext: 'prompt context for the model' }))}`, title: `UserPromptSubmit ${plain ? 'plain stdout' : 'additionalContext'}` };
  },
  'prompt-block': (pick) => {
    const v = [
      [say({ decision: 'block', reason: 'no risky prompts' }), 'decision block'],
      ['echo "no risky prompts" >&2; exit 2', 'exit 2'],
      [say({ continue: false, stopReason: 'prompt halts' }), 'continue: false'],
    ][pick(3)];
    return { event: 'UserPromptSubmit', command: onRisky(v[0]), title: `UserPromptSubmit ${v[1]} on a risky prompt` };
  },
  'start-context': (pick) => {
    const v = [
      [say(hso('SessionStart', { additionalContext: 'start context for the model' })), 'additionalContext'],
      ['echo "start plain words"', 'plain stdout'],
      [say({ continue: false, stopReason: 'start halts' }), 'continue: false'],
    ][pick(3)];
    return { event: 'SessionStart', command: `cat >/dev/null; ${v[0]}`, title: `SessionStart ${v[1]}` };
  },
};

/** Commands: one that runs without asking, one that would ask (a file write), one that fails. */
const READ_ONLY = ['echo risky-1', 'ls risky-dir-missing || echo risky-listed', 'grep -c risky /etc/hostname || echo risky-none'];
const ASKING = ['touch risky.txt', 'mkdir -p risky-dir', 'node -e "console.log(\'risky-node\')"'];
const FAILING = ['ls /no/such/risky-dir', 'echo risky-1; exit 3', 'echo risky-err >&2; false'];
const MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk'];

/** The prompt: a risky one for the prompt-block row (so the block hits), else a plain one. */
const promptFor = (row) => (row === 'prompt-block' ? 'do the risky thing' : 'tidy the workspace');

/**
 * The columns: how the session around the row's hook goes. Each returns steps, host settings and a title.
 */
const SHAPES = {
  'read-only': (row, pick) => {
    const command = READ_ONLY[pick(READ_ONLY.length)];
    return { steps: [{ prompt: promptFor(row) }, call(command), { reply: 'Tidied.' }], title: `a read-only call (${command})` };
  },
  unanswered: (row, pick) => {
    const command = ASKING[pick(ASKING.length)];
    return { steps: [{ prompt: promptFor(row) }, call(command), { reply: 'Done.' }], title: `a call that would ask, claude -p with nobody to answer (${command})` };
  },
  'answered-allow': (row, pick) => {
    const command = ASKING[pick(ASKING.length)];
    return { steps: [{ prompt: promptFor(row) }, call(command), { approval: 'allow' }, { reply: 'Done.' }], title: `a call that would ask, the user allows (${command})` };
  },
  'answered-deny': (row, pick) => {
    const command = ASKING[pick(ASKING.length)];
    return { steps: [{ prompt: promptFor(row) }, call(command), { approval: 'deny' }, { reply: 'Done.' }], title: `a call that would ask, the user denies (${command})` };
  },
  failing: (row, pick) => {
    const command = FAILING[pick(FAILING.length)];
    return { steps: [{ prompt: promptFor(row) }, call(command), { reply: 'That failed.' }], title: `a failing command (${command})` };
  },
  invalid: (row, pick) => {
    const input = [{ cmd: 'echo risky-1', description: 'wrong field' }, { command: 'echo risky-1', timeout: 'soon' }, { command: ['echo', 'risky-1'] }][pick(3)];
    return { steps: [{ prompt: promptFor(row) }, { tool: 'Bash', input }, { reply: 'Hm.' }], title: `input the Bash tool's validation refuses (${JSON.stringify(input)})` };
  },
  mode: (row, pick) => {
    const mode = MODES[pick(MODES.length)];
    const command = [...ASKING, ...READ_ONLY][pick(ASKING.length + READ_ONLY.length)];
    const answer = [null, 'allow', 'deny'][pick(3)];
    return {
      steps: [{ prompt: promptFor(row) }, call(command), ...(answer ? [{ approval: answer }] : []), { reply: 'Done.' }],
      host: { permissionMode: mode },
      title: `--permission-mode ${mode} (${command}${answer ? `, the user answers ${answer}` : ''})`,
    };
  },
};

/** Columns added after the first recordings: their cells are seeded apart, so the first ones keep their variants. */
const LATER_SHAPES = {
  calls: (row, pick) => {
    const risky = ['echo risky-2', 'touch risky.txt', 'ls /no/such/risky-dir'][pick(3)];
    const asking = pick(3) === 0;
    if (asking) {
      const answers = [['allow', 'deny'], ['deny', 'allow'], ['allow', 'allow']][pick(3)];
      return {
        steps: [{ prompt: promptFor(row) }, { calls: [call('touch risky.txt'), call('mkdir -p safe-dir')] }, ...answers.map((approval) => ({ approval })), { reply: 'Both done.' }],
        title: `two calls that would ask in one message, the user answers ${answers.join(' then ')}`,
      };
    }
    const calls = pick(2) ? [call('echo safe-1'), call(risky)] : [call(risky), call('echo safe-1')];
    if (pick(2)) calls.push(call('echo safe-3'));
    return { steps: [{ prompt: promptFor(row) }, { calls }, { reply: 'All done.' }], title: `${calls.length} calls in one message (${calls.map((c) => c.input.command).join('; ')})` };
  },
  resume: (row, pick) => {
    const how = pick(2) ? 'resume' : 'continue';
    const command = [...READ_ONLY, ...FAILING][pick(READ_ONLY.length + FAILING.length)];
    return {
      steps: [{ prompt: promptFor(row) }, call(command), { reply: 'First done.' }, { resume: how }, { prompt: 'and now the rest' }, call('echo second-turn'), { reply: 'Second done.' }],
      title: `a session resumed with --${how} (${command}, then echo second-turn)`,
    };
  },
};

function gridCase(row, shape, cell) {
  const rand = random(SEED + cell * 7919);
  const pick = (n) => Math.floor(rand() * n);
  const hook = HOOKS[row](pick);
  const around = (SHAPES[shape] ?? LATER_SHAPES[shape])(row, pick);
  // The answering hook sits in user or local settings (the seed picks); every other event has a watcher.
  const place = pick(2) ? USER : LOCAL;
  const hooks = Object.fromEntries(WATCHED.filter((e) => e !== hook.event).map((e) => [e, [{ ...(TOOL_EVENTS.has(e) ? { matcher: '*' } : {}), hooks: [watcher(e)] }]]));
  const answering = { [hook.event]: [group(hook.event, hook.command, hook.matcher)] };
  const files = place === USER ? { [USER]: settings({ ...hooks, ...answering }) } : { [USER]: settings(hooks), [LOCAL]: settings(answering) };
  return {
    id: `${row}--${shape}`,
    dims: { grid: 'hooks', answer: row, shape },
    scenario: {
      hookplay: 1,
      title: `${hook.title}; ${around.title}`,
      dialect: 'claude-code',
      ...(around.host ? { host: around.host } : {}),
      files,
      session: { steps: around.steps },
    },
  };
}

/** The rules grid: one permission rule in one settings file × the mode. */
const RULE_PLACES = ['none', 'user-allow', 'user-deny', 'user-ask', 'project-allow', 'project-deny', 'project-ask', 'local-allow', 'local-deny', 'local-ask'];

function ruleCase(place, mode, cell) {
  const rand = random(SEED ^ (0x5eed + cell * 104729));
  const pick = (n) => Math.floor(rand() * n);
  const command = [...ASKING, ...READ_ONLY, 'touch risky.txt && echo made-risky'][pick(ASKING.length + READ_ONLY.length + 1)];
  const first = command.split(' ')[0];
  const form = ['bare', 'prefix-colon', 'prefix-space', 'exact'][pick(4)];
  const ruleText = form === 'bare' ? 'Bash' : form === 'prefix-colon' ? `Bash(${first}:*)` : form === 'prefix-space' ? `Bash(${first} *)` : `Bash(${command})`;
  const answer = [null, 'allow', 'deny'][pick(3)];
  const hooks = Object.fromEntries(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'Stop'].map((e) => [e, [{ ...(TOOL_EVENTS.has(e) ? { matcher: '*' } : {}), hooks: [watcher(e)] }]]));
  const files = { [USER]: settings(hooks) };
  if (place !== 'none') {
    const [scope, behavior] = place.split('-');
    const path = SCOPES[scope];
    const permissions = { [behavior]: [ruleText] };
    files[path] = path === USER ? settings(hooks, permissions) : settings(null, permissions);
  }
  const modeHost = mode === 'default' ? (pick(2) ? {} : { permissionMode: 'default' }) : { permissionMode: mode };
  return {
    id: `rule-${place}--${mode}`,
    dims: { grid: 'rules', answer: place, shape: mode },
    scenario: {
      hookplay: 1,
      title: `${place === 'none' ? 'no permission rule' : `${place.replace('-', ' ')} rule ${ruleText}`} in ${mode} mode: ${command}${answer ? `, the user answers ${answer}` : ', nobody answers'}`,
      dialect: 'claude-code',
      ...(Object.keys(modeHost).length ? { host: modeHost } : {}),
      files,
      session: { steps: [{ prompt: 'tidy the workspace' }, call(command), ...(answer ? [{ approval: answer }] : []), { reply: 'Done.' }] },
    },
  };
}


/** CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: a Stop hook that always blocks, under several values of the variable. */
function capExtras() {
  const files = { [USER]: settings({ Stop: [{ hooks: [handler(`cat >/dev/null; ${say({ decision: 'block', reason: 'never done' })}`)] }] }) };
  const exit2 = { [USER]: settings({ Stop: [{ hooks: [handler('cat >/dev/null; echo "never done" >&2; exit 2')] }] }) };
  // A value that lifts the cap would loop for ever on a hook that always blocks: this one blocks 11 times, then lets
  // the turn end, so "no cap" shows as 12 Stop runs.
  const bounded = { [USER]: settings({ Stop: [{ hooks: [handler(`n=$(cat .stop-count 2>/dev/null || echo 0); n=$((n+1)); echo $n > .stop-count; cat >/dev/null; if [ $n -lt 12 ]; then ${say({ decision: 'block', reason: 'not yet' })}; fi`)] }] }) };
  const out = [];
  for (const value of [null, '0', '1', '2', '5', '-1', 'abc', '', '10']) {
    const lifts = value === '0' || value === '-1' || value === '10';
    out.push(extra(`stop-cap-${value === null ? 'unset' : value === '' ? 'empty' : value}`, { grid: 'hooks', answer: 'stop-block-always', shape: 'env' }, `Stop blocks ${lifts ? '11 times' : 'every time'}, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP ${value === null ? 'unset' : JSON.stringify(value)}`, lifts ? bounded : files, [{ prompt: 'work' }, { reply: 'Done.' }], value === null ? undefined : { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: value } }));
  }
  out.push(extra('stop-cap-2-exit2', { grid: 'hooks', answer: 'stop-block-always', shape: 'env' }, 'Stop exits 2 every time, cap 2', exit2, [{ prompt: 'work' }, { reply: 'Done.' }], { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '2' } }));
  out.push(extra('stop-cap-3-two-turns', { grid: 'hooks', answer: 'stop-block-always', shape: 'env' }, 'Stop blocks every time, cap 3, over two turns', files, [{ prompt: 'work' }, { reply: 'Done.' }, { prompt: 'more' }, { reply: 'Again.' }], { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '3' } }));
  out.push(extra('stop-block-then-tool', { grid: 'hooks', answer: 'stop-block-once', shape: 'read-only' }, 'Stop blocks once, the model calls a tool, then ends', { [USER]: settings({ Stop: [{ hooks: [handler(`if grep -q '"stop_hook_active":false'; then ${say({ decision: 'block', reason: 'run the check' })}; fi`)] }], PostToolUse: [{ matcher: '*', hooks: [watcher('PostToolUse')] }] }) }, [{ prompt: 'work' }, { reply: 'Done?' }, call('echo risky-after-stop'), { reply: 'Done.' }]));
  return out;
}

/** Plugins loaded with --plugin-dir: their hooks, CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA. */
function pluginExtras() {
  const manifest = (name) => `${JSON.stringify({ name, version: '1.0.0', description: 'hookplay sweep plugin' }, null, 2)}\n`;
  const plugin = (dir, name, hooks) => ({ [`${dir}/.claude-plugin/plugin.json`]: manifest(name), [`${dir}/hooks/hooks.json`]: `${JSON.stringify({ hooks }, null, 2)}\n` });
  const env = 'echo "root=${CLAUDE_PLUGIN_ROOT:+set} data=${CLAUDE_PLUGIN_DATA:+set} project=${CLAUDE_PROJECT_DIR:+set}"';
  const steps = [{ prompt: 'tidy the workspace' }, call('echo risky-1'), { reply: 'Done.' }];
  return [
    extra('plugin-pre-deny', { grid: 'hooks', answer: 'pre-deny', shape: 'plugin' }, 'a --plugin-dir plugin PreToolUse hook denies', plugin('plugins/guard', 'guard', { PreToolUse: [{ matcher: 'Bash', hooks: [handler(onRisky(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'plugin denies' }))))] }] }), steps, { plugins: ['plugins/guard'] }),
    extra('plugin-env-context', { grid: 'hooks', answer: 'prompt-context', shape: 'plugin' }, 'a plugin hook sees CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA', plugin('plugins/env', 'envy', { UserPromptSubmit: [{ hooks: [handler(`cat >/dev/null; ${env}`)] }] }), steps, { plugins: ['plugins/env'] }),
    extra('plugin-root-script', { grid: 'hooks', answer: 'pre-context', shape: 'plugin' }, 'a plugin hook runs a script by ${CLAUDE_PLUGIN_ROOT}', { ...plugin('plugins/script', 'scripted', { PreToolUse: [{ matcher: 'Bash', hooks: [handler('sh "${CLAUDE_PLUGIN_ROOT}/hooks/pre.sh"')] }] }), 'plugins/script/hooks/pre.sh': `cat >/dev/null\n${say(hso('PreToolUse', { additionalContext: 'plugin script context' }))}\n` }, steps, { plugins: ['plugins/script'] }),
    extra('plugin-and-settings', { grid: 'hooks', answer: 'post-context', shape: 'plugin' }, 'a plugin hook and a settings hook on the same event', { ...plugin('plugins/post', 'poster', { PostToolUse: [{ matcher: 'Bash', hooks: [handler(`cat >/dev/null; ${say(hso('PostToolUse', { additionalContext: 'plugin post context' }))}`)] }] }), [USER]: settings({ PostToolUse: [{ matcher: 'Bash', hooks: [handler(`cat >/dev/null; ${say(hso('PostToolUse', { additionalContext: 'settings post context' }))}`)] }] }) }, steps, { plugins: ['plugins/post'] }),
    extra('plugin-two', { grid: 'hooks', answer: 'stop-block-once', shape: 'plugin' }, 'two plugins: a Stop block once and a SessionStart context', { ...plugin('plugins/a', 'alpha', { Stop: [{ hooks: [handler(`if grep -q '"stop_hook_active":false'; then ${say({ decision: 'block', reason: 'plugin wants more' })}; fi`)] }] }), ...plugin('plugins/b', 'beta', { SessionStart: [{ hooks: [handler(`cat >/dev/null; ${say(hso('SessionStart', { additionalContext: 'plugin start context' }))}`)] }] }) }, steps, { plugins: ['plugins/a', 'plugins/b'] }),
    extra('plugin-disabled-hooks', { grid: 'hooks', answer: 'pre-deny', shape: 'plugin' }, 'disableAllHooks in user settings: plugin hooks too?', { ...plugin('plugins/guard', 'guard', { PreToolUse: [{ matcher: 'Bash', hooks: [handler(onRisky(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'plugin denies' }))))] }] }), [USER]: `${JSON.stringify({ disableAllHooks: true }, null, 2)}\n` }, steps, { plugins: ['plugins/guard'] }),
  ];
}

/**
 * One JSON answer on several channels at once (a legacy decision beside hookSpecificOutput, continue beside a
 * decision, context beside a block), on each event; PermissionRequest answers in legacy shapes; several contexts
 * from UserPromptSubmit and SessionStart hooks in several files.
 */
function channelExtras() {
  const turn = (command = 'echo risky-1') => [{ prompt: 'tidy the risky workspace' }, call(command), { reply: 'Done.' }];
  const asked = (approval) => [{ prompt: 'tidy the risky workspace' }, call('touch risky.txt'), ...(approval ? [{ approval }] : []), { reply: 'Done.' }];
  const on = (event, command) => ({ [USER]: settings({ [event]: [group(event, command)] }) });
  const quiet = (answer) => `cat >/dev/null; ${say(answer)}`;
  const once = (answer) => `if grep -q '"stop_hook_active":false'; then ${say(answer)}; else cat >/dev/null; fi`;
  const c = (id, answer, title, files, steps = turn()) => extra(`channels-${id}`, { grid: 'hooks', answer, shape: 'channels' }, title, files, steps);
  return [
    c('pre-legacy-block-hso-allow', 'pre-legacy', 'PreToolUse: legacy decision block beside hookSpecificOutput allow', on('PreToolUse', quiet({ decision: 'block', reason: 'legacy block', ...hso('PreToolUse', { permissionDecision: 'allow', permissionDecisionReason: 'new allow' }) }))),
    c('pre-legacy-approve-hso-deny', 'pre-legacy', 'PreToolUse: legacy decision approve beside hookSpecificOutput deny', on('PreToolUse', quiet({ decision: 'approve', reason: 'legacy approve', ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'new deny' }) }))),
    c('pre-deny-continue-false', 'pre-deny', 'PreToolUse: deny beside continue false', on('PreToolUse', quiet({ continue: false, stopReason: 'halt and deny', ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'denied and halted' }) }))),
    c('pre-allow-continue-false', 'pre-allow', 'PreToolUse: allow beside continue false', on('PreToolUse', quiet({ continue: false, stopReason: 'halt after allow', ...hso('PreToolUse', { permissionDecision: 'allow' }) }))),
    c('pre-deny-context', 'pre-deny', 'PreToolUse: deny beside additionalContext', on('PreToolUse', quiet(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'denied with context', additionalContext: 'context beside a deny' })))),
    c('pre-ask-system-message', 'pre-ask', 'PreToolUse: ask beside a systemMessage, nobody answers', on('PreToolUse', quiet({ systemMessage: 'look at this', ...hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'asking' }) })), asked(null)),
    c('pre-continue-false-on-denied', 'pre-continue-false', 'PreToolUse: continue false on a call a deny rule refuses', { [USER]: settings({ PreToolUse: [group('PreToolUse', quiet({ continue: false, stopReason: 'halt on denied' }))] }, { deny: ['Bash(touch:*)'] }) }, asked(null)),
    c('pre-continue-false-on-asked', 'pre-continue-false', 'PreToolUse: continue false on a call that would ask, nobody answers', on('PreToolUse', quiet({ continue: false, stopReason: 'halt on ask' })), asked(null)),
    c('perm-legacy-approve', 'perm-allow', 'PermissionRequest: legacy decision approve at the top', on('PermissionRequest', quiet({ decision: 'approve', reason: 'legacy approve' })), asked(null)),
    c('perm-legacy-block', 'perm-deny', 'PermissionRequest: legacy decision block at the top', on('PermissionRequest', quiet({ decision: 'block', reason: 'legacy block' })), asked(null)),
    c('perm-pre-shape', 'perm-deny', 'PermissionRequest answered as PreToolUse would (permissionDecision deny)', on('PermissionRequest', quiet(hso('PermissionRequest', { permissionDecision: 'deny', permissionDecisionReason: 'wrong shape' }))), asked(null)),
    c('perm-behavior-top', 'perm-deny', 'PermissionRequest: behavior deny at the top level', on('PermissionRequest', quiet({ behavior: 'deny', message: 'top level' })), asked(null)),
    c('perm-allow-continue-false', 'perm-allow', 'PermissionRequest: allow beside continue false', on('PermissionRequest', quiet({ continue: false, stopReason: 'perm halt', ...hso('PermissionRequest', { decision: { behavior: 'allow' } }) })), asked(null)),
    c('perm-deny-then-user-allow', 'perm-deny', 'PermissionRequest deny while the user allows', on('PermissionRequest', quiet(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'hook says no' } }))), asked('allow')),
    c('post-block-context', 'post-block', 'PostToolUse: decision block beside additionalContext', on('PostToolUse', quiet({ decision: 'block', reason: 'post block', ...hso('PostToolUse', { additionalContext: 'post context beside block' }) }))),
    c('post-block-continue-false', 'post-block', 'PostToolUse: decision block beside continue false', on('PostToolUse', quiet({ decision: 'block', reason: 'post block', continue: false, stopReason: 'post halts' }))),
    c('post-updated-output', 'post-context', 'PostToolUse: updatedMCPToolOutput on a Bash call', on('PostToolUse', quiet(hso('PostToolUse', { updatedMCPToolOutput: 'replaced output' })))),
    c('stop-block-continue-false', 'stop-block-once', 'Stop: decision block beside continue false', on('Stop', once({ decision: 'block', reason: 'block and halt', continue: false, stopReason: 'stop halts' }))),
    c('stop-block-system-message', 'stop-block-once', 'Stop: decision block beside a systemMessage', on('Stop', once({ decision: 'block', reason: 'block with message', systemMessage: 'shown to the user' }))),
    c('prompt-block-context', 'prompt-block', 'UserPromptSubmit: decision block beside additionalContext', on('UserPromptSubmit', quiet({ decision: 'block', reason: 'blocked with context', ...hso('UserPromptSubmit', { additionalContext: 'context beside a block' }) }))),
    c('prompt-continue-false-context', 'prompt-block', 'UserPromptSubmit: continue false beside additionalContext', on('UserPromptSubmit', quiet({ continue: false, stopReason: 'prompt halt', ...hso('UserPromptSubmit', { additionalContext: 'context beside continue false' }) }))),
    c('prompt-context-system-message', 'prompt-context', 'UserPromptSubmit: additionalContext beside a systemMessage', on('UserPromptSubmit', quiet({ systemMessage: 'user notice', ...hso('UserPromptSubmit', { additionalContext: 'context with notice' }) }))),
    c('start-continue-false-context', 'start-context', 'SessionStart: continue false beside additionalContext', on('SessionStart', quiet({ continue: false, stopReason: 'start halt', ...hso('SessionStart', { additionalContext: 'start context beside continue false' }) }))),
    c('prompt-contexts-files', 'prompt-context', 'UserPromptSubmit: two JSON contexts and a plain one across user and local settings', {
      [USER]: settings({ UserPromptSubmit: [{ hooks: [handler(quiet(hso('UserPromptSubmit', { additionalContext: 'user context one' }))), handler('cat >/dev/null; echo "user plain two"')] }] }),
      [LOCAL]: settings({ UserPromptSubmit: [{ hooks: [handler(quiet(hso('UserPromptSubmit', { additionalContext: 'local context three' })))] }] }),
    }),
    c('start-contexts-files', 'start-context', 'SessionStart: contexts from two hooks in user settings and one in project settings', {
      [USER]: settings({ SessionStart: [{ hooks: [handler(quiet(hso('SessionStart', { additionalContext: 'user start one' }))), handler('cat >/dev/null; echo "user start plain"')] }] }),
      [PROJECT]: settings({ SessionStart: [{ hooks: [handler(quiet(hso('SessionStart', { additionalContext: 'project start three' })))] }] }),
    }),
  ];
}

/** The CLI refusing to start or skipping permissions: root without IS_SANDBOX, --dangerously-skip-permissions. */
function startExtras() {
  const files = { [USER]: settings({ PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }], SessionStart: [{ hooks: [watcher('SessionStart')] }] }) };
  const steps = [{ prompt: 'tidy the workspace' }, call('touch risky.txt'), { reply: 'Done.' }];
  return [
    extra('bypass-no-sandbox', { grid: 'rules', answer: 'none', shape: 'bypassPermissions' }, 'bypassPermissions as root without IS_SANDBOX: the CLI refuses to start', files, steps, { permissionMode: 'bypassPermissions', root: true, env: { IS_SANDBOX: '' } }),
    extra('bypass-sandbox', { grid: 'rules', answer: 'none', shape: 'bypassPermissions' }, 'bypassPermissions as root with IS_SANDBOX=1', files, steps, { permissionMode: 'bypassPermissions', root: true, env: { IS_SANDBOX: '1' } }),
    extra('default-no-sandbox', { grid: 'rules', answer: 'none', shape: 'default' }, 'default mode as root without IS_SANDBOX: starts', files, steps, { root: true, env: { IS_SANDBOX: '' } }),
    extra('bypass-user-default-mode-no-sandbox', { grid: 'rules', answer: 'user-allow', shape: 'bypassPermissions' }, 'defaultMode bypassPermissions in user settings as root without IS_SANDBOX', { [USER]: settings({ PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }], SessionStart: [{ hooks: [watcher('SessionStart')] }] }, { defaultMode: 'bypassPermissions' }) }, steps, { root: true, env: { IS_SANDBOX: '' } }),
    extra('accept-edits-no-sandbox', { grid: 'rules', answer: 'none', shape: 'acceptEdits' }, 'acceptEdits as root without IS_SANDBOX: starts', files, steps, { permissionMode: 'acceptEdits', root: true, env: { IS_SANDBOX: '' } }),
    extra('bypass-user-default-mode', { grid: 'rules', answer: 'user-allow', shape: 'bypassPermissions' }, 'defaultMode bypassPermissions in user settings', { [USER]: settings({ PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }] }, { defaultMode: 'bypassPermissions' }) }, steps),
    extra('bypass-project-default-mode', { grid: 'rules', answer: 'project-allow', shape: 'bypassPermissions' }, 'defaultMode bypassPermissions in project settings', { ...files, [PROJECT]: settings(null, { defaultMode: 'bypassPermissions' }) }, steps),
    extra('dontask-local-default-mode', { grid: 'rules', answer: 'local-allow', shape: 'dontAsk' }, 'defaultMode dontAsk in local settings', { ...files, [LOCAL]: settings(null, { defaultMode: 'dontAsk' }) }, steps),
    extra('accept-edits-default-mode-flag-wins', { grid: 'rules', answer: 'user-allow', shape: 'default' }, 'defaultMode acceptEdits in user settings, --permission-mode default', { [USER]: settings({ PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }] }, { defaultMode: 'acceptEdits' }) }, steps, { permissionMode: 'default' }),
  ];
}

/** Resumed sessions: what SessionStart adds on resume, which earlier hook texts carry over, --resume and --continue. */
function resumeExtras() {
  const quiet = (answer) => `cat >/dev/null; ${say(answer)}`;
  const bySource = `p=$(cat); case "$p" in *'"source":"resume"'*) ${say(hso('SessionStart', { additionalContext: 'resumed start context' }))};; *) ${say(hso('SessionStart', { additionalContext: 'fresh start context' }))};; esac`;
  const two = (how) => [{ prompt: 'first risky turn' }, call('echo risky-1'), { reply: 'One.' }, { resume: how }, { prompt: 'second turn' }, { reply: 'Two.' }];
  const r = (id, answer, title, hooks, steps) => extra(`resume-${id}`, { grid: 'hooks', answer, shape: 'resume' }, title, { [USER]: settings(hooks) }, steps);
  return [
    r('start-by-source', 'start-context', 'SessionStart context by source, resumed with --resume', { SessionStart: [{ hooks: [handler(bySource)] }] }, two('resume')),
    r('start-by-source-continue', 'start-context', 'SessionStart context by source, resumed with --continue', { SessionStart: [{ hooks: [handler(bySource)] }] }, two('continue')),
    r('start-matchers', 'start-context', 'SessionStart groups matched on startup and on resume', { SessionStart: [{ matcher: 'startup', hooks: [handler(quiet(hso('SessionStart', { additionalContext: 'startup only' })))] }, { matcher: 'resume', hooks: [handler('cat >/dev/null; echo "resume plain words"')] }] }, two('resume')),
    r('prompt-context-carries', 'prompt-context', 'UserPromptSubmit context on every prompt, across a resume', { UserPromptSubmit: [{ hooks: [handler(quiet(hso('UserPromptSubmit', { additionalContext: 'prompt context' })))] }] }, two('continue')),
    r('tool-contexts-carry', 'pre-context', 'PreToolUse and PostToolUse contexts of the first turn, then a resume', { PreToolUse: [group('PreToolUse', quiet(hso('PreToolUse', { additionalContext: 'pre context' })))], PostToolUse: [group('PostToolUse', quiet(hso('PostToolUse', { additionalContext: 'post context' })))] }, two('resume')),
    r('post-block-carries', 'post-block', 'PostToolUse block in the first turn, then a resume', { PostToolUse: [group('PostToolUse', quiet({ decision: 'block', reason: 'post objects' }))] }, two('continue')),
    r('stop-once-each-run', 'stop-block-once', 'Stop blocks once in each process', { Stop: [{ hooks: [handler(`if grep -q '"stop_hook_active":false'; then ${say({ decision: 'block', reason: 'once more' })}; fi`)] }] }, two('resume')),
    r('after-prompt-halt', 'prompt-block', 'UserPromptSubmit continue: false on the first prompt, then --continue', { UserPromptSubmit: [{ hooks: [handler(`p=$(cat); case "$p" in *risky*) ${say({ continue: false, stopReason: 'halted' })};; esac`)] }] }, two('continue')),
    r('after-pre-halt', 'pre-continue-false', 'PreToolUse continue: false in the first turn, then --resume', { PreToolUse: [group('PreToolUse', onRisky(say({ continue: false, stopReason: 'halted' })))] }, two('resume')),
    r('twice', 'start-context', 'resumed twice: --resume, then --continue', { SessionStart: [{ hooks: [handler(bySource)] }], UserPromptSubmit: [{ hooks: [watcher('UserPromptSubmit')] }] }, [...two('resume'), { resume: 'continue' }, { prompt: 'third turn' }, { reply: 'Three.' }]),
    r('start-halt', 'start-context', 'SessionStart continue: false on resume only', { SessionStart: [{ hooks: [handler(`p=$(cat); case "$p" in *'"source":"resume"'*) ${say({ continue: false, stopReason: 'no resuming' })};; esac`)] }] }, two('resume')),
  ];
}

/** --dangerously-skip-permissions and other flags in host.args. */
function argsExtras() {
  const files = { [USER]: settings({ PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }], PermissionRequest: [{ matcher: '*', hooks: [watcher('PermissionRequest')] }] }) };
  const steps = [{ prompt: 'tidy the workspace' }, call('touch risky.txt'), { reply: 'Done.' }];
  const a = (id, title, host, f = files) => extra(`args-${id}`, { grid: 'rules', answer: 'none', shape: 'bypassPermissions' }, title, f, steps, host);
  return [
    a('skip-permissions', '--dangerously-skip-permissions (IS_SANDBOX=1)', { args: ['--dangerously-skip-permissions'] }),
    a('skip-permissions-no-sandbox', '--dangerously-skip-permissions as root without IS_SANDBOX', { args: ['--dangerously-skip-permissions'], root: true, env: { IS_SANDBOX: '' } }),
    a('skip-permissions-deny-rule', '--dangerously-skip-permissions with a deny rule', { args: ['--dangerously-skip-permissions'] }, { [USER]: settings({ PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }] }, { deny: ['Bash(touch:*)'] }) }),
    a('skip-permissions-ask-rule', '--dangerously-skip-permissions with an ask rule', { args: ['--dangerously-skip-permissions'] }, { [USER]: settings({ PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }] }, { ask: ['Bash(touch:*)'] }) }),
    a('skip-permissions-hook-ask', '--dangerously-skip-permissions, a PreToolUse hook asks', { args: ['--dangerously-skip-permissions'] }, { [USER]: settings({ PreToolUse: [group('PreToolUse', onRisky(say(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'hook asks' }))))] }) }),
    a('mode-flag-in-args', '--permission-mode acceptEdits given in host.args', { args: ['--permission-mode', 'acceptEdits'] }),
  ];
}

export function generate() {
  const cases = [];
  let cell = 0;
  for (const row of Object.keys(HOOKS)) for (const shape of Object.keys(SHAPES)) cases.push(gridCase(row, shape, cell++));
  cell = 1000;
  for (const row of Object.keys(HOOKS)) for (const shape of Object.keys(LATER_SHAPES)) cases.push(gridCase(row, shape, cell++));
  cell = 0;
  for (const place of RULE_PLACES) for (const mode of MODES) cases.push(ruleCase(place, mode, cell++));
  // Modes added after the first recordings: seeded apart, so the first cells keep their variants.
  cell = 2000;
  for (const place of RULE_PLACES) for (const mode of LATER_RULE_MODES) cases.push(ruleCase(place, mode, cell++));
  return [...cases, ...capExtras(), ...pluginExtras(), ...channelExtras(), ...startExtras(), ...resumeExtras(), ...argsExtras(), ...familyCases()];
}

export const ROWS = Object.keys(HOOKS);
export const COLUMNS = [...Object.keys(SHAPES), ...Object.keys(LATER_SHAPES)];
export const RULE_ROWS = RULE_PLACES;
export const RULE_COLUMNS = [...MODES, ...LATER_RULE_MODES];
/** The hooks grid is the main table (ROWS × COLUMNS); the rules grid is a second one; the families are lists. */
export const MAIN_GRID = 'hooks';
export const TABLES = {
  rules: { title: 'Permission rules: one rule in one settings file × the permission mode.', corner: 'rule, file \\ mode', rows: RULE_ROWS, columns: RULE_COLUMNS },
};
export const FAMILY_TITLES = {
  auto: 'auto mode: which allow rules survive',
  plan: 'plan mode',
  denied: 'PermissionDenied',
  suggestions: 'permission_suggestions',
  contexts: 'several contexts',
  channels: 'one answer, several channels',
  resume: '--resume / --continue',
  plugins: 'marketplace plugins',
  calls: 'several calls in one message',
  flags: 'CLI flags (host.args)',
  env: 'CLAUDE_CODE_STOP_HOOK_BLOCK_CAP and other variables',
  plugin: '--plugin-dir plugins',
  channels: 'answer channels',
};
