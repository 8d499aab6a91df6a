// Families of Claude Code session cases added after the sweep's first slice (oracle/sessions/claude-code.mjs):
// each one sweeps a dimension of issue 22 the grids cannot reach. Every case is a whole `claude -p` session,
// played on the real CLI and through the engine, and its `dims` say which cell of oracle/hosts/claude-code/
// COVERAGE-SESSIONS.md it fills.
//
// Payloads are compared through the model: a hook saves its stdin (`capture`), and the next prompt's
// UserPromptSubmit hook prints a summary of it as plain stdout (`report`), which the model reads. So the keys, their
// order and the fields a hook receives (permission_suggestions, PermissionDenied's reason) are compared with the
// payload the engine builds, on both sides the same way.
import { call, extra, group, handler, hso, LOCAL, onRisky, PROJECT, say, settings, USER, watcher } from './claude-code-parts.mjs';

/** The rules grid's columns added after its first recordings. */
export const LATER_RULE_MODES = ['auto'];

const CAPTURED = '.hookplay-captured.json';
/** Saves the hook's stdin (the payload) into the project; answers nothing. */
const capture = `cat > ${CAPTURED}`;
/** Prints the saved payload's keys and its fields other than the per-run ids, once one was saved. */
const report = `cat >/dev/null; if [ -f ${CAPTURED} ]; then node -e 'const p=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));const {session_id,transcript_path,cwd,prompt_id,...rest}=p;console.log("captured keys="+Object.keys(p).join(",")+" rest="+JSON.stringify(rest))' ${CAPTURED}; fi`;
const reporting = (hooks) => ({ ...hooks, UserPromptSubmit: [{ hooks: [handler(report)] }] });
/** One call, then a second prompt whose UserPromptSubmit hook reports what was captured. */
const thenReport = (command, approval) => [{ prompt: 'tidy the risky workspace' }, call(command), ...(approval ? [{ approval }] : []), { reply: 'Done.' }, { prompt: 'report' }, { reply: 'Reported.' }];
const oneCall = (command, approval) => [{ prompt: 'tidy the risky workspace' }, call(command), ...(approval ? [{ approval }] : []), { reply: 'Done.' }];
const quiet = (answer) => `cat >/dev/null; ${say(answer)}`;
const NODE = 'node -e "console.log(\'risky-node\')"';
const every = (events) => Object.fromEntries(events.map((e) => [e, [{ ...(['PreToolUse', 'PermissionRequest', 'PermissionDenied', 'PostToolUse', 'PostToolUseFailure'].includes(e) ? { matcher: '*' } : {}), hooks: [watcher(e)] }]]));

/**
 * Auto mode and plan mode's auto semantics: which allow rules survive (auto mode drops broad rules such as the bare
 * tool or an interpreter wildcard), what runs without the classifier (file changes in the project, as acceptEdits),
 * and what a hook's allow or ask does there.
 */
function autoFamily() {
  const watchers = every(['PreToolUse', 'PermissionRequest', 'PermissionDenied', 'PostToolUse', 'Stop']);
  const ruled = (rule) => ({ [USER]: settings(watchers, { allow: [rule] }) });
  const out = [];
  const forms = [
    ['bare', 'Bash', NODE],
    ['node-space', 'Bash(node *)', NODE],
    ['node-colon', 'Bash(node:*)', NODE],
    ['node-exact', `Bash(${NODE})`, NODE],
    ['touch-prefix', 'Bash(touch:*)', 'touch risky.txt'],
    ['mkdir-exact', 'Bash(mkdir -p risky-dir)', 'mkdir -p risky-dir'],
  ];
  for (const mode of ['plan', 'auto']) {
    for (const [id, rule, command] of forms) out.push(extra(`auto-allow-${id}-${mode}`, { grid: 'auto', answer: `allow ${id}`, shape: mode }, `allow rule ${rule} in ${mode} mode: ${command}`, ruled(rule), oneCall(command), { permissionMode: mode }));
  }
  const bare = { [USER]: settings(watchers) };
  for (const [id, command] of [['touch', 'touch risky.txt'], ['mkdir', 'mkdir -p risky-dir'], ['node', NODE], ['read-outside', 'ls /no/such/risky-dir'], ['echo', 'echo risky-1'], ['write-outside', 'touch /tmp/risky-outside.txt']]) {
    out.push(extra(`auto-none-${id}`, { grid: 'auto', answer: 'no rule', shape: 'auto' }, `auto mode, no rule: ${command}`, bare, oneCall(command), { permissionMode: 'auto' }));
  }
  const hooked = (answer) => ({ [USER]: settings({ ...watchers, PreToolUse: [group('PreToolUse', onRisky(say(hso('PreToolUse', answer))))] }) });
  out.push(extra('auto-hook-allow', { grid: 'auto', answer: 'hook allow', shape: 'auto' }, 'auto mode, a PreToolUse hook allows node', hooked({ permissionDecision: 'allow' }), oneCall(NODE), { permissionMode: 'auto' }));
  out.push(extra('auto-hook-ask-allowed', { grid: 'auto', answer: 'hook ask', shape: 'auto' }, 'auto mode, a PreToolUse hook asks, the user allows', hooked({ permissionDecision: 'ask', permissionDecisionReason: 'look first' }), oneCall(NODE, 'allow'), { permissionMode: 'auto' }));
  out.push(extra('auto-hook-ask-unanswered', { grid: 'auto', answer: 'hook ask', shape: 'auto' }, 'auto mode, a PreToolUse hook asks, nobody answers', hooked({ permissionDecision: 'ask', permissionDecisionReason: 'look first' }), oneCall('echo risky-1'), { permissionMode: 'auto' }));
  out.push(extra('auto-ask-rule', { grid: 'auto', answer: 'ask rule', shape: 'auto' }, 'auto mode, an ask rule for touch, the user allows', { [USER]: settings(watchers, { ask: ['Bash(touch:*)'] }) }, oneCall('touch risky.txt', 'allow'), { permissionMode: 'auto' }));
  out.push(extra('auto-default-mode', { grid: 'auto', answer: 'no rule', shape: 'defaultMode auto' }, 'defaultMode auto in user settings: node', { [USER]: settings(watchers, { defaultMode: 'auto' }) }, oneCall(NODE)));
  return out;
}

