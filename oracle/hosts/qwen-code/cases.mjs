// The Qwen Code oracle's cases: whole one-shot sessions (`qwen "do it" --yolo -o stream-json`) run against the real
// CLI and, for comparison, through hookplay's qwen-code dialect. The mocked model asks for one run_shell_command
// call first (unless `tool: null`), then answers with text.
//
// Keep hooks stateless between events (the engine backs each event with a fresh workspace): decide from stdin.
// Keep each hook's command unique within a case unless the case is about duplicates (runs are counted per command).

/** @typedef {{ id: string, title: string, covers: string[], files: Record<string, string>, tool?: object | null,
 *   timing?: { maxGapMs?: number, minGapMs?: number } }} OracleCase */

export const PROJECT = '.qwen/settings.json';
export const USER = '~/.qwen/settings.json';

const settings = (hooks, extra = {}) => `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;
const group = (matcher, ...hooks) => (matcher === undefined ? { hooks } : { matcher, hooks });
const cmd = (command, more = {}) => ({ type: 'command', command, ...more });
/** A command printing one JSON answer on stdout. */
const say = (answer, tag = '') => `echo '${JSON.stringify(answer)}'${tag ? ` # ${tag}` : ''}`;
const pre = (fields) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });
const deny = (reason) => pre({ permissionDecision: 'deny', permissionDecisionReason: reason });
const ctx = (event, text) => ({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
const exit2 = (reason) => `echo ${reason} >&2; exit 2`;
const one = (event, matcher, ...hooks) => ({ [PROJECT]: settings({ [event]: [group(matcher, ...hooks)] }) });

/** Stop hooks that answer only while stop_hook_active is false. */
const onlyFirstStopEarly = (command) => `grep -q '"stop_hook_active":false' && { ${command}; }`;

/** A PreToolUse group whose hook denies: the tool runs only if the matcher misses. */
const matcherCase = (id, matcher, matches) => ({
  id,
  title: `matcher ${JSON.stringify(matcher)} ${matches ? 'matches' : 'does not match'} run_shell_command`,
  covers: ['matcher'],
  files: { [PROJECT]: settings({ PreToolUse: [group(matcher, cmd(exit2('MATCHED')))] }) },
});

/** One PreToolUse hook with this command: how its exit code and output are read. */
const preCase = (id, title, command, covers = ['pre-output']) => ({ id, title, covers, files: one('PreToolUse', undefined, cmd(command)) });

const KEYS_SCRIPT = [
  "let raw = '';",
  "process.stdin.on('data', (c) => (raw += c));",
  "process.stdin.on('end', () => {",
  '  const p = JSON.parse(raw);',
  "  const keys = Object.keys(p).filter((k) => !['timestamp'].includes(k));",
  "  const facts = `${p.hook_event_name} keys=${keys.join(',')} cwd_is_project=${p.cwd === process.env.QWEN_PROJECT_DIR} tool=${p.tool_name ?? '-'} prompt=${JSON.stringify(p.prompt ?? null)} mode=${p.permission_mode} newline=${raw.endsWith('\\n')}`;",
  "  if (p.hook_event_name === 'PreToolUse') console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: facts } }));",
  '  else console.log(facts);',
  '});',
  '',
].join('\n');

/** Parallel or not, without timing: the first hook marks itself running for a second; the second looks. */
const OVERLAP_FIRST = 'touch first.running; sleep 1.5; rm -f first.running';
const OVERLAP_SECOND = `sleep 0.5; if [ -e first.running ]; then r=overlapped; else r=alone; fi; echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"second hook ran $r\\"}"`;

