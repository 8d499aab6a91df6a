// The Codex CLI session sweep: `node oracle/sessions/run.mjs --host codex`. Seeded, so the same cases every time.
//
// Every case is a whole `codex exec` session built on two axes, so each hook answer meets each session shape:
// - ANSWERS (rows): what a hook answers on one of Codex's events (PreToolUse deny, exit 2, rewrite, context;
//   PostToolUse block, context; UserPromptSubmit context, block; Stop blocking once; SessionStart context;
//   PermissionRequest, which fires only when codex would ask; a hook that fails open);
// - SHAPES (columns): the session around it (one turn with a call; a call that fails; several calls in one
//   message; a resumed session; --approve-for-me with a call that asks to leave the sandbox, PermissionRequest
//   hooks and the reviewer's answer; project hooks with and without trust; a hook gated on an environment variable).
// The seed picks the variants inside a cell (which file holds the hooks, exit codes, resume or continue, the
// PermissionRequest answer, the reviewer's). EXTRAS add what the grid cannot: Codex's lack of a Stop cap,
// continue: false against a block, SessionStart on resume, the approval policy "never" refusing an escalation.
// oracle/sessions/codex-coverage.mjs counts the recorded cases per cell (oracle/hosts/codex/COVERAGE-SESSIONS.md).
import { random } from '../lib/seeded.mjs';

const SEED = 0xc0de7;


const USER = '~/.codex/hooks.json';
const PROJECT = '.codex/hooks.json';
const USER_TOML = '~/.codex/config.toml';