/** useAutoModeDuringPlan: plan mode with auto semantics (the default) or asking a person, by settings file. */
function planFamily() {
  const watchers = every(['PreToolUse', 'PermissionRequest', 'PermissionDenied', 'PostToolUse', 'Stop']);
  const p = (id, title, files, steps, host = { permissionMode: 'plan' }) => extra(`plan-${id}`, { grid: 'plan', answer: id.split('--')[0], shape: id.split('--')[1] ?? 'plan' }, title, files, steps, host);
  const off = (file, value = false) => ({ [USER]: settings(watchers), ...(file === USER ? { [USER]: `${JSON.stringify({ useAutoModeDuringPlan: value, hooks: watchers }, null, 2)}\n` } : { [file]: `${JSON.stringify({ useAutoModeDuringPlan: value }, null, 2)}\n` }) });
  return [
    p('user-off--unanswered', 'useAutoModeDuringPlan false in user settings, plan mode: touch, nobody answers', off(USER), oneCall('touch risky.txt')),
    p('user-off--allow', 'useAutoModeDuringPlan false in user settings, plan mode: touch, the user allows', off(USER), oneCall('touch risky.txt', 'allow')),
    p('user-off--deny', 'useAutoModeDuringPlan false in user settings, plan mode: node, the user denies', off(USER), oneCall(NODE, 'deny')),
    p('project-off--unanswered', 'useAutoModeDuringPlan false in project settings, plan mode: touch', off(PROJECT), oneCall('touch risky.txt')),
    p('local-off--unanswered', 'useAutoModeDuringPlan false in local settings, plan mode: touch', off(LOCAL), oneCall('touch risky.txt')),
    p('user-on--unanswered', 'useAutoModeDuringPlan true in user settings, plan mode: touch', off(USER, true), oneCall('touch risky.txt')),
    p('user-off-hook-allow--unanswered', 'useAutoModeDuringPlan false, plan mode, a PreToolUse hook allows node', { [USER]: `${JSON.stringify({ useAutoModeDuringPlan: false, hooks: { ...watchers, PreToolUse: [group('PreToolUse', onRisky(say(hso('PreToolUse', { permissionDecision: 'allow' }))))] } }, null, 2)}\n` }, oneCall(NODE)),
    p('user-off--auto', 'useAutoModeDuringPlan false in user settings, auto mode: touch', off(USER), oneCall('touch risky.txt'), { permissionMode: 'auto' }),
    p('user-off-allow-rule--unanswered', 'useAutoModeDuringPlan false, plan mode, an allow rule for node', { [USER]: `${JSON.stringify({ useAutoModeDuringPlan: false, permissions: { allow: ['Bash(node:*)'] }, hooks: watchers }, null, 2)}\n` }, oneCall(NODE)),
    p('user-off-read-only--unanswered', 'useAutoModeDuringPlan false, plan mode, a read-only call', off(USER), oneCall('echo risky-1')),
    p('user-off-hook-deny--unanswered', 'useAutoModeDuringPlan false, plan mode, a PreToolUse hook denies', { [USER]: `${JSON.stringify({ useAutoModeDuringPlan: false, hooks: { ...watchers, PreToolUse: [group('PreToolUse', onRisky(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'plan hook says no' }))))] } }, null, 2)}\n` }, oneCall('touch risky.txt')),
  ];
}

