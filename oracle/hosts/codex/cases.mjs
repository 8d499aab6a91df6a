// The Codex oracle's cases: whole `codex exec "do it"` sessions run against the real CLI and, for comparison,
// through hookplay's codex dialect. Each case is a small machine: hook config files and scripts, and the shell
// command the mocked model runs (`exec_command`, reported to hooks as Bash) — by default `echo original`.
//
// Keep hooks stateless between events (decide from stdin, e.g. `stop_hook_active`), and every text one line.

/** @typedef {{ id: string, title: string, covers: string[], files: Record<string, string>, tool?: string | null,
 *   trusted?: boolean, timing?: { minGapMs?: number, maxGapMs?: number } }} CodexCase */

export const USER = '~/.codex/hooks.json';
export const PROJECT = '.codex/hooks.json';
export const USER_TOML = '~/.codex/config.toml';
export const PROJECT_TOML = '.codex/config.toml';

const hooksFile = (hooks) => `${JSON.stringify({ hooks }, null, 2)}\n`;
const group = (matcher, ...hooks) => (matcher === undefined ? { hooks } : { matcher, hooks });
const cmd = (command, extra = {}) => ({ type: 'command', command, ...extra });
/** A command printing one JSON answer. */
const say = (answer) => `echo '${JSON.stringify(answer)}'`;
const hso = (event, fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
const ctx = (event, text) => say(hso(event, { additionalContext: text }));
const deny = (reason) => say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: reason }));
const exit2 = (reason) => `echo ${reason} >&2; exit 2`;
const one = (event, ...hooks) => hooksFile({ [event]: [group(undefined, ...hooks)] });
const pre = (...hooks) => hooksFile({ PreToolUse: [group('Bash', ...hooks)] });
/** A Stop hook that answers only on the first Stop (stop_hook_active false): codex has no loop cap. */
const firstStop = (answer) => `if grep -q '"stop_hook_active":false'; then ${answer}; fi`;

/** One PreToolUse group with `matcher` whose hook denies: the tool runs only if the matcher misses. */
const matcherCase = (id, matcher, matches) => ({
  id: `matcher-${id}`,
  title: `PreToolUse matcher ${JSON.stringify(matcher)} ${matches ? 'matches' : 'does not match'} Bash`,
  covers: ['matcher'],
  files: { [USER]: hooksFile({ PreToolUse: [matcher === undefined ? group(undefined, cmd(exit2('MATCHED'))) : { matcher, hooks: [cmd(exit2('MATCHED'))] }] }) },
});