/** @type {OracleCase[]} */
export const CASES = [
  { id: 'baseline-no-hooks', title: 'no hooks: the tool runs and the turn ends', covers: ['baseline'], files: { [PROJECT]: settings({}) } },
  { id: 'baseline-text-only', title: 'a text-only turn: no tool events', covers: ['baseline'], tool: null, files: one('UserPromptSubmit', undefined, cmd('echo ups-ran')) },

  // ---- process ----
  {
    id: 'process-bash-cwd-env-group',
    title: 'hooks run with bash -c in the project dir, with QWEN/CLAUDE/GEMINI_PROJECT_DIR, in their own process group',
    covers: ['process'],
    tool: null,
    files: one(
      'UserPromptSubmit',
      undefined,
      cmd(`echo "qwen=$QWEN_PROJECT_DIR claude=$CLAUDE_PROJECT_DIR gemini=$GEMINI_PROJECT_DIR pwd=$(pwd) bash=\${BASH_VERSION:+yes} own_group=$([ "$(cut -d' ' -f5 /proc/$$/stat)" = "$$" ] && echo yes || echo no)"`),
    ),
  },
  {
    id: 'process-payload-fields',
    title: 'the stdin payload: base fields in Qwen Code’s order, then the event’s own',
    covers: ['process'],
    files: {
      [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd('node .qwen/hooks/keys.mjs'))], PreToolUse: [group(undefined, cmd('node .qwen/hooks/keys.mjs pre'))] }),
      '.qwen/hooks/keys.mjs': KEYS_SCRIPT,
    },
  },
  {
    id: 'process-parallel',
    title: 'hooks of one event run in parallel: the second sees the first still running',
    covers: ['parallel'],
    files: one('PreToolUse', 'Bash', cmd(OVERLAP_FIRST), cmd(OVERLAP_SECOND)),
  },
  {
    id: 'process-sequential',
    title: '"sequential": true on one group makes every matching hook of the event run one after another',
    covers: ['parallel', 'sequential'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(OVERLAP_FIRST)), { matcher: '*', sequential: true, hooks: [cmd(OVERLAP_SECOND)] }] }) },
  },
  {
    id: 'sequential-prompt-chain',
    title: 'sequential UserPromptSubmit: the next hook sees the prompt with the previous context appended',
    covers: ['sequential'],
    tool: null,
    files: {
      [PROJECT]: settings({
        UserPromptSubmit: [{ sequential: true, hooks: [cmd(say(ctx('UserPromptSubmit', 'FIRST'))), cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>console.log("saw="+JSON.stringify(JSON.parse(r).prompt)))'`)] }],
      }),
    },
  },
  {
    id: 'sequential-tool-input-chain',
    title: 'sequential PreToolUse: hookSpecificOutput.tool_input is merged into the next hook’s tool_input',
    covers: ['sequential', 'rewrite'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [
          {
            sequential: true,
            hooks: [
              cmd(say(pre({ tool_input: { command: 'echo changed' } }))),
              cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>{const p=JSON.parse(r);console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:"saw "+p.tool_input.command}}))})'`),
            ],
          },
        ],
      }),
    },
  },

  // ---- exit codes and output of one PreToolUse hook ----
  preCase('pre-json-deny', 'permissionDecision "deny" stops the tool; the model gets the reason as the tool error', say(deny('DENIED-BY-JSON')), ['pre-output', 'pre-decisions']),
  preCase('pre-exit2-stderr', 'exit 2: stderr (trimmed) is the deny reason', 'echo "  EXIT2 REASON  " >&2; exit 2', ['pre-exit-codes']),
  preCase('pre-exit2-empty-stderr', 'exit 2 with nothing on stderr: no answer at all, the tool runs', 'exit 2', ['pre-exit-codes']),
  preCase('pre-exit2-stdout-ignored', 'exit 2 ignores stdout: a deny printed on stdout does not count, the tool runs', `${say(deny('ON-STDOUT'))}; exit 2`, ['pre-exit-codes']),
  preCase('pre-exit2-stderr-json', 'exit 2 with a JSON object on stderr: the object is the answer', `${say({ decision: 'allow' })} >&2; exit 2`, ['pre-exit-codes']),
  preCase('pre-exit2-stderr-json-deny', 'exit 2 with a JSON deny on stderr: its own reason is used', `${say(deny('JSON-ON-STDERR'))} >&2; exit 2`, ['pre-exit-codes']),
  preCase('pre-exit1-json-deny', 'exit 1 with a JSON deny on stdout still denies', `${say(deny('EXIT1-JSON'))}; exit 1`, ['pre-exit-codes']),
  preCase('pre-exit1-plain', 'exit 1 with plain stdout: a warning, the tool runs', 'echo some warning; exit 1', ['pre-exit-codes']),
  preCase('pre-exit3-stderr-only', 'exit 3 with only stderr: stderr is read as a warning, the tool runs', 'echo oops >&2; exit 3', ['pre-exit-codes']),
  preCase('pre-exit0-plain', 'exit 0 with plain text: no decision, the tool runs', 'echo just text'),
  preCase('pre-exit0-invalid-json', 'stdout that starts like JSON but does not parse is ignored', `echo '{"hookSpecificOutput": {"permissionDecision": "deny"'`),
  preCase('pre-exit0-string-json', 'a JSON string holding JSON is parsed twice', `echo '${JSON.stringify(JSON.stringify(deny('DOUBLE-ENCODED')))}'`),
  preCase('pre-exit0-stderr-json', 'exit 0 with empty stdout: stderr is parsed instead, a JSON deny there denies', `${say(deny('FROM-STDERR'))} >&2`),
  preCase('pre-exit0-json-array', 'a JSON array is not an answer object: plain text, the tool runs', `echo '[{"decision":"block"}]'`),
  preCase('pre-ask-headless', 'permissionDecision "ask" in a one-shot run: the tool does not run', say(pre({ permissionDecision: 'ask', permissionDecisionReason: 'ASK-REASON' })), ['pre-decisions', 'pre-ask']),
  preCase('pre-ask-no-reason', 'permissionDecision "ask" without a reason', say(pre({ permissionDecision: 'ask' })), ['pre-decisions', 'pre-ask']),
  preCase('pre-decision-block', 'the top-level decision "block" denies with reason', say({ decision: 'block', reason: 'TOP-BLOCK' }), ['pre-decisions']),
  preCase('pre-decision-deny-no-reason', 'a deny without any reason: "No reason provided"', say({ decision: 'deny' }), ['pre-decisions']),
  preCase('pre-deny-top-reason', 'permissionDecision "deny" without permissionDecisionReason uses the top-level reason', say({ reason: 'TOP-REASON', ...pre({ permissionDecision: 'deny' }) }), ['pre-decisions']),
  preCase('pre-decision-wins-over-top', 'hookSpecificOutput.permissionDecision is read before the top-level decision', say({ decision: 'block', reason: 'TOP', ...pre({ permissionDecision: 'allow' }) }), ['pre-decisions', 'pre-precedence']),
  preCase('pre-invalid-permission-decision', 'an unknown permissionDecision falls back to the top-level decision', say({ decision: 'block', reason: 'FALLBACK', ...pre({ permissionDecision: 'nope' }) }), ['pre-decisions', 'pre-precedence']),
  preCase('pre-continue-false', 'continue: false stops the tool with stopReason', say({ continue: false, stopReason: 'HALT-REASON' }), ['continue-false']),
  preCase('pre-continue-false-reason', 'continue: false without stopReason uses reason', say({ continue: false, reason: 'ONLY-REASON' }), ['continue-false']),
  preCase('pre-updated-input-ignored', 'updatedInput from PreToolUse is not applied (the docs list it)', say(pre({ permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } })), ['rewrite']),
  preCase('pre-other-event-name', 'hookSpecificOutput naming another event is still read', say({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny', permissionDecisionReason: 'WRONG-EVENT-NAME' } })),
  preCase('pre-additional-context-unused', 'additionalContext from PreToolUse does not reach the model', say(ctx('PreToolUse', 'PRE-CONTEXT')), ['context']),

  // ---- several PreToolUse hooks ----
  {
    id: 'multi-deny-then-allow',
    title: 'two hooks: deny then allow by permissionDecision: the last one wins, the tool runs',
    covers: ['pre-precedence', 'combine'],
    files: one('PreToolUse', undefined, cmd(say(deny('FIRST-DENY'))), cmd(say(pre({ permissionDecision: 'allow' })))),
  },
  {
    id: 'multi-allow-then-deny',
    title: 'two hooks: allow then deny by permissionDecision: the last one wins, denied',
    covers: ['pre-precedence', 'combine'],
    files: one('PreToolUse', undefined, cmd(say(pre({ permissionDecision: 'allow', permissionDecisionReason: 'ALLOWED' }))), cmd(say(deny('SECOND-DENY')))),
  },
  {
    id: 'multi-two-exit2',
    title: 'two exit-2 hooks: both reasons, joined by a newline in declaration order',
    covers: ['combine', 'pre-exit-codes'],
    files: one('PreToolUse', undefined, cmd(exit2('REASON-ONE')), cmd('sleep 0.3; echo REASON-TWO >&2; exit 2')),
  },
  {
    id: 'multi-exit2-and-json-allow',
    title: 'exit 2 (a top-level deny) and a permissionDecision allow: permissionDecision is read first, the tool runs',
    covers: ['combine', 'pre-precedence'],
    files: one('PreToolUse', undefined, cmd(exit2('EXIT2-DENY')), cmd(say(pre({ permissionDecision: 'allow' })))),
  },
  {
    id: 'multi-exit2-and-plain',
    title: 'exit 2 and a plain-text hook: the reasons of both are joined',
    covers: ['combine'],
    files: one('PreToolUse', undefined, cmd(exit2('BLOCKED-HERE')), cmd('echo plain words')),
  },
  {
    id: 'multi-two-json-deny',
    title: 'two JSON denies: the later permissionDecisionReason wins',
    covers: ['combine'],
    files: one('PreToolUse', undefined, cmd('sleep 0.3; ' + say(deny('SLOW-FIRST'))), cmd(say(deny('FAST-SECOND')))),
  },
  {
    id: 'multi-continue-false-and-deny',
    title: 'continue: false and a JSON deny: the deny reason is used',
    covers: ['combine', 'continue-false'],
    files: one('PreToolUse', undefined, cmd(say({ continue: false, stopReason: 'STOP-R' })), cmd(say(deny('DENY-R')))),
  },

  // ---- matchers ----
  matcherCase('matcher-claude-alias', 'Bash', true),
  matcherCase('matcher-native-name', 'run_shell_command', true),
  matcherCase('matcher-display-name', 'Shell', true),
  matcherCase('matcher-lowercase', 'bash', false),
  matcherCase('matcher-regex-partial', 'run_shell', true),
  matcherCase('matcher-anchored-alias', '^Bash$', false),
  matcherCase('matcher-anchored-native', '^run_shell_command$', true),
  matcherCase('matcher-alias-prefix', 'Ba', false),
  matcherCase('matcher-list', 'Read|Bash', true),
  matcherCase('matcher-list-miss', 'Edit|Write', false),
  matcherCase('matcher-list-regex', 'Edit|run_.*', true),
  matcherCase('matcher-star', '*', true),
  matcherCase('matcher-dot-star', '.*', true),
  matcherCase('matcher-empty', '', true),
  matcherCase('matcher-spaces-trimmed', '  Bash  ', true),
  matcherCase('matcher-invalid-regex', '[', false),
  {
    id: 'matcher-absent',
    title: 'a group without a matcher matches every tool',
    covers: ['matcher'],
    files: one('PreToolUse', undefined, cmd(exit2('MATCHED'))),
  },
  {
    id: 'matcher-ignored-on-prompt',
    title: 'UserPromptSubmit has no matcher target: any matcher runs',
    covers: ['matcher'],
    tool: null,
    files: one('UserPromptSubmit', 'no-such-thing', cmd('echo prompt-hook-ran')),
  },
  {
    id: 'matcher-session-start-source',
    title: 'SessionStart matches its source: "startup" runs, "resume" does not',
    covers: ['matcher', 'session-start'],
    tool: null,
    files: { [PROJECT]: settings({ SessionStart: [group('startup', cmd('echo START-MATCHED')), group('resume', cmd('echo RESUME-MATCHED'))] }) },
  },

  // ---- timeouts ----
  {
    id: 'timeout-seconds',
    title: 'timeout is in seconds: a 1-second timeout ends a slow deny, which counts as no answer',
    covers: ['timeout'],
    files: one('PreToolUse', undefined, cmd(`sleep 3; ${say(deny('TOO-LATE'))}`, { timeout: 1 })),
  },
  {
    id: 'timeout-in-time',
    title: 'a hook that answers within its timeout counts',
    covers: ['timeout'],
    files: one('PreToolUse', undefined, cmd(`sleep 1; ${say(deny('IN-TIME'))}`, { timeout: 3 })),
  },
  {
    id: 'timeout-legacy-ms',
    title: 'a timeout of 1000 or more is legacy milliseconds: 1000 is one second',
    covers: ['timeout'],
    files: one('PreToolUse', undefined, cmd(`sleep 3; ${say(deny('LEGACY-LATE'))}`, { timeout: 1000 })),
  },
  {
    id: 'timeout-string',
    title: 'a numeric string timeout is read as seconds',
    covers: ['timeout'],
    files: one('PreToolUse', undefined, cmd(`sleep 3; ${say(deny('STRING-LATE'))}`, { timeout: '1' })),
  },
  {
    id: 'timeout-zero-default',
    title: 'timeout 0 is not usable: the 60-second default applies, so a 2-second hook answers',
    covers: ['timeout'],
    files: one('PreToolUse', undefined, cmd(`sleep 2; ${say(deny('ZERO-MEANS-DEFAULT'))}`, { timeout: 0 })),
  },
  {
    id: 'timeout-term-ignored',
    title: 'a hook that ignores SIGTERM is killed 2 seconds later',
    covers: ['timeout', 'kill'],
    files: one('PreToolUse', undefined, cmd(`trap "" TERM; sleep 6; ${say(deny('SURVIVED'))}`, { timeout: 1 })),
    timing: { minGapMs: 2700, maxGapMs: 20000 },
  },

  // ---- config files ----
  {
    id: 'files-project-then-user',
    title: 'project and user hooks add up; project hooks come first',
    covers: ['settings-files', 'combine'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(exit2('FROM-PROJECT')))] }),
      [USER]: settings({ PreToolUse: [group(undefined, cmd(exit2('FROM-USER')))] }),
    },
  },
  {
    id: 'files-user-only',
    title: 'user hooks alone run',
    covers: ['settings-files'],
    files: { [USER]: settings({ PreToolUse: [group(undefined, cmd(exit2('USER-ONLY')))] }) },
  },
  {
    id: 'files-project-invalid-json',
    title: 'a project settings file that is not JSON: its hooks are lost, the user’s still run',
    covers: ['settings-files', 'bad-config'],
    files: { [PROJECT]: '{ "hooks": { "PreToolUse": [ }\n', [USER]: settings({ UserPromptSubmit: [group(undefined, cmd('echo user-hook-ran'))] }) },
  },
  {
    id: 'files-user-invalid-json',
    title: 'a user settings file that is not JSON',
    covers: ['settings-files', 'bad-config'],
    files: { [USER]: '{ "hooks": \n', [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd('echo project-hook-ran'))] }) },
  },
  {
    id: 'files-comments-allowed',
    title: 'settings files may hold comments',
    covers: ['settings-files'],
    files: { [PROJECT]: `// project settings\n{\n  /* hooks */\n  "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "echo COMMENTED >&2; exit 2" } ] } ] }\n}\n` },
  },
  {
    id: 'files-not-object',
    title: 'a project settings file holding an array: no hooks from it',
    covers: ['settings-files', 'bad-config'],
    files: { [PROJECT]: '[]\n', [USER]: settings({ UserPromptSubmit: [group(undefined, cmd('echo user-still-runs'))] }) },
  },
  {
    id: 'files-disable-all-project',
    title: '"disableAllHooks": true in the project file: no hook runs, the user’s neither',
    covers: ['disable'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(exit2('PROJECT-DENY')))] }, { disableAllHooks: true }),
      [USER]: settings({ UserPromptSubmit: [group(undefined, cmd('echo user-ups'))] }),
    },
  },
  {
    id: 'files-disable-all-user',
    title: '"disableAllHooks": true in the user file disables project hooks too',
    covers: ['disable'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(exit2('PROJECT-DENY')))] }), [USER]: `${JSON.stringify({ disableAllHooks: true }, null, 2)}\n` },
  },
  {
    id: 'files-disable-false-project-over-user',
    title: 'project "disableAllHooks": false over the user’s true: the project value wins',
    covers: ['disable', 'settings-files'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(exit2('PROJECT-DENY')))] }, { disableAllHooks: false }), [USER]: `${JSON.stringify({ disableAllHooks: true }, null, 2)}\n` },
  },
  {
    id: 'files-unknown-event',
    title: 'an unknown event name is skipped; the file’s other events still run',
    covers: ['bad-config'],
    files: { [PROJECT]: settings({ PreToolUser: [group(undefined, cmd(exit2('TYPO')))], UserPromptSubmit: [group(undefined, cmd('echo known-event-ran'))] }) },
  },
  {
    id: 'files-hook-without-command',
    title: 'a command hook without a command is dropped; the others still run',
    covers: ['bad-config'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, { type: 'command' }, cmd(exit2('STILL-RUNS')))] }) },
  },
  {
    id: 'files-unknown-type',
    title: 'a hook with an unknown type is dropped; the others still run',
    covers: ['bad-config'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, { type: 'script', command: 'echo never' }, cmd(exit2('TYPED-OK')))] }) },
  },
  {
    id: 'dedupe-same-command',
    title: 'the same command twice on one event runs once, across groups and matchers',
    covers: ['dedupe'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(exit2('ONCE'))), group('*', cmd(exit2('ONCE')))] }) },
  },
  {
    id: 'dedupe-across-files',
    title: 'the same command in the project and the user file runs once',
    covers: ['dedupe', 'settings-files'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(exit2('SHARED')))] }), [USER]: settings({ PreToolUse: [group(undefined, cmd(exit2('SHARED')))] }) },
  },
  {
    id: 'dedupe-named-differently',
    title: 'the same command with two different names runs twice',
    covers: ['dedupe'],
    files: one('PreToolUse', undefined, cmd(exit2('NAMED'), { name: 'one' }), cmd(exit2('NAMED'), { name: 'two' })),
  },

  // ---- PostToolUse ----
  {
    id: 'post-additional-context',
    title: 'PostToolUse additionalContext is appended to the tool result after a blank line, < and > escaped',
    covers: ['post', 'context'],
    files: one('PostToolUse', undefined, cmd(say(ctx('PostToolUse', 'see <b>this</b>')))),
  },
  {
    id: 'post-decision-block-ignored',
    title: 'PostToolUse decision "block" changes nothing',
    covers: ['post'],
    files: one('PostToolUse', undefined, cmd(say({ decision: 'block', reason: 'POST-BLOCK' }))),
  },
  {
    id: 'post-exit2-ignored',
    title: 'PostToolUse exit 2 changes nothing',
    covers: ['post', 'cannot-block'],
    files: one('PostToolUse', undefined, cmd(exit2('POST-EXIT2'))),
  },
  {
    id: 'post-continue-false',
    title: 'PostToolUse continue: false replaces the tool result',
    covers: ['post', 'continue-false'],
    files: one('PostToolUse', undefined, cmd(say({ continue: false, stopReason: 'POST-HALT' }))),
  },
  {
    id: 'post-two-contexts',
    title: 'two PostToolUse contexts are joined by a newline, in declaration order',
    covers: ['post', 'context', 'combine'],
    files: one('PostToolUse', undefined, cmd('sleep 0.3; ' + say(ctx('PostToolUse', 'CTX-ONE'))), cmd(say(ctx('PostToolUse', 'CTX-TWO')))),
  },
  {
    id: 'post-failure-context',
    title: 'a failing command fires PostToolUseFailure; its context reaches the model',
    covers: ['post'],
    tool: { command: 'echo failing >&2; exit 3', description: 'fail' },
    files: one('PostToolUseFailure', undefined, cmd(say(ctx('PostToolUseFailure', 'FAILURE-CONTEXT')))),
  },
  {
    id: 'post-batch-context',
    title: 'PostToolBatch additionalContext is appended to the last tool result',
    covers: ['post', 'context'],
    files: one('PostToolBatch', undefined, cmd(say(ctx('PostToolBatch', 'BATCH-CONTEXT')))),
  },
  {
    id: 'post-batch-block',
    title: 'PostToolBatch decision "block" stops the batch',
    covers: ['post'],
    files: one('PostToolBatch', undefined, cmd(say({ decision: 'block', reason: 'BATCH-BLOCK' }))),
  },

  // ---- UserPromptSubmit ----
  {
    id: 'prompt-plain-context',
    title: 'UserPromptSubmit plain stdout reaches the model as context, for the prompt and again after the tool result',
    covers: ['prompt', 'context'],
    files: one('UserPromptSubmit', undefined, cmd('echo PROMPT-CONTEXT')),
  },
  {
    id: 'prompt-json-context',
    title: 'UserPromptSubmit additionalContext, only for a non-empty prompt',
    covers: ['prompt', 'context'],
    files: one('UserPromptSubmit', undefined, cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>{const p=JSON.parse(r);if(p.prompt)console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"UserPromptSubmit",additionalContext:"for "+p.prompt}}))})'`)),
  },
  {
    id: 'prompt-block',
    title: 'UserPromptSubmit decision "block": no model request at all',
    covers: ['prompt'],
    files: one('UserPromptSubmit', undefined, cmd(say({ decision: 'block', reason: 'PROMPT-BLOCKED' }))),
  },
  {
    id: 'prompt-exit2',
    title: 'UserPromptSubmit exit 2 blocks the prompt',
    covers: ['prompt'],
    files: one('UserPromptSubmit', undefined, cmd(exit2('PROMPT-EXIT2'))),
  },
  {
    id: 'prompt-continue-false',
    title: 'UserPromptSubmit continue: false stops the prompt',
    covers: ['prompt', 'continue-false'],
    files: one('UserPromptSubmit', undefined, cmd(say({ continue: false, stopReason: 'PROMPT-HALT' }))),
  },
  {
    id: 'prompt-block-tool-result',
    title: 'UserPromptSubmit also fires for the tool result (prompt ""): blocking it ends the turn before the second request',
    covers: ['prompt'],
    files: one('UserPromptSubmit', undefined, cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>{const p=JSON.parse(r);if(!p.prompt)console.log(JSON.stringify({decision:"block",reason:"NO-TOOL-RESULT"}))})'`)),
  },

  // ---- SessionStart ----
  {
    id: 'session-start-plain',
    title: 'SessionStart plain stdout reaches the model in the system prompt',
    covers: ['session-start', 'context'],
    tool: null,
    files: one('SessionStart', undefined, cmd('echo START-CONTEXT')),
  },
  {
    id: 'session-start-two-contexts',
    title: 'two SessionStart hooks: contexts joined by a newline',
    covers: ['session-start', 'context', 'combine'],
    tool: null,
    files: one('SessionStart', undefined, cmd(say(ctx('SessionStart', 'START-ONE'))), cmd('echo START-TWO')),
  },
  {
    id: 'session-start-block-ignored',
    title: 'SessionStart cannot block',
    covers: ['session-start', 'cannot-block'],
    tool: null,
    files: one('SessionStart', undefined, cmd(exit2('START-BLOCK'))),
  },

  // ---- Stop ----
  {
    id: 'stop-block-once',
    title: 'Stop decision "block" continues the turn with the reason; the next Stop has stop_hook_active',
    covers: ['stop'],
    tool: null,
    files: one('Stop', undefined, cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>{const p=JSON.parse(r);if(!p.stop_hook_active)console.log(JSON.stringify({decision:"block",reason:"KEEP-GOING"}))})'`)),
  },
  {
    id: 'stop-exit2-once',
    title: 'Stop exit 2 continues the turn with stderr',
    covers: ['stop'],
    tool: null,
    files: one('Stop', undefined, cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>{const p=JSON.parse(r);if(!p.stop_hook_active){console.error("STOP-EXIT2");process.exit(2)}})'`)),
  },
  {
    id: 'stop-continue-false-once',
    title: 'Stop continue: false also continues the turn, with stopReason',
    covers: ['stop', 'continue-false'],
    tool: null,
    files: one('Stop', undefined, cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>{const p=JSON.parse(r);if(!p.stop_hook_active)console.log(JSON.stringify({continue:false,stopReason:"STOP-HALT"}))})'`)),
  },
  {
    id: 'stop-block-always',
    title: 'a Stop hook that always blocks is overridden after the cap',
    covers: ['stop'],
    tool: null,
    files: one('Stop', undefined, cmd(say({ decision: 'block', reason: 'FOREVER' }))),
  },
  {
    id: 'stop-plain-ignored',
    title: 'Stop plain stdout changes nothing',
    covers: ['stop'],
    tool: null,
    files: one('Stop', undefined, cmd('echo stop words')),
  },
];

