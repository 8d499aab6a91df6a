// The Claude Agent SDK sweep: `npm run oracle -- --host claude-agent-sdk` (or `node oracle/sessions/run.mjs --host
// claude-agent-sdk`). Seeded (SEED below), so the same cases every time. Each case is a hookplay scenario played by
// an app that calls the real SDK's query() (packages/real-host/src/hosts/claude-agent-sdk/) and through the engine.
//
// Axes, crossed where their product is small and sampled by the seed where it is not:
// - SOURCES: settingSources unset, [], and every subset that leaves one file out, against a hook (or a permission
//   rule) in each of the three settings files: which files load (`src-*`, `perm-src-*`);
// - CALLBACK ANSWERS on PreToolUse: each documented field, an empty answer, nothing returned, a throw, an invalid
//   answer, a missed timeout, each with onFailure continue and block (`cb-pre-*`);
// - CALLBACKS × EVENTS: block, context, throw (both onFailure) and a missed timeout on UserPromptSubmit,
//   PostToolUse, PostToolBatch, Stop, PermissionRequest, SessionStart (`cb-<event>-*`);
// - FILE HOOK × CALLBACK pairs on PreToolUse, in both finishing orders (`mix-*`);
// - canUseTool: unset, allow, deny, against a hook's ask (file or callback) and a call the rules ask about
//   (`ask-*`);
// - SESSIONS: several turns, a resumed session, two calls in one message, disableAllHooks with callbacks, matchers
//   that miss, the callback ids across events (`sess-*`).
// One-event cases are scenarios with `event` (the harness wraps them in the session that reaches the event); the
// rest are sessions. Both are recorded in oracle/recorded/claude-agent-sdk/<version>/.
import { random } from '../lib/seeded.mjs';

const SEED = 2026;


const FILES = { user: '~/.claude/settings.json', project: '.claude/settings.json', local: '.claude/settings.local.json' };
const MODULE = 'agent/hooks.mjs';
const settings = (hooks, extra = {}) => `${JSON.stringify({ ...extra, ...(hooks ? { hooks } : {}) }, null, 2)}\n`;
const cmdGroup = (command, matcher) => ({ ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command }] });
const say = (answer) => `echo '${JSON.stringify(answer)}'`;
const hso = (event, fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
/** A module of named callbacks; each body is the function's own code. */
const moduleOf = (fns) => Object.entries(fns).map(([name, body]) => `export async function ${name}(input, toolUseID, { signal }) {\n${body}\n}\n`).join('\n');
const ret = (v) => `  return ${JSON.stringify(v)};`;
const sleep = (ms) => `  await new Promise((r) => setTimeout(r, ${ms}));`;
const prompt = { prompt: 'do it' };
const echo = { tool: 'Bash', input: { command: 'echo original', description: 'run the command' } };
const writes = { tool: 'Bash', input: { command: 'touch RAN', description: 'make a file' } };
const base = (title, host, files, rest) => ({ hookplay: 1, title, dialect: 'claude-agent-sdk', ...(Object.keys(host).length ? { host } : {}), files, ...rest });
const oneEvent = (event, payload) => ({ event, payload });
const session = (...steps) => ({ session: { steps } });
const PRE = { tool_name: 'Bash', tool_input: echo.input };

function sourcesCases() {
  const choices = [undefined, [], ['user'], ['project'], ['local'], ['user', 'project'], ['project', 'local'], ['user', 'local']];
  const out = [];
  for (const sources of choices) {
    const tag = sources === undefined ? 'default' : sources.length ? sources.join('-') : 'none';
    for (const [where, file] of Object.entries(FILES)) {
      const deny = say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: `${where} hook says no` }));
      out.push({
        id: `src-${tag}-${where}-hook`,
        scenario: base(`settingSources ${tag}: a PreToolUse deny in the ${where} settings`, sources ? { settingSources: sources } : {}, { [file]: settings({ PreToolUse: [cmdGroup(deny, 'Bash')] }) }, oneEvent('PreToolUse', PRE)),
      });
      out.push({
        id: `perm-src-${tag}-${where}-deny-rule`,
        scenario: base(`settingSources ${tag}: a deny rule for echo in the ${where} settings`, sources ? { settingSources: sources } : {}, { [file]: settings(null, { permissions: { deny: ['Bash(echo:*)'] } }) }, session(prompt, echo, { reply: 'done' })),
      });
    }
  }
  return out;
}

