// The sweep: oracle cases generated from the rule space instead of picked by hand. Each dimension below is a
// product of small axes (events × answer channels, pairs of answers × finishing orders, settings files × values,
// a matcher corpus × tool names, ...), so a rule nobody thought of still gets a case. Sampling where a full
// product would be too large uses a seeded PRNG: the same seed always gives the same cases (and case hashes).
//
// Every case is an ordinary oracle case (see cases.mjs): settings files, hook scripts, the tool call the mocked
// model makes. Ids start with `sw-` and name their dimension, so `--case sw-pair-` runs one dimension.
import { random as prng } from './lib/seeded.mjs';

/** @typedef {import('./cases.mjs').OracleCase} OracleCase */

const PROJECT = '.claude/settings.json';
const USER = '~/.claude/settings.json';
const LOCAL = '.claude/settings.local.json';
const FILES = { user: USER, project: PROJECT, local: LOCAL };

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const settings = (hooks, extra = {}) => json({ ...extra, hooks });
const group = (matcher, ...hooks) => (matcher === undefined ? { hooks } : { matcher, hooks });
const cmd = (command, timeout) => (timeout === undefined ? { type: 'command', command } : { type: 'command', command, timeout });
/** Prints `text` verbatim on stdout (single-quoted for sh; the texts here never hold a single quote). */
const out = (text) => `printf '%s\\n' '${text}'`;
const say = (answer) => out(JSON.stringify(answer));

export { random as prng } from './lib/seeded.mjs';

// ---- events: where a hook goes, and what the session must do for the event to fire ----

/** Stop hooks answer only on the first run, so a block continues the turn once instead of up to the cap. */
const onceForStop = (script) => `grep -q '"stop_hook_active":true' && exit 0; ${script}`;

/**
 * The events the CLI fires in a `-p` session with one tool call. `matcher`: the group's matcher (undefined for
 * events that have none); `session`: fields the case needs so the event fires; `wrap`: how a hook's script is
 * wrapped so the session stays short.
 */
