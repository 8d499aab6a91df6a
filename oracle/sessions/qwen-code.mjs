// The Qwen Code session sweep: `node oracle/sessions/run.mjs --host qwen-code`. Seeded, so the same cases every time.
//
// Every case is a whole session of one-shot `qwen PROMPT --yolo -o stream-json` runs, built on two axes so that
// each hook answer meets each session shape:
// - ANSWERS (rows): what a hook answers on one of Qwen Code's events (SessionStart, UserPromptSubmit, PreToolUse,
//   PostToolUse, PostToolUseFailure, PostToolBatch, Stop): context, plain text, blocks, exit codes, continue: false,
//   the fields Qwen Code ignores;
// - SHAPES (columns): the session around it (one call; a call that fails; two calls in one model message; a
//   resumed session, by --continue or --resume <id>; an untrusted folder; a hook gated on a host.env variable).
// The seed picks which answers meet which shape, and the variants inside a cell (which file holds the hook). EXTRAS
// add what the grid cannot: the Stop cap, Qwen Code's dedup of identical commands, several hooks in several files,
// a sequential group, disableAllHooks, calls Qwen Code runs at once.
// PERMISSION_SETUPS × PERMISSION_ANSWERS: the approval mode (host.args) and the settings' permission rules × a hook
// answer around the call, and the Stop cap's variable and setting.
// `node oracle/sessions/coverage.mjs --host qwen-code` counts the recorded cases per cell (oracle/hosts/qwen-code/COVERAGE-SESSIONS.md).
import { random } from '../lib/seeded.mjs';

const SEED = 0x9e3;

const shuffle = (list, rand) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

export const PROJECT = '.qwen/settings.json';
export const USER = '~/.qwen/settings.json';
const SHELL = 'run_shell_command';

const settings = (hooks, extra = {}) => `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;
const cmd = (command, more = {}) => ({ type: 'command', command, ...more });
const group = (command, matcher) => ({ ...(matcher ? { matcher } : {}), hooks: [cmd(command)] });
/** A command printing one JSON answer (texts here never hold a single quote). */
const say = (answer) => `echo '${JSON.stringify(answer)}'`;
const hso = (event, fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
/** Every hook reads its payload into $p first. */
const reading = (body) => `p=$(cat); ${body}`;
/** A hook that only watches: each event's command differs, so runs count per event. */
const watcher = (event) => `cat > /dev/null # watch ${event}`;
const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Stop'];
const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch']);
/** UserPromptSubmit answers that stop a send act on the prompt only, not on the "" send of tool results. */
const onPrompt = (body) => `case "$p" in *'"prompt":""'*) ;; *) ${body};; esac`;
/** Stop answers act while stop_hook_active is false, so a block continues the turn once. */
const onFirstStop = (body) => `case "$p" in *'"stop_hook_active":false'*) ${body};; esac`;