/** The PermissionDenied event: where it fires (the classifier's denial), what it receives, what its answers do. */
function deniedFamily() {
  const watchers = every(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'Stop']);
  const d = (id, title, command, files, steps, host = { permissionMode: 'plan' }) => extra(`denied-${id}`, { grid: 'denied', answer: id, shape: host.permissionMode ?? 'default' }, title, files, steps, host);
  const on = (answer, extraHooks = {}, permissions) => ({ [USER]: settings(reporting({ ...watchers, PermissionDenied: [{ matcher: '*', hooks: [handler(answer)] }], ...extraHooks }), permissions) });
  return [
    d('capture', 'PermissionDenied after plan mode denies touch: what the hook receives', 'touch risky.txt', on(capture), thenReport('touch risky.txt')),
    d('capture-auto', 'PermissionDenied after auto mode denies node: what the hook receives', NODE, on(capture), thenReport(NODE), { permissionMode: 'auto' }),
    d('retry', 'PermissionDenied answers retry: true', 'touch risky.txt', on(`${capture}; ${say(hso('PermissionDenied', { retry: true }))}`), thenReport('touch risky.txt')),
    d('context', 'PermissionDenied answers additionalContext', 'touch risky.txt', on(quiet(hso('PermissionDenied', { additionalContext: 'denied context' }))), oneCall('touch risky.txt')),
    d('plain', 'PermissionDenied prints plain stdout', 'touch risky.txt', on('cat >/dev/null; echo "denied plain words"'), oneCall('touch risky.txt')),
    d('exit2', 'PermissionDenied exits 2 with stderr', 'touch risky.txt', on('cat >/dev/null; echo "denied exit 2" >&2; exit 2'), oneCall('touch risky.txt')),
    d('continue-false', 'PermissionDenied answers continue: false', 'touch risky.txt', on(quiet({ continue: false, stopReason: 'denied halts' })), oneCall('touch risky.txt')),
    d('dont-ask', 'dontAsk mode denies touch: does PermissionDenied fire?', 'touch risky.txt', on(capture), thenReport('touch risky.txt'), { permissionMode: 'dontAsk' }),
    d('deny-rule', 'a deny rule refuses touch in plan mode: does PermissionDenied fire?', 'touch risky.txt', on(capture, {}, { deny: ['Bash(touch:*)'] }), thenReport('touch risky.txt')),
    d('hook-deny', 'a PreToolUse hook denies in plan mode: does PermissionDenied fire?', 'touch risky.txt', on(capture, { PreToolUse: [group('PreToolUse', onRisky(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'hook says no' }))))] }), thenReport('touch risky.txt')),
    d('user-deny', 'the user denies a prompt: does PermissionDenied fire?', 'touch risky.txt', on(capture), thenReport('touch risky.txt', 'deny'), {}),
  ];
}