export const SWEEP_EVENTS = {
  PreToolUse: { matcher: 'Bash' },
  // `echo` alone is read-only, which Claude Code allows by itself: `touch` needs a permission.
  PermissionRequest: { matcher: 'Bash', session: { allowedTools: 'Bash(echo:*)', tool: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' } } },
  PostToolUse: { matcher: 'Bash' },
  PostToolUseFailure: { matcher: 'Bash', session: { tool: { command: 'echo FAILING_TOOL >&2; exit 3', description: 'run the command' } } },
  PostToolBatch: {},
  UserPromptSubmit: {},
  Stop: { wrap: onceForStop },
  SessionStart: {},
  SessionEnd: {},
};

/** The hookSpecificOutput fields the docs name for each event (beyond hookEventName). */
const SPECIFIC = {
  PreToolUse: {
    'permission-allow': { permissionDecision: 'allow', permissionDecisionReason: 'R_ALLOW' },
    'permission-deny': { permissionDecision: 'deny', permissionDecisionReason: 'R_DENY' },
    'permission-ask': { permissionDecision: 'ask', permissionDecisionReason: 'R_ASK' },
    'permission-defer': { permissionDecision: 'defer' },
    'updated-input': { updatedInput: { command: 'echo REWRITTEN', description: 'rewritten' } },
    context: { additionalContext: 'CTX_PRE' },
  },
  PermissionRequest: {
    'decision-allow': { decision: { behavior: 'allow' } },
    'decision-deny': { decision: { behavior: 'deny', message: 'R_PERM_DENY' } },
    'decision-allow-rewrite': { decision: { behavior: 'allow', updatedInput: { command: 'echo REWRITTEN', description: 'rewritten' } } },
    context: { additionalContext: 'CTX_PERM' },
  },
  PostToolUse: { context: { additionalContext: 'CTX_POST' }, 'updated-output': { updatedMCPToolOutput: 'NEW_OUTPUT' } },
  PostToolUseFailure: { context: { additionalContext: 'CTX_FAIL' } },
  PostToolBatch: { context: { additionalContext: 'CTX_BATCH' } },
  UserPromptSubmit: { context: { additionalContext: 'CTX_PROMPT' } },
  Stop: { context: { additionalContext: 'CTX_STOP' } },
  SessionStart: { context: { additionalContext: 'CTX_START' } },
  SessionEnd: { context: { additionalContext: 'CTX_END' } },
};

/** Answer channels every event is tried with: exit codes, plain output, and malformed output. */
function channels(event) {
  const hso = (fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
  const specific = SPECIFIC[event] ?? {};
  const first = Object.values(specific)[0] ?? { additionalContext: 'CTX' };
  const c = {
    'exit0-silent': { script: 'exit 0' },
    'exit0-plain': { script: out('PLAIN_OUT') },
    'exit1-stderr': { script: `${out('OUT_1')}; echo ERR_1 >&2; exit 1` },
    'exit2-stderr': { script: `${out('OUT_2')}; echo ERR_2 >&2; exit 2` },
    'exit2-empty': { script: 'exit 2' },
    'exit2-json-stdout': { script: `${say({ decision: 'block', reason: 'JSON_REASON', ...hso(first) })}; echo ERR_2 >&2; exit 2` },
    'exit3-json': { script: `${say({ decision: 'block', reason: 'JSON_REASON_3' })}; exit 3` },
    'exit127-not-found': { script: 'hookplay-no-such-command-xyz' },
    'not-found-stderr-exit2': { script: 'echo "sh: 1: ./x.sh: No such file" >&2; exit 2' },
    timeout: { script: `${out('BEFORE_TIMEOUT')}; sleep 4; echo LATE >&2; exit 2`, timeout: 1 },
    'self-kill-term': { script: `${out('BEFORE_KILL')}; kill -TERM $$; sleep 1` },
    'self-kill-kill': { script: `${out('BEFORE_KILL')}; kill -KILL $$; sleep 1` },
    'json-empty-object': { script: say({}) },
    'json-continue-false': { script: say({ continue: false, stopReason: 'HALT_REASON' }) },
    'json-continue-false-no-reason': { script: say({ continue: false }) },
    'json-stop-reason-alone': { script: say({ stopReason: 'LONE_STOP_REASON' }) },
    'json-system-message': { script: say({ systemMessage: 'SYS_MSG' }) },
    'json-suppress-output': { script: say({ suppressOutput: true, systemMessage: 'SYS_SUPPRESSED' }) },
    'json-decision-block': { script: say({ decision: 'block', reason: 'BLOCK_REASON' }) },
    'json-decision-block-no-reason': { script: say({ decision: 'block' }) },
    'json-decision-approve': { script: say({ decision: 'approve', reason: 'APPROVE_REASON' }) },
    'json-reason-alone': { script: say({ reason: 'LONE_REASON' }) },
    'json-decision-invalid': { script: say({ decision: 'maybe', reason: 'R' }) },
    'json-decision-number': { script: say({ decision: 1 }) },
    'json-decision-null': { script: say({ decision: null }) },
    'json-continue-string': { script: say({ continue: 'no' }) },
    'json-system-message-number': { script: say({ systemMessage: 5 }) },
    'json-unknown-key': { script: say({ additionalContext: 'TOP_LEVEL_CTX' }) },
    'hso-missing-event-name': { script: say({ hookSpecificOutput: { ...first } }) },
    'hso-wrong-event-name': { script: say({ hookSpecificOutput: { hookEventName: event === 'PostToolUse' ? 'PreToolUse' : 'PostToolUse', ...first } }) },
    'hso-array': { script: say({ hookSpecificOutput: [] }) },
    'hso-context-number': { script: say(hso({ additionalContext: 7 })) },
    'hso-context-object': { script: say(hso({ additionalContext: { text: 'X' } })) },
    'hso-context-empty': { script: say(hso({ additionalContext: '' })) },
    'hso-context-null': { script: say(hso({ additionalContext: null })) },
    'two-json-objects': { script: `${say(hso({ additionalContext: 'CTX_ONE' }))}; ${say(hso({ additionalContext: 'CTX_TWO' }))}` },
    'json-then-text': { script: `${say(hso({ additionalContext: 'CTX_THEN_TEXT' }))}; echo trailing words` },
    'text-then-json': { script: `echo leading words; ${say(hso({ additionalContext: 'CTX_AFTER_TEXT' }))}` },
    'json-on-stderr': { script: `${say(hso({ additionalContext: 'CTX_ON_STDERR' }))} >&2` },
    'json-leading-space': { script: `printf '  \\n%s\\n' '${JSON.stringify(hso({ additionalContext: 'CTX_SPACED' }))}'` },
    'json-truncated': { script: out('{"hookSpecificOutput": {"hookEventName": "x"') },
    'json-continue-false-and-block': { script: say({ continue: false, stopReason: 'HALT_R', decision: 'block', reason: 'BLOCK_R' }) },
  };
  for (const [name, fields] of Object.entries(specific)) c[`hso-${name}`] = { script: say(hso(fields)) };
  if (event === 'PreToolUse') {
    Object.assign(c, {
      'hso-permission-invalid': { script: say(hso({ permissionDecision: 'maybe' })) },
      'hso-permission-number': { script: say(hso({ permissionDecision: 1 })) },
      'hso-updated-input-string': { script: say(hso({ updatedInput: 'echo STRING' })) },
      'hso-updated-input-array': { script: say(hso({ updatedInput: ['echo', 'x'] })) },
      'hso-reason-number': { script: say(hso({ permissionDecision: 'deny', permissionDecisionReason: 42 })) },
      'hso-deny-empty-reason': { script: say(hso({ permissionDecision: 'deny', permissionDecisionReason: '' })) },
      'reason-vs-permission-reason': { script: say({ reason: 'TOP_REASON', ...hso({ permissionDecision: 'deny', permissionDecisionReason: 'HSO_REASON' }) }) },
      'reason-with-deny-no-hso-reason': { script: say({ reason: 'TOP_REASON', ...hso({ permissionDecision: 'deny' }) }) },
      'block-vs-permission-allow': { script: say({ decision: 'block', reason: 'TOP_BLOCK', ...hso({ permissionDecision: 'allow' }) }) },
      'approve-vs-permission-deny': { script: say({ decision: 'approve', ...hso({ permissionDecision: 'deny', permissionDecisionReason: 'HSO_DENY' }) }) },
      'approve-vs-permission-ask': { script: say({ decision: 'approve', ...hso({ permissionDecision: 'ask', permissionDecisionReason: 'HSO_ASK' }) }) },
      'continue-false-with-deny': { script: say({ continue: false, stopReason: 'HALT_R', ...hso({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_R' }) }) },
      'continue-false-with-allow': { script: say({ continue: false, stopReason: 'HALT_R', ...hso({ permissionDecision: 'allow' }) }) },
      'continue-false-with-ask': { script: say({ continue: false, stopReason: 'HALT_R', ...hso({ permissionDecision: 'ask' }) }) },
      'deny-with-system-message': { script: say({ systemMessage: 'SYS_DENY', ...hso({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_R' }) }) },
      'deny-suppress-output': { script: say({ suppressOutput: true, ...hso({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_R' }) }) },
      'allow-with-context': { script: say(hso({ permissionDecision: 'allow', additionalContext: 'CTX_ALLOW' })) },
      'deny-with-context': { script: say(hso({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_R', additionalContext: 'CTX_DENY' })) },
      'rewrite-with-deny': { script: say(hso({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_R', updatedInput: { command: 'echo REWRITTEN' } })) },
      'rewrite-with-ask': { script: say(hso({ permissionDecision: 'ask', updatedInput: { command: 'echo REWRITTEN' } })) },
      'exit2-with-allow-json': { script: `${say(hso({ permissionDecision: 'allow' }))}; echo ERR_2 >&2; exit 2` },
      'exit1-with-allow-json': { script: `${say(hso({ permissionDecision: 'allow', permissionDecisionReason: 'R' }))}; exit 1` },
    });
  }
  if (event === 'PermissionRequest') {
    Object.assign(c, {
      'decision-invalid-behavior': { script: say(hso({ decision: { behavior: 'maybe' } })) },
      'decision-string': { script: say(hso({ decision: 'allow' })) },
      // The interrupted turn makes `claude -p` exit 1.
      'decision-deny-interrupt': { script: say(hso({ decision: { behavior: 'deny', message: 'R_INT', interrupt: true } })), cliExit: 1 },
      'top-level-decision-allow': { script: say({ decision: 'allow' }) },
    });
  }
  if (event === 'Stop') {
    Object.assign(c, {
      'block-with-context': { script: say({ decision: 'block', reason: 'BLOCK_R', ...hso({ additionalContext: 'CTX_STOP_B' }) }) },
      'continue-false-vs-block': { script: say({ continue: false, decision: 'block', reason: 'BLOCK_R' }) },
    });
  }
  if (event === 'UserPromptSubmit') {
    Object.assign(c, {
      'block-with-context': { script: say({ decision: 'block', reason: 'BLOCK_R', ...hso({ additionalContext: 'CTX_P' }) }) },
      'plain-and-exit1': { script: `${out('PLAIN_OUT')}; exit 1` },
      'plain-multiline': { script: `${out('LINE_ONE')}; ${out('LINE_TWO')}` },
    });
  }
  return c;
}

function channelCases() {
  const cases = [];
  for (const [event, spec] of Object.entries(SWEEP_EVENTS)) {
    for (const [name, ch] of Object.entries(channels(event))) {
      const script = spec.wrap ? spec.wrap(ch.script) : ch.script;
      cases.push({
        id: `sw-ch-${event}-${name}`,
        title: `${event}: ${name}`,
        covers: ['sweep', 'channel', event],
        files: { [PROJECT]: settings({ [event]: [group(spec.matcher, cmd(script, ch.timeout))] }) },
        ...spec.session,
        ...(ch.cliExit !== undefined ? { cliExit: ch.cliExit } : {}),
      });
    }
  }
  return cases;
}

// ---- two and three hooks on one event ----

const ANSWERS = {
  deny: (tag) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: `DENY_${tag}` } }),
  ask: (tag) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: `ASK_${tag}` } }),
  allow: (tag) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: `ALLOW_${tag}` } }),
  none: () => 'exit 0',
  rewrite: (tag) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: `echo REWRITE_${tag}`, description: tag } } }),
  context: (tag) => say({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: `CTX_${tag}` } }),
  error: (tag) => `echo ERR_${tag} >&2; exit 1`,
  exit2: (tag) => `echo EXIT2_${tag} >&2; exit 2`,
  timeout: () => 'sleep 5',
};

/** A hook that answers after `delay` seconds; a `timeout` answer gets a 1-second timeout instead of a delay. */
function delayed(answer, tag, delay) {
  if (answer === 'timeout') return cmd(ANSWERS.timeout(tag), 1 + delay);
  return cmd(delay > 0 ? `sleep ${delay}; ${ANSWERS[answer](tag)}` : ANSWERS[answer](tag));
}

function pairCases(rand) {
  const names = Object.keys(ANSWERS);
  const cases = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i; j < names.length; j++) {
      const [a, b] = [names[i], names[j]];
      for (const order of ['a-first', 'b-first']) {
        if (a === b && order === 'b-first') continue;
        // The hook declared first finishes first (`a-first`) or last.
        const [da, db] = order === 'a-first' ? [0, 0.6] : [0.6, 0];
        cases.push({
          id: `sw-pair-${a}-${b}-${order}`,
          title: `PreToolUse: ${a} (declared first) and ${b}, ${order === 'a-first' ? 'the first declared finishing first' : 'the second declared finishing first'}`,
          covers: ['sweep', 'pair', 'pre-precedence'],
          files: { [PROJECT]: settings({ PreToolUse: [group('Bash', delayed(a, 'A', da), delayed(b, 'B', db))] }) },
        });
      }
    }
  }
  // Where the two hooks are declared: one group, two groups, two files. Sampled, seeded.
  const placements = ['groups', 'files-user-project', 'files-project-local'];
  for (let k = 0; k < 24; k++) {
    const a = names[Math.floor(rand() * names.length)];
    const b = names[Math.floor(rand() * names.length)];
    const where = placements[k % placements.length];
    const [da, db] = rand() < 0.5 ? [0, 0.6] : [0.6, 0];
    const ha = delayed(a, 'A', da);
    const hb = delayed(b, 'B', db);
    const files =
      where === 'groups'
        ? { [PROJECT]: settings({ PreToolUse: [group('Bash', ha), group('*', hb)] }) }
        : where === 'files-user-project'
          ? { [USER]: settings({ PreToolUse: [group('Bash', ha)] }), [PROJECT]: settings({ PreToolUse: [group('Bash', hb)] }) }
          : { [PROJECT]: settings({ PreToolUse: [group('Bash', ha)] }), [LOCAL]: settings({ PreToolUse: [group('Bash', hb)] }) };
    cases.push({
      id: `sw-place-${k}-${where}-${a}-${b}`,
      title: `PreToolUse in ${where}: ${a} (${da ? 'slow' : 'fast'}) and ${b} (${db ? 'slow' : 'fast'})`,
      covers: ['sweep', 'pair', 'settings-files'],
      files,
    });
  }
  // Three hooks: sampled answers, each its own finishing slot.
  for (let k = 0; k < 16; k++) {
    const picks = [0, 1, 2].map(() => names.filter((n) => n !== 'timeout')[Math.floor(rand() * (names.length - 1))]);
    const slots = [0, 0.4, 0.8].sort(() => rand() - 0.5);
    cases.push({
      id: `sw-three-${k}-${picks.join('-')}`,
      title: `PreToolUse: three hooks ${picks.map((p, i) => `${p}@${slots[i]}s`).join(', ')}`,
      covers: ['sweep', 'three'],
      files: { [PROJECT]: settings({ PreToolUse: [group('Bash', ...picks.map((p, i) => delayed(p, 'ABC'[i], slots[i])))] }) },
    });
  }
  // Other events with two answering hooks, in both finishing orders.
  const twoOn = {
    PostToolUse: [say({ decision: 'block', reason: 'POST_BLOCK_A' }), say({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'POST_CTX_B' } })],
    UserPromptSubmit: [out('PROMPT_PLAIN_A'), say({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'PROMPT_CTX_B' } })],
    SessionStart: [out('START_PLAIN_A'), say({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'START_CTX_B' } })],
    Stop: [say({ decision: 'block', reason: 'STOP_A' }), say({ decision: 'block', reason: 'STOP_B' })],
    PermissionRequest: [
      say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }),
      say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'PERM_DENY_B' } } }),
    ],
  };
  for (const [event, [sa, sb]] of Object.entries(twoOn)) {
    const spec = SWEEP_EVENTS[event];
    for (const order of ['a-first', 'b-first']) {
      const [da, db] = order === 'a-first' ? [0, 0.6] : [0.6, 0];
      const wrap = (s, d) => {
        const timed = d ? `sleep ${d}; ${s}` : s;
        return spec.wrap ? spec.wrap(timed) : timed;
      };
      cases.push({
        id: `sw-two-${event}-${order}`,
        title: `${event}: two answering hooks, ${order}`,
        covers: ['sweep', 'pair', event],
        files: { [PROJECT]: settings({ [event]: [group(spec.matcher, cmd(wrap(sa, da)), cmd(wrap(sb, db)))] }) },
        ...spec.session,
      });
    }
  }
  return cases;
}

// ---- settings files ----

function settingsCases(rand) {
  const cases = [];
  const deny = (tag) => cmd(`echo DENY_${tag} >&2; exit 2`);
  const ctx = (tag) => cmd(say({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: `CTX_${tag}` } }));
  // disableAllHooks: each file, each value, with hooks in each file.
  const values = [true, false, 'true', 1, null];
  const scopes = Object.keys(FILES);
  for (const where of scopes) {
    for (const value of values) {
      const files = {};
      for (const s of scopes) files[FILES[s]] = settings({ PreToolUse: [group('Bash', ctx(s.toUpperCase()))] }, s === where ? { disableAllHooks: value } : {});
      cases.push({
        id: `sw-disable-${where}-${JSON.stringify(value).replace(/"/g, 'q')}`,
        title: `disableAllHooks: ${JSON.stringify(value)} in the ${where} settings, hooks in all three`,
        covers: ['sweep', 'settings-files', 'disable'],
        files,
      });
    }
  }
  // Two files disagree: true in one, false in a file read later.
  for (const [a, b] of [
    ['user', 'project'],
    ['project', 'local'],
    ['user', 'local'],
  ]) {
    for (const [va, vb] of [
      [true, false],
      [false, true],
    ]) {
      cases.push({
        id: `sw-disable-pair-${a}-${va}-${b}-${vb}`,
        title: `disableAllHooks ${va} in ${a}, ${vb} in ${b}`,
        covers: ['sweep', 'settings-files', 'disable'],
        files: {
          [FILES[a]]: settings({ PreToolUse: [group('Bash', ctx(a.toUpperCase()))] }, { disableAllHooks: va }),
          [FILES[b]]: settings({ PreToolUse: [group('Bash', ctx(b.toUpperCase()))] }, { disableAllHooks: vb }),
        },
      });
    }
  }
  // disableAllHooks alone in a file without hooks; and with the only hooks elsewhere.
  cases.push({
    id: 'sw-disable-file-without-hooks',
    title: 'disableAllHooks: true in a local file that has no hooks key',
    covers: ['sweep', 'settings-files', 'disable'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', deny('P'))] }), [LOCAL]: json({ disableAllHooks: true }) },
  });

  // Invalid entries: what survives, in that file and the others.
  const invalid = {
    'no-command': { type: 'command' },
    'command-number': { type: 'command', command: 5 },
    'command-empty': { type: 'command', command: '' },
    'type-missing': { command: 'echo X' },
    'type-unknown': { type: 'bogus', command: 'echo X' },
    'type-prompt-no-prompt': { type: 'prompt' },
    'type-http-no-url': { type: 'http' },
    'timeout-string': { type: 'command', command: 'exit 0', timeout: '5' },
    'timeout-negative': { type: 'command', command: 'exit 0', timeout: -1 },
    'timeout-zero': { type: 'command', command: 'exit 0', timeout: 0 },
    'hooks-not-array': null,
    'matcher-number': null,
    'group-not-object': null,
    'event-not-array': null,
    'extra-key': { type: 'command', command: 'exit 0', bogusKey: true },
  };
  for (const [name, entry] of Object.entries(invalid)) {
    for (const where of ['project', 'user']) {
      let bad;
      if (name === 'hooks-not-array') bad = { PreToolUse: [{ matcher: 'Bash', hooks: 'echo X' }] };
      else if (name === 'matcher-number') bad = { PreToolUse: [{ matcher: 5, hooks: [deny('BAD')] }] };
      else if (name === 'group-not-object') bad = { PreToolUse: ['echo X'] };
      else if (name === 'event-not-array') bad = { PreToolUse: { matcher: 'Bash', hooks: [deny('BAD')] } };
      else bad = { PreToolUse: [group('Bash', entry)] };
      const other = where === 'project' ? 'user' : 'project';
      cases.push({
        id: `sw-invalid-${name}-in-${where}`,
        title: `an invalid entry (${name}) in the ${where} settings, valid hooks beside it and in the ${other} settings`,
        covers: ['sweep', 'settings-files', 'invalid'],
        files: {
          [FILES[where]]: json({ hooks: { ...bad, PostToolUse: [group('Bash', cmd(say({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `SAME_FILE_${where.toUpperCase()}` } })))] } }),
          [FILES[other]]: settings({ PreToolUse: [group('Bash', ctx(`OTHER_FILE_${other.toUpperCase()}`))] }),
        },
      });
    }
  }
  // Timeouts: values that are not plain whole seconds.
  const timeouts = { zero: 0, half: 0.5, 'one-and-half': 1.5, negative: -1, huge: 1e12, string: '2', 'string-word': 'soon', null: null };
  for (const [name, value] of Object.entries(timeouts)) {
    cases.push({
      id: `sw-timeout-${name}`,
      title: `timeout: ${JSON.stringify(value)} on a hook that answers after 1 s`,
      covers: ['sweep', 'timeout'],
      files: { [PROJECT]: settings({ PreToolUse: [group('Bash', { type: 'command', command: 'sleep 1; echo SLOW_DENY >&2; exit 2', timeout: value })] }) },
    });
  }
  // Identical commands across files with different timeouts; identical but for the file.
  for (const [a, b] of [
    ['user', 'project'],
    ['project', 'local'],
    ['user', 'local'],
  ]) {
    cases.push({
      id: `sw-identical-${a}-${b}-timeouts`,
      title: `an identical command in ${a} (timeout 1) and ${b} (timeout 10) settings`,
      covers: ['sweep', 'dedupe', 'settings-files'],
      files: {
        [FILES[a]]: settings({ PreToolUse: [group('Bash', cmd('sleep 2; echo SLOW_DENY >&2; exit 2', 1))] }),
        [FILES[b]]: settings({ PreToolUse: [group('Bash', cmd('sleep 2; echo SLOW_DENY >&2; exit 2', 10))] }),
      },
    });
  }
  // Not JSON, empty, a JSON array, comments.
  const broken = { empty: '', array: '[]\n', comment: `// note\n${settings({ PreToolUse: [group('Bash', deny('C'))] })}`, 'trailing-comma': '{"hooks": {"PreToolUse": [],}}\n', 'hooks-null': '{"hooks": null}\n', 'hooks-array': '{"hooks": []}\n' };
  for (const [name, text] of Object.entries(broken)) {
    cases.push({
      id: `sw-file-${name}`,
      title: `project settings that are ${name}; user settings with a hook`,
      covers: ['sweep', 'settings-files', 'invalid'],
      files: { [PROJECT]: text, [USER]: settings({ PreToolUse: [group('Bash', ctx('USER'))] }) },
    });
  }
  void rand;
  return cases;
}