CASES.push(
  {
    id: 'process-hook-env',
    title: 'a hook’s own "env" is added to its environment',
    covers: ['process'],
    tool: null,
    files: one('UserPromptSubmit', undefined, cmd('echo "greeting=$HOOK_GREETING"', { env: { HOOK_GREETING: 'hello from env' } })),
  },
  {
    id: 'context-ansi-stripped',
    title: 'plain stdout that becomes context loses its ANSI colors',
    covers: ['context', 'prompt'],
    tool: null,
    files: one('UserPromptSubmit', undefined, cmd("printf '\\033[31mRED\\033[0m plain\\n'")),
  },
  {
    id: 'files-config-keys-skipped',
    title: '"enabled", "disabled" and "notifications" inside hooks are settings, not events',
    covers: ['bad-config'],
    tool: null,
    files: { [PROJECT]: settings({ enabled: true, disabled: [], notifications: {}, UserPromptSubmit: [group(undefined, cmd('echo still-runs'))] }) },
  },
  {
    id: 'files-group-without-hooks',
    title: 'a matcher group without a hooks array is discarded; the next group runs',
    covers: ['bad-config'],
    files: { [PROJECT]: settings({ PreToolUse: [{ matcher: 'Bash', command: 'exit 2' }, group(undefined, cmd(exit2('SECOND-GROUP')))] }) },
  },
  {
    id: 'prompt-block-and-context',
    title: 'one UserPromptSubmit hook blocks, another adds context: blocked',
    covers: ['prompt', 'combine'],
    files: one('UserPromptSubmit', undefined, cmd(say(ctx('UserPromptSubmit', 'SOME-CONTEXT'))), cmd(exit2('BLOCKS-TOO'))),
  },
  {
    id: 'post-matcher-miss',
    title: 'a PostToolUse matcher that misses: no context',
    covers: ['post', 'matcher'],
    files: one('PostToolUse', 'write_file', cmd(say(ctx('PostToolUse', 'NOT-FOR-SHELL')))),
  },
  {
    id: 'sequential-user-file',
    title: 'sequential in the user file makes the project’s hooks of that event sequential too',
    covers: ['sequential', 'settings-files'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(OVERLAP_FIRST))] }), [USER]: settings({ PreToolUse: [{ sequential: true, hooks: [cmd(OVERLAP_SECOND)] }] }) },
  },
);