const hooksFile = (events) => `${JSON.stringify({ hooks: events }, null, 2)}\n`;
const handler = (command, extra = {}) => ({ type: 'command', command, ...extra });
/** A command printing one JSON answer (texts here never hold a single quote). */
const say = (answer) => `echo '${JSON.stringify(answer)}'`;
const hso = (event, fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
/** Runs `answer` only for calls whose payload mentions "risky": in a session with several calls, one is hit. */
const onRisky = (answer) => `p=$(cat); case "$p" in *risky*) ${answer};; esac`;
/** The command of the call a tool hook sees (its payload is one line of JSON). */
const COMMAND_OF = `$(printf '%s' "$p" | sed -n 's/.*"tool_input":{"command":"\\([^"]*\\)".*/\\1/p')`;

/**
 * The rows: one hook on one event, and the variant the seed picked. Each returns the event, the handler, the
 * group's matcher and a title.
 */
const ANSWERS = {
  'pre-deny': (pick) => {
    const legacy = pick(2) === 1;
    return {
      event: 'PreToolUse',
      matcher: 'Bash',
      command: onRisky(say(legacy ? { decision: 'block', reason: 'risky commands are not allowed' } : hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'risky commands are not allowed' }))),
      title: `PreToolUse ${legacy ? 'legacy decision block' : 'permissionDecision deny'} on the risky call`,
    };
  },
  'pre-exit2': () => ({ event: 'PreToolUse', matcher: 'Bash', command: onRisky('echo "exit 2 stops risky calls" >&2; exit 2'), title: 'PreToolUse exit 2 with stderr on the risky call' }),
  'pre-rewrite': (pick) => {
    const to = pick(2) === 1 ? 'echo rewritten; echo by-hook >&2' : 'echo rewritten';
    return { event: 'PreToolUse', matcher: pick(2) === 1 ? '*' : 'Bash', command: onRisky(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: to } }))), title: `PreToolUse rewrites the risky call to ${JSON.stringify(to)}` };
  },
  'pre-context': () => ({
    event: 'PreToolUse',
    matcher: 'Bash',
    command: `p=$(cat); echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"PreToolUse\\",\\"additionalContext\\":\\"pre saw ${COMMAND_OF}\\"}}"`,
    title: 'PreToolUse additionalContext naming each call',
  }),
  'post-block': (pick) => {
    const how = ['block', 'exit2', 'continue'][pick(3)];
    const answer = how === 'block' ? say({ decision: 'block', reason: 'post hook replaced this output' }) : how === 'exit2' ? 'echo "post hook exit 2 feedback" >&2; exit 2' : say({ continue: false, stopReason: 'post hook stopped here' });
    return { event: 'PostToolUse', matcher: 'Bash', command: onRisky(answer), title: `PostToolUse ${how === 'block' ? 'decision block' : how === 'exit2' ? 'exit 2' : 'continue: false'} on the risky call's output` };
  },
  'post-context': () => ({
    event: 'PostToolUse',
    matcher: 'Bash',
    command: `p=$(cat); echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"PostToolUse\\",\\"additionalContext\\":\\"post saw ${COMMAND_OF}\\"}}"`,
    title: 'PostToolUse additionalContext naming each call',
  }),
  'prompt-context': (pick) => {
    const plain = pick(2) === 1;
    return {
      event: 'UserPromptSubmit',
      command: plain ? `p=$(cat); echo "prompt noted: $(printf '%s' "$p" | sed -n 's/.*"prompt":"\\([^"]*\\)".*/\\1/p')"` : `cat >/dev/null; ${say(hso('UserPromptSubmit', { additionalContext: 'remember the style guide' }))}`,
      title: `UserPromptSubmit ${plain ? 'plain stdout' : 'additionalContext'} on every prompt`,
    };
  },
  'prompt-block': (pick) => {
    const how = ['block', 'exit2', 'continue'][pick(3)];
    const answer = how === 'block' ? say({ decision: 'block', reason: 'no secrets in prompts' }) : how === 'exit2' ? 'echo "no secrets in prompts" >&2; exit 2' : say({ continue: false, stopReason: 'prompt stopped' });
    return { event: 'UserPromptSubmit', command: `p=$(cat); case "$p" in *secret*) ${answer};; esac`, title: `UserPromptSubmit ${how === 'block' ? 'decision block' : how === 'exit2' ? 'exit 2' : 'continue: false'} on a prompt naming a secret` };
  },
  'stop-once': (pick) => {
    const exit2 = pick(2) === 1;
    const answer = exit2 ? 'echo "check the output once more" >&2; exit 2' : say({ decision: 'block', reason: 'check the output once more' });
    return { event: 'Stop', command: `if grep -q '"stop_hook_active":false'; then ${answer}; fi`, title: `Stop ${exit2 ? 'exit 2' : 'decision block'} once, then lets the turn end` };
  },
  'start-context': (pick) => {
    const plain = pick(2) === 1;
    const source = `$(printf '%s' "$p" | sed -n 's/.*"source":"\\([^"]*\\)".*/\\1/p')`;
    return {
      event: 'SessionStart',
      command: plain ? `p=$(cat); echo "session ${source}"` : `p=$(cat); echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"SessionStart\\",\\"additionalContext\\":\\"session ${source}\\"}}"`,
      title: `SessionStart ${plain ? 'plain stdout' : 'additionalContext'} naming its source`,
    };
  },
  permission: (pick) => {
    const variants = [
      [say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'no escalations today' } })), 'denies'],
      [say(hso('PermissionRequest', { decision: { behavior: 'allow' } })), 'allows'],
      ['echo "no escalations on stderr" >&2; exit 2', 'exit 2 denies'],
    ];
    const [answer, what] = variants[pick(variants.length)];
    return { event: 'PermissionRequest', matcher: pick(2) ? 'Bash' : '*', command: onRisky(answer), title: `PermissionRequest ${what} (it fires only when codex would ask: never with approvals bypassed)` };
  },
  'fail-open': (pick) => {
    const variants = [
      { event: 'PreToolUse', matcher: 'Bash', command: onRisky(`${say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'exit 1 does not count' }))}; exit 1`), title: 'PreToolUse deny printed with exit 1: fails open' },
      { event: 'PreToolUse', matcher: 'Bash', command: onRisky(say({ ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'unknown field' }), note: 'extra' })), title: 'PreToolUse deny with an unknown field: fails open' },
      { event: 'PostToolUse', matcher: 'Bash', command: 'cat >/dev/null; echo "{not json"', title: 'PostToolUse prints broken JSON: fails open' },
      { event: 'Stop', command: 'cat >/dev/null; echo "plain words"', title: 'Stop prints plain text: the hook fails, the turn ends' },
      { event: 'UserPromptSubmit', command: `cat >/dev/null; ${say({ decision: 'block', reason: 'exit 3 does not count' })}; exit 3`, title: 'UserPromptSubmit block printed with exit 3: fails open' },
    ];
    return variants[pick(variants.length)];
  },
};

