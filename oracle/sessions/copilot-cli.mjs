// The Copilot CLI session sweep: `generate()` makes hookplay session scenarios along Copilot CLI 1.0.102's own
// dimensions, deterministically (a seeded shuffle picks which answer variant meets which session shape), for
// `node oracle/sessions/run.mjs --host copilot-cli`, which plays each on the real CLI and through the engine and
// records what the CLI did in oracle/recorded/copilot-cli/1.0.102/.
//
// Dimensions: the event a hook answers on (sessionStart, userPromptSubmitted, preToolUse, permissionRequest,
// postToolUse, agentStop, sessionEnd) × how it answers (JSON fields, blocks, rewrites, context, exit codes) × the
// session's shape (one call, several calls in one message, a resumed session, permission flags other than
// --allow-all) — plus permissionRequest hooks in several files (how their answers merge), folder trust and the
// COPILOT_ALLOW_ALL variable, a failing command, the agentStop loop and its cap; then every event on a failing call,
// behind a host.env variable, and (where it fires without a call) on a text-only turn.
import { random as prng } from '../lib/seeded.mjs';

const shuffle = (list, rand) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

const json = (o) => `echo '${JSON.stringify(o)}'`;
const hook = (bash, more = {}) => ({ type: 'command', bash, ...more });
const userSettings = (hooks) => ({ '~/.copilot/settings.json': `${JSON.stringify({ hooks }, null, 2)}\n` });
const repoFile = (name, hooks) => ({ [`.github/hooks/${name}`]: `${JSON.stringify({ version: 1, hooks }, null, 2)}\n` });
/** A hook that only watches: each event's command differs, so the harness tells which event ran it. */
const watcher = (event) => hook(`cat > /dev/null # watch ${event}`);
const WATCHED = ['sessionStart', 'userPromptSubmitted', 'preToolUse', 'permissionRequest', 'postToolUse', 'agentStop', 'sessionEnd'];

/** How a hook answers, per event: the command's body (it may read stdin; it ends with the exit code it means). */
const ANSWERS = {
  sessionStart: {
    context: json({ additionalContext: 'start note' }),
    'context-by-source': `if grep -q '"source":"resume"'; then ${json({ additionalContext: 'resumed note' })}; else ${json({ additionalContext: 'new note' })}; fi`,
    'exit-2': 'echo start-stderr >&2; exit 2',
    'exit-1-context': `${json({ additionalContext: 'lost note' })}; exit 1`,
    'plain-text': 'echo just words',
  },
  userPromptSubmitted: {
    context: json({ additionalContext: 'prompt note' }),
    'modified-prompt': json({ modifiedPrompt: 'the rewritten prompt' }),
    block: json({ decision: 'block', reason: 'prompt refused' }),
    'exit-2': 'echo prompt-stderr >&2; exit 2',
    'block-no-reason': json({ decision: 'block' }),
  },
  preToolUse: {
    deny: json({ permissionDecision: 'deny', permissionDecisionReason: 'not this one' }),
    ask: json({ permissionDecision: 'ask', permissionDecisionReason: 'are you sure' }),
    allow: json({ permissionDecision: 'allow' }),
    rewrite: json({ modifiedArgs: { command: 'echo rewritten', description: 'rewritten' } }),
    context: json({ additionalContext: 'pre note' }),
    'exit-2': 'echo pre-stderr >&2; exit 2',
    'exit-1': 'echo pre-broken >&2; exit 1',
  },
  permissionRequest: {
    deny: json({ behavior: 'deny', message: 'permission refused' }),
    allow: json({ behavior: 'allow' }),
    'exit-2': 'echo perm-stderr >&2; exit 2',
    'exit-1': 'echo perm-broken >&2; exit 1',
    silent: 'true',
  },
  postToolUse: {
    context: json({ additionalContext: 'post note' }),
    block: json({ decision: 'block', reason: 'result hidden' }),
    'exit-2': 'echo post-stderr >&2; exit 2',
    'exit-1': `${json({ additionalContext: 'lost post note' })}; exit 1`,
  },
  agentStop: {
    'block-once': `if grep -q '"stop_hook_active":false'; then ${json({ decision: 'block', reason: 'one more check' })}; fi`,
    context: json({ additionalContext: 'stop note' }),
    'exit-2': 'echo stop-stderr >&2; exit 2',
    'block-no-reason': json({ decision: 'block' }),
  },
};

