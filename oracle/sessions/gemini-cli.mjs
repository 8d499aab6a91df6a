// The Gemini CLI session sweep: `generate()` makes hookplay session scenarios along Gemini CLI 0.61.0's own
// dimensions, deterministically (a seeded shuffle picks which answer variant meets which session shape), for
// `node oracle/sessions/run.mjs --host gemini-cli`, which plays each on the real CLI (`gemini -p PROMPT --yolo`) and
// through the engine and records what the CLI did in oracle/recorded/gemini-cli/0.61.0/.
//
// Dimensions: the event a hook answers on (every event a `gemini -p` run fires: SessionStart, BeforeAgent,
// PreCompress, BeforeModel, BeforeToolSelection, AfterModel, BeforeTool, AfterTool, AfterAgent, SessionEnd) × how it
// answers (decisions, context, rewrites, continue: false, exit codes, plain text, system messages) × the session's
// shape (one call, a failing call, two calls in two model messages, a text-only turn) — plus AfterAgent retry loops,
// hooks spread over the user and project files, hooks reading the host's environment, and the hook's own "env".
import { random as prng } from '../lib/seeded.mjs';

const shuffle = (list, rand) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

const SHELL = 'run_shell_command';
const json = (o) => `echo '${JSON.stringify(o)}'`;
const hook = (command, more = {}) => ({ type: 'command', command, ...more });
const group = (hooks, matcher) => ({ ...(matcher !== undefined ? { matcher } : {}), hooks });
const settings = (hooks) => `${JSON.stringify({ hooks }, null, 2)}\n`;
const userFile = (hooks) => ({ '~/.gemini/settings.json': settings(hooks) });
const projectFile = (hooks) => ({ '.gemini/settings.json': settings(hooks) });
/** A hook that only watches: each event's command differs, so the harness tells which event ran it. */
const watcher = (event) => hook(`cat > /dev/null # watch ${event}`);
const EVENTS = ['SessionStart', 'BeforeAgent', 'PreCompress', 'BeforeModel', 'BeforeToolSelection', 'AfterModel', 'BeforeTool', 'AfterTool', 'AfterAgent', 'SessionEnd'];
const hso = (event, fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
/** Counts its own runs in a file of the project (the session's one workspace): `$n` is this run's number. */
const counted = (name, body) => `n=$(cat .${name} 2>/dev/null || echo 0); n=$((n+1)); echo $n > .${name}; ${body}`;

/** How a hook answers, per event: the command's body (it may read stdin; it ends with the exit code it means). */
const ANSWERS = {
  SessionStart: {
    context: json(hso('SessionStart', { additionalContext: 'start note' })),
    'system-message': json({ systemMessage: 'starting up' }),
    'deny-ignored': json({ decision: 'deny', reason: 'no start' }),
    'exit-2': 'echo start-stderr >&2; exit 2',
    'plain-text': 'echo just words',
  },
  BeforeAgent: {
    context: json(hso('BeforeAgent', { additionalContext: 'prompt note' })),
    deny: json({ decision: 'deny', reason: 'prompt refused' }),
    'continue-false': json({ continue: false, stopReason: 'stop here' }),
    'exit-2': 'echo prompt-stderr >&2; exit 2',
    'exit-1': 'echo prompt-broken >&2; exit 1',
  },
  PreCompress: {
    'system-message': json({ systemMessage: 'compress note' }),
    'exit-2': 'echo compress-stderr >&2; exit 2',
    'deny-ignored': json({ decision: 'deny', reason: 'no compress' }),
  },
  BeforeModel: {
    'deny-with-response': json({ decision: 'deny', reason: 'no model', ...hso('BeforeModel', { llm_response: { candidates: [{ content: { role: 'model', parts: ['canned answer'] }, finishReason: 'STOP' }] } }) }),
    'continue-false': json({ continue: false, stopReason: 'no more models' }),
    'system-message': json({ systemMessage: 'model note' }),
    'exit-1': 'echo model-broken >&2; exit 1',
  },
  BeforeToolSelection: {
    'system-message': json({ systemMessage: 'selection note' }),
    silent: 'true',
    'exit-2': 'echo selection-stderr >&2; exit 2',
  },
  AfterModel: {
    deny: json({ decision: 'deny', reason: 'bad answer' }),
    'system-message': json({ systemMessage: 'after model note' }),
    'continue-false': json({ continue: false, stopReason: 'enough' }),
  },
  BeforeTool: {
    deny: json({ decision: 'deny', reason: 'not this one' }),
    rewrite: json(hso('BeforeTool', { tool_input: { command: 'echo rewritten', description: 'rewritten' } })),
    'continue-false': json({ continue: false, stopReason: 'halt at the tool' }),
    'exit-2': 'echo pre-stderr >&2; exit 2',
    'exit-1': 'echo pre-broken >&2; exit 1',
    ask: json({ decision: 'ask', reason: 'are you sure' }),
  },
  AfterTool: {
    context: json(hso('AfterTool', { additionalContext: 'post <note>' })),
    deny: json({ decision: 'deny', reason: 'result hidden' }),
    'continue-false': json({ continue: false, stopReason: 'halt after the tool' }),
    'exit-2': 'echo post-stderr >&2; exit 2',
  },
  AfterAgent: {
    'deny-once': `if grep -q '"stop_hook_active":false'; then ${json({ decision: 'deny', reason: 'one more check' })}; fi`,
    'continue-false': json({ continue: false, stopReason: 'done for good' }),
    'system-message': json({ systemMessage: 'after agent note' }),
    'exit-2-once': `if grep -q '"stop_hook_active":false'; then echo 'check again' >&2; exit 2; fi`,
  },
  SessionEnd: {
    'exit-2': 'echo end-stderr >&2; exit 2',
    'system-message': json({ systemMessage: 'goodbye' }),
  },
};

const TOOL_EVENTS = ['BeforeTool', 'AfterTool'];

/** The session shapes: the steps of one `gemini -p` run. */
const SHAPES = {
  'one-call': () => [{ prompt: 'run the check' }, { tool: SHELL, input: { command: 'echo one', description: 'first' } }, { reply: 'Checked.' }],
  'failing-call': () => [{ prompt: 'run the check' }, { tool: SHELL, input: { command: 'echo to-stderr >&2; exit 3', description: 'fails' } }, { reply: 'It failed.' }],
  'two-calls': () => [
    { prompt: 'run both checks' },
    { tool: SHELL, input: { command: 'echo one', description: 'first' } },
    { tool: SHELL, input: { command: 'echo two', description: 'second' } },
    { reply: 'Both checked.' },
  ],
  'text-only': () => [{ prompt: 'hello' }, { reply: 'Hi.' }],
};

/** In a two-call session, tool-event answers target the second call only (the first shows the default). */
const onSecondCall = (body) => `if grep -q 'echo two'; then ${body}; fi`;

function answeredCase(event, answer, shapeName) {
  const tool = TOOL_EVENTS.includes(event);
  const body = ANSWERS[event][answer];
  const hooks = Object.fromEntries(EVENTS.filter((e) => e !== event).map((e) => [e, [group([watcher(e)])]]));
  hooks[event] = [group([hook(tool && shapeName === 'two-calls' ? onSecondCall(body) : body)])];
  return {
    id: `${shapeName}-${event}-${answer}`,
    scenario: { hookplay: 1, title: `${shapeName}: ${event} answers ${answer}`, dialect: 'gemini-cli', files: userFile(hooks), session: { steps: SHAPES[shapeName]() } },
  };
}

/** AfterAgent retry loops: a hook that denies a given number of times (the CLI has no cap of its own). */
function loopCases() {
  const steps = [{ prompt: 'work' }, { reply: 'Done?' }];
  const denyUntil = (k) => counted('after-agent', `if [ $n -le ${k} ]; then ${json({ decision: 'deny', reason: 'again' })}; fi`);
  const out = [1, 2, 3].map((k) => ({
    id: `loop-after-agent-denies-${k}`,
    scenario: { hookplay: 1, title: `AfterAgent denies ${k} time(s), then lets the turn end`, dialect: 'gemini-cli', files: userFile({ AfterAgent: [group([hook(denyUntil(k))])], BeforeAgent: [group([watcher('BeforeAgent')])] }), session: { steps } },
  }));
  out.push({
    id: 'loop-after-agent-then-tool',
    scenario: {
      hookplay: 1,
      title: 'AfterAgent sends the model back once, and it calls a tool',
      dialect: 'gemini-cli',
      files: userFile({ AfterAgent: [group([hook(ANSWERS.AfterAgent['deny-once'])])], BeforeTool: [group([watcher('BeforeTool')])], AfterTool: [group([watcher('AfterTool')])] }),
      session: { steps: [{ prompt: 'work' }, { reply: 'Done?' }, { tool: SHELL, input: { command: 'echo more', description: 'more' } }, { reply: 'Done.' }] },
    },
  });
  out.push({
    id: 'loop-after-agent-context-before-agent',
    scenario: {
      hookplay: 1,
      title: 'AfterAgent denies twice; BeforeAgent adds context to every request',
      dialect: 'gemini-cli',
      files: userFile({ AfterAgent: [group([hook(denyUntil(2))])], BeforeAgent: [group([hook(json(hso('BeforeAgent', { additionalContext: 'agent note' })))])] }),
      session: { steps } ,
    },
  });
  return out;
}

/** Hooks of one event in both files, and two hooks in one group: how their answers combine over a session. */
function spreadCases() {
  const steps = SHAPES['one-call']();
  const both = (user, project) => ({ ...userFile(user), ...projectFile(project) });
  return [
    ['files-before-tool-user-denies-project-rewrites', 'BeforeTool: the user file denies, the project file rewrites', both({ BeforeTool: [group([hook(ANSWERS.BeforeTool.deny)])] }, { BeforeTool: [group([hook(ANSWERS.BeforeTool.rewrite)])] })],
    ['files-after-tool-context-both', 'AfterTool: context from the user file and from the project file', both({ AfterTool: [group([hook(json(hso('AfterTool', { additionalContext: 'user note' })))])] }, { AfterTool: [group([hook(json(hso('AfterTool', { additionalContext: 'project note' })))])] })],
    ['files-before-agent-context-both', 'BeforeAgent: context from both files', both({ BeforeAgent: [group([hook(json(hso('BeforeAgent', { additionalContext: 'user note' })))])] }, { BeforeAgent: [group([hook(json(hso('BeforeAgent', { additionalContext: 'project note' })))])] })],
    ['files-same-command-both-files', 'the same command in both files runs once', both({ AfterTool: [group([hook(json(hso('AfterTool', { additionalContext: 'once' })))])] }, { AfterTool: [group([hook(json(hso('AfterTool', { additionalContext: 'once' })))])] })],
    ['files-project-disables-hooks', 'hooksConfig.enabled false in the project file turns the user file’s hooks off', { ...userFile({ BeforeTool: [group([hook(ANSWERS.BeforeTool.deny)])] }), '.gemini/settings.json': `${JSON.stringify({ hooksConfig: { enabled: false } })}\n` }],
    ['files-two-rewrites-last-wins', 'BeforeTool: two rewrites in one group, the last in config order wins', userFile({ BeforeTool: [group([hook(json(hso('BeforeTool', { tool_input: { command: 'echo first-rewrite' } }))), hook(json(hso('BeforeTool', { tool_input: { command: 'echo second-rewrite' } })))])] })],
    ['files-sequential-rewrite-chain', 'BeforeTool: a sequential group, the second hook sees the first rewrite', userFile({ BeforeTool: [{ sequential: true, hooks: [hook(json(hso('BeforeTool', { tool_input: { command: 'echo chained' } }))), hook(`grep -q chained && ${json(hso('BeforeTool', { tool_input: { command: 'echo saw-the-chain' } }))}`)] }] })],
    ['files-matcher-misses-shell', 'BeforeTool with a matcher for another tool: the call runs', userFile({ BeforeTool: [group([hook(ANSWERS.BeforeTool.deny)], 'read_file')], AfterTool: [group([watcher('AfterTool')], 'run_shell')] })],
    ['files-system-messages-joined', 'system messages of two events over the session', userFile({ BeforeTool: [group([hook(json({ systemMessage: 'pre says hi' }))])], AfterTool: [group([hook(json({ systemMessage: 'post says hi' }))])], AfterAgent: [group([hook(json({ systemMessage: 'agent says bye' }))])] })],
  ].map(([id, title, files]) => ({ id, scenario: { hookplay: 1, title, dialect: 'gemini-cli', files, session: { steps } } }));
}

/** Hooks reading the host's environment (host.env reaches them, and the CLI's own variables), and a hook's own env. */
function envCases() {
  const steps = SHAPES['one-call']();
  return [
    {
      id: 'env-host-env-reaches-hooks',
      scenario: { hookplay: 1, title: 'host.env reaches the hooks', dialect: 'gemini-cli', host: { env: { TEAM_MODE: 'strict' } }, files: userFile({ BeforeTool: [group([hook(`if [ "$TEAM_MODE" = strict ]; then ${json({ decision: 'deny', reason: 'strict mode' })}; fi`)])] }), session: { steps } },
    },
    {
      id: 'env-hook-own-env',
      scenario: { hookplay: 1, title: 'a hook’s own "env" object reaches it', dialect: 'gemini-cli', files: userFile({ AfterTool: [group([hook('echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"AfterTool\\",\\"additionalContext\\":\\"level=$LEVEL\\"}}"', { env: { LEVEL: 'high' } })])] }), session: { steps } },
    },
    {
      id: 'env-project-dir-variables',
      scenario: { hookplay: 1, title: 'GEMINI_PROJECT_DIR, CLAUDE_PROJECT_DIR and the working directory in a hook', dialect: 'gemini-cli', files: userFile({ BeforeAgent: [group([hook('echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"BeforeAgent\\",\\"additionalContext\\":\\"dir=$GEMINI_PROJECT_DIR claude=$CLAUDE_PROJECT_DIR pwd=$(pwd)\\"}}"')])] }), session: { steps } },
    },
    {
      id: 'env-host-env-in-settings-expansion',
      scenario: { hookplay: 1, title: 'a $VAR in the settings file is resolved with the CLI’s environment', dialect: 'gemini-cli', host: { env: { NOTE_TEXT: 'from-env' } }, files: userFile({ AfterTool: [group([hook(json(hso('AfterTool', { additionalContext: '$NOTE_TEXT' })))])] }), session: { steps } },
    },
  ];
}

/** Several calls in one model message: every tool-event answer on the second call, and the lifecycle's edges. */
function severalCallsCases() {
  const rand = prng(62);
  const steps = () => [
    { prompt: 'run both checks' },
    { calls: [{ tool: SHELL, input: { command: 'echo one', description: 'first' } }, { tool: SHELL, input: { command: 'echo two', description: 'second' } }] },
    { reply: 'Both checked.' },
  ];
  const out = [];
  for (const event of TOOL_EVENTS) {
    for (const answer of Object.keys(ANSWERS[event])) {
      const hooks = Object.fromEntries(EVENTS.filter((e) => e !== event).map((e) => [e, [group([watcher(e)])]]));
      hooks[event] = [group([hook(onSecondCall(ANSWERS[event][answer]))])];
      out.push({ id: `several-calls-${event}-${answer}`, scenario: { hookplay: 1, title: `several-calls: ${event} answers ${answer} on the second call`, dialect: 'gemini-cli', files: userFile(hooks), session: { steps: steps() } } });
    }
  }
  for (const event of EVENTS.filter((e) => !TOOL_EVENTS.includes(e))) {
    const answer = shuffle(Object.keys(ANSWERS[event]), rand)[0];
    const hooks = Object.fromEntries(EVENTS.filter((e) => e !== event).map((e) => [e, [group([watcher(e)])]]));
    hooks[event] = [group([hook(ANSWERS[event][answer])])];
    out.push({ id: `several-calls-${event}-${answer}`, scenario: { hookplay: 1, title: `several-calls: ${event} answers ${answer}`, dialect: 'gemini-cli', files: userFile(hooks), session: { steps: steps() } } });
  }
  out.push({
    id: 'several-calls-one-fails-context-each',
    scenario: {
      hookplay: 1,
      title: 'three calls in one message, the first exits 1; AfterTool adds context to each',
      dialect: 'gemini-cli',
      files: userFile({ AfterTool: [group([hook(json(hso('AfterTool', { additionalContext: 'post note' })))])] }),
      session: { steps: [{ prompt: 'check' }, { calls: [{ tool: SHELL, input: { command: 'exit 1', description: 'fail' } }, { tool: SHELL, input: { command: 'echo two', description: 'ok' } }, { tool: SHELL, input: { command: 'echo three', description: 'ok' } }] }, { reply: 'Done.' }] },
    },
  });
  out.push({
    id: 'several-calls-then-single-call',
    scenario: {
      hookplay: 1,
      title: 'two calls in one message, then one more call in the next',
      dialect: 'gemini-cli',
      files: userFile(Object.fromEntries(EVENTS.map((e) => [e, [group([watcher(e)])]]))),
      session: { steps: [{ prompt: 'check' }, { calls: [{ tool: SHELL, input: { command: 'echo one', description: 'd' } }, { tool: SHELL, input: { command: 'echo two', description: 'd' } }] }, { tool: SHELL, input: { command: 'echo three', description: 'd' } }, { reply: 'Done.' }] },
    },
  });
  return out;
}

/** Resumed sessions (`gemini -p --resume latest`): what SessionStart says on resume, and what history the model reads. */
function resumeCases() {
  const startBySource = `if grep -q '"source":"resume"'; then ${json(hso('SessionStart', { additionalContext: 'resumed note' }))}; else ${json(hso('SessionStart', { additionalContext: 'new note' }))}; fi`;
  const watchAll = Object.fromEntries(EVENTS.map((e) => [e, [group([watcher(e)])]]));
  const call = (command) => ({ tool: SHELL, input: { command, description: 'd' } });
  const base = (id, title, hooks, steps) => ({ id, scenario: { hookplay: 1, title, dialect: 'gemini-cli', files: userFile(hooks), session: { steps } } });
  const resume = { resume: 'continue' };
  return [
    base('resume-start-context', 'resume: SessionStart context on both starts, a call in the first run', { ...watchAll, SessionStart: [group([hook(startBySource)])], BeforeAgent: [group([hook(json(hso('BeforeAgent', { additionalContext: 'agent note' })))])] }, [{ prompt: 'first' }, call('echo one'), { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }]),
    base('resume-text-only', 'resume after a text-only turn', watchAll, [{ prompt: 'first' }, { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }]),
    base('resume-calls-in-both-runs', 'resume: a call in each run, AfterTool context on each', { ...watchAll, AfterTool: [group([hook(json(hso('AfterTool', { additionalContext: 'post note' })))])] }, [{ prompt: 'first' }, call('echo one'), { reply: 'R1' }, resume, { prompt: 'second' }, call('echo two'), { reply: 'R2' }]),
    base('resume-after-agent-deny-once-each-run', 'resume: AfterAgent denies once in each run', { ...watchAll, AfterAgent: [group([hook(ANSWERS.AfterAgent['deny-once'])])] }, [{ prompt: 'first' }, { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }]),
    base('resume-before-tool-deny-second-run', 'resume: BeforeTool denies the call of the second run', { ...watchAll, BeforeTool: [group([hook(onSecondCall(ANSWERS.BeforeTool.deny))])] }, [{ prompt: 'first' }, call('echo one'), { reply: 'R1' }, resume, { prompt: 'second' }, call('echo two'), { reply: 'R2' }]),
    base('resume-twice', 'resume twice: three runs, a call in the first', { ...watchAll, SessionStart: [group([hook(startBySource)])] }, [{ prompt: 'first' }, call('echo one'), { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }, resume, { prompt: 'third' }, { reply: 'R3' }]),
    base('resume-after-failing-call', 'resume after a call that failed (exit 3)', watchAll, [{ prompt: 'first' }, call('echo to-stderr >&2; exit 3'), { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }]),
    // Which user messages the resumed history keeps: one that starts with its prompt (BeforeAgent context after
    // it), one that starts with "?".
    base('resume-before-agent-context-only', 'resume: BeforeAgent context after the first prompt, no SessionStart context', { ...watchAll, BeforeAgent: [group([hook(json(hso('BeforeAgent', { additionalContext: 'agent note' })))])] }, [{ prompt: 'first' }, { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }]),
    base('resume-question-prompt', 'resume: the first prompt starts with "?"', watchAll, [{ prompt: '?what is here' }, { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }]),
    // One answer of each remaining event in a resumed session: the answer holds in both runs.
    ...[['PreCompress', 'system-message'], ['BeforeModel', 'system-message'], ['BeforeToolSelection', 'system-message'], ['AfterModel', 'deny'], ['SessionEnd', 'system-message']].map(([event, answer]) =>
      base(`resume-${event}-${answer}`, `resume: ${event} answers ${answer} in both runs`, { ...watchAll, [event]: [group([hook(ANSWERS[event][answer])])] }, [{ prompt: 'first' }, call('echo one'), { reply: 'R1' }, resume, { prompt: 'second' }, { reply: 'R2' }]),
    ),
  ];
}

/**
 * The permission model of `gemini -p` (host.args instead of the harness's --yolo; the policy engine's TOML rules in
 * ~/.gemini/policies/ and the workspace's .gemini/policies/; the deprecated tools.exclude and tools.allowed) × what
 * a BeforeTool hook answers. Each is one call (`echo one`); a rewrite makes it `printf rewritten`, which no rule
 * below names, so whether the policy engine reads the rewritten arguments shows.
 */
export const PERMISSION_SETUPS = {
  'mode-default': { args: ['--approval-mode', 'default'] },
  'mode-auto-edit': { args: ['--approval-mode', 'auto_edit'] },
  'mode-plan': { args: ['--approval-mode', 'plan'] },
  'mode-yolo-flag': { args: ['--approval-mode', 'yolo'] },
  'exclude-shell': { files: { '.gemini/settings.json': `${JSON.stringify({ tools: { exclude: [SHELL] } })}\n` } },
  'policy-deny-echo': { files: { '~/.gemini/policies/guard.toml': `[[rule]]\ntoolName = "${SHELL}"\ncommandPrefix = "echo"\ndecision = "deny"\npriority = 500\ndenyMessage = "no echo here"\n` } },
  'policy-ask-echo': { files: { '~/.gemini/policies/guard.toml': `[[rule]]\ntoolName = "${SHELL}"\ncommandPrefix = "echo"\ndecision = "ask_user"\npriority = 500\n` } },
  'policy-allow-shell-default': { args: ['--approval-mode', 'default'], files: { '~/.gemini/policies/allow.toml': `[[rule]]\ntoolName = "${SHELL}"\ndecision = "allow"\npriority = 100\n` } },
  'allowed-echo-default': { args: ['--approval-mode', 'default'], files: { '.gemini/settings.json': `${JSON.stringify({ tools: { allowed: [`${SHELL}(echo)`] } })}\n` } },
  'workspace-policy-ignored': { files: { '.gemini/policies/guard.toml': `[[rule]]\ntoolName = "${SHELL}"\ndecision = "deny"\npriority = 900\n` } },
};
export const PERMISSION_ANSWERS = {
  watch: null,
  'BeforeTool deny': ANSWERS.BeforeTool.deny,
  'BeforeTool rewrite': json(hso('BeforeTool', { tool_input: { command: 'printf rewritten', description: 'rewritten' } })),
  'BeforeTool ask': ANSWERS.BeforeTool.ask,
};

function permissionCases() {
  const watchAll = Object.fromEntries(EVENTS.map((e) => [e, [group([watcher(e)])]]));
  const out = [];
  for (const [setup, { args, files = {} }] of Object.entries(PERMISSION_SETUPS)) {
    for (const [answer, body] of Object.entries(PERMISSION_ANSWERS)) {
      const hooks = body ? { ...watchAll, BeforeTool: [group([hook(body)])] } : watchAll;
      out.push({
        id: `perm-${setup}-${answer.replace(/ /g, '-').toLowerCase()}`,
        dims: { setup, answer },
        scenario: {
          hookplay: 1,
          title: `permissions, ${setup}: ${answer === 'watch' ? 'hooks only watch' : answer}`,
          dialect: 'gemini-cli',
          ...(args ? { host: { args } } : {}),
          files: { ...userFile(hooks), ...files },
          session: { steps: [{ prompt: 'run the check' }, { tool: SHELL, input: { command: 'echo one', description: 'first' } }, { reply: 'Checked.' }] },
        },
      });
    }
  }
  const deny = PERMISSION_SETUPS['policy-deny-echo'].files;
  const base = (id, title, files, steps, host) => ({ id, scenario: { hookplay: 1, title, dialect: 'gemini-cli', ...(host ? { host } : {}), files: { ...userFile(watchAll), ...files }, session: { steps } } });
  out.push(
    base('perm-policy-deny-echo-several-calls', 'permissions: a deny rule for echo, two calls in one message (echo, printf)', deny, [{ prompt: 'check' }, { calls: [{ tool: SHELL, input: { command: 'echo one', description: 'a' } }, { tool: SHELL, input: { command: 'printf two', description: 'b' } }] }, { reply: 'Done.' }]),
    base('perm-policy-deny-echo-compound', 'permissions: a deny rule for echo, a command that runs echo after printf', deny, [{ prompt: 'check' }, { tool: SHELL, input: { command: 'printf one && echo two', description: 'a' } }, { reply: 'Done.' }]),
    base('perm-allowed-echo-other-command', 'permissions: tools.allowed names echo only, under --approval-mode default; the call is printf', PERMISSION_SETUPS['allowed-echo-default'].files, [{ prompt: 'check' }, { tool: SHELL, input: { command: 'printf one', description: 'a' } }, { reply: 'Done.' }], { args: ['--approval-mode', 'default'] }),
    base('perm-mode-default-resume', 'permissions: --approval-mode default in both runs of a resumed session', {}, [{ prompt: 'first' }, { tool: SHELL, input: { command: 'echo one', description: 'a' } }, { reply: 'R1' }, { resume: 'continue' }, { prompt: 'second' }, { reply: 'R2' }], { args: ['--approval-mode', 'default'] }),
    base('perm-untrusted-folder', 'an untrusted folder: gemini -p refuses to start, no hook of either file runs', { '.gemini/settings.json': settings({ BeforeAgent: [group([hook('echo project hook')])] }) }, [{ prompt: 'check' }, { tool: SHELL, input: { command: 'echo one', description: 'a' } }, { reply: 'Done.' }], { trusted: false }),
  );
  return out;
}

export function generate() {
  const rand = prng(61);
  const cases = [];
  // Every (event, shape) cell gets two answers; which ones, the seeded shuffle decides. Tool events need a call.
  for (const event of Object.keys(ANSWERS)) {
    for (const shapeName of Object.keys(SHAPES)) {
      if (shapeName === 'text-only' && TOOL_EVENTS.includes(event)) continue;
      const answers = shuffle(Object.keys(ANSWERS[event]), rand).slice(0, 2);
      for (const answer of answers) cases.push(answeredCase(event, answer, shapeName));
    }
  }
  cases.push(...loopCases(), ...spreadCases(), ...envCases(), ...severalCallsCases(), ...resumeCases(), ...permissionCases());
  return cases;
}