/** What a PermissionRequest hook receives (permission_suggestions) for the calls that ask, by command and mode. */
function suggestionFamily() {
  const hooks = (extraHooks = {}) => reporting({ PermissionRequest: [{ matcher: '*', hooks: [handler(capture)] }], PreToolUse: [{ matcher: '*', hooks: [watcher('PreToolUse')] }], ...extraHooks });
  const s = (id, title, command, files, host, approval) => extra(`suggest-${id}`, { grid: 'suggestions', answer: id, shape: host?.permissionMode ?? 'default' }, title, files, thenReport(command, approval), host);
  const plain = { [USER]: settings(hooks()) };
  return [
    s('touch', 'permission_suggestions for touch in the project', 'touch risky.txt', plain),
    s('mkdir', 'permission_suggestions for mkdir -p in the project', 'mkdir -p risky-dir', plain),
    s('node', 'permission_suggestions for node -e', NODE, plain),
    s('node-args', 'permission_suggestions for node with a script argument', 'node risky-script.js --flag', plain),
    s('compound', 'permission_suggestions for touch && node', `touch risky.txt && ${NODE}`, plain),
    s('two-nodes', 'permission_suggestions for two node commands', 'node -e 1 && node -e 2 # risky', plain),
    s('read-outside', 'permission_suggestions for ls outside the project', 'ls /no/such/risky-dir', plain),
    s('redirect', 'permission_suggestions for echo into a file', 'echo risky-1 > risky-out.txt', plain),
    s('ask-rule', 'permission_suggestions when an ask rule asks for echo', 'echo risky-1', { [USER]: settings(hooks(), { ask: ['Bash(echo:*)'] }) }),
    s('hook-ask', 'permission_suggestions when a PreToolUse hook asks for echo', 'echo risky-1', { [USER]: settings(hooks({ PreToolUse: [group('PreToolUse', onRisky(say(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'asking' }))))] })) }),
    s('accept-edits-node', 'permission_suggestions in acceptEdits mode for node', NODE, plain, { permissionMode: 'acceptEdits' }),
    s('answered', 'permission_suggestions, then the user allows', 'touch risky.txt', plain, undefined, 'allow'),
    // With a host that answers prompts (an approval step), the suggestions differ from claude -p's alone.
    s('answered-mkdir', 'permission_suggestions for mkdir -p, the user denies', 'mkdir -p risky-dir', plain, undefined, 'deny'),
    s('answered-node', 'permission_suggestions for node -e, the user allows', NODE, plain, undefined, 'allow'),
    s('answered-compound', 'permission_suggestions for touch && node, the user allows', `touch risky.txt && ${NODE}`, plain, undefined, 'allow'),
    s('answered-redirect', 'permission_suggestions for echo into a file, the user allows', 'echo risky-1 > risky-out.txt', plain, undefined, 'allow'),
    s('answered-read-outside', 'permission_suggestions for ls outside the project, the user denies', 'ls /no/such/risky-dir', plain, undefined, 'deny'),
    s('answered-ask-rule', 'permission_suggestions when an ask rule asks for echo, the user allows', 'echo risky-1', { [USER]: settings(hooks(), { ask: ['Bash(echo:*)'] }) }, undefined, 'allow'),
  ];
}

/** Several hooks' contexts on one event, apart in time (not racing): one text each, or joined. */
function contextFamily() {
  const two = (event, matcherless = false) => {
    const one = (text, slow) => handler(`cat >/dev/null; ${slow ? 'sleep 0.5; ' : ''}${say(hso(event, { additionalContext: text }))}`);
    return { [event]: [{ ...(matcherless ? {} : { matcher: 'Bash' }), hooks: [one(`${event} first`, false), one(`${event} second`, true)] }] };
  };
  const c = (event, title, hooks, steps = oneCall('echo risky-1'), host) => extra(`contexts-${event}${host?.plugins ? '-plugin' : ''}`, { grid: 'contexts', answer: event, shape: host?.plugins ? 'plugin and settings' : 'one group' }, title, hooks, steps, host);
  const manifest = (name) => `${JSON.stringify({ name, version: '1.0.0', description: 'hookplay sweep plugin' }, null, 2)}\n`;
  return [
    c('UserPromptSubmit', 'UserPromptSubmit: two hooks give additionalContext, 0.5 s apart', { [USER]: settings(two('UserPromptSubmit', true)) }),
    c('SessionStart', 'SessionStart: two hooks give additionalContext, 0.5 s apart', { [USER]: settings(two('SessionStart', true)) }),
    c('PreToolUse', 'PreToolUse: two hooks give additionalContext, 0.5 s apart', { [USER]: settings(two('PreToolUse')) }),
    c('PostToolUse', 'PostToolUse: two hooks give additionalContext, 0.5 s apart', { [USER]: settings(two('PostToolUse')) }),
    c('PostToolUseFailure', 'PostToolUseFailure: two hooks give additionalContext, 0.5 s apart', { [USER]: settings(two('PostToolUseFailure')) }, oneCall('echo risky-err >&2; false')),
    c('PostToolBatch', 'PostToolBatch: two hooks give additionalContext, 0.5 s apart', { [USER]: settings(two('PostToolBatch', true)) }),
    c('Stop', 'Stop: two hooks give additionalContext once, 0.5 s apart', { [USER]: settings({ Stop: [{ hooks: [handler(`if grep -q '"stop_hook_active":false'; then ${say(hso('Stop', { additionalContext: 'Stop first' }))}; fi`), handler(`if grep -q '"stop_hook_active":false'; then sleep 0.5; ${say(hso('Stop', { additionalContext: 'Stop second' }))}; fi`)] }] }) }),
    c('PostToolUse', 'PostToolUse: a settings hook and a slower plugin hook give additionalContext', {
      [USER]: settings({ PostToolUse: [group('PostToolUse', quiet(hso('PostToolUse', { additionalContext: 'settings post context' })))] }),
      'plugins/post/.claude-plugin/plugin.json': manifest('poster'),
      'plugins/post/hooks/hooks.json': `${JSON.stringify({ hooks: { PostToolUse: [group('PostToolUse', `cat >/dev/null; sleep 0.5; ${say(hso('PostToolUse', { additionalContext: 'plugin post context' }))}`)] } }, null, 2)}\n`,
    }, oneCall('echo risky-1'), { plugins: ['plugins/post'] }),
    c('PreToolUse', 'PreToolUse: a settings hook and a slower plugin hook give additionalContext', {
      [USER]: settings({ PreToolUse: [group('PreToolUse', quiet(hso('PreToolUse', { additionalContext: 'settings pre context' })))] }),
      'plugins/pre/.claude-plugin/plugin.json': manifest('prer'),
      'plugins/pre/hooks/hooks.json': `${JSON.stringify({ hooks: { PreToolUse: [group('PreToolUse', `cat >/dev/null; sleep 0.5; ${say(hso('PreToolUse', { additionalContext: 'plugin pre context' }))}`)] } }, null, 2)}\n`,
    }, oneCall('echo risky-1'), { plugins: ['plugins/pre'] }),
  ];
}