/** How a hook answers, per event: a command body that may read $p, and ends with the exit code it means. */
const ANSWERS = {
  SessionStart: {
    'context-by-source': `src=$(printf '%s' "$p" | sed -n 's/.*"source":"\\([^"]*\\)".*/\\1/p'); echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"SessionStart\\",\\"additionalContext\\":\\"start $src\\"}}"`,
    plain: 'echo start words',
    'exit-2': 'echo start-stderr >&2; exit 2',
    'block-ignored': say({ decision: 'block', reason: 'no start' }),
  },
  UserPromptSubmit: {
    context: say(hso('UserPromptSubmit', { additionalContext: 'prompt note' })),
    plain: 'echo prompt words',
    block: onPrompt(say({ decision: 'block', reason: 'prompt refused' })),
    'exit-2': onPrompt('echo prompt-stderr >&2; exit 2'),
    'continue-false': onPrompt(say({ continue: false, stopReason: 'prompt stopped' })),
    'block-result-send': `case "$p" in *'"prompt":""'*) ${say({ decision: 'block', reason: 'results refused' })};; esac`,
  },
  PreToolUse: {
    deny: say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'not this one' })),
    'exit-2': 'echo pre-stderr >&2; exit 2',
    ask: say(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'are you sure' })),
    allow: say(hso('PreToolUse', { permissionDecision: 'allow' })),
    'rewrite-ignored': say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } })),
    'decision-block': say({ decision: 'block', reason: 'blocked by decision' }),
    'exit-1-json-deny': `${say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'deny on exit 1' }))}; exit 1`,
    'continue-false': say({ continue: false, stopReason: 'pre stopped' }),
  },
  PostToolUse: {
    context: say(hso('PostToolUse', { additionalContext: 'post note' })),
    'continue-false': say({ continue: false, stopReason: 'post stopped' }),
    'block-ignored': say({ decision: 'block', reason: 'post block' }),
    'exit-2-ignored': 'echo post-stderr >&2; exit 2',
    plain: 'echo post words',
  },
  PostToolUseFailure: {
    context: say(hso('PostToolUseFailure', { additionalContext: 'failure note' })),
    'exit-2': 'echo failure-stderr >&2; exit 2',
    'continue-false': say({ continue: false, stopReason: 'failure stopped' }),
  },
  PostToolBatch: {
    context: say(hso('PostToolBatch', { additionalContext: 'batch note' })),
    'continue-false': say({ continue: false, stopReason: 'batch stopped' }),
    'block': say({ decision: 'block', reason: 'batch block' }),
  },
  Stop: {
    'block-once': onFirstStop(say({ decision: 'block', reason: 'one more check' })),
    'exit-2-once': onFirstStop('echo stop-stderr >&2; exit 2'),
    'continue-false-once': onFirstStop(say({ continue: false, stopReason: 'keep going' })),
    'plain-ignored': 'echo stop words',
    context: say(hso('Stop', { additionalContext: 'stop note' })),
  },
};

/** Two calls in one message: commands that write a file, which Qwen Code runs one after another. */
const CALL_A = { command: 'printf one > a.txt && cat a.txt', description: 'first' };
const CALL_B = { command: 'printf two > b.txt && cat b.txt', description: 'second' };
const ONE = { command: 'printf one > a.txt && cat a.txt', description: 'write' };

/** The columns: the session's steps, what the host gets, where the row's hook goes. */
const SHAPES = {
  'one-call': () => ({ steps: [{ prompt: 'tidy the workspace' }, { tool: SHELL, input: ONE }, { reply: 'Tidied.' }], title: 'one turn, one call' }),
  fails: (pick) => {
    const command = ['echo failing >&2; exit 3', 'ls /no/such/dir', 'printf half > a.txt && false'][pick(3)];
    return { steps: [{ prompt: 'tidy the workspace' }, { tool: SHELL, input: { command, description: 'fails' } }, { reply: 'That failed.' }], title: `a call that fails (${command})` };
  },
  calls: () => ({
    steps: [{ prompt: 'tidy the workspace' }, { calls: [{ tool: SHELL, input: CALL_A }, { tool: SHELL, input: CALL_B }] }, { reply: 'Both done.' }],
    title: 'two calls in one message (the tool hooks answer on the second)',
    target: 'b.txt',
  }),
  resume: (pick) => {
    const how = pick(2) ? 'resume' : 'continue';
    return {
      steps: [{ prompt: 'tidy the workspace' }, { tool: SHELL, input: ONE }, { reply: 'First part done.' }, { resume: how }, { prompt: 'now the other file' }, { tool: SHELL, input: { command: 'printf two > b.txt && cat b.txt', description: 'write' } }, { reply: 'Listed.' }],
      title: `two prompts, the second after qwen ${how === 'resume' ? '--resume <id>' : '--continue'}`,
    };
  },
  untrusted: (pick) => ({
    steps: [{ prompt: 'tidy the workspace' }, { tool: SHELL, input: ONE }, { reply: 'Tidied.' }],
    host: { trusted: false },
    file: pick(2) ? PROJECT : USER,
    title: 'an untrusted folder (folder trust on)',
  }),
  env: (pick, cell) => {
    const mode = cell % 2 === 0 ? 'strict' : 'lax';
    return {
      steps: [{ prompt: 'tidy the workspace' }, { tool: SHELL, input: ONE }, { reply: 'Tidied.' }],
      host: { env: { HOOKPLAY_MODE: mode } },
      gate: 'HOOKPLAY_MODE',
      title: `the hook answers only when HOOKPLAY_MODE is strict (host.env: ${mode})`,
    };
  },
};
/** Answers per cell: the shapes that vary the session get two, the ones that vary the host one. */
const PER_CELL = { 'one-call': 2, fails: 2, calls: 2, resume: 2, untrusted: 1, env: 1 };

