// The Gemini CLI oracle's cases: whole `gemini -p "do it" --yolo` runs against the real CLI and, for comparison,
// through hookplay's gemini-cli dialect. Each case is a small machine: settings files and hook scripts, and what
// the mocked model asks for (by default one run_shell_command call that writes .oracle-ran, then a text).
//
// Keep hooks stateless between events (the engine gives every event a fresh workspace): decide from stdin.

const PROJECT = '.gemini/settings.json';
const USER = '~/.gemini/settings.json';

const settings = (hooks, extra = {}) => `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;
const group = (matcher, ...hooks) => (matcher === undefined ? { hooks } : { matcher, hooks });
const cmd = (command, extra = {}) => ({ type: 'command', command, ...extra });
/** A command printing one JSON answer (the JSON must hold no single quote). */
const say = (answer) => `echo '${JSON.stringify(answer)}'`;
const deny = (reason) => say({ decision: 'deny', reason });
const rewrite = (command) => ({ command: `echo ${command}; echo ${command} > .oracle-ran`, description: 'rewritten' });
/** An AfterTool hook that answers nothing: its stdin shows the tool input as executed. */
const afterProbe = group(undefined, cmd('cat > /dev/null'));

/** One BeforeTool group with `matcher` whose hook denies: the tool runs only if the matcher misses. */
const matcherCase = (id, matcher, matches) => ({
  id,
  title: `BeforeTool matcher ${JSON.stringify(matcher)} ${matches ? 'matches' : 'does not match'} run_shell_command`,
  covers: ['matcher'],
  files: { [PROJECT]: settings({ BeforeTool: [group(matcher, cmd(deny('MATCHED')))] }) },
});

/** @type {{ id: string, title: string, covers: string[], files: Record<string, string>, tool?: object | null, trusted?: boolean, env?: Record<string, string>, timing?: object }[]} */
export const CASES = [
  { id: 'baseline-no-hooks', title: 'no hooks: the tool runs and the run ends', covers: ['baseline'], files: { [PROJECT]: settings({}) } },
  {
    id: 'events-fire-order',
    title: 'one silent hook per event: which events fire how often in a -p run with one tool call',
    covers: ['events'],
    files: {
      [USER]: settings(
        Object.fromEntries(['SessionStart', 'BeforeAgent', 'PreCompress', 'BeforeModel', 'BeforeToolSelection', 'AfterModel', 'BeforeTool', 'AfterTool', 'AfterAgent', 'SessionEnd', 'Notification'].map((e) => [e, [group(undefined, cmd('cat > /dev/null'))]])),
      ),
    },
  },

  // ---- process ----
  {
    id: 'process-env-and-expansion',
    title: 'bash -c in the project dir; GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR set; ${VAR:-x} resolved at load with the CLI env',
    covers: ['process'],
    files: {
      [PROJECT]: settings({
        SessionStart: [group(undefined, cmd('echo "pwd=$(pwd) proj=$GEMINI_PROJECT_DIR claude=${CLAUDE_PROJECT_DIR} cwd_env=${GEMINI_CWD} loadtime=${GEMINI_CWD:-unset-at-load} bash=${BASH_VERSION:+yes}"'))],
      }),
    },
  },
  {
    id: 'parallel-hooks-overlap',
    title: 'two BeforeTool hooks without "sequential" start together',
    covers: ['parallel'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('sleep 0.6; echo {}'), cmd('sleep 0.6; echo "{}"'))] }) },
    timing: { event: 'BeforeTool', maxSpreadMs: 300 },
  },
  {
    id: 'sequential-runs-one-by-one',
    title: 'one group with "sequential": true makes the whole event sequential',
    covers: ['sequential'],
    files: { [PROJECT]: settings({ BeforeTool: [{ sequential: true, hooks: [cmd('sleep 0.6; echo {}')] }, group(undefined, cmd('sleep 0.6; echo "{}"'))] }) },
    timing: { event: 'BeforeTool', minSpreadMs: 500 },
  },
  {
    id: 'sequential-tool-input-chained',
    title: 'sequential: the second hook sees the first one’s tool_input merged into its stdin',
    covers: ['sequential', 'rewrite'],
    files: {
      [PROJECT]: settings({
        BeforeTool: [{ sequential: true, hooks: [cmd(say({ hookSpecificOutput: { tool_input: { command: 'echo chained; echo chained > .oracle-ran' } } })), cmd('cat > /dev/null')] }],
        AfterTool: [afterProbe],
      }),
    },
  },

  // ---- exit codes and output ----
  { id: 'exit2-stderr-denies', title: 'exit 2 with a reason on stderr (stdout empty) denies with it', covers: ['exit-codes'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('echo no-way >&2; exit 2'))] }) } },
  {
    id: 'exit2-stdout-text-is-reason',
    title: 'exit 2 with text on stdout: the reason is stdout, not stderr',
    covers: ['exit-codes', 'divergence'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('echo from-stdout; echo from-stderr >&2; exit 2'))] }) },
  },
  { id: 'exit2-silent-allows', title: 'exit 2 with no output at all does not block', covers: ['exit-codes', 'divergence'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('exit 2'))] }) } },
  { id: 'exit3-plain-denies', title: 'exit 3 with plain text denies, like exit 2', covers: ['exit-codes'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('echo exit-three; exit 3'))] }) } },
  { id: 'exit1-plain-warning', title: 'exit 1 with text on stderr: allowed, systemMessage "Warning: …", the hook counts as failed', covers: ['exit-codes'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('echo careful >&2; exit 1'))] }) } },
  { id: 'exit1-json-deny-still-denies', title: 'exit 1 with a JSON deny on stdout still denies', covers: ['exit-codes', 'json'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`${deny('json-on-exit-1')}; exit 1`))] }) } },
  {
    id: 'stderr-json-parsed',
    title: 'stdout empty: a JSON deny on stderr is parsed and denies',
    covers: ['json', 'divergence'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`${deny('from-stderr-json')} >&2`))] }) },
  },
  { id: 'exit0-plain-text-system-message', title: 'plain text on exit 0 allows and shows the text as a systemMessage', covers: ['json'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('echo just some words'))] }) } },
  { id: 'invalid-json-allows', title: 'stdout that starts like JSON but does not parse: allowed, shown as systemMessage', covers: ['json'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`echo '{"decision": "deny",'`))] }) } },
  {
    id: 'json-string-parsed-twice',
    title: 'stdout that is a JSON string holding JSON is parsed twice',
    covers: ['json'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`echo '"{\\"decision\\":\\"deny\\",\\"reason\\":\\"double\\"}"'`))] }) },
  },
  { id: 'json-scalar-ignored', title: 'a JSON number on stdout says nothing', covers: ['json'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('echo 42'))] }) } },

  // ---- BeforeTool ----
  { id: 'before-tool-json-deny', title: 'decision "deny" stops the tool; the model gets "Tool execution blocked: <reason>"', covers: ['before-tool'], files: { [PROJECT]: settings({ BeforeTool: [group('run_shell_command', cmd(deny('not <this> one')))] }) } },
  { id: 'before-tool-block-alias', title: 'decision "block" acts as deny', covers: ['before-tool'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ decision: 'block', reason: 'blocked-alias' })))] }) } },
  { id: 'before-tool-deny-no-reason', title: 'a deny without a reason: "No reason provided"', covers: ['before-tool'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ decision: 'deny' })))] }) } },
  {
    id: 'before-tool-deny-beats-allow',
    title: 'deny wins over allow whatever the order; every reason is joined with a newline',
    covers: ['before-tool', 'combine'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ decision: 'allow', reason: 'first-allows' })), cmd(deny('second-denies')), cmd(say({ decision: 'allow' })))] }) },
  },
  {
    id: 'before-tool-two-denies-joined',
    title: 'two denies in two files: both reasons, user file first',
    covers: ['before-tool', 'combine', 'files'],
    files: { [USER]: settings({ BeforeTool: [group(undefined, cmd(deny('user-reason')))] }), [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(deny('project-reason')))] }) },
  },
  {
    id: 'before-tool-continue-false',
    title: 'continue: false: the tool does not run and the run ends; stopReason wins over reason',
    covers: ['before-tool', 'continue-false'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ continue: false, stopReason: 'stop-now', reason: 'ignored-reason' })))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))], SessionEnd: [group(undefined, cmd('cat > /dev/null'))] }) },
  },
  {
    id: 'before-tool-ask-yolo',
    title: 'decision "ask" under --yolo in -p mode: the tool does not run and the run ends',
    covers: ['before-tool'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ decision: 'ask', reason: 'ask-me' })))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))], SessionEnd: [group(undefined, cmd('cat > /dev/null'))] }) },
  },
  {
    id: 'before-tool-rewrite-replaces',
    title: 'hookSpecificOutput.tool_input: the tool runs with it; what happens to fields it leaves out',
    covers: ['before-tool', 'rewrite'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ hookSpecificOutput: { tool_input: { command: 'echo rewritten; echo rewritten > .oracle-ran' } } })))], AfterTool: [afterProbe] }) },
  },
  {
    id: 'before-tool-two-rewrites',
    title: 'two parallel rewrites: the later in config order wins whole',
    covers: ['before-tool', 'rewrite', 'combine'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ hookSpecificOutput: { tool_input: rewrite('first') } })), cmd(say({ hookSpecificOutput: { tool_input: rewrite('second') } })))], AfterTool: [afterProbe] }) },
  },
  {
    id: 'before-tool-deny-drops-rewrite',
    title: 'a deny and a rewrite: the tool does not run',
    covers: ['before-tool', 'rewrite'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ hookSpecificOutput: { tool_input: rewrite('never') } })), cmd(deny('denied-anyway')))] }) },
  },
  {
    id: 'system-message-to-user',
    title: 'systemMessage of two hooks reaches the user joined; the model never sees it',
    covers: ['system-message'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ systemMessage: 'note-one' })), cmd(say({ systemMessage: 'note-two' })))] }) },
  },
  {
    id: 'suppress-output-hides-system-message',
    title: 'suppressOutput: true from any hook hides the merged systemMessage',
    covers: ['system-message'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ systemMessage: 'hidden-note' })), cmd(say({ suppressOutput: true })))] }) },
  },

  // ---- matchers ----
  matcherCase('matcher-exact-name', 'run_shell_command', true),
  matcherCase('matcher-partial-unanchored', 'shell', true),
  matcherCase('matcher-anchored-miss', '^shell', false),
  matcherCase('matcher-wrong-case', 'Run_Shell_Command', false),
  matcherCase('matcher-alternation', 'write_file|run_shell_command', true),
  matcherCase('matcher-star', '*', true),
  matcherCase('matcher-empty', '', true),
  matcherCase('matcher-trimmed', '  run_shell_command  ', true),
  matcherCase('matcher-invalid-regex-literal', 'run_shell_command(', false),
  matcherCase('matcher-other-tool', 'read_.*', false),
  {
    id: 'matcher-session-start-exact',
    title: 'SessionStart matchers compare the source exactly: "startup" runs, "start.*" does not',
    covers: ['matcher', 'session-start'],
    files: { [PROJECT]: settings({ SessionStart: [group('startup', cmd('echo exact-startup')), group('start.*', cmd('echo regex-startup'))] }) },
  },
  {
    id: 'matcher-ignored-on-before-agent',
    title: 'BeforeAgent ignores its matcher',
    covers: ['matcher', 'before-agent'],
    files: { [PROJECT]: settings({ BeforeAgent: [group('no-such-thing', cmd(say({ hookSpecificOutput: { additionalContext: 'ran-anyway' } })))] }) },
  },

  // ---- files, dedupe, switches ----
  {
    id: 'files-add-up',
    title: 'user and project hooks of one event both run',
    covers: ['files'],
    files: { [USER]: settings({ AfterTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'from-user' } })))] }), [PROJECT]: settings({ AfterTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'from-project' } })))] }) },
  },
  {
    id: 'dedupe-same-command-runs-once',
    title: 'the same command in both files runs once; a different name makes it another hook',
    covers: ['dedupe', 'files'],
    files: {
      [USER]: settings({ AfterTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'same' } })))] }),
      [PROJECT]: settings({ AfterTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'same' } })), cmd(say({ hookSpecificOutput: { additionalContext: 'same' } }), { name: 'named' }))] }),
    },
  },
  {
    id: 'config-hooks-disabled',
    title: 'hooksConfig.enabled: false in the project file turns off the user file’s hooks too',
    covers: ['switches'],
    files: { [USER]: settings({ BeforeTool: [group(undefined, cmd(deny('user-deny')))] }), [PROJECT]: `${JSON.stringify({ hooksConfig: { enabled: false } })}\n` },
  },
  {
    id: 'config-disabled-by-name',
    title: 'hooksConfig.disabled skips hooks by name, or by command when they have none',
    covers: ['switches'],
    files: {
      [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(deny('named-deny'), { name: 'blocker' }), cmd(deny('plain-deny')), cmd(say({ systemMessage: 'kept' })))] }, { hooksConfig: { disabled: ['blocker', say({ decision: 'deny', reason: 'plain-deny' })] } }),
    },
  },
  {
    id: 'config-invalid-json-fatal',
    title: 'a settings file that does not parse stops Gemini CLI before anything runs',
    covers: ['files', 'bad-config'],
    files: { [USER]: settings({ BeforeTool: [group(undefined, cmd(deny('user-deny')))] }), [PROJECT]: '{ "hooks": { "BeforeTool": [ ], } }\n' },
  },
  {
    id: 'config-comments-allowed',
    title: 'comments in settings.json are fine',
    covers: ['files'],
    files: { [PROJECT]: `// project settings\n{\n  /* hooks */\n  "hooks": { "BeforeTool": [ { "hooks": [ { "type": "command", "command": "echo '{\\"decision\\": \\"deny\\", \\"reason\\": \\"commented\\"}'" } ] } ] }\n}\n` },
  },
  {
    id: 'config-unknown-event-skipped',
    title: 'an unknown event name is skipped with a warning; the file’s other events count',
    covers: ['bad-config'],
    files: { [PROJECT]: settings({ BeforeToolUse: [group(undefined, cmd(deny('never')))], AfterTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'still-here' } })))] }) },
  },
  {
    id: 'config-invalid-entries-dropped',
    title: 'a hook without command, one of an unknown type and a group without hooks are dropped; a valid one runs',
    covers: ['bad-config'],
    files: {
      [PROJECT]: settings({
        BeforeTool: [{ matcher: 'run_shell_command' }, group(undefined, { type: 'command' }, { type: 'prompt', command: 'echo x' }, cmd(say({ systemMessage: 'valid-one' })))],
      }),
    },
  },
  {
    id: 'trust-untrusted-folder-exits',
    title: 'an untrusted folder: gemini -p refuses to run, no hook runs',
    covers: ['trust'],
    trusted: false,
    files: { [USER]: settings({ SessionStart: [group(undefined, cmd('cat > /dev/null'))] }), [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(deny('project')))] }) },
  },

  // ---- timeouts ----
  {
    id: 'timeout-kills-and-ignores',
    title: 'timeout is milliseconds: a 300 ms limit kills a 3 s hook, its deny is lost, the user is told it failed',
    covers: ['timeout'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`sleep 3; ${deny('too-late')}`, { timeout: 300 }))] }) },
  },
  {
    id: 'timeout-milliseconds',
    title: '"timeout": 5 means 5 ms, not seconds: a hook that needs 0.5 s never answers',
    covers: ['timeout'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`sleep 0.5; ${deny('seconds-mistake')}`, { timeout: 5, name: 'five' }))] }) },
  },

  // ---- AfterTool ----
  { id: 'after-tool-context', title: 'AfterTool additionalContext is appended to the tool result, < and > escaped', covers: ['after-tool', 'context'], files: { [PROJECT]: settings({ AfterTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'look <here>' } })))] }) } },
  { id: 'after-tool-deny-hides-result', title: 'AfterTool deny: the tool ran, the model gets "Tool result blocked: <reason>"', covers: ['after-tool'], files: { [PROJECT]: settings({ AfterTool: [group(undefined, cmd(deny('hide-it')))] }) } },
  { id: 'after-tool-continue-false', title: 'AfterTool continue: false ends the run after the tool', covers: ['after-tool', 'continue-false'], files: { [PROJECT]: settings({ AfterTool: [group(undefined, cmd(say({ continue: false, reason: 'after-stop' })))], SessionEnd: [group(undefined, cmd('cat > /dev/null'))] }) } },

  // ---- BeforeAgent ----
  { id: 'before-agent-context', title: 'BeforeAgent additionalContext is sent as its own part after the prompt', covers: ['before-agent', 'context'], files: { [PROJECT]: settings({ BeforeAgent: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'extra-ctx' } })))] }) } },
  { id: 'before-agent-deny', title: 'BeforeAgent deny: no model request at all', covers: ['before-agent'], files: { [PROJECT]: settings({ BeforeAgent: [group(undefined, cmd(deny('prompt-refused')))] }) } },
  { id: 'before-agent-exit2', title: 'BeforeAgent exit 2 with stderr: blocked', covers: ['before-agent', 'exit-codes'], files: { [PROJECT]: settings({ BeforeAgent: [group(undefined, cmd('echo no-prompt >&2; exit 2'))] }) } },
  {
    id: 'before-agent-continue-false',
    title: 'BeforeAgent continue: false: no model request; systemMessage is what the user is told',
    covers: ['before-agent', 'continue-false'],
    files: { [PROJECT]: settings({ BeforeAgent: [group(undefined, cmd(say({ continue: false, stopReason: 'halt-prompt', systemMessage: 'shown-instead' })))] }) },
  },

  // ---- AfterAgent ----
  {
    id: 'after-agent-deny-retries',
    title: 'AfterAgent deny sends the reason back as a prompt; it fires again with stop_hook_active: true',
    covers: ['after-agent'],
    files: { [PROJECT]: settings({ AfterAgent: [group(undefined, cmd(`grep -q '"stop_hook_active":true' && echo '{}' || ${deny('RETRY_PLEASE')}`))] }) },
  },
  { id: 'after-agent-continue-false', title: 'AfterAgent continue: false ends the run', covers: ['after-agent', 'continue-false'], files: { [PROJECT]: settings({ AfterAgent: [group(undefined, cmd(say({ continue: false, stopReason: 'enough' })))], SessionEnd: [group(undefined, cmd('cat > /dev/null'))] }) } },

  // ---- SessionStart ----
  { id: 'session-start-context', title: 'SessionStart additionalContext goes in front of the prompt', covers: ['session-start', 'context'], files: { [PROJECT]: settings({ SessionStart: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'session-ctx' } })))], BeforeAgent: [group(undefined, cmd('cat > /dev/null'))] }) } },
  // ---- model events ----
  { id: 'before-model-deny', title: 'BeforeModel deny: the model call is blocked', covers: ['model-events'], files: { [PROJECT]: settings({ BeforeModel: [group(undefined, cmd(deny('no-model')))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))], SessionEnd: [group(undefined, cmd('cat > /dev/null'))] }) } },
  { id: 'before-model-continue-false', title: 'BeforeModel continue: false stops the run', covers: ['model-events', 'continue-false'], files: { [PROJECT]: settings({ BeforeModel: [group(undefined, cmd(say({ continue: false, stopReason: 'model-stop' })))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))], SessionEnd: [group(undefined, cmd('cat > /dev/null'))] }) } },
  {
    id: 'before-model-synthetic-response',
    title: 'BeforeModel deny with an llm_response: no request, the synthetic answer is used',
    covers: ['model-events'],
    files: { [PROJECT]: settings({ BeforeModel: [group(undefined, cmd(say({ decision: 'deny', reason: 'synthetic', hookSpecificOutput: { llm_response: { candidates: [{ content: { role: 'model', parts: ['SYNTH_ANSWER'] } }] } } })))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))] }) },
  },
  { id: 'after-model-deny', title: 'AfterModel deny: the response is blocked', covers: ['model-events'], files: { [PROJECT]: settings({ AfterModel: [group(undefined, cmd(deny('bad-answer')))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))], SessionEnd: [group(undefined, cmd('cat > /dev/null'))] }) } },
  { id: 'after-model-continue-false', title: 'AfterModel continue: false stops the run', covers: ['model-events', 'continue-false'], files: { [PROJECT]: settings({ AfterModel: [group(undefined, cmd(say({ continue: false, reason: 'after-model-stop' })))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))] }) } },
  {
    id: 'after-model-replace-response',
    title: 'AfterModel llm_response replaces the model’s answer (here the tool call becomes text)',
    covers: ['model-events'],
    files: { [PROJECT]: settings({ AfterModel: [group(undefined, cmd(say({ hookSpecificOutput: { llm_response: { candidates: [{ content: { role: 'model', parts: ['REPLACED_TEXT'] } }] } } })))], AfterAgent: [group(undefined, cmd('cat > /dev/null'))] }) },
  },
  {
    id: 'sequential-before-agent-prompt-chained',
    title: 'sequential BeforeAgent: the next hook’s prompt has the previous additionalContext appended',
    covers: ['sequential', 'before-agent'],
    files: { [PROJECT]: settings({ BeforeAgent: [{ sequential: true, hooks: [cmd(say({ hookSpecificOutput: { additionalContext: 'ctx-one' } })), cmd(say({ hookSpecificOutput: { additionalContext: 'ctx-two' } }))] }] }) },
  },
  {
    id: 'hook-env-field',
    title: 'a hook’s own "env" object reaches its environment (not in the docs)',
    covers: ['process'],
    files: { [PROJECT]: settings({ SessionStart: [group(undefined, cmd('echo "mine=$MY_VAR"', { env: { MY_VAR: 'from-env-field' } }))] }) },
  },
  {
    id: 'matcher-session-end-reason',
    title: 'SessionEnd matchers compare the reason exactly',
    covers: ['matcher'],
    files: { [PROJECT]: settings({ SessionEnd: [group('exit', cmd('cat > /dev/null')), group('other', cmd('cat >/dev/null'))] }) },
  },
  {
    id: 'observation-events-cannot-block',
    title: 'PreCompress and SessionEnd denies and continue: false change nothing',
    covers: ['events'],
    files: { [PROJECT]: settings({ PreCompress: [group(undefined, cmd(say({ decision: 'deny', continue: false, reason: 'pc' })))], SessionEnd: [group(undefined, cmd(say({ decision: 'deny', continue: false, reason: 'se' })))] }) },
  },
  // ---- more precedence and switches ----
  {
    id: 'dedupe-first-declaration-kept',
    title: 'the same command twice with different timeouts: the first declaration (the user file’s 200 ms) is the one that runs',
    covers: ['dedupe', 'timeout'],
    files: { [USER]: settings({ BeforeTool: [group(undefined, cmd(`sleep 1; ${deny('late')}`, { timeout: 200 }))] }), [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`sleep 1; ${deny('late')}`, { timeout: 20000 }))] }) },
  },
  {
    id: 'config-project-reenables-hooks',
    title: 'hooksConfig.enabled: false in the user file, true in the project file: hooks run',
    covers: ['switches', 'files'],
    files: { [USER]: settings({ BeforeTool: [group(undefined, cmd(deny('user-deny')))] }, { hooksConfig: { enabled: false } }), [PROJECT]: `${JSON.stringify({ hooksConfig: { enabled: true } })}\n` },
  },
  {
    id: 'config-disabled-lists-add-up',
    title: 'hooksConfig.disabled of both files add up',
    covers: ['switches', 'files'],
    files: {
      [USER]: settings({ BeforeTool: [group(undefined, cmd(deny('one'), { name: 'one' }), cmd(deny('two'), { name: 'two' }), cmd(say({ systemMessage: 'three-runs' }), { name: 'three' }))] }, { hooksConfig: { disabled: ['one'] } }),
      [PROJECT]: `${JSON.stringify({ hooksConfig: { disabled: ['two'] } })}\n`,
    },
  },
  {
    id: 'after-agent-deny-system-message',
    title: 'AfterAgent deny with a systemMessage: the user sees the systemMessage, the model gets the reason',
    covers: ['after-agent', 'system-message'],
    files: { [PROJECT]: settings({ AfterAgent: [group(undefined, cmd(`grep -q '"stop_hook_active":true' && echo '{}' || ${say({ decision: 'block', reason: 'add-a-summary', systemMessage: 'asking-again' })}`))] }) },
  },
  {
    id: 'before-agent-deny-system-message',
    title: 'BeforeAgent deny with a systemMessage',
    covers: ['before-agent', 'system-message'],
    files: { [PROJECT]: settings({ BeforeAgent: [group(undefined, cmd(say({ decision: 'deny', reason: 'refused', systemMessage: 'told-the-user' })))] }) },
  },
  {
    id: 'matcher-pre-compress-trigger',
    title: 'PreCompress matchers compare the trigger exactly: "auto" runs, "manual" does not',
    covers: ['matcher'],
    files: { [PROJECT]: settings({ PreCompress: [group('auto', cmd('cat > /dev/null')), group('manual', cmd('cat >/dev/null'))] }) },
  },
  {
    id: 'matcher-after-tool-miss',
    title: 'an AfterTool matcher that misses: its context never reaches the model',
    covers: ['matcher', 'after-tool'],
    files: { [PROJECT]: settings({ AfterTool: [group('read_file', cmd(say({ hookSpecificOutput: { additionalContext: 'never' } }))), group('run_shell', cmd(say({ hookSpecificOutput: { additionalContext: 'matched' } })))] }) },
  },
  {
    id: 'matcher-not-a-string',
    title: 'a matcher that is a number breaks the whole BeforeTool event: no hook of it runs',
    covers: ['matcher', 'bad-config'],
    files: { [PROJECT]: settings({ BeforeTool: [group(5, cmd(deny('numeric'))), group(undefined, cmd(deny('plain')))] }) },
  },
  {
    id: 'exit1-json-system-message',
    title: 'exit 1 with a JSON systemMessage: shown, and the hook is reported as failed',
    covers: ['exit-codes', 'system-message'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(`${say({ systemMessage: 'json-on-one' })}; exit 1`, { name: 'one-exit' }))] }) },
  },
  {
    id: 'deny-stop-reason-without-continue',
    title: 'a deny with stopReason but without continue: false: the reason is used, stopReason is not',
    covers: ['before-tool', 'combine'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ decision: 'deny', stopReason: 'not-used', reason: 'used' })))] }) },
  },
  {
    id: 'before-tool-stop-beats-deny',
    title: 'continue: false from one hook and a deny from another: the run stops, both texts joined',
    covers: ['before-tool', 'continue-false', 'combine'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(deny('deny-reason')), cmd(say({ continue: false, reason: 'stop-reason' })))] }) },
  },
  {
    id: 'after-tool-two-contexts',
    title: 'two AfterTool contexts are joined with a newline in one <hook_context>',
    covers: ['after-tool', 'context', 'combine'],
    files: { [PROJECT]: settings({ AfterTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'ctx-a' } })), cmd(say({ hookSpecificOutput: { additionalContext: 'ctx-b' } })))] }) },
  },
  {
    id: 'session-start-suppressed-message',
    title: 'SessionStart systemMessage with suppressOutput: still printed once by gemini -p',
    covers: ['session-start', 'system-message'],
    files: { [PROJECT]: settings({ SessionStart: [group(undefined, cmd(say({ systemMessage: 'hello-session', suppressOutput: true })))] }) },
  },
  {
    id: 'before-tool-ask-loses-to-deny',
    title: 'ask and deny: the deny wins',
    covers: ['before-tool', 'combine'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ decision: 'ask' })), cmd(deny('deny-over-ask')))] }) },
  },
  // ---- more fields per event ----
  {
    id: 'before-tool-context-ignored',
    title: 'BeforeTool additionalContext does not reach the model',
    covers: ['before-tool', 'context'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'before-ctx' } })))] }) },
  },
  {
    id: 'session-start-two-contexts',
    title: 'two SessionStart contexts are joined with a newline in one <hook_context> before the prompt',
    covers: ['session-start', 'context', 'combine'],
    files: { [PROJECT]: settings({ SessionStart: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'start-a' } })), cmd(say({ hookSpecificOutput: { additionalContext: 'start-b' } })))] }) },
  },
  {
    id: 'before-agent-two-contexts',
    title: 'two BeforeAgent contexts are joined with a newline in one part',
    covers: ['before-agent', 'context', 'combine'],
    files: { [PROJECT]: settings({ BeforeAgent: [group(undefined, cmd(say({ hookSpecificOutput: { additionalContext: 'agent-a' } })), cmd(say({ hookSpecificOutput: { additionalContext: 'agent-b' } })))] }) },
  },
  { id: 'exit1-plain-stdout-warning', title: 'exit 1 with plain text on stdout: "Warning: <text>"', covers: ['exit-codes'], files: { [PROJECT]: settings({ AfterTool: [group(undefined, cmd('echo after-warn; exit 1'))] }) } },
  {
    id: 'before-tool-input-not-object',
    title: 'a tool_input that is a string is ignored: the tool runs as asked',
    covers: ['before-tool', 'rewrite'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ hookSpecificOutput: { tool_input: 'echo nope' } })))] }) },
  },
  { id: 'hook-killed-by-signal', title: 'a hook killed by a signal counts as failed; its plain output still reads as exit 0 text', covers: ['exit-codes'], files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd('echo before-kill; kill -9 $$', { name: 'killed' }))] }) } },
  {
    id: 'after-agent-stop-system-message',
    title: 'AfterAgent continue: false with a systemMessage: the user is told the systemMessage',
    covers: ['after-agent', 'continue-false', 'system-message'],
    files: { [PROJECT]: settings({ AfterAgent: [group(undefined, cmd(say({ continue: false, stopReason: 'halted', systemMessage: 'bye-now' })))] }) },
  },
  {
    id: 'before-tool-deny-system-message',
    title: 'a deny with a systemMessage: the user sees it, the model gets the reason',
    covers: ['before-tool', 'system-message'],
    files: { [PROJECT]: settings({ BeforeTool: [group(undefined, cmd(say({ decision: 'deny', reason: 'model-reason', systemMessage: 'user-note' })))] }) },
  },
  {
    id: 'after-agent-timeout',
    title: 'a slow AfterAgent hook is killed at its timeout: the run ends normally',
    covers: ['after-agent', 'timeout'],
    files: { [PROJECT]: settings({ AfterAgent: [group(undefined, cmd(`sleep 2; ${deny('too-late')}`, { timeout: 400 }))] }) },
  },
  { id: 'session-start-cannot-block', title: 'SessionStart deny and continue: false are ignored', covers: ['session-start'], files: { [PROJECT]: settings({ SessionStart: [group(undefined, cmd(say({ decision: 'deny', continue: false, reason: 'no-start' })))] }) } },
];