/** One JSON answer on several channels, on the events the first slice left out; PermissionRequest's other shapes. */
function moreChannelFamily() {
  const on = (event, answer, matcher) => ({ [USER]: settings({ [event]: [group(event, quiet(answer), matcher)] }) });
  const failing = oneCall('echo risky-err >&2; false');
  const asked = (approval) => oneCall('touch risky.txt', approval);
  const c = (id, event, title, files, steps = oneCall('echo risky-1')) => extra(`channels2-${id}`, { grid: 'channels', answer: event, shape: id }, title, files, steps);
  return [
    c('failure-block-context', 'PostToolUseFailure', 'PostToolUseFailure: decision block beside additionalContext', on('PostToolUseFailure', { decision: 'block', reason: 'failure block', ...hso('PostToolUseFailure', { additionalContext: 'failure context beside block' }) }), failing),
    c('failure-continue-false-context', 'PostToolUseFailure', 'PostToolUseFailure: continue false beside additionalContext', on('PostToolUseFailure', { continue: false, stopReason: 'failure halts', ...hso('PostToolUseFailure', { additionalContext: 'failure context beside halt' }) }), failing),
    c('failure-system-message', 'PostToolUseFailure', 'PostToolUseFailure: systemMessage beside additionalContext', on('PostToolUseFailure', { systemMessage: 'failure notice', ...hso('PostToolUseFailure', { additionalContext: 'failure context with notice' }) }), failing),
    c('batch-block-context', 'PostToolBatch', 'PostToolBatch: decision block beside additionalContext', on('PostToolBatch', { decision: 'block', reason: 'batch block', ...hso('PostToolBatch', { additionalContext: 'batch context beside block' }) })),
    c('batch-continue-false-context', 'PostToolBatch', 'PostToolBatch: continue false beside additionalContext', on('PostToolBatch', { continue: false, stopReason: 'batch halts', ...hso('PostToolBatch', { additionalContext: 'batch context beside halt' }) })),
    c('stop-context-continue-false', 'Stop', 'Stop: additionalContext beside continue false', on('Stop', { continue: false, stopReason: 'stop halts', ...hso('Stop', { additionalContext: 'stop context beside halt' }) })),
    c('post-system-message-context', 'PostToolUse', 'PostToolUse: systemMessage beside additionalContext', on('PostToolUse', { systemMessage: 'post notice', ...hso('PostToolUse', { additionalContext: 'post context with notice' }) })),
    c('start-plain-and-system-message', 'SessionStart', 'SessionStart: systemMessage beside additionalContext', on('SessionStart', { systemMessage: 'start notice', ...hso('SessionStart', { additionalContext: 'start context with notice' }) })),
    c('perm-decision-string', 'PermissionRequest', 'PermissionRequest: hookSpecificOutput.decision as a string', on('PermissionRequest', hso('PermissionRequest', { decision: 'allow' })), asked(null)),
    c('perm-decision-top-object', 'PermissionRequest', 'PermissionRequest: decision {behavior: allow} at the top level', on('PermissionRequest', { decision: { behavior: 'allow' } }), asked(null)),
    c('perm-permission-decision-allow', 'PermissionRequest', 'PermissionRequest answered as PreToolUse would (permissionDecision allow)', on('PermissionRequest', hso('PermissionRequest', { permissionDecision: 'allow' })), asked(null)),
    c('perm-behavior-ask', 'PermissionRequest', 'PermissionRequest: decision behavior ask', on('PermissionRequest', hso('PermissionRequest', { decision: { behavior: 'ask' } })), asked(null)),
    c('perm-deny-no-message', 'PermissionRequest', 'PermissionRequest: deny without a message', on('PermissionRequest', hso('PermissionRequest', { decision: { behavior: 'deny' } })), asked(null)),
    c('perm-allow-system-message', 'PermissionRequest', 'PermissionRequest: allow beside a systemMessage', on('PermissionRequest', { systemMessage: 'perm notice', ...hso('PermissionRequest', { decision: { behavior: 'allow' } }) }), asked(null)),
  ];
}