/** @type {CodexCase[]} */
export const CASES = [
  { id: 'baseline-no-hooks', title: 'no hooks: the tool runs and the turn ends', covers: ['baseline'], files: {} },
  { id: 'baseline-text-only', title: 'a text-only turn: no tool events', covers: ['baseline'], files: { [USER]: one('Stop', cmd('cat >/dev/null')) }, tool: null },

  // ---- process ----
  {
    id: 'process-shell-cwd-group',
    title: 'hooks run with bash -c (not a login shell), in the session cwd, each its own process group',
    covers: ['process'],
    files: {
      [USER]: one(
        'UserPromptSubmit',
        cmd(`echo "bash=\${BASH_VERSION:+yes} login=$(shopt -q login_shell && echo yes || echo no) pwd=$(pwd) own_group=$([ "$(cut -d' ' -f5 /proc/$$/stat)" = "$$" ] && echo yes || echo no) project_dir=\${CODEX_PROJECT_DIR:-unset} claude_dir=\${CLAUDE_PROJECT_DIR:-unset}"`),
      ),
    },
  },
  {
    id: 'process-payload-fields',
    title: 'the stdin payload: field order per event, one line, no trailing newline',
    covers: ['process', 'payload'],
    files: {
      [USER]: hooksFile({
        SessionStart: [group(undefined, cmd('node "$HOME/keys.mjs" SessionStart'))],
        UserPromptSubmit: [group(undefined, cmd('node "$HOME/keys.mjs" UserPromptSubmit'))],
        PreToolUse: [group(undefined, cmd('node "$HOME/keys.mjs" PreToolUse'))],
        PostToolUse: [group(undefined, cmd('node "$HOME/keys.mjs" PostToolUse'))],
      }),
      '~/keys.mjs': [
        "let raw = '';",
        "process.stdin.on('data', (c) => (raw += c));",
        "process.stdin.on('end', () => {",
        '  const p = JSON.parse(raw);',
        "  const facts = `keys=${Object.keys(p).join(',')} cwd_is_pwd=${p.cwd === process.cwd()} newline=${raw.endsWith('\\n')} lines=${raw.split('\\n').length} mode=${p.permission_mode} model=${p.model} tool=${p.tool_name ?? '-'} input=${JSON.stringify(p.tool_input ?? null)} response=${JSON.stringify(p.tool_response ?? null)} source=${p.source ?? '-'}`;",
        "  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: process.argv[2], additionalContext: facts } }));",
        '});',
        '',
      ].join('\n'),
    },
  },
  {
    id: 'process-parallel',
    title: 'matching hooks of one event start together: two 1-second hooks take about 1 second',
    covers: ['parallel'],
    files: { [USER]: pre(cmd('sleep 1'), cmd('sleep 1')) },
    timing: { minGapMs: 900, maxGapMs: 1900 },
  },
  {
    id: 'process-parallel-across-files',
    title: 'user and project hooks of one event start together too',
    covers: ['parallel', 'config-files'],
    files: { [USER]: pre(cmd('sleep 1')), [PROJECT]: pre(cmd('sleep 1')) },
    timing: { minGapMs: 900, maxGapMs: 1900 },
  },
  {
    id: 'process-no-dedupe-same-group',
    title: 'an identical command twice in one group runs twice',
    covers: ['dedupe'],
    files: { [USER]: pre(cmd(ctx('PreToolUse', 'RAN')), cmd(ctx('PreToolUse', 'RAN'))) },
  },
  {
    id: 'process-no-dedupe-across-files',
    title: 'an identical command in user and project files runs twice',
    covers: ['dedupe', 'config-files'],
    files: { [USER]: pre(cmd(ctx('PreToolUse', 'RAN'))), [PROJECT]: pre(cmd(ctx('PreToolUse', 'RAN'))) },
  },

  // ---- timeouts ----
  {
    id: 'timeout-kills-and-drops-answer',
    title: 'timeout is in seconds; a hook past it is killed and its printed deny is dropped',
    covers: ['timeout'],
    files: { [USER]: pre(cmd(`${deny('TOO_LATE')}; sleep 4`, { timeout: 1 })) },
    timing: { minGapMs: 800, maxGapMs: 3500 },
  },
  {
    id: 'timeout-sec-alias-ignored',
    title: '"timeoutSec" is not read: the hook keeps the 600 s default and its deny counts',
    covers: ['timeout', 'config'],
    files: { [USER]: pre(cmd(`sleep 2; ${deny('SLOW_DENY')}`, { timeoutSec: 1 })) },
  },
  {
    id: 'timeout-float-drops-file',
    title: 'a non-integer timeout makes the whole file unreadable',
    covers: ['timeout', 'config'],
    files: { [USER]: pre(cmd(deny('NEVER'), { timeout: 1.5 })), [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))) },
  },

  // ---- config files ----
  {
    id: 'config-user-and-project-add-up',
    title: 'hooks from the user and the project file both run',
    covers: ['config-files'],
    files: { [USER]: pre(cmd(ctx('PreToolUse', 'USER_CTX'))), [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_CTX'))) },
  },
  {
    id: 'config-untrusted-project',
    title: 'an untrusted project: its .codex/ hooks are skipped, user hooks still run',
    covers: ['config-files', 'trust'],
    trusted: false,
    files: { [USER]: pre(cmd(ctx('PreToolUse', 'USER_CTX'))), [PROJECT]: pre(cmd(deny('PROJECT_DENY'))) },
  },
  {
    id: 'config-toml-and-json',
    title: 'inline [[hooks.PreToolUse]] in config.toml and hooks.json of one layer both run (with a warning)',
    covers: ['config-files', 'toml'],
    files: {
      [USER]: pre(cmd(ctx('PreToolUse', 'JSON_CTX'))),
      [USER_TOML]: `[[hooks.PreToolUse]]\nmatcher = "Bash"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo '{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"PreToolUse\\",\\"additionalContext\\":\\"TOML_CTX\\"}}'"\n`,
    },
  },
  {
    id: 'config-toml-project',
    title: 'inline hooks in the project config.toml run in a trusted project',
    covers: ['config-files', 'toml'],
    files: { [PROJECT_TOML]: `[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo TOML_DENY >&2; exit 2"\n` },
  },
  {
    id: 'config-invalid-json-drops-file',
    title: 'a hooks.json that is not JSON is dropped whole; the other file still counts',
    covers: ['config-files', 'config'],
    files: { [USER]: '{"hooks": {"PreToolUse": [ }', [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))) },
  },
  {
    id: 'config-missing-type-drops-file',
    title: 'a handler without "type" makes the whole file unreadable',
    covers: ['config'],
    files: {
      [USER]: hooksFile({ PreToolUse: [group('Bash', { command: exit2('NO_TYPE') })], UserPromptSubmit: [group(undefined, cmd('echo USER_PROMPT_CTX'))] }),
      [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))),
    },
  },
  {
    id: 'config-unknown-event-ignored',
    title: 'an unknown event name and a wrong-case one are ignored; the rest of the file loads',
    covers: ['config'],
    files: { [USER]: hooksFile({ NotAnEvent: [group(undefined, cmd('echo x'))], pretooluse: [group(undefined, cmd(exit2('LOWER')))], PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'KNOWN_RAN')))] }) },
  },
  {
    id: 'config-flat-handler-is-empty',
    title: 'a handler written directly in the event array (no "hooks" list) runs nothing, silently',
    covers: ['config'],
    files: { [USER]: `${JSON.stringify({ hooks: { PreToolUse: [cmd(exit2('FLAT'))] } }, null, 2)}\n` },
  },
  {
    id: 'config-prompt-handler-skipped',
    title: 'a "prompt" handler is skipped with a warning; its command sibling still runs',
    covers: ['config'],
    files: { [USER]: pre({ type: 'prompt', prompt: 'is this ok?' }, cmd(ctx('PreToolUse', 'SIBLING_RAN'))) },
  },
  {
    id: 'config-empty-command-skipped',
    title: 'an empty command is skipped; the others run',
    covers: ['config'],
    files: { [USER]: pre(cmd(''), cmd(ctx('PreToolUse', 'OTHER_RAN'))) },
  },
  {
    id: 'config-features-hooks-false',
    title: '[features] hooks = false in config.toml turns every hook off',
    covers: ['config', 'disable'],
    files: { [USER_TOML]: '[features]\nhooks = false\n', [USER]: pre(cmd(exit2('DISABLED'))), [PROJECT]: one('UserPromptSubmit', cmd('echo PROMPT_CTX')) },
  },

  // ---- matchers ----
  matcherCase('exact', 'Bash', true),
  matcherCase('prefix-regex', '^Ba', true),
  matcherCase('dot-regex', 'B.sh', true),
  matcherCase('list', 'Edit|Bash', true),
  matcherCase('star', '*', true),
  matcherCase('empty', '', true),
  matcherCase('dot-star', '.*', true),
  matcherCase('case-flag', '(?i)bash', true),
  matcherCase('absent', undefined, true),
  matcherCase('null', null, true),
  matcherCase('lowercase', 'bash', false),
  matcherCase('partial-name', 'Bas', false),
  matcherCase('suffix-name', 'ash', false),
  matcherCase('internal-name', 'exec_command', false),
  matcherCase('trailing-space', 'Bash ', false),
  matcherCase('unanchored-inside', 'as', false),
  matcherCase('regex-inside', 'a.h', true),
  {
    id: 'matcher-invalid-regex-drops-group',
    title: 'an invalid regex drops its group (with a warning); other groups still run',
    covers: ['matcher'],
    files: { [USER]: hooksFile({ PreToolUse: [{ matcher: '[', hooks: [cmd(exit2('BAD'))] }, group('Bash', cmd(ctx('PreToolUse', 'GOOD_RAN')))] }) },
  },
  {
    id: 'matcher-session-start-source',
    title: 'SessionStart matches the source: startup, not resume',
    covers: ['matcher', 'session-start'],
    files: { [USER]: hooksFile({ SessionStart: [group('startup', cmd('echo STARTUP_CTX')), group('resume', cmd('echo RESUME_CTX'))] }) },
  },
  {
    id: 'matcher-ignored-on-prompt-and-stop',
    title: 'UserPromptSubmit and Stop ignore their matchers, even an invalid regex',
    covers: ['matcher', 'prompt', 'stop'],
    files: { [USER]: hooksFile({ UserPromptSubmit: [group('[', cmd('echo PROMPT_CTX'))], Stop: [group('nomatch', cmd('cat >/dev/null'))] }) },
  },
  {
    id: 'matcher-session-end-reason',
    title: 'SessionEnd matches the reason ("other")',
    covers: ['matcher', 'session-end'],
    files: { [USER]: hooksFile({ SessionEnd: [group('other', cmd('cat >/dev/null')), group('logout', cmd('cat >/dev/null'))] }) },
  },

  // ---- PreToolUse answers ----
  { id: 'pre-exit2-blocks', title: 'exit 2 with stderr blocks the tool; the model reads the reason and the command', covers: ['pre-exit-codes'], files: { [USER]: pre(cmd(exit2('NO_WAY'))) } },
  { id: 'pre-exit2-empty-stderr', title: 'exit 2 with nothing on stderr does not block', covers: ['pre-exit-codes'], files: { [USER]: pre(cmd('exit 2')) } },
  { id: 'pre-exit2-ignores-stdout', title: 'exit 2 ignores stdout: the stderr text is the reason', covers: ['pre-exit-codes'], files: { [USER]: pre(cmd(`${deny('STDOUT_REASON')}; echo STDERR_REASON >&2; exit 2`)) } },
  { id: 'pre-exit1-with-deny', title: 'exit 1 with a deny on stdout: fail-open, the tool runs', covers: ['pre-exit-codes'], files: { [USER]: pre(cmd(`${deny('IGNORED')}; exit 1`)) } },
  { id: 'pre-exit3', title: 'exit 3 with stderr: the tool runs', covers: ['pre-exit-codes'], files: { [USER]: pre(cmd('echo OOPS >&2; exit 3')) } },
  { id: 'pre-deny', title: 'permissionDecision deny with a reason blocks', covers: ['pre-output'], files: { [USER]: pre(cmd(deny('JSON_DENY'))) } },
  { id: 'pre-deny-no-reason', title: 'deny without a reason does not block', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'deny' })))) } },
  { id: 'pre-deny-empty-reason', title: 'deny with an empty reason does not block', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: '' })))) } },
  { id: 'pre-legacy-block', title: 'legacy decision "block" with a reason blocks', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ decision: 'block', reason: 'LEGACY_BLOCK' }))) } },
  { id: 'pre-legacy-approve', title: 'legacy decision "approve" does nothing', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ decision: 'approve', reason: 'OK' }))) } },
  { id: 'pre-ask', title: 'permissionDecision ask does nothing', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'ASK' })))) } },
  { id: 'pre-allow-alone', title: 'permissionDecision allow without updatedInput does nothing', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow' })))) } },
  { id: 'pre-deny-wrong-case', title: '"DENY" is not deny', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'DENY', permissionDecisionReason: 'UPPER' })))) } },
  { id: 'pre-unknown-field', title: 'an unknown top-level field invalidates the whole answer', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ foo: 1, ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'WITH_FOO' }) }))) } },
  { id: 'pre-invalid-json', title: 'invalid JSON on stdout: the tool runs', covers: ['pre-output'], files: { [USER]: pre(cmd(`echo '{"hookSpecificOutput": {'`)) } },
  { id: 'pre-plain-text', title: 'plain text on stdout is ignored', covers: ['pre-output'], files: { [USER]: pre(cmd('echo just some words')) } },
  { id: 'pre-text-before-json', title: 'text before the JSON: not read', covers: ['pre-output'], files: { [USER]: pre(cmd(`echo hello; ${deny('AFTER_TEXT')}`)) } },
  { id: 'pre-event-name-not-checked', title: 'hookEventName inside hookSpecificOutput is not checked', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PostToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'OTHER_EVENT_NAME' })))) } },
  { id: 'pre-legacy-and-hso', title: 'legacy block and hookSpecificOutput deny together: the hookSpecificOutput reason is used', covers: ['pre-output', 'pre-precedence'], files: { [USER]: pre(cmd(say({ decision: 'block', reason: 'LEGACY', ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'HSO' }) }))) } },
  { id: 'pre-continue-false', title: 'continue: false on PreToolUse is not honoured: the tool runs', covers: ['pre-output', 'continue-false'], files: { [USER]: pre(cmd(say({ continue: false, stopReason: 'HALT' }))) } },
  { id: 'pre-system-message', title: 'systemMessage shows nothing to the model', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ systemMessage: 'FOR_THE_USER' }))) } },
  { id: 'pre-context', title: 'additionalContext becomes a developer message next to the tool output', covers: ['context'], files: { [USER]: pre(cmd(ctx('PreToolUse', 'PRE_CTX'))) } },
  { id: 'pre-context-kept-on-deny', title: 'contexts are kept when another hook denies', covers: ['context', 'pre-precedence'], files: { [USER]: pre(cmd(ctx('PreToolUse', 'CTX_A')), cmd(exit2('DENIED')), cmd(ctx('PreToolUse', 'CTX_B'))) } },
  { id: 'pre-rewrite', title: 'allow + updatedInput.command runs the new command', covers: ['rewrite'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } })))) } },
  { id: 'pre-rewrite-without-allow', title: 'updatedInput without allow is ignored', covers: ['rewrite'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { updatedInput: { command: 'echo rewritten' } })))) } },
  { id: 'pre-rewrite-no-command', title: 'updatedInput without a string command: the tool does not run', covers: ['rewrite'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { cmd: 'echo rewritten' } })))) } },
  {
    id: 'pre-rewrite-last-to-finish-wins',
    title: 'two rewrites: the hook that finishes last wins, whatever the order',
    covers: ['rewrite', 'pre-precedence'],
    files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo fast' } }))), cmd(`sleep 0.8; ${say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo slow' } }))}`)) },
  },
  {
    id: 'pre-rewrite-slow-first-wins',
    title: 'two rewrites, the slow one configured first: still the slow one',
    covers: ['rewrite', 'pre-precedence'],
    files: { [USER]: pre(cmd(`sleep 0.8; ${say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo slow' } }))}`), cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo fast' } })))) },
  },
  {
    id: 'pre-block-beats-rewrite',
    title: 'a block beats a rewrite; the original command is quoted',
    covers: ['rewrite', 'pre-precedence'],
    files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } }))), cmd(`sleep 0.5; ${exit2('SLOW_DENY')}`)) },
  },
  {
    id: 'pre-two-blocks-first-configured',
    title: 'two blocks: the reason of the first configured hook is shown, even when it finishes last',
    covers: ['pre-precedence'],
    files: { [USER]: pre(cmd(`sleep 0.6; ${exit2('FIRST_SLOW')}`), cmd(deny('SECOND_FAST'))) },
  },

  // ---- PostToolUse ----
  { id: 'post-block-replaces-output', title: 'PostToolUse decision block: the model reads the reason instead of the output', covers: ['post'], files: { [USER]: one('PostToolUse', cmd(say({ decision: 'block', reason: 'POST_BLOCK' }))) } },
  { id: 'post-exit2', title: 'PostToolUse exit 2: stderr replaces the output', covers: ['post'], files: { [USER]: one('PostToolUse', cmd(exit2('POST_EXIT2'))) } },
  { id: 'post-continue-false', title: 'PostToolUse continue: false with stopReason replaces the output, the turn goes on', covers: ['post', 'continue-false'], files: { [USER]: one('PostToolUse', cmd(say({ continue: false, stopReason: 'POST_STOP' }))) } },
  { id: 'post-context', title: 'PostToolUse additionalContext becomes a developer message', covers: ['post', 'context'], files: { [USER]: one('PostToolUse', cmd(ctx('PostToolUse', 'POST_CTX'))) } },
  { id: 'post-after-failing-command', title: 'PostToolUse runs after a command that exits non-zero', covers: ['post'], tool: 'echo to_stderr >&2; exit 3', files: { [USER]: one('PostToolUse', cmd(ctx('PostToolUse', 'AFTER_FAIL'))) } },
  { id: 'post-updated-output-ignored', title: 'updatedMCPToolOutput has no effect on a shell tool', covers: ['post'], files: { [USER]: one('PostToolUse', cmd(say(hso('PostToolUse', { updatedMCPToolOutput: 'REPLACED' })))) } },

  // ---- UserPromptSubmit ----
  { id: 'prompt-block', title: 'UserPromptSubmit decision block: no model request at all', covers: ['prompt'], files: { [USER]: one('UserPromptSubmit', cmd(say({ decision: 'block', reason: 'NO_PROMPT' }))) } },
  { id: 'prompt-exit2', title: 'UserPromptSubmit exit 2: no model request', covers: ['prompt'], files: { [USER]: one('UserPromptSubmit', cmd(exit2('NO_PROMPT'))) } },
  { id: 'prompt-continue-false', title: 'UserPromptSubmit continue: false: no model request', covers: ['prompt', 'continue-false'], files: { [USER]: one('UserPromptSubmit', cmd(say({ continue: false, stopReason: 'HALT' }))) } },
  { id: 'prompt-context-and-plain', title: 'UserPromptSubmit additionalContext and plain stdout both reach the model', covers: ['prompt', 'context'], files: { [USER]: one('UserPromptSubmit', cmd(ctx('UserPromptSubmit', 'PROMPT_CTX')), cmd('echo PLAIN_PROMPT')) } },
  { id: 'prompt-exit1', title: 'UserPromptSubmit exit 1 is ignored', covers: ['prompt'], files: { [USER]: one('UserPromptSubmit', cmd('echo WHATEVER; exit 1')) } },

  // ---- SessionStart ----
  { id: 'session-start-context', title: 'SessionStart additionalContext and plain stdout reach the model', covers: ['session-start', 'context'], files: { [USER]: one('SessionStart', cmd(ctx('SessionStart', 'START_CTX')), cmd('echo START_PLAIN')) } },
  { id: 'session-start-continue-false', title: 'SessionStart continue: false: the session does nothing', covers: ['session-start', 'continue-false'], files: { [USER]: one('SessionStart', cmd(say({ continue: false }))) } },
  { id: 'session-start-exit2', title: 'SessionStart exit 2 is ignored', covers: ['session-start'], files: { [USER]: one('SessionStart', cmd(exit2('NOPE'))) } },

  // ---- Stop ----
  { id: 'stop-block-continues', title: 'Stop decision block: one more model request with the reason as a hook prompt', covers: ['stop'], files: { [USER]: one('Stop', cmd(firstStop(say({ decision: 'block', reason: 'KEEP_GOING' })))) } },
  { id: 'stop-exit2-continues', title: 'Stop exit 2: one more model request with stderr', covers: ['stop'], files: { [USER]: one('Stop', cmd(firstStop(exit2('KEEP_GOING_2')))) } },
  { id: 'stop-two-blocks', title: 'two blocking Stop hooks: one user message, both prompts, configured order', covers: ['stop'], files: { [USER]: one('Stop', cmd(firstStop(`sleep 0.4; ${say({ decision: 'block', reason: 'FIRST' })}`)), cmd(firstStop(say({ decision: 'block', reason: 'SECOND' })))) } },
  { id: 'stop-continue-false-beats-block', title: 'continue: false beats a block from another Stop hook', covers: ['stop', 'continue-false'], files: { [USER]: one('Stop', cmd(firstStop(say({ decision: 'block', reason: 'BLOCK' }))), cmd(say({ continue: false }))) } },
  { id: 'stop-block-no-reason', title: 'Stop block without a reason: the turn just ends', covers: ['stop'], files: { [USER]: one('Stop', cmd(say({ decision: 'block' }))) } },
  { id: 'stop-project-hook-prompt-id', title: 'a Stop block from the project file, after user hooks: the hook prompt names its index and file', covers: ['stop', 'config-files'], files: { [USER]: hooksFile({ PreToolUse: [group(undefined, cmd('true'), cmd('true'))], Stop: [group(undefined, cmd('cat >/dev/null'))] }), [PROJECT]: one('Stop', cmd(firstStop(say({ decision: 'block', reason: 'FROM_PROJECT' })))) } },

  // ---- model requests, session end ----
  { id: 'model-request-cannot-block', title: 'PreModelRequest exit 2 and PostModelRequest block change nothing; both fire around every request', covers: ['model-request'], files: { [USER]: hooksFile({ PreModelRequest: [group(undefined, cmd(exit2('NO_MODEL')))], PostModelRequest: [group(undefined, cmd(say({ decision: 'block', reason: 'NO' })))] }) } },
  { id: 'session-end-runs', title: 'SessionEnd fires once at the end; it cannot change anything', covers: ['session-end'], files: { [USER]: one('SessionEnd', cmd(exit2('BYE'))) } },

  // ---- second sweep: rules users trip over, and corners of the output schema ----
  { id: 'session-end-timeout-clamped', title: 'a SessionEnd timeout above 3 s is clamped, with a warning', covers: ['session-end', 'timeout'], files: { [USER]: one('SessionEnd', cmd('cat >/dev/null', { timeout: 10 })) } },
  { id: 'timeout-zero-acts-as-one-second', title: 'timeout 0 acts as 1 second', covers: ['timeout'], files: { [USER]: pre(cmd(`sleep 2; ${deny('LATE')}`, { timeout: 0 })) }, timing: { minGapMs: 800, maxGapMs: 1900 } },
  { id: 'pre-hso-without-event-name', title: 'hookSpecificOutput without hookEventName: the answer is invalid, the tool runs', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'NO_NAME' } }))) } },
  { id: 'pre-hso-unknown-field', title: 'an unknown field inside hookSpecificOutput invalidates the answer', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'EXTRA', extra: 1 })))) } },
  { id: 'pre-json-array', title: 'a JSON array on stdout: the hook fails, the tool runs', covers: ['pre-output'], files: { [USER]: pre(cmd(`echo '[1,2]'`)) } },
  { id: 'pre-suppress-output-false', title: 'suppressOutput false with a deny: still a valid deny', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ suppressOutput: false, ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'QUIET_DENY' }) }))) } },
  { id: 'pre-context-with-continue-false', title: 'additionalContext next to an unsupported continue: false: the whole answer is dropped', covers: ['pre-output', 'context'], files: { [USER]: pre(cmd(say({ continue: false, ...hso('PreToolUse', { additionalContext: 'CTX_WITH_HALT' }) }))) } },
  { id: 'pre-context-with-ask', title: 'additionalContext next to permissionDecision ask', covers: ['pre-output', 'context'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'ask', additionalContext: 'CTX_WITH_ASK' })))) } },
  { id: 'pre-deny-whitespace-reason', title: 'deny with a whitespace-only reason', covers: ['pre-output'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: '   ' })))) } },
  { id: 'pre-exit2-whitespace-stderr', title: 'exit 2 with only whitespace on stderr does not block', covers: ['pre-exit-codes'], files: { [USER]: pre(cmd(`printf '  \\n' >&2; exit 2`)) } },
  { id: 'pre-exit2-multiline-stderr', title: 'exit 2 with two lines of stderr: the reason is both, trimmed', covers: ['pre-exit-codes'], files: { [USER]: pre(cmd(`printf '\\n LINE_ONE\\nLINE_TWO \\n' >&2; exit 2`)) } },
  { id: 'pre-rewrite-extra-keys', title: 'a rewrite with extra keys: only command counts', covers: ['rewrite'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten', justification: 'x' } })))) } },
  { id: 'pre-rewrite-fast-then-silent', title: 'a rewrite survives a slower hook that prints nothing', covers: ['rewrite'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } }))), cmd('sleep 0.6')) } },
  { id: 'pre-rewrite-and-context', title: 'a rewrite and a context from the same hook', covers: ['rewrite', 'context'], files: { [USER]: pre(cmd(say(hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' }, additionalContext: 'REWRITE_CTX' })))) } },
  { id: 'pre-block-user-vs-project', title: 'a project deny and a user deny: the user file comes first in configured order', covers: ['pre-precedence', 'config-files'], files: { [USER]: pre(cmd(`sleep 0.5; ${deny('USER_DENY')}`)), [PROJECT]: pre(cmd(deny('PROJECT_DENY'))) } },
  { id: 'pre-matcher-two-groups', title: 'two matching groups in one file both run; a non-matching one does not', covers: ['matcher'], files: { [USER]: hooksFile({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'GROUP_ONE'))), group('Edit', cmd(ctx('PreToolUse', 'GROUP_EDIT'))), group('*', cmd(ctx('PreToolUse', 'GROUP_STAR')))] }) } },
  { id: 'post-two-blocks-joined', title: 'two PostToolUse blocks: both reasons replace the output', covers: ['post'], files: { [USER]: one('PostToolUse', cmd(say({ decision: 'block', reason: 'POST_ONE' })), cmd(exit2('POST_TWO'))) } },
  { id: 'post-exit1', title: 'PostToolUse exit 1: the output stays', covers: ['post'], files: { [USER]: one('PostToolUse', cmd('echo NOPE >&2; exit 1')) } },
  { id: 'post-block-no-reason', title: 'PostToolUse block without a reason: the output stays', covers: ['post'], files: { [USER]: one('PostToolUse', cmd(say({ decision: 'block' }))) } },
  { id: 'post-block-and-context', title: 'PostToolUse block and additionalContext from one hook', covers: ['post', 'context'], files: { [USER]: one('PostToolUse', cmd(say({ decision: 'block', reason: 'POST_REASON', ...hso('PostToolUse', { additionalContext: 'POST_SIDE_CTX' }) }))) } },
  { id: 'post-continue-false-no-reason', title: 'PostToolUse continue: false without stopReason', covers: ['post', 'continue-false'], files: { [USER]: one('PostToolUse', cmd(say({ continue: false }))) } },
  { id: 'post-plain-text', title: 'PostToolUse plain stdout is ignored', covers: ['post'], files: { [USER]: one('PostToolUse', cmd('echo SOME_TEXT')) } },
  { id: 'prompt-block-no-reason', title: 'UserPromptSubmit block without a reason: the prompt goes through', covers: ['prompt'], files: { [USER]: one('UserPromptSubmit', cmd(say({ decision: 'block' }))) } },
  { id: 'prompt-invalid-json', title: 'UserPromptSubmit invalid JSON: not context, the prompt goes through', covers: ['prompt'], files: { [USER]: one('UserPromptSubmit', cmd(`echo '{"broken'`)) } },
  { id: 'prompt-exit2-empty-stderr', title: 'UserPromptSubmit exit 2 without stderr: the prompt goes through', covers: ['prompt'], files: { [USER]: one('UserPromptSubmit', cmd('echo CTX_ON_STDOUT; exit 2')) } },
  { id: 'prompt-block-and-context', title: 'one UserPromptSubmit hook blocks, another adds context: no request', covers: ['prompt', 'context'], files: { [USER]: one('UserPromptSubmit', cmd(ctx('UserPromptSubmit', 'LOST_CTX')), cmd(exit2('STOP_PROMPT'))) } },
  { id: 'session-start-matcher-star', title: 'SessionStart matcher "*" and "startup|resume" match', covers: ['matcher', 'session-start'], files: { [USER]: hooksFile({ SessionStart: [group('*', cmd('echo STAR_CTX')), group('startup|resume', cmd('echo LIST_CTX')), group('Startup', cmd('echo CASE_CTX'))] }) } },
  { id: 'session-start-block-ignored', title: 'SessionStart decision block is not in its schema: the hook fails, nothing happens', covers: ['session-start'], files: { [USER]: one('SessionStart', cmd(say({ decision: 'block', reason: 'NO_START' }))) } },
  { id: 'stop-plain-text', title: 'Stop plain stdout: the turn just ends', covers: ['stop'], files: { [USER]: one('Stop', cmd('echo SOME_TEXT')) } },
  { id: 'stop-exit1', title: 'Stop exit 1: the turn ends', covers: ['stop'], files: { [USER]: one('Stop', cmd('echo X >&2; exit 1')) } },
  { id: 'stop-hso-invalid', title: 'Stop with hookSpecificOutput (not in its schema): the hook fails, no continuation', covers: ['stop'], files: { [USER]: one('Stop', cmd(firstStop(say({ decision: 'block', reason: 'WITH_HSO', ...hso('Stop', { additionalContext: 'X' }) })))) } },
  { id: 'stop-block-text-only-turn', title: 'a Stop block after a text-only answer', covers: ['stop'], tool: null, files: { [USER]: one('Stop', cmd(firstStop(say({ decision: 'block', reason: 'MORE' })))) } },
  { id: 'stop-user-and-project-blocks', title: 'Stop blocks from the user and the project file: one message, both prompts', covers: ['stop', 'config-files'], files: { [USER]: one('Stop', cmd(firstStop(say({ decision: 'block', reason: 'USER_MORE' })))), [PROJECT]: one('Stop', cmd(firstStop(exit2('PROJECT_MORE')))) } },
  { id: 'config-toml-user-only', title: 'inline hooks in the user config.toml alone', covers: ['toml', 'config-files'], files: { [USER_TOML]: `[[hooks.UserPromptSubmit]]\n[[hooks.UserPromptSubmit.hooks]]\ntype = "command"\ncommand = "echo TOML_PROMPT_CTX"\ntimeout = 5\n` } },
  { id: 'config-unknown-handler-type', title: 'a handler type Codex does not know makes the file unreadable', covers: ['config'], files: { [USER]: pre({ type: 'http', url: 'http://127.0.0.1:1/' }, cmd(exit2('NEVER'))), [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))) } },
  { id: 'config-command-not-string', title: 'a command that is not a string makes the file unreadable', covers: ['config'], files: { [USER]: pre(cmd(['echo', 'x'])), [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))) } },
  { id: 'config-matcher-not-string', title: 'a matcher that is a number makes the file unreadable', covers: ['config', 'matcher'], files: { [USER]: hooksFile({ PreToolUse: [{ matcher: 1, hooks: [cmd(exit2('NUM'))] }] }), [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))) } },
  { id: 'config-hooks-not-object', title: '"hooks" as an empty array: read as no hooks, silently', covers: ['config'], files: { [USER]: '{"hooks": []}\n', [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))) } },
  { id: 'config-timeout-string', title: 'a timeout written as a string makes the file unreadable', covers: ['config', 'timeout'], files: { [USER]: pre(cmd(exit2('STR'), { timeout: '5' })), [PROJECT]: pre(cmd(ctx('PreToolUse', 'PROJECT_RAN'))) } },
  { id: 'config-async-hook', title: 'an async hook runs but its deny does not count', covers: ['config'], files: { [USER]: pre(cmd(deny('ASYNC_DENY'), { async: true })) } },
  { id: 'config-untrusted-project-toml', title: 'an untrusted project: its config.toml hooks are skipped too', covers: ['trust', 'toml'], trusted: false, files: { [PROJECT_TOML]: `[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo TOML_DENY >&2; exit 2"\n`, [USER]: one('UserPromptSubmit', cmd('echo USER_CTX')) } },
  { id: 'process-env-secrets-passed', title: 'hooks see Codex’s whole environment (the API key too)', covers: ['process'], files: { [USER]: one('UserPromptSubmit', cmd('echo "key=${OPENAI_API_KEY:+set} home=$HOME"')) } },
  { id: 'process-relative-script', title: 'a relative script path resolves against the session directory', covers: ['process'], files: { [USER]: one('UserPromptSubmit', cmd('./hooks/ctx.sh')), 'hooks/ctx.sh': '#!/bin/sh\n[ -f hooks/ctx.sh ] && echo "RELATIVE_RAN in the session directory"\n' } },

  // ---- third sweep ----
  { id: 'config-toml-invalid', title: 'a user config.toml that is not TOML', covers: ['config', 'toml'], files: { [USER_TOML]: '[features\nhooks = true\n', [USER]: one('UserPromptSubmit', cmd('echo USER_CTX')) } },
  { id: 'config-toml-missing-type', title: 'a config.toml hook without type', covers: ['config', 'toml'], files: { [USER_TOML]: `[[hooks.UserPromptSubmit]]\n[[hooks.UserPromptSubmit.hooks]]\ncommand = "echo TOML_CTX"\n`, [USER]: one('UserPromptSubmit', cmd('echo JSON_CTX')) } },
  { id: 'config-root-array', title: 'a hooks.json that is an array', covers: ['config'], files: { [USER]: '[]\n', [PROJECT]: one('UserPromptSubmit', cmd('echo PROJECT_CTX')) } },
  { id: 'config-event-not-array', title: 'an event whose value is an object, not a list', covers: ['config'], files: { [USER]: '{"hooks": {"UserPromptSubmit": {"hooks": []}}}\n', [PROJECT]: one('UserPromptSubmit', cmd('echo PROJECT_CTX')) } },
  { id: 'config-null-timeout', title: 'timeout null keeps the default', covers: ['config', 'timeout'], files: { [USER]: one('UserPromptSubmit', cmd('echo NULL_TIMEOUT_CTX', { timeout: null })) } },
  { id: 'matcher-on-model-request-ignored', title: 'a matcher on PreModelRequest is ignored', covers: ['matcher', 'model-request'], files: { [USER]: hooksFile({ PreModelRequest: [group('nomatch', cmd('cat >/dev/null'))] }) } },
  { id: 'matcher-post-tool-use', title: 'PostToolUse matchers test the tool name too', covers: ['matcher', 'post'], files: { [USER]: hooksFile({ PostToolUse: [group('Bash', cmd(ctx('PostToolUse', 'BASH_POST'))), group('Edit', cmd(ctx('PostToolUse', 'EDIT_POST')))] }) } },
  { id: 'session-start-continue-false-reason', title: 'SessionStart continue: false with a stopReason', covers: ['session-start', 'continue-false'], files: { [USER]: one('SessionStart', cmd(say({ continue: false, stopReason: 'NOT_TODAY' }))) } },
  { id: 'prompt-plain-json-number', title: 'UserPromptSubmit prints a bare number', covers: ['prompt'], files: { [USER]: one('UserPromptSubmit', cmd('echo 42')) } },
  { id: 'post-block-and-continue-false', title: 'PostToolUse block and continue: false from one hook', covers: ['post', 'continue-false'], files: { [USER]: one('PostToolUse', cmd(say({ decision: 'block', reason: 'BLOCK_REASON', continue: false, stopReason: 'STOP_REASON' }))) } },
  { id: 'stop-continue-false-reason', title: 'Stop continue: false with stopReason: the turn ends', covers: ['stop', 'continue-false'], files: { [USER]: one('Stop', cmd(say({ continue: false, stopReason: 'DONE_NOW' }))) } },
  { id: 'pre-system-message-and-deny', title: 'systemMessage next to a deny: still a deny', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ systemMessage: 'NOTE', ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'DENY_WITH_NOTE' }) }))) } },
  { id: 'pre-stdout-json-then-text', title: 'a JSON deny followed by more text on stdout: invalid', covers: ['pre-output'], files: { [USER]: pre(cmd(`${deny('THEN_TEXT')}; echo trailing words`)) } },
  { id: 'pre-permission-null', title: 'permissionDecision null with a legacy block', covers: ['pre-output'], files: { [USER]: pre(cmd(say({ decision: 'block', reason: 'LEGACY_WITH_NULL', ...hso('PreToolUse', { permissionDecision: null }) }))) } },
];