// ---- the events a one-shot run also fires (or not) ----
const mark = (event) => `echo ran >/dev/null # ${event}`;
CASES.push(
  {
    id: 'events-other-fire',
    title: 'which other events a one-shot run fires: InstructionsLoaded, Notification, MessageDisplay; not SessionEnd, PermissionRequest or PostToolUseFailure',
    covers: ['events'],
    files: {
      [PROJECT]: settings(
        Object.fromEntries(['InstructionsLoaded', 'Notification', 'MessageDisplay', 'SessionEnd', 'PermissionRequest', 'PostToolUseFailure', 'PermissionDenied', 'SubagentStart', 'PreCompact'].map((e) => [e, [group(undefined, cmd(mark(e)))]])),
      ),
    },
  },
  {
    id: 'events-notification-matcher',
    title: 'Notification matches its notification_type: auth_success runs, permission_prompt does not',
    covers: ['events', 'matcher'],
    tool: null,
    files: { [PROJECT]: settings({ Notification: [group('auth_success', cmd(mark('auth'))), group('permission_prompt', cmd(mark('permission')))] }) },
  },
  {
    id: 'events-message-display-ignored',
    title: 'MessageDisplay output changes nothing',
    covers: ['events', 'cannot-block'],
    tool: null,
    files: one('MessageDisplay', undefined, cmd(`${say({ decision: 'block', reason: 'DISPLAY-BLOCK', continue: false })}; exit 2`)),
  },
  {
    id: 'events-notification-context-ignored',
    title: 'Notification additionalContext does not reach the model',
    covers: ['events', 'context'],
    tool: null,
    files: one('Notification', undefined, cmd(say(ctx('Notification', 'NOTIFY-CONTEXT')))),
  },
);