/** Resumed and continued sessions: which SessionStart texts reach the model again, and what a halt leaves behind. */
function resumeFamily() {
  const bySource = (startup, resume) => `p=$(cat); case "$p" in *'"source":"resume"'*) ${resume};; *) ${startup};; esac`;
  const two = (how) => [{ prompt: 'first risky turn' }, call('echo risky-1'), { reply: 'One.' }, { resume: how }, { prompt: 'second turn' }, { reply: 'Two.' }];
  const r = (id, answer, title, hooks, steps, host) => extra(`resume2-${id}`, { grid: 'resume', answer, shape: steps.some((s) => 'resume' in s) ? (steps.find((s) => 'resume' in s).resume) : 'two prompts' }, title, { [USER]: settings(hooks) }, steps, host);
  const ctx = (text) => say(hso('SessionStart', { additionalContext: text }));
  const halt = (event, reason) => ({ [event]: [group(event, onRisky(say({ continue: false, stopReason: reason })))] });
  const twoPrompts = [{ prompt: 'first risky turn' }, call('echo risky-1'), { reply: 'One.' }, { prompt: 'second turn' }, { reply: 'Two.' }];
  return [
    r('same-plain-resume', 'start-context', 'SessionStart prints the same plain words on startup and on --resume', { SessionStart: [{ hooks: [handler('cat >/dev/null; echo "same start words"')] }] }, two('resume')),
    r('same-context-continue', 'start-context', 'SessionStart gives the same additionalContext on startup and on --continue', { SessionStart: [{ hooks: [handler(`cat >/dev/null; ${ctx('same start context')}`)] }] }, two('continue')),
    r('other-plain-continue', 'start-context', 'SessionStart prints other plain words on --continue', { SessionStart: [{ hooks: [handler(bySource('echo "fresh words"', 'echo "resumed words"'))] }] }, two('continue')),
    r('plain-then-context', 'start-context', 'SessionStart: plain words on startup, the same words as additionalContext on --resume', { SessionStart: [{ hooks: [handler(bySource('echo "start words"', ctx('start words')))] }] }, two('resume')),
    r('prompt-halt-then-prompt', 'prompt-block', 'UserPromptSubmit continue: false on the first prompt, then another prompt in the same process', halt('UserPromptSubmit', 'prompt halted'), twoPrompts),
    r('pre-halt-then-prompt', 'pre-continue-false', 'PreToolUse continue: false, then another prompt in the same process', halt('PreToolUse', 'pre halted'), twoPrompts),
    r('stop-halt-then-prompt', 'stop-continue-false', 'Stop continue: false, then another prompt in the same process', { Stop: [{ hooks: [handler(`cat >/dev/null; ${say({ continue: false, stopReason: 'stop halted' })}`)] }] }, twoPrompts),
    r('stop-halt-no-reason-resume', 'stop-continue-false', 'Stop continue: false without a stopReason, then --resume', { Stop: [{ hooks: [handler(`cat >/dev/null; ${say({ continue: false })}`)] }] }, two('resume')),
    r('post-halt-resume', 'post-continue-false', 'PostToolUse continue: false, then --continue', halt('PostToolUse', 'post halted'), two('continue')),
    r('pre-halt-no-reason-resume', 'pre-continue-false', 'PreToolUse continue: false without a stopReason, then --resume', { PreToolUse: [group('PreToolUse', onRisky(say({ continue: false })))] }, two('resume')),
    r('post-halt-no-reason-resume', 'post-continue-false', 'PostToolUse continue: false without a stopReason, then --resume', { PostToolUse: [group('PostToolUse', onRisky(say({ continue: false })))] }, two('resume')),
    r('batch-halt-no-reason-resume', 'batch-context', 'PostToolBatch continue: false without a stopReason, then --resume', { PostToolBatch: [{ hooks: [handler(`p=$(cat); case "$p" in *risky-1*) ${say({ continue: false })};; esac`)] }] }, two('resume')),
    r('batch-halt-resume', 'batch-context', 'PostToolBatch continue: false, then --continue', { PostToolBatch: [{ hooks: [handler(`p=$(cat); case "$p" in *risky-1*) ${say({ continue: false, stopReason: 'batch halted' })};; esac`)] }] }, two('continue')),
    r('prompt-block-then-prompt', 'prompt-block', 'UserPromptSubmit blocks the first prompt, then another prompt', { UserPromptSubmit: [{ hooks: [handler(onRisky(say({ decision: 'block', reason: 'not that one' })))] }] }, [{ prompt: 'first risky turn' }, { reply: 'One.' }, { prompt: 'second turn' }, { reply: 'Two.' }]),
    r('interrupt-then-prompt', 'perm-interrupt', 'PermissionRequest deny with interrupt, then another prompt in the same process', { PermissionRequest: [group('PermissionRequest', onRisky(say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'stop now', interrupt: true } }))))] }, [{ prompt: 'first risky turn' }, call('touch risky.txt'), { approval: 'allow' }, { reply: 'One.' }, { prompt: 'second turn' }, { reply: 'Two.' }]),
    r('cap-then-resume', 'stop-block-always', 'Stop blocks every time with cap 2, then --resume', { Stop: [{ hooks: [handler(`cat >/dev/null; ${say({ decision: 'block', reason: 'never done' })}`)] }] }, two('resume'), { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '2' } }),
  ];
}