function gridCase(event, answer, shapeName, rand, cell) {
  const pick = (n) => Math.floor(rand() * n);
  const shape = SHAPES[shapeName](pick, cell);
  let body = ANSWERS[event][answer];
  if (shape.target && TOOL_EVENTS.has(event)) body = `case "$p" in *${shape.target}*) ${body};; esac`;
  if (shape.gate) body = `[ "$${shape.gate}" = strict ] && { ${body}; }`;
  const file = shape.file ?? (pick(2) ? PROJECT : USER);
  const watchers = Object.fromEntries(EVENTS.filter((e) => e !== event).map((e) => [e, [group(watcher(e))]]));
  const answered = { [event]: [group(reading(body), TOOL_EVENTS.has(event) ? 'Bash' : undefined)] };
  // The row's hook in its file; the watchers in the user file (they run in an untrusted folder too).
  const files = file === USER ? { [USER]: settings({ ...watchers, ...answered }) } : { [USER]: settings(watchers), [PROJECT]: settings(answered) };
  return {
    id: `${shapeName}-${event}-${answer}${shape.host?.env ? `-${shape.host.env.HOOKPLAY_MODE}` : ''}`,
    dims: { answer: event, shape: shapeName },
    scenario: {
      hookplay: 1,
      title: `${shape.title}: ${event} answers ${answer} (${file === USER ? 'user' : 'project'} settings)`,
      dialect: 'qwen-code',
      ...(shape.host ? { host: shape.host } : {}),
      files,
      session: { steps: shape.steps },
    },
  };
}

const base = (id, title, files, steps, host) => ({ id, scenario: { hookplay: 1, title, dialect: 'qwen-code', ...(host ? { host } : {}), files, session: { steps } } });
const oneCall = [{ prompt: 'tidy the workspace' }, { tool: SHELL, input: ONE }, { reply: 'Tidied.' }];
const twoCalls = [{ prompt: 'tidy the workspace' }, { calls: [{ tool: SHELL, input: CALL_A }, { tool: SHELL, input: CALL_B }] }, { reply: 'Both done.' }];
const watchAll = Object.fromEntries(EVENTS.map((e) => [e, [group(watcher(e))]]));
const denyWith = (reason) => say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: reason }));
const allowIt = say(hso('PreToolUse', { permissionDecision: 'allow' }));

/** The event each extra case is about, for the coverage table's rows. */
const EXTRA_EVENT = {
  'stop-block-always-cap': 'Stop',
  'stop-block-then-tool': 'Stop',
  'text-only-turn': 'UserPromptSubmit',
  'dedup-same-command-two-files': 'PreToolUse',
  'dedup-same-command-two-groups': 'Stop',
  'dedup-named-differently': 'PreToolUse',
  'files-project-deny-user-allow': 'PreToolUse',
  'files-project-allow-user-deny': 'PreToolUse',
  'files-two-contexts-two-files': 'UserPromptSubmit',
  'files-disable-all-project': 'PreToolUse',
  'sequential-pre-two-calls': 'PreToolUse',
  'calls-pre-deny-first-post-context': 'PostToolUse',
  'calls-first-fails': 'PostToolUseFailure',
  'calls-then-single-call': 'PostToolBatch',
  'calls-read-only-at-once': 'PostToolBatch',
  'resume-start-context-by-source-continue': 'SessionStart',
  'resume-prompt-context-carries': 'UserPromptSubmit',
  'resume-after-blocked-prompt': 'UserPromptSubmit',
  'resume-stop-block-once-each-run': 'Stop',
  'untrusted-user-pre-deny': 'PreToolUse',
  'env-reaches-hooks': 'UserPromptSubmit',
};