CASES.push(
  {
    id: 'stop-continuation-fires-prompt-hook',
    title: 'a Stop block’s continuation is a send too: UserPromptSubmit sees the reason as its prompt',
    covers: ['stop', 'prompt'],
    tool: null,
    files: {
      [PROJECT]: settings({
        Stop: [group(undefined, cmd(onlyFirstStopEarly(say({ decision: 'block', reason: 'ONE-MORE-TIME' }))))],
        UserPromptSubmit: [group(undefined, cmd(`node -e 'let r="";process.stdin.on("data",c=>r+=c).on("end",()=>console.log("prompt="+JSON.stringify(JSON.parse(r).prompt)))'`))],
      }),
    },
  },
  {
    id: 'files-hooks-not-object',
    title: '"hooks" that is an array',
    covers: ['bad-config'],
    files: { [PROJECT]: `${JSON.stringify({ hooks: [{ PreToolUse: [] }] }, null, 2)}\n`, [USER]: settings({ UserPromptSubmit: [group(undefined, cmd('echo user-hooks-run'))] }) },
  },
  {
    id: 'files-event-not-array',
    title: 'an event whose value is not an array is skipped; the other events run',
    covers: ['bad-config'],
    files: { [PROJECT]: `${JSON.stringify({ hooks: { PreToolUse: { hooks: [cmd(exit2('NOT-AN-ARRAY'))] }, UserPromptSubmit: [group(undefined, cmd('echo other-event-runs'))] } }, null, 2)}\n` },
  },
  {
    id: 'files-disable-not-boolean',
    title: '"disableAllHooks": "yes" (a string)',
    covers: ['bad-config', 'disable'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(exit2('STRING-DISABLE')))] }, { disableAllHooks: 'yes' }) },
  },
);