/**
 * Plugins: CLAUDE_PLUGIN_DATA's value, and plugins installed from a marketplace that settings declare
 * (`extraKnownMarketplaces` with a directory source, `enabledPlugins`), which `claude -p` installs on its first start.
 */
function pluginFamily() {
  const manifest = (name) => `${JSON.stringify({ name, version: '1.0.0', description: 'hookplay sweep plugin' }, null, 2)}\n`;
  const envLine = 'cat >/dev/null; echo "root=${CLAUDE_PLUGIN_ROOT} data=${CLAUDE_PLUGIN_DATA} data-dir=$([ -d "$CLAUDE_PLUGIN_DATA" ] && echo yes || echo no)"';
  const pluginHooks = { UserPromptSubmit: [{ hooks: [handler(envLine)] }], PostToolUse: [group('PostToolUse', quiet(hso('PostToolUse', { additionalContext: 'market post context' })))] };
  const market = (dir = 'market') => ({
    [`${dir}/.claude-plugin/marketplace.json`]: `${JSON.stringify({ name: 'localmk', owner: { name: 'hookplay' }, plugins: [{ name: 'guard', source: './plugins/guard', description: 'sweep plugin' }] }, null, 2)}\n`,
    [`${dir}/plugins/guard/.claude-plugin/plugin.json`]: manifest('guard'),
    [`${dir}/plugins/guard/hooks/hooks.json`]: `${JSON.stringify({ hooks: pluginHooks }, null, 2)}\n`,
  });
  const declare = (enabled = true) => `${JSON.stringify({ extraKnownMarketplaces: { localmk: { source: { source: 'directory', path: './market' } } }, enabledPlugins: { 'guard@localmk': enabled } }, null, 2)}\n`;
  const resumed = [{ prompt: 'first turn' }, call('echo risky-1'), { reply: 'One.' }, { prompt: 'second turn' }, { reply: 'Two.' }, { resume: 'continue' }, { prompt: 'third turn' }, call('echo risky-3'), { reply: 'Three.' }];
  const p = (id, shape, title, files, steps, host) => extra(`plugin2-${id}`, { grid: 'plugins', answer: id.startsWith('market') ? 'marketplace' : 'plugin-dir', shape }, title, files, steps, host);
  return [
    p('data-path', 'one turn', 'a --plugin-dir plugin hook prints CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA', { 'plugins/env/.claude-plugin/plugin.json': manifest('envy'), 'plugins/env/hooks/hooks.json': `${JSON.stringify({ hooks: pluginHooks }, null, 2)}\n` }, oneCall('echo risky-1'), { plugins: ['plugins/env'] }),
    p('market-user', 'continue', 'a marketplace plugin declared in user settings, over two turns and a --continue', { ...market(), [USER]: declare() }, resumed),
    p('market-project', 'continue', 'a marketplace plugin declared in project settings, over two turns and a --continue', { ...market(), [PROJECT]: declare() }, resumed),
    p('market-local', 'continue', 'a marketplace plugin declared in local settings, over two turns and a --continue', { ...market(), [LOCAL]: declare() }, resumed),
    p('market-disabled', 'continue', 'a marketplace plugin declared but disabled (enabledPlugins false)', { ...market(), [USER]: declare(false) }, resumed),
    p('market-one-run', 'one turn', 'a marketplace plugin declared in user settings, one turn only', { ...market(), [USER]: declare() }, oneCall('echo risky-1')),
    p('market-resume', 'resume', 'a marketplace plugin declared in user settings, then --resume', { ...market(), [USER]: declare() }, [{ prompt: 'first turn' }, { reply: 'One.' }, { resume: 'resume' }, { prompt: 'second turn' }, call('echo risky-2'), { reply: 'Two.' }]),
  ];
}