/** Prompts: the first names a secret when the row is prompt-block (so the single-turn shapes see it blocked). */
const prompts = (row) => (row === 'prompt-block' ? ['use the secret token', 'now list the files'] : ['tidy the workspace', 'now list the files']);

/**
 * The columns: how the session around the row's hook goes. Each returns steps, host settings, and where the
 * row's hook is written.
 */
const SHAPES = {
  single: (row, pick) => ({
    steps: [{ prompt: prompts(row)[0] }, { tool: 'Bash', input: { command: pick(2) ? 'echo risky-1' : 'printf "risky-1\\n"' } }, { reply: 'Tidied.' }],
    title: 'one turn, one call',
  }),
  fails: (row, pick) => {
    const command = ['echo risky-1; exit 3', 'ls /no/such/risky-dir', 'echo risky-1 >&2; false'][pick(3)];
    return { steps: [{ prompt: prompts(row)[0] }, { tool: 'Bash', input: { command } }, { reply: 'That failed.' }], title: `a call that fails (${command})` };
  },
  calls: (row, pick) => {
    const third = pick(2) === 1;
    const calls = [{ tool: 'Bash', input: { command: 'echo risky-1' } }, { tool: 'Bash', input: { command: 'echo safe-2' } }, ...(third ? [{ tool: 'Bash', input: { command: 'echo safe-3' } }] : [])];
    return { steps: [{ prompt: prompts(row)[0] }, { calls }, { reply: 'Both done.' }], title: `${calls.length} calls in one message` };
  },
  resume: (row, pick) => {
    const how = pick(2) ? 'resume' : 'continue';
    const [a, b] = prompts(row);
    return {
      steps: [{ prompt: a }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { reply: 'First part done.' }, { resume: how }, { prompt: b }, { tool: 'Bash', input: { command: 'echo safe-2' } }, { reply: 'Listed.' }],
      title: `two turns, the second after codex exec resume${how === 'continue' ? ' --last' : ' <id>'}`,
    };
  },
  reviewed: (row, pick) => {
    const approval = ['allow', 'deny', null][pick(3)];
    const permission = ['none', 'allow', 'deny', 'deny-bare', 'exit2'][pick(5)];
    const steps = [
      { prompt: prompts(row)[0] },
      { tool: 'Bash', input: { command: 'echo safe-0 > notes.txt; cat notes.txt' } },
      { tool: 'Bash', input: { command: 'echo risky-1', sandbox_permissions: 'require_escalated', justification: 'needs the network' } },
      ...(approval ? [{ approval }] : []),
      { reply: 'Done with review.' },
    ];
    const answers = {
      allow: say(hso('PermissionRequest', { decision: { behavior: 'allow' } })),
      deny: say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'escalation refused by hook' } })),
      'deny-bare': say(hso('PermissionRequest', { decision: { behavior: 'deny' } })),
      exit2: 'echo "escalation refused by exit 2" >&2; exit 2',
    };
    const extra = permission === 'none' ? {} : { PermissionRequest: [{ matcher: 'Bash', hooks: [handler(`cat >/dev/null; ${answers[permission]}`)] }] };
    return {
      steps,
      host: { args: ['--approve-for-me'] },
      extra,
      title: `--approve-for-me, an escalated call, PermissionRequest ${permission}, reviewer ${approval ?? 'not scripted'}`,
    };
  },
  trust: (row, pick, cell) => {
    const trusted = cell % 2 === 0;
    return {
      steps: [{ prompt: prompts(row)[0] }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { reply: 'Tidied.' }],
      host: { trusted },
      file: pick(2) ? PROJECT : '.codex/config.toml',
      title: `the hook in the project, which is ${trusted ? 'trusted' : 'not trusted'}`,
    };
  },
  env: (row, pick, cell) => {
    const mode = cell % 2 === 0 ? 'strict' : 'lax';
    return {
      steps: [{ prompt: prompts(row)[0] }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { reply: 'Tidied.' }],
      host: { env: { HOOKPLAY_MODE: mode } },
      gate: 'HOOKPLAY_MODE',
      title: `the hook answers only when HOOKPLAY_MODE is strict (host.env: ${mode})`,
    };
  },
};