// ---- matchers ----

const MATCHERS = [
  'Bash', 'bash', 'BASH', ' Bash ', 'Bash|Read', 'Read|Bash', 'Read | Bash', 'Read,Bash', 'Read, Bash', 'Bash,', '|Bash', 'Read||Bash',
  'Bas', 'ash', 'B.*', '^Bash$', '^Bas', 'Bash$', '.*', '*', '', 'Ba?sh', '(Bash)', '[B]ash', 'Bash(echo:*)', 'Bash*', 'mcp__.*',
  'Shell', 'Task', 'Agent', 'Bash|', 'Read', 'Edit|Write', '\\w+', 'B\\w+h', '(?i)bash',
];

function matcherCases() {
  const cases = [];
  MATCHERS.forEach((matcher, i) => {
    cases.push({
      id: `sw-matcher-${i}`,
      title: `PreToolUse matcher ${JSON.stringify(matcher)} against Bash`,
      covers: ['sweep', 'matcher'],
      files: { [PROJECT]: settings({ PreToolUse: [group(matcher, cmd('echo MATCHED >&2; exit 2'))] }) },
    });
  });
  // The same corpus, a few against another tool the model calls.
  for (const [i, matcher] of ['Glob', 'glob', 'Glob|Bash', 'G.*', '*', 'Grep', 'Glob,Read', '^Glob$'].entries()) {
    cases.push({
      id: `sw-matcher-glob-${i}`,
      title: `PreToolUse matcher ${JSON.stringify(matcher)} against Glob`,
      covers: ['sweep', 'matcher'],
      toolName: 'Glob',
      tool: { pattern: '*.md' },
      allowedTools: 'Glob',
      files: { [PROJECT]: settings({ PreToolUse: [group(matcher, cmd('echo MATCHED >&2; exit 2'))] }), 'README.md': '# readme\n' },
    });
  }
  // Events whose matcher is a source, or that ignore matchers.
  for (const [i, matcher] of ['startup', 'resume', 'startup|resume', 'start', '*', 'Startup', '^startup$', 'clear'].entries()) {
    cases.push({
      id: `sw-matcher-session-start-${i}`,
      title: `SessionStart matcher ${JSON.stringify(matcher)} against source "startup"`,
      covers: ['sweep', 'matcher', 'session-start'],
      files: { [PROJECT]: settings({ SessionStart: [group(matcher, cmd(out('START_MATCHED')))] }) },
    });
  }
  for (const event of ['UserPromptSubmit', 'Stop', 'SessionEnd', 'PostToolBatch']) {
    for (const matcher of ['NeverMatches', 'Bash', '']) {
      const wrap = SWEEP_EVENTS[event].wrap ?? ((s) => s);
      cases.push({
        id: `sw-matcher-${event}-${matcher || 'empty'}`,
        title: `${event} with matcher ${JSON.stringify(matcher)}`,
        covers: ['sweep', 'matcher', event],
        files: { [PROJECT]: settings({ [event]: [group(matcher, cmd(wrap(say({ hookSpecificOutput: { hookEventName: event, additionalContext: `CTX_${event}` } }))))] }) },
      });
    }
  }
  for (const [i, matcher] of ['other', 'prompt_input_exit', '*', 'logout', 'Other'].entries()) {
    cases.push({
      id: `sw-matcher-session-end-${i}`,
      title: `SessionEnd matcher ${JSON.stringify(matcher)}`,
      covers: ['sweep', 'matcher', 'SessionEnd'],
      files: { [PROJECT]: settings({ SessionEnd: [group(matcher, cmd('echo ENDED >&2; exit 1'))] }) },
    });
  }
  return cases;
}