/** Several calls in one message where the batch is cut short: a rule denial in the middle, a halt, an interrupt. */
function callsFamily() {
  const watchers = every(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Stop']);
  const k = (id, title, files, steps) => extra(`calls2-${id}`, { grid: 'calls', answer: id, shape: 'calls' }, title, files, steps);
  const three = (middle) => [{ prompt: 'tidy the workspace' }, { calls: [call('echo safe-1'), call(middle), call('echo safe-3')] }, { reply: 'All done.' }];
  return [
    k('middle-denied-rule', 'three calls, a deny rule refuses the middle one', { [USER]: settings(watchers, { deny: ['Bash(touch:*)'] }) }, three('touch risky.txt')),
    k('middle-invalid', 'three calls, the middle one fails the tool\'s validation', { [USER]: settings(watchers) }, [{ prompt: 'tidy the workspace' }, { calls: [call('echo safe-1'), { tool: 'Bash', input: { cmd: 'echo risky-1' } }, call('echo safe-3')] }, { reply: 'All done.' }]),
    k('first-halts', 'three calls, PreToolUse continue: false on the first', { [USER]: settings({ ...watchers, PreToolUse: [group('PreToolUse', onRisky(say({ continue: false, stopReason: 'halt at the first' })))] }) }, [{ prompt: 'tidy the workspace' }, { calls: [call('echo risky-1'), call('echo safe-2'), call('echo safe-3')] }, { reply: 'All done.' }]),
    k('middle-hook-deny', 'three calls, a PreToolUse hook denies the middle one', { [USER]: settings({ ...watchers, PreToolUse: [group('PreToolUse', onRisky(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'not the middle' }))))] }) }, three('echo risky-2')),
    k('middle-fails', 'three calls, the middle one fails', { [USER]: settings(watchers) }, three('echo risky-err >&2; false')),
    k('interrupt-first', 'three calls, a PermissionRequest hook interrupts at the first', { [USER]: settings({ ...watchers, PermissionRequest: [group('PermissionRequest', onRisky(say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'stop now', interrupt: true } }))))] }) }, [{ prompt: 'tidy the workspace' }, { calls: [call('touch risky.txt'), call('echo safe-2'), call('mkdir -p safe-dir')] }, { approval: 'allow' }, { reply: 'All done.' }]),
  ];
}

/** Host flags beyond the mode: --disallowedTools and --allowedTools given in host.args. */
function flagFamily() {
  const watchers = every(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'Stop']);
  const f = (id, title, args, command) => extra(`flags-${id}`, { grid: 'flags', answer: id, shape: 'args' }, title, { [USER]: settings(watchers) }, oneCall(command), { args });
  return [
    f('disallowed', '--disallowedTools "Bash(touch:*)" refuses touch', ['--disallowedTools', 'Bash(touch:*)'], 'touch risky.txt'),
    f('allowed', '--allowedTools "Bash(touch:*)" allows touch', ['--allowedTools', 'Bash(touch:*)'], 'touch risky.txt'),
    f('disallowed-bare', '--disallowedTools Bash removes the tool', ['--disallowedTools', 'Bash'], 'echo risky-1'),
    extra('flags-deny-bare-settings', { grid: 'flags', answer: 'deny-bare-settings', shape: 'default' }, 'a deny rule naming the bare Bash tool in user settings, default mode', { [USER]: settings(watchers, { deny: ['Bash'] }) }, oneCall('echo risky-1')),
    extra('flags-deny-bare-local-accept-edits', { grid: 'flags', answer: 'deny-bare-settings', shape: 'acceptEdits' }, 'a deny rule naming the bare Bash tool in local settings, acceptEdits mode', { [USER]: settings(watchers), [LOCAL]: settings(null, { deny: ['Bash'] }) }, oneCall('touch risky.txt'), { permissionMode: 'acceptEdits' }),
    f('allowed-and-mode', '--allowedTools "Bash(node:*)" and --permission-mode dontAsk in host.args', ['--allowedTools', 'Bash(node:*)', '--permission-mode', 'dontAsk'], NODE),
  ];
}

export function familyCases() {
  return [...autoFamily(), ...planFamily(), ...deniedFamily(), ...suggestionFamily(), ...contextFamily(), ...moreChannelFamily(), ...resumeFamily(), ...pluginFamily(), ...callsFamily(), ...flagFamily()];
}