/** The session shapes: the steps, and what else the scenario's host gets. */
const SHAPES = {
  'one-call': () => ({ steps: [{ prompt: 'run the check' }, { tool: 'bash', input: { command: 'echo one', description: 'first' } }, { reply: 'Checked.' }] }),
  'several-calls': () => ({
    steps: [
      { prompt: 'run both checks' },
      { calls: [{ tool: 'bash', input: { command: 'echo one', description: 'first' } }, { tool: 'bash', input: { command: 'echo two', description: 'second' } }] },
      { reply: 'Both checked.' },
    ],
  }),
  resume: () => ({
    steps: [
      { prompt: 'run the check' },
      { tool: 'bash', input: { command: 'echo one', description: 'first' } },
      { reply: 'Checked.' },
      { resume: 'continue' },
      { prompt: 'and the other one' },
      { tool: 'bash', input: { command: 'echo two', description: 'second' } },
      { reply: 'Both checked.' },
    ],
  }),
  'permission-flags': (rand) => ({
    steps: [{ prompt: 'make the file' }, { tool: 'bash', input: { command: 'touch made.txt && echo made', description: 'write' } }, { reply: 'Made.' }],
    args: PERMISSION_ARGS[Math.floor(rand() * PERMISSION_ARGS.length)],
  }),
};

/** Launch flags other than the default --allow-all: no flag at all, tools only, an allow rule, a deny rule. */
const PERMISSION_ARGS = [[], ['--allow-all-tools'], ['--allow-tool', 'shell(touch)'], ['--allow-all', '--deny-tool', 'shell(touch)']];

/** In a several-call message, tool-event answers target the second call only (the first shows the default). */
const onSecondCall = (body) => `if grep -q 'echo two'; then ${body}; fi`;

function answeredCase(event, answer, shapeName, rand) {
  const shape = SHAPES[shapeName](rand);
  const tool = ['preToolUse', 'permissionRequest', 'postToolUse'].includes(event);
  const body = ANSWERS[event][answer];
  const hooks = Object.fromEntries(WATCHED.filter((e) => e !== event).map((e) => [e, [watcher(e)]]));
  hooks[event] = [hook(tool && shapeName === 'several-calls' ? onSecondCall(body) : body)];
  const args = shape.args ? ` with ${shape.args.length ? shape.args.join(' ') : 'no permission flag'}` : '';
  return {
    id: `${shapeName}-${event}-${answer}${shape.args ? `-${shape.args.length ? shape.args.join('-').replace(/[^a-z0-9-]+/gi, '').replace(/-{2,}/g, '-') : 'no-flags'}` : ''}`,
    scenario: {
      hookplay: 1,
      title: `${shapeName}: ${event} answers ${answer}${args}`,
      dialect: 'copilot-cli',
      ...(shape.args ? { host: { args: shape.args } } : {}),
      files: userSettings(hooks),
      session: { steps: shape.steps },
    },
  };
}