// ---- per-event limits ----

function limitCases() {
  const cases = [];
  // Default timeouts per event: a hook that sleeps 3 s without a timeout of its own.
  for (const event of ['SessionEnd', 'SessionStart', 'PreToolUse', 'UserPromptSubmit']) {
    const spec = SWEEP_EVENTS[event];
    cases.push({
      id: `sw-limit-default-timeout-${event}`,
      title: `${event}: a hook sleeping 3 s with no timeout set`,
      covers: ['sweep', 'timeout', event],
      files: { [PROJECT]: settings({ [event]: [group(spec.matcher, cmd('sleep 3; echo WOKE >&2; exit 1'))] }) },
      ...spec.session,
    });
  }
  cases.push({
    id: 'sw-limit-session-end-timeout-5',
    title: 'SessionEnd: a hook sleeping 3 s with timeout 5',
    covers: ['sweep', 'timeout', 'SessionEnd'],
    files: { [PROJECT]: settings({ SessionEnd: [group(undefined, cmd('sleep 3; echo WOKE >&2; exit 1', 5))] }) },
  });
  // Output caps: a large stdout as context.
  for (const kb of [9, 12, 40]) {
    cases.push({
      id: `sw-limit-context-${kb}k`,
      title: `UserPromptSubmit plain stdout of ${kb} KB`,
      covers: ['sweep', 'limit', 'context'],
      files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd(`head -c ${kb * 1024} /dev/zero | tr '\\0' 'x'; echo`))] }) },
    });
  }
  // Stop exit 2 with "No such file" in stderr (a missing script), and the cap variable.
  cases.push({
    id: 'sw-limit-stop-exit2-no-such-file',
    title: 'Stop: exit 2 whose stderr says "No such file or directory"',
    covers: ['sweep', 'stop'],
    files: { [PROJECT]: settings({ Stop: [group(undefined, cmd(onceForStop('echo "/bin/sh: 1: .claude/hooks/gone.sh: No such file or directory" >&2; exit 2')))] }) },
  });
  cases.push({
    id: 'sw-limit-stop-missing-script',
    title: 'Stop: a hook whose script does not exist (exit 127)',
    covers: ['sweep', 'stop'],
    files: { [PROJECT]: settings({ Stop: [group(undefined, cmd('sh .claude/hooks/gone.sh'))] }) },
  });
  cases.push({
    id: 'sw-limit-stop-always-blocks-exit2',
    title: 'Stop: always exit 2 (the block cap, with exit 2 instead of JSON)',
    covers: ['sweep', 'stop'],
    files: { [PROJECT]: settings({ Stop: [group(undefined, cmd('echo KEEP_GOING >&2; exit 2'))] }) },
  });
  return cases;
}