/** What a PreToolUse callback answers, as a function body; `block` variants also run with onFailure "block". */
const PRE_ANSWERS = {
  deny: ret(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'callback says no' })),
  allow: ret(hso('PreToolUse', { permissionDecision: 'allow', permissionDecisionReason: 'callback says yes' })),
  ask: ret(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'callback asks' })),
  rewrite: ret(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten', description: 'rewritten' } })),
  context: ret(hso('PreToolUse', { additionalContext: 'callback context' })),
  'top-block': ret({ decision: 'block', reason: 'top-level block' }),
  empty: ret({}),
  nothing: '  return;',
  'continue-false': ret({ continue: false, stopReason: 'callback stops' }),
  'system-message': ret({ systemMessage: 'callback notice' }),
  throws: "  throw new Error('callback broke');",
  invalid: ret({ decision: 42 }),
  'wrong-event': ret(hso('PostToolUse', { additionalContext: 'wrong event' })),
  string: ret('not an object'),
  timeout: `${sleep(2500)}\n${ret(hso('PreToolUse', { permissionDecision: 'allow' }))}`,
};
const FAILING = new Set(['throws', 'invalid', 'string', 'wrong-event', 'timeout']);

function callbackPreCases() {
  const out = [];
  for (const [answer, body] of Object.entries(PRE_ANSWERS)) {
    for (const onFailure of FAILING.has(answer) ? ['continue', 'block'] : ['continue']) {
      const group = { matcher: 'Bash', hooks: [`${MODULE}#answer`], ...(answer === 'timeout' ? { timeout: 1 } : {}), ...(onFailure === 'block' ? { onFailure } : {}) };
      out.push({
        id: `cb-pre-${answer}${onFailure === 'block' ? '-onfailure-block' : ''}`,
        scenario: base(`a PreToolUse callback: ${answer}${onFailure === 'block' ? ', onFailure block' : ''}`, { callbacks: { PreToolUse: [group] } }, { [MODULE]: moduleOf({ answer: body }) }, oneEvent('PreToolUse', PRE)),
      });
    }
  }
  return out;
}

/** Per event: what a callback answers there (block, context), and the payload the one-event case fires. */
const EVENTS = {
  UserPromptSubmit: { block: ret({ decision: 'block', reason: 'prompt refused' }), context: ret(hso('UserPromptSubmit', { additionalContext: 'prompt context' })), payload: { prompt: 'do it' } },
  PostToolUse: { block: ret({ decision: 'block', reason: 'post refused' }), context: ret(hso('PostToolUse', { additionalContext: 'post context' })), payload: PRE },
  PostToolBatch: { block: ret({ decision: 'block', reason: 'batch refused' }), context: ret(hso('PostToolBatch', { additionalContext: 'batch context' })), payload: { tool_calls: [{ tool_name: 'Bash', tool_input: echo.input }] } },
  Stop: { block: "  return input.stop_hook_active ? {} : { decision: 'block', reason: 'keep going' };", context: "  return input.stop_hook_active ? {} : { hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'stop context' } };", payload: { last_assistant_message: 'Done.' } },
  SessionStart: { block: ret({ decision: 'block', reason: 'start refused' }), context: ret(hso('SessionStart', { additionalContext: 'start context' })), payload: { source: 'startup' } },
  PermissionRequest: { block: ret(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'permission refused' } })), context: ret(hso('PermissionRequest', { decision: { behavior: 'allow' } })), payload: { tool_name: 'Bash', tool_input: writes.input } },
};

function callbackEventCases() {
  const out = [];
  for (const [event, e] of Object.entries(EVENTS)) {
    const variants = { block: e.block, context: e.context, throws: PRE_ANSWERS.throws, 'throws-onfailure-block': PRE_ANSWERS.throws, timeout: `${sleep(2500)}\n  return {};` };
    for (const [name, body] of Object.entries(variants)) {
      const group = { ...(event.startsWith('P') && event !== 'PostToolBatch' ? { matcher: 'Bash' } : {}), hooks: [`${MODULE}#answer`], ...(name === 'timeout' ? { timeout: 1 } : {}), ...(name.endsWith('onfailure-block') ? { onFailure: 'block' } : {}) };
      const host = { callbacks: { [event]: [group] }, ...(event === 'PermissionRequest' ? { canUseTool: 'allow' } : {}) };
      const files = { [MODULE]: moduleOf({ answer: body }) };
      const id = `cb-${event}-${name}`;
      if (event === 'PermissionRequest') {
        // A permission prompt needs a call the rules ask about, and someone to answer it: canUseTool.
        out.push({ id, scenario: base(`a PermissionRequest callback: ${name}`, host, files, session(prompt, writes, { reply: 'done' })) });
      } else out.push({ id, scenario: base(`a ${event} callback: ${name}`, host, files, oneEvent(event, e.payload)) });
    }
  }
  return out;
}