/** A hook as a TOML inline table for config.toml (the seed puts some hooks there). */
function tomlHooks(event, matcher, command) {
  return [`[[hooks.${event}]]`, ...(matcher !== undefined ? [`matcher = ${JSON.stringify(matcher)}`] : []), `[[hooks.${event}.hooks]]`, 'type = "command"', `command = ${JSON.stringify(command)}`, ''].join('\n');
}

function gridCase(rowId, shapeId, cell) {
  const rng = random(SEED ^ (cell * 2654435761));
  const pick = (n) => Math.floor(rng() * n);
  const row = ANSWERS[rowId](pick);
  const shape = SHAPES[shapeId](rowId, pick, cell);
  const command = shape.gate ? `[ "$${shape.gate}" = strict ] || { cat >/dev/null; exit 0; }; ${row.command}` : row.command;
  const file = shape.file ?? [USER, USER, USER_TOML][pick(3)];
  const files = {};
  if (file.endsWith('.toml')) files[file] = tomlHooks(row.event, row.matcher, command);
  const events = file.endsWith('.toml') ? {} : { [row.event]: [{ ...(row.matcher !== undefined ? { matcher: row.matcher } : {}), hooks: [handler(command)] }] };
  // Observation-only hooks the seed adds: SessionEnd and the model-request events count in every process.
  if (pick(3) === 0) events.SessionEnd = [{ hooks: [handler('cat >/dev/null')] }];
  if (pick(4) === 0) events.PreModelRequest = [{ hooks: [handler('cat >/dev/null')] }];
  const userEvents = { ...events, ...(shape.extra ?? {}) };
  if (file === PROJECT) {
    files[PROJECT] = hooksFile({ [row.event]: events[row.event] });
    delete userEvents[row.event];
  }
  if (Object.keys(userEvents).length) files[USER] = hooksFile(userEvents);
  return {
    id: `${rowId}--${shapeId}`,
    dims: { answer: rowId, shape: shapeId },
    scenario: {
      hookplay: 1,
      title: `${row.title}; ${shape.title}`,
      dialect: 'codex',
      host: { version: '0.171.0', ...(shape.host ?? {}) },
      files,
      session: { steps: shape.steps },
    },
  };
}

const extra = (id, dims, title, files, steps, host = {}, timeoutMs) => ({
  id,
  dims,
  ...(timeoutMs ? { timeoutMs } : {}),
  scenario: { hookplay: 1, title, dialect: 'codex', host: { version: '0.171.0', ...host }, files, session: { steps } },
});