CASES.push({
  id: 'trust-untrusted-folder',
  title: 'an untrusted folder (folder trust on, folder not trusted): project hooks are skipped, --yolo falls back to asking, so the shell call is declined',
  covers: ['trust'],
  // The engine's side of the same setting: host.trusted false.
  host: { trusted: false },
  files: {
    [USER]: settings(
      Object.fromEntries(['UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PermissionDenied', 'PostToolUse'].map((e) => [e, [group(undefined, cmd(`echo ran >/dev/null # user ${e}`))]])),
      { security: { folderTrust: { enabled: true } } },
    ),
    [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd('echo project-hook-ran'))] }),
  },
});

// ---- a sweep: how each kind of answer reads on each event that can act on one ----
const ANSWERS = {
  'plain-stdout': 'echo PLAIN-OUT',
  'plain-stderr': 'echo PLAIN-ERR >&2',
  'exit1-plain': 'echo EXIT1-TEXT; exit 1',
  'exit2-stderr': 'echo EXIT2-TEXT >&2; exit 2',
  'json-block': (event) => say({ decision: 'block', reason: `${event}-JSON-BLOCK` }),
  'json-context': (event) => say(ctx(event, `${event}-JSON-CONTEXT`)),
  'exit1-json-block': (event) => `${say({ decision: 'block', reason: `${event}-EXIT1-BLOCK` })}; exit 1`,
};
/** Stop hooks answer only when stop_hook_active is false, so a block continues the turn once. */
const onlyFirstStop = (command) => `grep -q '"stop_hook_active":false' && { ${command}; }`;
for (const event of ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionStart']) {
  for (const [kind, answer] of Object.entries(ANSWERS)) {
    const command = typeof answer === 'function' ? answer(event) : answer;
    CASES.push({
      id: `sweep-${event}-${kind}`,
      title: `${event}: ${kind}`,
      covers: ['sweep', event === 'SessionStart' ? 'cannot-block' : 'exit-codes'],
      ...(event === 'Stop' || event === 'SessionStart' ? { tool: null } : {}),
      files: one(event, undefined, cmd(event === 'Stop' ? onlyFirstStop(command) : command)),
    });
  }
}