/** permissionRequest hooks in several files: how their answers combine (the single-event gap the issue names). */
function mergeCases() {
  const place = {
    'hooks-dir': (body) => ({ '~/.copilot/hooks/perm.json': `${JSON.stringify({ version: 1, hooks: { permissionRequest: [hook(body)] } }, null, 2)}\n` }),
    user: (body) => userSettings({ permissionRequest: [hook(body)] }),
    repo: (body) => repoFile('perm.json', { permissionRequest: [hook(body)] }),
  };
  const says = {
    allow: json({ behavior: 'allow' }),
    deny: json({ behavior: 'deny', message: 'denied here' }),
    deny2: json({ behavior: 'deny', message: 'denied there' }),
    none: 'true',
  };
  const combos = [
    ['user', 'allow', 'repo', 'deny'],
    ['user', 'deny', 'repo', 'allow'],
    ['hooks-dir', 'allow', 'user', 'deny'],
    ['hooks-dir', 'deny', 'user', 'allow'],
    ['user', 'deny', 'repo', 'deny2'],
    ['user', 'none', 'repo', 'deny'],
    ['user', 'allow', 'repo', 'none'],
  ];
  const out = [];
  // Two hooks in one file: does a deny stop the next one there, as it does not across files?
  for (const [first, second] of [['deny', 'allow'], ['allow', 'deny'], ['deny', 'deny2']]) {
    out.push({
      id: `perm-merge-same-file-${first}-${second}`,
      scenario: {
        hookplay: 1,
        title: `two permissionRequest hooks in one file: ${first}, then ${second}`,
        dialect: 'copilot-cli',
        files: userSettings({ permissionRequest: [hook(says[first]), hook(`${says[second]} # second`)] }),
        session: { steps: [{ prompt: 'make the file' }, { tool: 'bash', input: { command: 'touch made.txt && echo made', description: 'write' } }, { reply: 'Made.' }] },
      },
    });
  }
  for (const [a, sa, b, sb] of combos) {
    for (const args of [null, []]) {
      const flags = args ? '-no-flags' : '';
      out.push({
        id: `perm-merge-${a}-${sa}-${b}-${sb}${flags}`,
        scenario: {
          hookplay: 1,
          title: `permissionRequest in ${a} says ${sa}, in ${b} says ${sb}${args ? ' (no permission flag)' : ''}`,
          dialect: 'copilot-cli',
          ...(args ? { host: { args } } : {}),
          files: { ...place[a](says[sa]), ...place[b](says[sb].replace('true', 'true # second')) },
          session: { steps: [{ prompt: 'make the file' }, { tool: 'bash', input: { command: 'touch made.txt && echo made', description: 'write' } }, { reply: 'Made.' }] },
        },
      });
    }
  }
  return out;
}

/** Folder trust and the variable that grants it: repo hooks run only in a trusted folder. */
function trustCases() {
  const files = { ...userSettings({ preToolUse: [hook(json({ additionalContext: 'user hook ran' }))] }), ...repoFile('guard.json', { preToolUse: [hook(json({ permissionDecision: 'deny', permissionDecisionReason: 'repo hook ran' }))] }) };
  const steps = [{ prompt: 'run the check' }, { tool: 'bash', input: { command: 'echo one', description: 'first' } }, { reply: 'Checked.' }];
  const variants = [
    ['trusted', { trusted: true }],
    ['untrusted', { trusted: false }],
    ['untrusted-allow-all-true', { trusted: false, env: { COPILOT_ALLOW_ALL: 'true' } }],
    ['untrusted-allow-all-1', { trusted: false, env: { COPILOT_ALLOW_ALL: '1' } }],
    ['untrusted-allow-all-yes', { trusted: false, env: { COPILOT_ALLOW_ALL: 'yes' } }],
  ];
  return variants.map(([name, host]) => ({ id: `trust-${name}`, scenario: { hookplay: 1, title: `repo hooks in a folder ${name}`, dialect: 'copilot-cli', host, files, session: { steps } } }));
}

/** Resumed sessions: what sessionStart adds on resume, what earlier hook texts carry over, --resume <id>. */
function resumeCases() {
  const base = (hooks, steps, title, id, host) => ({ id, scenario: { hookplay: 1, title, dialect: 'copilot-cli', ...(host ? { host } : {}), files: userSettings(hooks), session: { steps } } });
  const turn2 = (mode) => [{ prompt: 'first' }, { reply: 'R1' }, { resume: mode }, { prompt: 'second' }, { reply: 'R2' }];
  const start = (body) => ({ sessionStart: [hook(body)], agentStop: [watcher('agentStop')], sessionEnd: [watcher('sessionEnd')] });
  return [
    base(start(`if grep -q '"source":"resume"'; then ${json({ additionalContext: 'resumed note' })}; fi`), turn2('continue'), 'resume: only the resumed sessionStart adds context', 'resume-start-context-only-on-resume'),
    base(start(`if grep -q '"source":"new"'; then ${json({ additionalContext: 'new note' })}; fi`), turn2('continue'), 'resume: only the first sessionStart adds context', 'resume-start-context-only-on-new'),
    base(start(`if grep -q '"source":"new"'; then ${json({ additionalContext: 'new note' })}; else ${json({ additionalContext: 'resumed note' })}; fi`), turn2('resume'), 'resume by id: sessionStart context on both starts', 'resume-by-id-start-context'),
    base({ userPromptSubmitted: [hook(json({ additionalContext: 'prompt note' }))] }, turn2('continue'), 'resume: prompt context carries over', 'resume-prompt-context-carries'),
    base({ userPromptSubmitted: [hook(`if grep -q '"prompt":"first"'; then ${json({ decision: 'block', reason: 'not the first' })}; fi`)], sessionEnd: [watcher('sessionEnd')] }, turn2('continue'), 'resume after a blocked prompt', 'resume-after-blocked-prompt'),
    base({ postToolUse: [hook(json({ additionalContext: 'post note' }))], preToolUse: [hook(json({ additionalContext: 'pre note' }))] }, [{ prompt: 'first' }, { tool: 'bash', input: { command: 'echo one', description: 'd' } }, { reply: 'R1' }, { resume: 'continue' }, { prompt: 'second' }, { reply: 'R2' }], 'resume: pre and post context of an earlier turn', 'resume-tool-contexts-carry'),
    base({ agentStop: [hook(ANSWERS.agentStop['block-once'])] }, turn2('continue'), 'resume: agentStop blocks once in each run', 'resume-stop-block-once-each-run'),
  ];
}