/** What the grid cannot hold: loops, precedence between hooks, resume's own SessionStart, the approval policy. */
function extras() {
  const stopAlways = hooksFile({ Stop: [{ hooks: [handler(`cat >/dev/null; ${say({ decision: 'block', reason: 'not done yet' })}`)] }] });
  return [
    extra('x-stop-always-blocks', { answer: 'stop-once', shape: 'single' }, 'A Stop hook that always blocks: Codex has no cap, hookplay stops at its limit', { [USER]: stopAlways }, [{ prompt: 'tidy up' }, { reply: 'All tidy.' }], {}, 180_000),
    extra('x-stop-always-blocks-then-resume', { answer: 'stop-once', shape: 'resume' }, 'A Stop loop stopped at hookplay\'s limit, then the session is resumed', { [USER]: hooksFile({ Stop: [{ hooks: [handler(`grep -q '"last_assistant_message":"Done."' || exit 0; ${say({ decision: 'block', reason: 'not done yet' })}`)] }] }) }, [{ prompt: 'first turn' }, { reply: 'Done.' }, { resume: 'continue' }, { prompt: 'second turn' }, { reply: 'Done again.' }], {}, 180_000),
    extra(
      'x-stop-continue-false-beats-block',
      { answer: 'stop-once', shape: 'single' },
      'Stop: continue false from one hook beats a block from another',
      { [USER]: hooksFile({ Stop: [{ hooks: [handler(`cat >/dev/null; ${say({ decision: 'block', reason: 'go on' })}`), handler(`cat >/dev/null; ${say({ continue: false })}`)] }] }) },
      [{ prompt: 'tidy up' }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { reply: 'All tidy.' }],
    ),
    extra(
      'x-stop-two-blocks',
      { answer: 'stop-once', shape: 'calls' },
      'Stop: two blocking hooks make one continuation with two hook prompts',
      { [USER]: hooksFile({ Stop: [{ hooks: [handler(`if grep -q '"stop_hook_active":false'; then ${say({ decision: 'block', reason: 'first reason' })}; fi`), handler(`if grep -q '"stop_hook_active":false'; then echo "second reason" >&2; exit 2; fi`)] }] }) },
      [{ prompt: 'tidy up' }, { calls: [{ tool: 'Bash', input: { command: 'echo risky-1' } }, { tool: 'Bash', input: { command: 'echo safe-2' } }] }, { reply: 'All tidy.' }],
    ),
    extra(
      'x-start-halt-then-resume',
      { answer: 'start-context', shape: 'resume' },
      'SessionStart continue: false on startup only: the first process does nothing, the resumed one works',
      { [USER]: hooksFile({ SessionStart: [{ matcher: 'startup', hooks: [handler(`cat >/dev/null; ${say({ continue: false, stopReason: 'not now' })}`)] }], Stop: [{ hooks: [handler('cat >/dev/null')] }] }) },
      [{ prompt: 'first' }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { resume: 'continue' }, { prompt: 'second' }, { tool: 'Bash', input: { command: 'echo safe-2' } }, { reply: 'Done.' }],
    ),
    extra(
      'x-start-halt-then-resume-by-id',
      { answer: 'start-context', shape: 'resume' },
      'SessionStart continue: false on startup, then codex exec resume <id> of that session',
      { [USER]: hooksFile({ SessionStart: [{ hooks: [handler(`p=$(cat); case "$p" in *startup*) ${say({ continue: false })};; *) echo "resumed";; esac`)] }], SessionEnd: [{ hooks: [handler('cat >/dev/null')] }] }) },
      [{ prompt: 'first' }, { reply: 'One.' }, { resume: 'resume' }, { prompt: 'second' }, { reply: 'Two.' }],
    ),
    extra(
      'x-start-matcher-resume',
      { answer: 'start-context', shape: 'resume' },
      'SessionStart hooks matched on the source: startup and resume each get their own',
      { [USER]: hooksFile({ SessionStart: [{ matcher: 'startup', hooks: [handler(`cat >/dev/null; echo "fresh start"`)] }, { matcher: 'resume', hooks: [handler(`cat >/dev/null; ${say(hso('SessionStart', { additionalContext: 'welcome back' }))}`)] }] }) },
      [{ prompt: 'first' }, { reply: 'One.' }, { resume: 'resume' }, { prompt: 'second' }, { reply: 'Two.' }, { resume: 'continue' }, { prompt: 'third' }, { reply: 'Three.' }],
    ),
    extra(
      'x-prompt-halt-then-resume',
      { answer: 'prompt-block', shape: 'resume' },
      'UserPromptSubmit continue: false drops the first prompt; the resumed session answers the next',
      { [USER]: hooksFile({ UserPromptSubmit: [{ hooks: [handler(`p=$(cat); case "$p" in *secret*) ${say({ continue: false })};; *) echo "prompt ok";; esac`)] }], SessionEnd: [{ hooks: [handler('cat >/dev/null')] }] }) },
      [{ prompt: 'the secret' }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { resume: 'continue' }, { prompt: 'something else' }, { tool: 'Bash', input: { command: 'echo safe-2' } }, { reply: 'Done.' }],
    ),
    extra(
      'x-escalation-never',
      { answer: 'pre-context', shape: 'reviewed' },
      'Approvals bypassed (approval policy never): a call asking to leave the sandbox is refused, no PermissionRequest',
      { [USER]: hooksFile({ PreToolUse: [{ hooks: [handler('cat >/dev/null')] }], PermissionRequest: [{ hooks: [handler('cat >/dev/null')] }], PostToolUse: [{ hooks: [handler('cat >/dev/null')] }] }) },
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo risky-1', sandbox_permissions: 'require_escalated', justification: 'needs it' } }, { reply: 'Refused.' }],
    ),
    extra(
      'x-reviewed-rewrite-then-permission',
      { answer: 'pre-rewrite', shape: 'reviewed' },
      '--approve-for-me: a PreToolUse rewrite, then PermissionRequest sees the rewritten command',
      {
        [USER]: hooksFile({
          PreToolUse: [{ hooks: [handler(onRisky(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten-risky' } }))))] }],
          PermissionRequest: [{ hooks: [handler(`p=$(cat); case "$p" in *rewritten*) ${say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'saw the rewrite' } }))};; esac`)] }],
        }),
      },
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo risky-1', sandbox_permissions: 'require_escalated', justification: 'needs it' } }, { approval: 'allow' }, { reply: 'Done.' }],
      { args: ['--approve-for-me'] },
    ),
    extra(
      'x-reviewed-two-escalations',
      { answer: 'pre-context', shape: 'reviewed' },
      '--approve-for-me: two escalated calls in one message, the reviewer allows one and denies the other',
      { [USER]: hooksFile({ PermissionRequest: [{ hooks: [handler('cat >/dev/null')] }], PostToolUse: [{ hooks: [handler('cat >/dev/null')] }] }) },
      [
        { prompt: 'go' },
        { calls: [{ tool: 'Bash', input: { command: 'echo risky-1', sandbox_permissions: 'require_escalated', justification: 'one' } }, { tool: 'Bash', input: { command: 'echo risky-2', sandbox_permissions: 'require_escalated', justification: 'two' } }] },
        { approval: 'allow' },
        { approval: 'deny' },
        { reply: 'Done.' },
      ],
      { args: ['--approve-for-me'] },
    ),
    ...permissionExtras(),
    ...channelExtras(),
    extra(
      'x-calls-deny-rewrite-ok',
      { answer: 'pre-rewrite', shape: 'calls' },
      'Three calls in one message: one denied, one rewritten, one untouched',
      {
        [USER]: hooksFile({
          PreToolUse: [
            { matcher: 'Bash', hooks: [handler(`p=$(cat); case "$p" in *deny-me*) ${say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'denied one' }))};; *rewrite-me*) ${say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo was-rewritten' } }))};; esac`)] },
          ],
          PostToolUse: [{ hooks: [handler('cat >/dev/null')] }],
        }),
      },
      [{ prompt: 'three things' }, { calls: [{ tool: 'Bash', input: { command: 'echo deny-me' } }, { tool: 'Bash', input: { command: 'echo rewrite-me' } }, { tool: 'Bash', input: { command: 'echo leave-me' } }] }, { reply: 'Done.' }],
    ),
    extra(
      'x-model-request-hooks-over-resume',
      { answer: 'fail-open', shape: 'resume' },
      'PreModelRequest and PostModelRequest run around every request of both processes; their exit 2 stops nothing',
      { [USER]: hooksFile({ PreModelRequest: [{ hooks: [handler('cat >/dev/null; echo "no" >&2; exit 2')] }], PostModelRequest: [{ hooks: [handler('cat >/dev/null')] }], SessionEnd: [{ hooks: [handler('cat >/dev/null')] }] }) },
      [{ prompt: 'first' }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { reply: 'One.' }, { resume: 'resume' }, { prompt: 'second' }, { reply: 'Two.' }],
    ),
    extra(
      'x-stop-hook-run-id-order',
      { answer: 'stop-once', shape: 'single' },
      'Stop written first in hooks.json: its hook_run_id counts the handlers of the events Codex lists before Stop',
      {
        [USER]: hooksFile({
          Stop: [{ hooks: [handler(`if grep -q '"stop_hook_active":false'; then ${say({ decision: 'block', reason: 'once more' })}; fi`)] }],
          PreModelRequest: [{ hooks: [handler('cat >/dev/null')] }],
          PostModelRequest: [{ hooks: [handler('cat >/dev/null')] }],
          UserPromptSubmit: [{ hooks: [handler('cat >/dev/null')] }],
          SessionEnd: [{ hooks: [handler('cat >/dev/null')] }],
          PostToolUse: [{ hooks: [handler('cat >/dev/null')] }],
        }),
      },
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo risky-1' } }, { reply: 'Done.' }],
    ),
    extra(
      'x-env-secret-inherited',
      { answer: 'prompt-context', shape: 'env' },
      'Hooks inherit codex\'s environment: host.env reaches them, and so does the provider key',
      { [USER]: hooksFile({ UserPromptSubmit: [{ hooks: [handler('cat >/dev/null; echo "team=$HOOKPLAY_TEAM key=${OPENAI_API_KEY:+set}"')] }] }) },
      [{ prompt: 'who am I' }, { reply: 'You are you.' }],
      { env: { HOOKPLAY_TEAM: 'blue' } },
    ),
  ];
}

/**
 * PermissionRequest answers the grid's seed did not reach: each on one escalated call, with the reviewer denying,
 * so a hook's decision and a failed hook (the reviewer decides) show apart.
 */
function permissionExtras() {
  const escalated = [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo risky-1', sandbox_permissions: 'require_escalated', justification: 'needs it' } }, { approval: 'deny' }, { reply: 'Done.' }];
  const one = (id, title, permission) =>
    extra(`x-permission-${id}`, { answer: 'permission', shape: 'reviewed' }, `--approve-for-me, PermissionRequest ${title}`, { [USER]: hooksFile({ PermissionRequest: permission, PostToolUse: [{ hooks: [handler('cat >/dev/null')] }] }) }, escalated, { args: ['--approve-for-me'] });
  const hook = (command, matcher) => ({ ...(matcher !== undefined ? { matcher } : {}), hooks: [handler(`cat >/dev/null; ${command}`)] });
  return [
    one('exit2', 'exit 2 with stderr: a denial with that reason', [hook('echo "refused on stderr" >&2; exit 2')]),
    one('exit2-empty', 'exit 2 without stderr: the hook fails, the reviewer decides', [hook('exit 2')]),
    one('exit1-deny', 'a deny printed with exit 1: fails, the reviewer decides', [hook(`${say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'exit 1 deny' } }))}; exit 1`)]),
    one('unknown-field', 'a deny with an unknown field: fails, the reviewer decides', [hook(say({ ...hso('PermissionRequest', { decision: { behavior: 'deny', message: 'extra field' } }), extra: true }))]),
    one('updated-input', 'allow with decision.updatedInput', [hook(say(hso('PermissionRequest', { decision: { behavior: 'allow', updatedInput: { command: 'echo changed' } } })))]),
    one('continue-false', 'continue: false', [hook(say({ continue: false, stopReason: 'stop here' }))]),
    one('allow-and-deny', 'one hook allows, another denies', [hook(say(hso('PermissionRequest', { decision: { behavior: 'allow' } }))), hook(say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'the second says no' } })))]),
    one('matcher-miss', 'matcher exec_command (the wire name) does not match Bash', [hook(say(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'matched' } })), 'exec_command')]),
    one('plain-text', 'plain text on stdout: no decision, the reviewer decides', [hook('echo "looks fine to me"')]),
  ];
}