// ---- events in sequence: what one event's answer does to the next ----

function sequenceCases() {
  const ctx = (event, text) => say({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
  const cases = [];
  const add = (id, title, hooks, session = {}) => cases.push({ id: `sw-seq-${id}`, title, covers: ['sweep', 'sequence'], files: { [PROJECT]: settings(hooks) }, ...session });
  add('batch-after-deny', 'PostToolBatch after a PreToolUse deny', { PreToolUse: [group('Bash', cmd('echo NO >&2; exit 2'))], PostToolBatch: [group(undefined, cmd(ctx('PostToolBatch', 'BATCH_AFTER_DENY')))] });
  add('batch-after-failure', 'PostToolBatch after a failing tool', { PostToolBatch: [group(undefined, cmd(ctx('PostToolBatch', 'BATCH_AFTER_FAIL')))] }, { tool: { command: 'echo FAILING_TOOL >&2; exit 3', description: 'run the command' } });
  add('batch-and-post-context', 'PostToolUse and PostToolBatch both add context', {
    PostToolUse: [group('Bash', cmd(ctx('PostToolUse', 'POST_CTX')))],
    PostToolBatch: [group(undefined, cmd(ctx('PostToolBatch', 'BATCH_CTX')))],
    PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'PRE_CTX')))],
  });
  add('batch-after-post-block', 'PostToolUse blocks, then PostToolBatch adds context', {
    PostToolUse: [group('Bash', cmd(say({ decision: 'block', reason: 'POST_BLOCKED' })))],
    PostToolBatch: [group(undefined, cmd(ctx('PostToolBatch', 'BATCH_CTX')))],
  });
  add('batch-text-only-turn', 'PostToolBatch in a turn without a tool call', { PostToolBatch: [group(undefined, cmd(ctx('PostToolBatch', 'NEVER')))] }, { tool: null });
  add('batch-halt-then-stop', 'PostToolBatch continue: false, with a Stop hook', {
    PostToolBatch: [group(undefined, cmd(say({ continue: false, stopReason: 'BATCH_HALT' })))],
    Stop: [group(undefined, cmd(onceForStop(say({ decision: 'block', reason: 'STOP_AFTER_HALT' }))))],
  });
  add('prompt-context-and-start', 'SessionStart and UserPromptSubmit contexts: their order', {
    SessionStart: [group(undefined, cmd(ctx('SessionStart', 'START_CTX')))],
    UserPromptSubmit: [group(undefined, cmd(ctx('UserPromptSubmit', 'PROMPT_CTX')))],
  });
  add('stop-context-then-block', 'Stop: context on the first run, a block on the same run', {
    Stop: [group(undefined, cmd(onceForStop(ctx('Stop', 'STOP_CTX'))), cmd(onceForStop(say({ decision: 'block', reason: 'STOP_B' }))))],
  });
  add('pre-ask-then-permission', 'PreToolUse asks, a PermissionRequest hook would allow', {
    PreToolUse: [group('Bash', cmd(say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'ASKED' } })))],
    PermissionRequest: [group('Bash', cmd(say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } })))],
  });
  for (const [name, command, allowed] of [
    ['echo', 'echo original', 'Read'],
    ['ls', 'ls', 'Read'],
    ['cat', 'cat README.md', 'Read'],
    ['touch', 'touch made.txt; echo original', 'Read'],
    ['echo-and-touch', 'echo a && touch made.txt', 'Read'],
    ['pipe', 'echo original | cat', 'Read'],
  ]) {
    cases.push({
      id: `sw-seq-read-only-${name}`,
      title: `--allowedTools ${allowed}: is \`${command}\` allowed without asking (a PermissionRequest hook logs it)?`,
      covers: ['sweep', 'permission'],
      allowedTools: allowed,
      tool: { command, description: 'run the command' },
      files: { [PROJECT]: settings({ PermissionRequest: [group('Bash', cmd(ctx('PermissionRequest', 'ASKED_PERMISSION')))] }), 'README.md': '# readme\n' },
    });
  }
  return cases;
}

/** Every generated case, in a stable order. */
export function generateSweep(seed = 2026) {
  const rand = prng(seed);
  const cases = [...channelCases(), ...pairCases(rand), ...settingsCases(rand), ...matcherCases(), ...limitCases(), ...sequenceCases()];
  const ids = new Set();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`duplicate sweep case id ${c.id}`);
    ids.add(c.id);
  }
  return cases;
}

export const SWEEP = generateSweep();