/** The lifecycle's edges: a failing command, the agentStop loop's cap, a text-only turn, three calls. */
function lifecycleCases() {
  const base = (id, title, hooks, steps) => ({ id, scenario: { hookplay: 1, title, dialect: 'copilot-cli', files: userSettings(hooks), session: { steps } } });
  const watchAll = Object.fromEntries(WATCHED.map((e) => [e, [watcher(e)]]));
  return [
    base('failing-command-post-context', 'a command that exits 3 still gets postToolUse', { ...watchAll, postToolUse: [hook(json({ additionalContext: 'after the failure' }))], postToolUseFailure: [watcher('postToolUseFailure')] }, [{ prompt: 'check' }, { tool: 'bash', input: { command: 'echo to-stderr >&2; exit 3', description: 'fail' } }, { reply: 'It failed.' }]),
    base('calls-one-fails', 'two calls, the first exits 1', { ...watchAll, postToolUse: [hook(json({ additionalContext: 'post note' }))] }, [{ prompt: 'check' }, { calls: [{ tool: 'bash', input: { command: 'exit 1', description: 'fail' } }, { tool: 'bash', input: { command: 'echo two', description: 'ok' } }] }, { reply: 'Done.' }]),
    base('calls-three-pre-context-each', 'three calls, preToolUse context on each', { preToolUse: [hook(`${json({ additionalContext: 'pre note' })}`)] }, [{ prompt: 'check' }, { calls: [1, 2, 3].map((k) => ({ tool: 'bash', input: { command: `echo c${k}`, description: 'd' } })) }, { reply: 'Done.' }]),
    base('calls-then-single-call', 'two calls, then one more call in the next message', { ...watchAll }, [{ prompt: 'check' }, { calls: [{ tool: 'bash', input: { command: 'echo one', description: 'd' } }, { tool: 'bash', input: { command: 'echo two', description: 'd' } }] }, { tool: 'bash', input: { command: 'echo three', description: 'd' } }, { reply: 'Done.' }]),
    base('stop-block-always-cap', 'agentStop blocks every time: the cap', { agentStop: [hook(json({ decision: 'block', reason: 'keep going' }))] }, [{ prompt: 'work' }, { reply: 'Done.' }]),
    base('text-only-turn', 'no tool call: only the session, prompt and stop hooks run', watchAll, [{ prompt: 'hello' }, { reply: 'Hi.' }]),
    base('stop-block-then-tool', 'agentStop sends the model back, it calls a tool', { ...watchAll, agentStop: [hook(ANSWERS.agentStop['block-once'])] }, [{ prompt: 'work' }, { reply: 'Done?' }, { tool: 'bash', input: { command: 'echo more', description: 'd' } }, { reply: 'Done.' }]),
    base('session-end-exit-2', 'sessionEnd exit 2 after a tool call', { sessionEnd: [hook('echo end-stderr >&2; exit 2')] }, [{ prompt: 'check' }, { tool: 'bash', input: { command: 'echo one', description: 'd' } }, { reply: 'Done.' }]),
    ...[[], ['--allow-tool', 'shell(touch)'], ['--deny-tool', 'shell(touch)']].map((args, k) => ({
      id: `no-permission-hook-${['no-flags', 'allow-touch', 'deny-touch'][k]}`,
      scenario: { hookplay: 1, title: `a write with no permissionRequest hook, ${args.length ? args.join(' ') : 'no permission flag'}`, dialect: 'copilot-cli', host: { args }, files: userSettings({ preToolUse: [watcher('preToolUse')], postToolUse: [watcher('postToolUse')] }), session: { steps: [{ prompt: 'make the file' }, { tool: 'bash', input: { command: 'touch made.txt && echo made', description: 'write' } }, { reply: 'Made.' }] } },
    })),
    ...[[], ['--allow-all-tools']].map((args, k) => ({
      id: `read-only-command-${['no-flags', 'allow-all-tools'][k]}`,
      scenario: { hookplay: 1, title: `a read-only command, ${args.length ? args.join(' ') : 'no permission flag'}`, dialect: 'copilot-cli', host: { args }, files: userSettings(Object.fromEntries(WATCHED.map((e) => [e, [watcher(e)]]))), session: { steps: [{ prompt: 'look' }, { tool: 'bash', input: { command: 'echo look && ls', description: 'read' } }, { reply: 'Seen.' }] } },
    })),
  ];
}