/**
 * One JSON answer that speaks on several channels at once (a legacy decision beside hookSpecificOutput, continue
 * beside a decision, context beside a block) on each event, PermissionRequest answers in legacy shapes, and
 * several contexts from the prompt and start events (the single-event gaps issue 22 names, as sessions).
 */
function channelExtras() {
  const tool = { tool: 'Bash', input: { command: 'echo risky-1' } };
  const turn = [{ prompt: 'go' }, tool, { reply: 'Done.' }];
  const once = (answer) => `if grep -q '"stop_hook_active":false'; then ${say(answer)}; else cat >/dev/null; fi`;
  const on = (event, command, matcher) => ({ [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [handler(command)] }] });
  const quiet = (answer) => `cat >/dev/null; ${say(answer)}`;
  const c = (id, answer, title, events, steps = turn, host = {}) => extra(`x-channels-${id}`, { answer, shape: host.args ? 'reviewed' : 'single' }, title, { [USER]: hooksFile(events) }, steps, host);
  return [
    c('prompt-block-and-context', 'prompt-block', 'UserPromptSubmit: decision block beside an additionalContext', on('UserPromptSubmit', quiet({ decision: 'block', reason: 'blocked with context', ...hso('UserPromptSubmit', { additionalContext: 'context beside a block' }) }))),
    c('prompt-continue-and-context', 'prompt-block', 'UserPromptSubmit: continue false beside an additionalContext', on('UserPromptSubmit', quiet({ continue: false, ...hso('UserPromptSubmit', { additionalContext: 'context beside continue false' }) }))),
    c('start-continue-and-context', 'start-context', 'SessionStart: continue false beside an additionalContext', on('SessionStart', quiet({ continue: false, stopReason: 'not today', ...hso('SessionStart', { additionalContext: 'context beside continue false' }) }))),
    c('stop-block-and-continue', 'stop-once', 'Stop: decision block and continue false in one answer', on('Stop', once({ decision: 'block', reason: 'blocked and stopped', continue: false }))),
    c('stop-block-and-system-message', 'stop-once', 'Stop: decision block beside a systemMessage', on('Stop', once({ decision: 'block', reason: 'block with a message', systemMessage: 'shown to the user' }))),
    c('post-block-and-context', 'post-block', 'PostToolUse: decision block beside an additionalContext', on('PostToolUse', quiet({ decision: 'block', reason: 'post replaced', ...hso('PostToolUse', { additionalContext: 'post context beside a block' }) }), 'Bash')),
    c('post-continue-and-block', 'post-block', 'PostToolUse: continue false beside a decision block', on('PostToolUse', quiet({ continue: false, stopReason: 'post stop', decision: 'block', reason: 'post block reason' }), 'Bash')),
    c('pre-legacy-block-and-allow', 'pre-deny', 'PreToolUse: legacy decision block beside a hookSpecificOutput allow with a rewrite', on('PreToolUse', quiet({ decision: 'block', reason: 'legacy says block', ...hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } }) }), 'Bash')),
    c('pre-deny-and-context', 'pre-deny', 'PreToolUse: a deny beside an additionalContext in one answer', on('PreToolUse', quiet(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'denied with context', additionalContext: 'context beside a deny' })), 'Bash')),
    c(
      'permission-legacy-approve',
      'permission',
      'PermissionRequest answered in a legacy shape: decision "approve" at the top',
      { ...on('PermissionRequest', quiet({ decision: 'approve', reason: 'legacy approve' })), PostToolUse: [{ hooks: [handler('cat >/dev/null')] }] },
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo risky-1', sandbox_permissions: 'require_escalated', justification: 'needs it' } }, { approval: 'deny' }, { reply: 'Done.' }],
      { args: ['--approve-for-me'] },
    ),
    c(
      'permission-legacy-hso-deny',
      'permission',
      'PermissionRequest answered as PreToolUse would: permissionDecision deny in hookSpecificOutput',
      on('PermissionRequest', quiet(hso('PermissionRequest', { permissionDecision: 'deny', permissionDecisionReason: 'wrong shape' }))),
      [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'echo risky-1', sandbox_permissions: 'require_escalated', justification: 'needs it' } }, { approval: 'allow' }, { reply: 'Done.' }],
      { args: ['--approve-for-me'] },
    ),
    extra(
      'x-channels-prompt-contexts',
      { answer: 'prompt-context', shape: 'trust' },
      'UserPromptSubmit: two JSON contexts and a plain one, across the user and project files',
      {
        [USER]: hooksFile({ UserPromptSubmit: [{ hooks: [handler(quiet(hso('UserPromptSubmit', { additionalContext: 'user context one' }))), handler('cat >/dev/null; echo "user plain two"')] }] }),
        [PROJECT]: hooksFile({ UserPromptSubmit: [{ hooks: [handler(quiet(hso('UserPromptSubmit', { additionalContext: 'project context three' })))] }] }),
      },
      turn,
      { trusted: true },
    ),
    extra(
      'x-channels-start-contexts',
      { answer: 'start-context', shape: 'resume' },
      'SessionStart: contexts from two hooks and two files, on startup and again on resume',
      {
        [USER]: hooksFile({ SessionStart: [{ hooks: [handler(quiet(hso('SessionStart', { additionalContext: 'user start context' }))), handler('cat >/dev/null; echo "user start plain"')] }] }),
        [USER_TOML]: tomlHooks('SessionStart', undefined, `cat >/dev/null; ${say(hso('SessionStart', { additionalContext: 'toml start context' }))}`),
      },
      [{ prompt: 'first' }, { reply: 'One.' }, { resume: 'continue' }, { prompt: 'second' }, { reply: 'Two.' }],
    ),
  ];
}

export function generate() {
  const cases = [];
  let cell = 0;
  for (const row of Object.keys(ANSWERS)) for (const shape of Object.keys(SHAPES)) cases.push(gridCase(row, shape, cell++));
  return [...cases, ...extras()];
}

export const ROWS = Object.keys(ANSWERS);
export const COLUMNS = Object.keys(SHAPES);