/** A file hook and a callback on the same call, one slowed down so the finishing order is fixed on both sides. */
function mixCases() {
  const file = { deny: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'file says no' }), allow: hso('PreToolUse', { permissionDecision: 'allow' }), context: hso('PreToolUse', { additionalContext: 'file context' }) };
  const cb = { deny: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'callback says no' }), ask: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'callback asks' }), context: hso('PreToolUse', { additionalContext: 'callback context' }), rewrite: hso('PreToolUse', { updatedInput: { command: 'echo from-callback', description: 'x' } }) };
  const pairs = [['deny', 'context'], ['allow', 'deny'], ['context', 'context'], ['allow', 'ask'], ['context', 'rewrite'], ['deny', 'deny']];
  const out = [];
  for (const [f, c] of pairs) {
    for (const order of ['file-first', 'callback-first']) {
      const fileCmd = `${order === 'callback-first' ? 'sleep 1; ' : ''}${say(file[f])}`;
      const body = `${order === 'file-first' ? `${sleep(1000)}\n` : ''}${ret(cb[c])}`;
      out.push({
        id: `mix-${f}-file-${c}-callback-${order}`,
        scenario: base(`a file hook's ${f} and a callback's ${c}, ${order.replace('-', ' ')}`, { callbacks: { PreToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#answer`] }] } }, { [FILES.project]: settings({ PreToolUse: [cmdGroup(fileCmd, 'Bash')] }), [MODULE]: moduleOf({ answer: body }) }, session(prompt, echo, { reply: 'done' })),
      });
    }
  }
  return out;
}

function askCases() {
  const out = [];
  const askers = {
    'file-ask': { files: { [FILES.project]: settings({ PreToolUse: [cmdGroup(say(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'file asks' })), 'Bash')] }) }, host: {} },
    'callback-ask': { files: { [MODULE]: moduleOf({ answer: PRE_ANSWERS.ask }) }, host: { callbacks: { PreToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#answer`] }] } } },
    'rule-asks': { files: {}, host: {} },
  };
  for (const [who, a] of Object.entries(askers)) {
    for (const answer of ['unset', 'allow', 'deny', 'approval-allow', 'approval-deny']) {
      const host = { ...a.host, ...(answer === 'allow' || answer === 'deny' ? { canUseTool: answer } : {}) };
      const call = who === 'rule-asks' ? writes : echo;
      const steps = [prompt, call, ...(answer.startsWith('approval-') ? [{ approval: answer.slice('approval-'.length) }] : []), { reply: 'done' }];
      out.push({ id: `ask-${who}-${answer}`, scenario: base(`${who.replace('-', ' ')}, canUseTool ${answer}`, host, a.files, session(...steps)) });
    }
  }
  return out;
}

function sessionCases() {
  const rand = random(SEED);
  const out = [];
  const stopOnce = { answer: EVENTS.Stop.block };
  out.push({ id: 'sess-stop-callback-continues-once', scenario: base('a Stop callback keeps the turn going once', { callbacks: { Stop: [{ hooks: [`${MODULE}#answer`] }] } }, { [MODULE]: moduleOf(stopOnce) }, session(prompt, echo, { reply: 'first' }, { reply: 'second' })) });
  out.push({ id: 'sess-two-turns-prompt-context', scenario: base('UserPromptSubmit callback context on two turns', { callbacks: { UserPromptSubmit: [{ hooks: [`${MODULE}#answer`] }] } }, { [MODULE]: moduleOf({ answer: "  return { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx for ' + input.prompt } };" }) }, session(prompt, echo, { reply: 'one' }, { prompt: 'again' }, { reply: 'two' })) });
  out.push({ id: 'sess-resume-callback-context', scenario: base('a resumed query(): callbacks registered again', { callbacks: { UserPromptSubmit: [{ hooks: [`${MODULE}#answer`] }] } }, { [MODULE]: moduleOf({ answer: EVENTS.UserPromptSubmit.context }) }, session(prompt, { reply: 'one' }, { resume: 'resume' }, { prompt: 'again' }, { reply: 'two' })) });
  out.push({ id: 'sess-two-calls-callback-denies-one', scenario: base('two calls in one message, a callback denies the second', { callbacks: { PreToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#answer`] }] } }, { [MODULE]: moduleOf({ answer: "  return input.tool_input.command.includes('second') ? { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'not the second' } } : {};" }) }, session(prompt, { calls: [{ tool: 'Bash', input: { command: 'echo first' } }, { tool: 'Bash', input: { command: 'echo second' } }] }, { reply: 'done' })) });
  for (const where of ['project', 'local', 'user']) {
    out.push({ id: `sess-disable-all-hooks-${where}-with-callback`, scenario: base(`disableAllHooks in the ${where} settings, and a callback`, { callbacks: { PreToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#answer`] }] } }, { [FILES[where]]: settings(null, { disableAllHooks: true }), [MODULE]: moduleOf({ answer: PRE_ANSWERS.deny }) }, session(prompt, echo, { reply: 'done' })) });
  }
  out.push({ id: 'sess-disable-all-hooks-unloaded-source', scenario: base('disableAllHooks in a file settingSources leaves out', { settingSources: ['user'], callbacks: { PreToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#answer`] }] } }, { [FILES.project]: settings(null, { disableAllHooks: true }), [MODULE]: moduleOf({ answer: PRE_ANSWERS.deny }) }, session(prompt, echo, { reply: 'done' })) });
  for (const matcher of ['Bash', 'Read', 'Ba.*', 'bash', 'Bash|Read', '*', '']) {
    out.push({ id: `sess-callback-matcher-${matcher.replace(/[^A-Za-z]/g, (c) => ({ '.': 'dot', '*': 'star', '|': 'or' })[c] ?? 'x') || 'empty'}`, scenario: base(`a callback with matcher ${JSON.stringify(matcher)}`, { callbacks: { PreToolUse: [{ matcher, hooks: [`${MODULE}#answer`] }] } }, { [MODULE]: moduleOf({ answer: PRE_ANSWERS.deny }) }, session(prompt, echo, { reply: 'done' })) });
  }
  out.push({ id: 'sess-callback-ids-across-events', scenario: base('the third callback fails: its id counts every event before it', { callbacks: { UserPromptSubmit: [{ hooks: [`${MODULE}#quiet`, `${MODULE}#quiet`] }], PreToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#broken`] }] } }, { [MODULE]: moduleOf({ quiet: '  return {};', broken: PRE_ANSWERS.throws }) }, session(prompt, echo, { reply: 'done' })) });
  out.push({ id: 'sess-sessionstart-and-end-callbacks', scenario: base('SessionStart and SessionEnd callbacks in a session', { callbacks: { SessionStart: [{ hooks: [`${MODULE}#start`] }], SessionEnd: [{ hooks: [`${MODULE}#quiet`] }] } }, { [MODULE]: moduleOf({ start: EVENTS.SessionStart.context, quiet: '  return {};' }) }, session(prompt, echo, { reply: 'done' })) });
  out.push({ id: 'sess-callback-sees-file-write', scenario: base('a PostToolUse callback reads what the tool wrote', { canUseTool: 'allow', callbacks: { PostToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#answer`] }] } }, { [MODULE]: moduleOf({ answer: "  const { existsSync } = await import('node:fs');\n  return { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: existsSync('RAN') ? 'RAN is there' : 'no RAN' } };" }) }, session(prompt, writes, { reply: 'done' })) });
  // The seed samples the large product: a source set, a file hook's answer, a callback's answer, canUseTool, the call.
  const sourceSets = [undefined, ['project'], ['user'], ['user', 'project', 'local']];
  const fileAnswers = { deny: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'file no' }), ask: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'file asks' }), allow: hso('PreToolUse', { permissionDecision: 'allow' }), context: hso('PreToolUse', { additionalContext: 'file ctx' }) };
  const cbAnswers = ['deny', 'ask', 'allow', 'context', 'throws', 'empty'];
  const canUse = [undefined, 'allow', 'deny'];
  const seen = new Set();
  while (out.filter((c) => c.id.startsWith('sess-mix-')).length < 24) {
    const pick = (list) => list[Math.floor(rand() * list.length)];
    const sources = pick(sourceSets);
    const where = pick(Object.keys(FILES));
    const fa = pick(Object.keys(fileAnswers));
    const ca = pick(cbAnswers);
    const cu = pick(canUse);
    const call = pick(['echo', 'writes']);
    const id = `sess-mix-${sources ? sources.join('-') : 'default'}-${where}-${fa}-cb-${ca}-cut-${cu ?? 'unset'}-${call}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      id,
      scenario: base(`sampled: sources ${sources ? sources.join(',') : 'default'}, ${where} file ${fa}, callback ${ca}, canUseTool ${cu ?? 'unset'}, ${call}`, { ...(sources ? { settingSources: sources } : {}), ...(cu ? { canUseTool: cu } : {}), callbacks: { PreToolUse: [{ matcher: 'Bash', hooks: [`${MODULE}#answer`] }] } }, { [FILES[where]]: settings({ PreToolUse: [cmdGroup(`sleep 0.5; ${say(fileAnswers[fa])}`, 'Bash')] }), [MODULE]: moduleOf({ answer: PRE_ANSWERS[ca] }) }, session(prompt, call === 'echo' ? echo : writes, { reply: 'done' })),
    });
  }
  return out;
}

export function generate() {
  return [...sourcesCases(), ...callbackPreCases(), ...callbackEventCases(), ...mixCases(), ...askCases(), ...sessionCases()];
}