function extras() {
  return extraCases().map((c) => ({ ...c, dims: { answer: EXTRA_EVENT[c.id], shape: 'extras' } }));
}

function extraCases() {
  return [
    base('stop-block-always-cap', 'Stop blocks every time: Qwen Code ends the turn after 8 blocks', { [USER]: settings({ Stop: [group(say({ decision: 'block', reason: 'keep going' }))] }) }, [{ prompt: 'work' }, { reply: 'Done.' }]),
    base('stop-block-then-tool', 'Stop sends the model back, it calls a tool, then ends', { [USER]: settings({ ...watchAll, Stop: [group(reading(ANSWERS.Stop['block-once']))] }) }, [{ prompt: 'work' }, { reply: 'Done?' }, { tool: SHELL, input: ONE }, { reply: 'Done.' }]),
    base('text-only-turn', 'no tool call: only the session, prompt and Stop hooks run', { [USER]: settings(watchAll) }, [{ prompt: 'hello' }, { reply: 'Hi.' }]),
    base('dedup-same-command-two-files', 'the same PreToolUse command in the project and user files runs once per call', { [PROJECT]: settings({ PreToolUse: [group('cat > /dev/null; echo same')] }), [USER]: settings({ PreToolUse: [group('cat > /dev/null; echo same', 'Bash')] }) }, twoCalls),
    base('dedup-same-command-two-groups', 'the same Stop command in two groups of one file runs once', { [USER]: settings({ Stop: [group(reading(ANSWERS.Stop['block-once'])), group(reading(ANSWERS.Stop['block-once']))] }) }, oneCall),
    base('dedup-named-differently', 'the same command under two names runs twice', { [USER]: settings({ PreToolUse: [{ hooks: [cmd('cat > /dev/null; echo named', { name: 'one' }), cmd('cat > /dev/null; echo named', { name: 'two' })] }] }) }, oneCall),
    base('files-project-deny-user-allow', 'PreToolUse: the project denies, the user allows: the later (user) answer wins', { [PROJECT]: settings({ PreToolUse: [group(reading(denyWith('project says no')))] }), [USER]: settings({ PreToolUse: [group(reading(allowIt))] }) }, oneCall),
    base('files-project-allow-user-deny', 'PreToolUse: the project allows, the user denies', { [PROJECT]: settings({ PreToolUse: [group(reading(allowIt))] }), [USER]: settings({ PreToolUse: [group(reading(denyWith('user says no')))] }) }, oneCall),
    base('files-two-contexts-two-files', 'UserPromptSubmit context from both files, on both sends', { [PROJECT]: settings({ UserPromptSubmit: [group(say(hso('UserPromptSubmit', { additionalContext: 'from project' })))] }), [USER]: settings({ UserPromptSubmit: [group(say(hso('UserPromptSubmit', { additionalContext: 'from user' })))] }) }, twoCalls),
    base('files-disable-all-project', 'disableAllHooks in the project file stops the user file’s hooks too', { [PROJECT]: settings({}, { disableAllHooks: true }), [USER]: settings({ ...watchAll, PreToolUse: [group(reading(denyWith('should not run')))] }) }, oneCall),
    base('sequential-pre-two-calls', 'a sequential PreToolUse group over two calls: the second hook sees the first one’s tool_input', { [USER]: settings({ PreToolUse: [{ sequential: true, hooks: [cmd(say(hso('PreToolUse', { tool_input: { command: 'echo changed' } }))), cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>{const p=JSON.parse(r);console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"PreToolUse",additionalContext:"saw "+p.tool_input.command}}))})'`)] }] }) }, twoCalls),
    base('calls-pre-deny-first-post-context', 'two calls: PreToolUse denies the first, PostToolUse adds context to the second', { [USER]: settings({ PreToolUse: [group(reading(`case "$p" in *a.txt*) ${denyWith('not the first')};; esac`))], PostToolUse: [group(reading(say(hso('PostToolUse', { additionalContext: 'post note' }))))] }) }, twoCalls),
    base('calls-first-fails', 'two calls, the first fails: PostToolUseFailure for it, PostToolUse for the second', { [USER]: settings({ ...watchAll, PostToolUseFailure: [group(reading(say(hso('PostToolUseFailure', { additionalContext: 'failure note' }))))] }) }, [{ prompt: 'tidy' }, { calls: [{ tool: SHELL, input: { command: 'printf x > a.txt && exit 4', description: 'fails' } }, { tool: SHELL, input: CALL_B }] }, { reply: 'One failed.' }]),
    base('calls-then-single-call', 'two calls in one message, then one more call', { [USER]: settings(watchAll) }, [{ prompt: 'tidy' }, { calls: [{ tool: SHELL, input: CALL_A }, { tool: SHELL, input: CALL_B }] }, { tool: SHELL, input: { command: 'printf three > c.txt && cat c.txt', description: 'third' } }, { reply: 'All done.' }]),
    base('calls-read-only-at-once', 'two read-only calls in one message: Qwen Code runs them at once', { [USER]: settings(watchAll) }, [{ prompt: 'look' }, { calls: [{ tool: SHELL, input: { command: 'echo one', description: 'a' } }, { tool: SHELL, input: { command: 'echo two', description: 'b' } }] }, { reply: 'Seen.' }]),
    base('resume-start-context-by-source-continue', 'SessionStart context naming its source, on a fresh start and on --continue', { [USER]: settings({ SessionStart: [group(reading(ANSWERS.SessionStart['context-by-source']))] }) }, [{ prompt: 'first' }, { reply: 'One.' }, { resume: 'continue' }, { prompt: 'second' }, { reply: 'Two.' }]),
    base('resume-prompt-context-carries', 'UserPromptSubmit context of the first run is still in the resumed conversation', { [USER]: settings({ UserPromptSubmit: [group(reading(say(hso('UserPromptSubmit', { additionalContext: 'noted' }))))] }) }, [{ prompt: 'first' }, { reply: 'One.' }, { resume: 'resume' }, { prompt: 'second' }, { reply: 'Two.' }]),
    base('resume-after-blocked-prompt', 'the first prompt is blocked, the resumed one goes through', { [USER]: settings({ UserPromptSubmit: [group(reading(`case "$p" in *secret*) ${say({ decision: 'block', reason: 'no secrets' })};; esac`))] }) }, [{ prompt: 'use the secret' }, { resume: 'continue' }, { prompt: 'list the files' }, { reply: 'Listed.' }]),
    base('resume-stop-block-once-each-run', 'Stop blocks once in each run of a resumed session', { [USER]: settings({ Stop: [group(reading(ANSWERS.Stop['block-once']))] }) }, [{ prompt: 'first' }, { reply: 'One.' }, { resume: 'continue' }, { prompt: 'second' }, { reply: 'Two.' }]),
    base('untrusted-user-pre-deny', 'an untrusted folder: the call is declined before the user’s PreToolUse runs', { [USER]: settings({ ...watchAll, PreToolUse: [group(reading(denyWith('user says no')))] }), [PROJECT]: settings({ UserPromptSubmit: [group('echo project-hook-ran')] }) }, oneCall, { trusted: false }),
    base('env-reaches-hooks', 'host.env reaches the hooks: a UserPromptSubmit hook prints it as context', { [USER]: settings({ UserPromptSubmit: [group('cat > /dev/null; echo "mode=$HOOKPLAY_MODE"')] }) }, [{ prompt: 'hello' }, { reply: 'Hi.' }], { env: { HOOKPLAY_MODE: 'strict' } }),
  ];
}

/**
 * Qwen Code's permission model in a one-shot run: the approval mode (host.args instead of the harness's --yolo), the
 * permission rules of the settings (permissions.allow/ask/deny, the legacy tools.exclude), × what a hook answers on
 * the events around a call. Each is one call of ONE (`printf one > a.txt && cat a.txt`).
 */
export const PERMISSION_SETUPS = {
  'mode-default': { args: ['--approval-mode', 'default'] },
  'mode-plan': { args: ['--approval-mode', 'plan'] },
  'mode-auto-edit': { args: ['--approval-mode', 'auto-edit'] },
  'default-allow-bash-prefix': { args: ['--approval-mode', 'default'], settings: { permissions: { allow: ['Bash(printf *)'] } } },
  'default-allow-shell': { args: ['--approval-mode', 'default'], settings: { permissions: { allow: [SHELL] } } },
  'default-allow-shell-prefix': { args: ['--approval-mode', 'default'], settings: { permissions: { allow: [`${SHELL}(printf *)`] } } },
  'yolo-deny-bash-prefix': { settings: { permissions: { deny: ['Bash(printf *)'] } } },
  'yolo-deny-bash': { settings: { permissions: { deny: ['Bash'] } } },
  'yolo-ask-bash': { settings: { permissions: { ask: ['Bash'] } } },
  'yolo-tools-exclude': { settings: { tools: { exclude: [SHELL] } } },
};
export const PERMISSION_ANSWERS = {
  watch: null,
  'PreToolUse deny': ['PreToolUse', denyWith('not this one')],
  'PermissionRequest allow': ['PermissionRequest', say(hso('PermissionRequest', { decision: { behavior: 'allow' } }))],
  'PostToolBatch context': ['PostToolBatch', say(hso('PostToolBatch', { additionalContext: 'batch note' }))],
};

function permissionCases() {
  const watch = [...EVENTS, 'PermissionRequest', 'PermissionDenied'];
  const out = [];
  for (const [setup, { args, settings: extra = {} }] of Object.entries(PERMISSION_SETUPS)) {
    for (const [answer, spec] of Object.entries(PERMISSION_ANSWERS)) {
      const hooks = Object.fromEntries(watch.map((e) => [e, [group(watcher(e))]]));
      if (spec) hooks[spec[0]] = [group(reading(spec[1]))];
      out.push({
        id: `perm-${setup}-${answer.replace(/ /g, '-').toLowerCase()}`,
        dims: { table: 'permissions', answer: setup, shape: answer },
        permission: true,
        scenario: { hookplay: 1, title: `permissions, ${setup}: ${answer === 'watch' ? 'hooks only watch' : answer}`, dialect: 'qwen-code', ...(args ? { host: { args } } : {}), files: { [USER]: settings(hooks, extra) }, session: { steps: oneCall } },
      });
    }
  }
  const watchAllFile = (extra = {}) => ({ [USER]: settings(watchAll, extra) });
  out.push(
    base('perm-yolo-deny-prefix-two-calls', 'permissions: a deny rule for printf, two calls in one message (printf, echo)', watchAllFile({ permissions: { deny: ['Bash(printf *)'] } }), [{ prompt: 'tidy' }, { calls: [{ tool: SHELL, input: CALL_A }, { tool: SHELL, input: { command: 'echo two', description: 'b' } }] }, { reply: 'Done.' }]),
    base('perm-mode-default-resume', 'permissions: --approval-mode default in both runs of a resumed session', watchAllFile(), [{ prompt: 'first' }, { tool: SHELL, input: ONE }, { reply: 'R1' }, { resume: 'continue' }, { prompt: 'second' }, { reply: 'R2' }], { args: ['--approval-mode', 'default'] }),
    base('perm-default-allow-shell-echo', 'permissions: --approval-mode default, an allow rule for the shell, a read-only command', watchAllFile({ permissions: { allow: [SHELL] } }), [{ prompt: 'look' }, { tool: SHELL, input: { command: 'echo one', description: 'read' } }, { reply: 'Seen.' }], { args: ['--approval-mode', 'default'] }),
    // What needs the user's confirmation (a command neither read-only nor writing, an ask rule), and plan mode's own check of a shell call it may run.
    base('perm-default-allow-shell-not-read-only', 'permissions: --approval-mode default, an allow rule for the shell, a command neither read-only nor writing a file', watchAllFile({ permissions: { allow: [SHELL] } }), [{ prompt: 'wait' }, { tool: SHELL, input: { command: 'sleep 0 && echo one', description: 'wait' } }, { reply: 'Waited.' }], { args: ['--approval-mode', 'default'] }),
    base('perm-default-allow-shell-ask-echo', 'permissions: --approval-mode default, the shell allowed, an ask rule for echo', watchAllFile({ permissions: { allow: [SHELL], ask: [`${SHELL}(echo *)`] } }), [{ prompt: 'look' }, { tool: SHELL, input: { command: 'echo one', description: 'read' } }, { reply: 'Seen.' }], { args: ['--approval-mode', 'default'] }),
    base('perm-plan-allow-shell-echo', 'permissions: --approval-mode plan, an allow rule for the shell, a read-only command', watchAllFile({ permissions: { allow: [SHELL] } }), [{ prompt: 'look' }, { tool: SHELL, input: { command: 'echo one', description: 'read' } }, { reply: 'Seen.' }], { args: ['--approval-mode', 'plan'] }),
  );
  return out;
}

/** The Stop cap from QWEN_CODE_STOP_HOOK_BLOCK_CAP (it wins) and the stopHookBlockingCap setting, with invalid values. */
function capCases() {
  const always = { Stop: [group(say({ decision: 'block', reason: 'keep going' }))] };
  const steps = [{ prompt: 'work' }, { reply: 'Done.' }];
  const variants = [
    ['env-2', { env: { QWEN_CODE_STOP_HOOK_BLOCK_CAP: '2' } }, {}],
    ['env-0', { env: { QWEN_CODE_STOP_HOOK_BLOCK_CAP: '0' } }, {}],
    ['env-not-a-number', { env: { QWEN_CODE_STOP_HOOK_BLOCK_CAP: 'many' } }, {}],
    ['setting-3', null, { [USER]: settings(always, { stopHookBlockingCap: 3 }) }],
    ['setting-3-env-2', { env: { QWEN_CODE_STOP_HOOK_BLOCK_CAP: '2' } }, { [USER]: settings(always, { stopHookBlockingCap: 3 }) }],
    ['setting-project-2-user-4', null, { [USER]: settings(always, { stopHookBlockingCap: 4 }), [PROJECT]: `${JSON.stringify({ stopHookBlockingCap: 2 })}\n` }],
    ['setting-1-5', null, { [USER]: settings(always, { stopHookBlockingCap: 1.5 }) }],
  ];
  return variants.map(([name, host, files]) => ({
    ...base(`stop-cap-${name}`, `the Stop cap: ${name}`, Object.keys(files).length ? files : { [USER]: settings(always) }, steps, host ?? undefined),
    dims: { answer: 'Stop', shape: 'extras' },
  }));
}

export const ROWS = EVENTS;
export const COLUMNS = [...Object.keys(SHAPES), 'extras'];
/** The permission grid apart: approval mode and rules (rows) × what a hook answers around the call (columns). */
export const TABLES = {
  permissions: {
    title: 'Permissions: the approval mode (host.args; `yolo-*` is the harness\'s --yolo) and the settings\' permission rules × what a hook answers around the one call.',
    corner: 'mode, rules \\ hook',
    rows: Object.keys(PERMISSION_SETUPS),
    columns: Object.keys(PERMISSION_ANSWERS),
  },
};

export function generate() {
  const rand = random(SEED);
  const cases = [];
  // Per shape, how many cases it has made so far: the env shape alternates strict and lax with it.
  const made = {};
  for (const event of EVENTS) {
    for (const shapeName of Object.keys(SHAPES)) {
      for (const answer of shuffle(Object.keys(ANSWERS[event]), rand).slice(0, PER_CELL[shapeName])) {
        made[shapeName] = (made[shapeName] ?? 0) + 1;
        cases.push(gridCase(event, answer, shapeName, rand, made[shapeName] - 1));
      }
    }
  }
  cases.push(...extras(), ...capCases(), ...permissionCases());
  // A resumed session is two CLI starts, and the Stop cap nine requests: on a loaded machine they need longer.
  return cases.map((c) => (c.scenario.session.steps.some((s) => 'resume' in s) || c.id === 'stop-block-always-cap' ? { ...c, timeoutMs: 240_000 } : c));
}