/**
 * The shapes the first grid left out, with their own seed so the grid's cases stay as recorded: a call that fails
 * (exit 3), a hook gated on a variable of the host's environment (host.env), and a text-only turn for the events
 * that fire without a call.
 */
const MORE_SHAPES = {
  'failing-call': { per: 2, events: Object.keys(ANSWERS), steps: () => [{ prompt: 'run the check' }, { tool: 'bash', input: { command: 'echo to-stderr >&2; exit 3', description: 'fails' } }, { reply: 'It failed.' }] },
  env: { per: 1, events: Object.keys(ANSWERS), steps: () => SHAPES['one-call']().steps, env: true },
  'text-only': { per: 2, events: ['sessionStart', 'userPromptSubmitted', 'agentStop'], steps: () => [{ prompt: 'hello' }, { reply: 'Hi.' }] },
};

function moreShapeCases() {
  const rand = prng(23);
  const out = [];
  let envCell = 0;
  for (const [shapeName, shape] of Object.entries(MORE_SHAPES)) {
    for (const event of shape.events) {
      for (const answer of shuffle(Object.keys(ANSWERS[event]), rand).slice(0, shape.per)) {
        const mode = shape.env ? (envCell++ % 2 === 0 ? 'strict' : 'lax') : null;
        const body = mode ? `[ "$HOOKPLAY_MODE" = strict ] && { ${ANSWERS[event][answer]}; }` : ANSWERS[event][answer];
        const hooks = Object.fromEntries(WATCHED.filter((e) => e !== event).map((e) => [e, [watcher(e)]]));
        hooks[event] = [hook(body)];
        out.push({
          id: `${shapeName}-${event}-${answer}${mode ? `-${mode}` : ''}`,
          scenario: {
            hookplay: 1,
            title: `${shapeName}: ${event} answers ${answer}${mode ? ` only when HOOKPLAY_MODE is strict (host.env: ${mode})` : ''}`,
            dialect: 'copilot-cli',
            ...(mode ? { host: { env: { HOOKPLAY_MODE: mode } } } : {}),
            files: userSettings(hooks),
            session: { steps: shape.steps() },
          },
        });
      }
    }
  }
  return out;
}

export function generate() {
  const rand = prng(22);
  const cases = [];
  // Every (event, shape) cell gets three answers; which ones, the seeded shuffle decides.
  for (const event of Object.keys(ANSWERS)) {
    for (const shapeName of Object.keys(SHAPES)) {
      const answers = shuffle(Object.keys(ANSWERS[event]), rand).slice(0, 3);
      for (const answer of answers) cases.push(answeredCase(event, answer, shapeName, rand));
    }
  }
  cases.push(...mergeCases(), ...trustCases(), ...resumeCases(), ...lifecycleCases(), ...moreShapeCases());
  return cases;
}
