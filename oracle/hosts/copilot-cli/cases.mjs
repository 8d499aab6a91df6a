// The oracle's cases for Copilot CLI 1.0.102. Each case is a machine (files under ~/ and the project), the bash
// tool call the mocked model asks for (default `echo original`; `tool: null` for a text-only turn), whether the
// folder is trusted (`--trust-folder`, default true) and extra environment for the CLI.
//
// Every hook command starts with `echo "@hook <event>" >> "$ORACLE_LOG"` so the harness can count hook processes
// per event (hookplay's engine runs the same commands with ORACLE_LOG unset: they log to /dev/null there).

const logLine = (event) => `echo "@hook ${event}" >> "\${ORACLE_LOG:-/dev/null}"; `;
/** A command hook for `event` (camelCase, also for hooks declared under PascalCase names). */
const hk = (event, body = '', more = {}) => ({ type: 'command', bash: logLine(event) + body, ...more });
const out = (o) => `echo '${JSON.stringify(o)}'`;
const user = (hooks, extra = {}) => ({ '~/.copilot/settings.json': JSON.stringify({ ...extra, hooks }, null, 2) });
const repo = (name, hooks, extra = {}) => ({ [`.github/hooks/${name}`]: JSON.stringify({ version: 1, ...extra, hooks }, null, 2) });
const pre = (...hooks) => user({ preToolUse: hooks });

/** preToolUse: exit code × what stdout says, one hook each (a sweep). */
const EXIT_SWEEP = [0, 1, 2, 3].flatMap((code) =>
  [
    ['nothing', ''],
    ['deny', out({ permissionDecision: 'deny', permissionDecisionReason: 'swept deny' })],
    ['allow-rewrite', out({ permissionDecision: 'allow', modifiedArgs: { command: 'echo swept' } })],
  ].map(([what, body]) => ({
    id: `sweep-pre-exit${code}-${what}`,
    title: `preToolUse exit ${code} with ${what} on stdout`,
    covers: ['pre-exit-codes', 'pre-output'],
    files: pre(hk('preToolUse', `${body}${body ? '; ' : ''}echo swept-stderr >&2; exit ${code}`)),
  })),
);

/** Matchers against the tool name "bash" (a corpus). */
const MATCHERS = ['bash', 'ba', 'Bash', 'BASH', 'ba.*', 'view|bash', '^bash$', '.*', ' bash', 'bas?h', 'b'];
const MATCHER_CORPUS = MATCHERS.map((m, i) => ({
  id: `matcher-corpus-${String(i + 1).padStart(2, '0')}`,
  title: `preToolUse matcher ${JSON.stringify(m)} against "bash"`,
  covers: ['matcher'],
  files: pre(hk('preToolUse', '', { matcher: m }), hk('preToolUse', out({ additionalContext: `after matcher ${m}` }))),
}));

export const CASES = [
  { id: 'baseline-no-hooks', title: 'no hook files at all', covers: ['process'], files: {} },
  { id: 'all-events-fire', title: 'one logging hook per event: which fire in a -p session', covers: ['events'], files: user(Object.fromEntries(['sessionStart', 'sessionEnd', 'userPromptSubmitted', 'userPromptTransformed', 'preToolUse', 'postToolUse', 'postToolUseFailure', 'permissionRequest', 'agentStop', 'errorOccurred', 'preCompact', 'subagentStart', 'subagentStop', 'notification'].map((e) => [e, [hk(e)]]))) },
  { id: 'text-only-turn', title: 'no tool call: only session, prompt and stop hooks fire', covers: ['events'], tool: null, files: user({ preToolUse: [hk('preToolUse')], agentStop: [hk('agentStop')], sessionEnd: [hk('sessionEnd')] }) },
  { id: 'process-details', title: 'cwd, shell, env as a hook sees them, sent back as context', covers: ['process'], files: pre(hk('preToolUse', 'printf \'{"additionalContext":"cwd=%s shell=%s cli=%s proj=%s claude=%s"}\' "$PWD" "$0" "$COPILOT_CLI" "$COPILOT_PROJECT_DIR" "$CLAUDE_PROJECT_DIR"')) },
  { id: 'hook-cwd-and-env-fields', title: 'cwd (relative to the project) and env fields', covers: ['process'], files: { ...pre(hk('preToolUse', 'printf \'{"additionalContext":"cwd=%s foo=%s"}\' "$PWD" "$FOO"', { cwd: 'sub', env: { FOO: 'bar' } })), 'sub/.keep': '' } },
  { id: 'command-alias', title: '"command" works as bash', covers: ['config'], files: pre({ type: 'command', command: logLine('preToolUse') + out({ permissionDecision: 'deny', permissionDecisionReason: 'via command' }) }) },
  { id: 'stdin-payload', title: 'preToolUse stdin is camelCase JSON with toolName and toolArgs', covers: ['payload'], files: pre(hk('preToolUse', 'IN=$(cat); T=$(printf %s "$IN" | sed -n \'s/.*"toolName":"\\([a-z]*\\)".*/\\1/p\'); printf \'{"additionalContext":"tool=%s"}\' "$T"')) },

  // preToolUse decisions and fields
  { id: 'pre-deny', title: 'permissionDecision deny with a reason', covers: ['pre-decisions'], files: pre(hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'not today' }))) },
  { id: 'pre-deny-no-reason', title: 'deny without a reason', covers: ['pre-decisions'], files: pre(hk('preToolUse', out({ permissionDecision: 'deny' }))) },
  { id: 'pre-ask-denies', title: 'ask in prompt mode: denied, permissionRequest does not fire', covers: ['pre-decisions'], files: user({ preToolUse: [hk('preToolUse', out({ permissionDecision: 'ask', permissionDecisionReason: 'are you sure' }))], permissionRequest: [hk('permissionRequest', out({ behavior: 'allow' }))] }) },
  { id: 'pre-allow-skips-permission', title: 'allow: the permissionRequest hook does not fire', covers: ['pre-decisions'], files: user({ preToolUse: [hk('preToolUse', out({ permissionDecision: 'allow' }))], permissionRequest: [hk('permissionRequest')] }) },
  { id: 'pre-modified-args', title: 'modifiedArgs rewrites the call (the model sees the new arguments)', covers: ['rewrite'], files: pre(hk('preToolUse', out({ modifiedArgs: { command: 'echo rewritten' } }))) },
  { id: 'pre-updated-input-ignored', title: 'updatedInput is not read in a camelCase hook', covers: ['rewrite', 'divergence'], files: pre(hk('preToolUse', out({ updatedInput: { command: 'echo never' } }))) },
  { id: 'pre-two-rewrites-last-wins', title: 'two modifiedArgs: the last hook wins', covers: ['rewrite', 'several'], files: pre(hk('preToolUse', out({ modifiedArgs: { command: 'echo one' } })), hk('preToolUse', out({ modifiedArgs: { command: 'echo two' } }))) },
  { id: 'pre-context-joined', title: 'additionalContext of two hooks: one user message after the tool result', covers: ['context', 'several'], files: pre(hk('preToolUse', out({ additionalContext: 'first note' })), hk('preToolUse', out({ additionalContext: 'second note' }))) },
  { id: 'pre-allow-then-deny', title: 'allow then deny: deny wins, both run', covers: ['pre-precedence', 'several'], files: pre(hk('preToolUse', out({ permissionDecision: 'allow', permissionDecisionReason: 'A' })), hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'B' }))) },
  { id: 'pre-deny-stops-chain', title: 'deny then allow: the second hook never runs', covers: ['pre-precedence', 'several'], files: pre(hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'first' })), hk('preToolUse', out({ permissionDecision: 'allow' }))) },
  { id: 'pre-context-then-deny', title: 'context and a rewrite, then a deny: the context still reaches the model', covers: ['pre-precedence', 'context'], files: pre(hk('preToolUse', out({ additionalContext: 'C1', modifiedArgs: { command: 'echo mod' } })), hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'D' }))) },
  { id: 'pre-ask-no-reason', title: 'ask without a reason', covers: ['pre-decisions'], files: pre(hk('preToolUse', out({ permissionDecision: 'ask' }))) },
  { id: 'pre-ask-stops-chain', title: 'ask then deny: ask decides', covers: ['pre-precedence'], files: pre(hk('preToolUse', out({ permissionDecision: 'ask', permissionDecisionReason: 'Q' })), hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'D' }))) },
  { id: 'pre-exit2', title: 'exit 2 denies with "hook exited with code 2"', covers: ['pre-exit-codes'], files: pre(hk('preToolUse', 'echo why >&2; exit 2')) },
  { id: 'pre-exit2-ignores-json', title: 'exit 2 with an allow on stdout still denies', covers: ['pre-exit-codes'], files: pre(hk('preToolUse', `${out({ permissionDecision: 'allow' })}; exit 2`)) },
  { id: 'pre-exit1', title: 'exit 1 denies: the hook errored', covers: ['pre-exit-codes'], files: pre(hk('preToolUse', 'echo broken >&2; exit 1')) },
  { id: 'pre-exit1-ignores-json', title: 'exit 1 with a deny on stdout: the errored message, not the reason', covers: ['pre-exit-codes'], files: pre(hk('preToolUse', `${out({ permissionDecision: 'deny', permissionDecisionReason: 'R1' })}; exit 1`)) },
  { id: 'pre-exit1-stops-chain', title: 'an erroring hook stops the rest', covers: ['pre-exit-codes', 'several'], files: pre(hk('preToolUse', 'exit 1'), hk('preToolUse')) },
  { id: 'pre-error-label-repo', title: 'an erroring repo hook is named by its file', covers: ['pre-exit-codes', 'files'], files: repo('guard.json', { preToolUse: [hk('preToolUse', 'exit 1')] }) },
  { id: 'pre-error-label-hooks-dir', title: 'an erroring ~/.copilot/hooks hook is named by its absolute path', covers: ['pre-exit-codes', 'files'], files: { '~/.copilot/hooks/p.json': JSON.stringify({ version: 1, hooks: { preToolUse: [hk('preToolUse', 'exit 1')] } }) } },
  { id: 'pre-error-label-repo-settings', title: 'an erroring .github/copilot/settings.json hook: "repo settings"', covers: ['pre-exit-codes', 'files'], files: { '.github/copilot/settings.json': JSON.stringify({ hooks: { preToolUse: [hk('preToolUse', 'exit 1')] } }) } },
  { id: 'pre-plain-ignored', title: 'plain text on stdout is ignored', covers: ['pre-output'], files: pre(hk('preToolUse', 'echo hello')) },
  { id: 'pre-invalid-json-ignored', title: 'invalid JSON on stdout is ignored', covers: ['pre-output'], files: pre(hk('preToolUse', `echo '{"permissionDecision":'`)) },
  { id: 'pre-timeout-lets-through', title: 'a timed-out hook lets the call through, even with a deny printed', covers: ['timeout'], files: pre(hk('preToolUse', `${out({ permissionDecision: 'deny' })}; sleep 4`, { timeoutSec: 1 })) },
  { id: 'timeout-alias', title: '"timeout" is an alias of timeoutSec', covers: ['timeout'], files: pre(hk('preToolUse', `sleep 4; ${out({ permissionDecision: 'deny' })}`, { timeout: 1 })) },
  { id: 'timeout-sigterm', title: 'at the deadline the hook gets SIGTERM (its trap logs it)', covers: ['timeout', 'process'], files: pre(hk('preToolUse', `trap 'echo "@hook sigterm" >> "\${ORACLE_LOG:-/dev/null}"; exit 0' TERM; sleep 4 & wait`, { timeoutSec: 1 })) },
  { id: 'sequential-order', title: 'a slow first hook still runs first: sequential', covers: ['sequential', 'several'], files: pre(hk('preToolUse', `sleep 1; ${out({ modifiedArgs: { command: 'echo slow' } })}`), hk('preToolUse', out({ modifiedArgs: { command: 'echo fast' } }))) },

  // permissionRequest
  { id: 'perm-payload', title: 'permissionRequest fires with --allow-all and gets toolInput', covers: ['permission'], files: user({ permissionRequest: [hk('permissionRequest', 'IN=$(cat); case "$IN" in *\'"toolInput":{"command":"echo original"}\'*) echo \'{"behavior":"deny","message":"saw toolInput"}\';; esac')] }) },
  { id: 'perm-deny', title: 'behavior deny with a message', covers: ['permission'], files: user({ permissionRequest: [hk('permissionRequest', out({ behavior: 'deny', message: 'no permission' }))] }) },
  { id: 'perm-deny-no-message', title: 'behavior deny without a message', covers: ['permission'], files: user({ permissionRequest: [hk('permissionRequest', out({ behavior: 'deny' }))] }) },
  { id: 'perm-after-rewrite', title: 'permissionRequest gets the rewritten command (without description)', covers: ['permission', 'rewrite'], files: user({ preToolUse: [hk('preToolUse', out({ modifiedArgs: { command: 'echo mod', description: 'd' } }))], permissionRequest: [hk('permissionRequest', `grep -q '"toolInput":{"command":"echo mod"}' && ${out({ behavior: 'deny', message: 'saw the rewrite' })}`)] }) },
  { id: 'perm-hso-ignored', title: 'Claude-shaped hookSpecificOutput is ignored by a camelCase hook', covers: ['permission'], files: user({ permissionRequest: [hk('permissionRequest', out({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'x' } } }))] }) },
  { id: 'perm-exit2', title: 'exit 2 denies the permission', covers: ['permission', 'pre-exit-codes'], files: user({ permissionRequest: [hk('permissionRequest', 'exit 2')] }) },
  { id: 'perm-exit1', title: 'exit 1 denies the permission (hook failed)', covers: ['permission', 'pre-exit-codes'], files: user({ permissionRequest: [hk('permissionRequest', 'echo e >&2; exit 1')] }) },

  // postToolUse
  { id: 'post-context', title: 'postToolUse additionalContext is appended to the tool result', covers: ['post', 'context'], files: user({ postToolUse: [hk('postToolUse', out({ additionalContext: 'P1' })), hk('postToolUse', out({ additionalContext: 'P2' }))] }) },
  { id: 'post-block', title: 'decision block replaces the result and stops later hooks', covers: ['post', 'several'], files: user({ postToolUse: [hk('postToolUse', out({ decision: 'block', reason: 'hidden', additionalContext: 'lost' })), hk('postToolUse', out({ additionalContext: 'never' }))] }) },
  { id: 'post-exit2-warns', title: 'postToolUse exit 2: stderr is a warning for the user', covers: ['post', 'cannot-block'], files: user({ postToolUse: [hk('postToolUse', 'echo post-stderr >&2; exit 2')] }) },
  { id: 'post-block-no-reason', title: 'postToolUse block without a reason is ignored', covers: ['post'], files: user({ postToolUse: [hk('postToolUse', out({ decision: 'block' }))] }) },
  { id: 'post-exit2-json', title: 'postToolUse exit 2 with additionalContext on stdout', covers: ['post', 'cannot-block'], files: user({ postToolUse: [hk('postToolUse', `${out({ additionalContext: 'from exit 2' })}; echo e >&2; exit 2`)] }) },
  { id: 'post-exit1-silent', title: 'postToolUse exit 1: nothing shown', covers: ['post', 'cannot-block'], files: user({ postToolUse: [hk('postToolUse', 'echo x >&2; exit 1')] }) },
  { id: 'post-failed-command-is-success', title: 'a command that exits 3 is a successful tool call: postToolUse, not postToolUseFailure', covers: ['post'], tool: { command: 'echo to_err >&2; exit 3', description: 'fail' }, files: user({ postToolUse: [hk('postToolUse')], postToolUseFailure: [hk('postToolUseFailure')] }) },
  { id: 'post-empty-output', title: 'a command with no output, plus context', covers: ['post'], tool: { command: 'true', description: 'nothing' }, files: user({ postToolUse: [hk('postToolUse', out({ additionalContext: 'X' }))] }) },

  // prompt
  { id: 'ups-context', title: 'userPromptSubmitted additionalContext becomes a system_reminder on the prompt', covers: ['prompt', 'context'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ additionalContext: 'remember this' }))] }) },
  { id: 'ups-context-last-wins', title: 'two hooks with additionalContext: the last one wins', covers: ['prompt', 'several'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ additionalContext: 'U1' })), hk('userPromptSubmitted', out({ additionalContext: 'U2' }))] }) },
  { id: 'ups-modified-prompt', title: 'modifiedPrompt replaces the prompt', covers: ['prompt'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ modifiedPrompt: 'a new prompt' }))] }) },
  { id: 'ups-block', title: 'decision block: no model request, a warning, exit code 1', covers: ['prompt'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ decision: 'block', reason: 'prompt refused' }))], sessionEnd: [hk('sessionEnd')] }) },
  { id: 'ups-block-keeps-running', title: 'a block does not stop the next prompt hook', covers: ['prompt', 'several'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ decision: 'block', reason: 'NO' })), hk('userPromptSubmitted')] }) },
  { id: 'ups-handled', title: 'handled with responseContent: no model request, no agentStop; sessionEnd still fires', covers: ['prompt'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ handled: true, responseContent: 'answered by the hook' }))], userPromptTransformed: [hk('userPromptTransformed')], agentStop: [hk('agentStop')], sessionEnd: [hk('sessionEnd')] }) },
  { id: 'ups-modified-prompt-empty', title: 'an empty modifiedPrompt from a later hook empties the prompt', covers: ['prompt', 'divergence'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ modifiedPrompt: 'X' })), hk('userPromptSubmitted', out({ modifiedPrompt: '' }))] }) },
  { id: 'ups-exit2-json', title: 'userPromptSubmitted exit 2 with additionalContext on stdout', covers: ['prompt', 'cannot-block'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', `${out({ additionalContext: 'from exit 2' })}; echo e >&2; exit 2`)] }) },
  { id: 'ups-exit2-warns', title: 'userPromptSubmitted exit 2: a warning, the prompt goes on', covers: ['prompt', 'cannot-block'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', 'echo prompt-stderr >&2; exit 2')] }) },

  // session and stop
  { id: 'session-start-context', title: 'sessionStart contexts are joined; plain stdout is ignored', covers: ['session-start', 'context'], files: user({ sessionStart: [hk('sessionStart', 'echo PLAIN'), hk('sessionStart', out({ additionalContext: 'S2' })), hk('sessionStart', out({ additionalContext: 'S3' }))] }) },
  { id: 'start-errors', title: 'sessionStart exit 1 is silent, exit 2 warns, the others still count', covers: ['session-start', 'cannot-block'], files: user({ sessionStart: [hk('sessionStart', 'echo e1 >&2; exit 1'), hk('sessionStart', 'echo e2 >&2; exit 2'), hk('sessionStart', out({ additionalContext: 'S3' }))] }) },
  { id: 'stop-block-cap', title: 'agentStop block: continues with the reason, 8 times at most', covers: ['stop'], files: user({ agentStop: [hk('agentStop', out({ decision: 'block', reason: 'keep going' }))] }) },
  { id: 'stop-block-once', title: 'agentStop blocks only while stop_hook_active is false', covers: ['stop'], files: user({ agentStop: [hk('agentStop', `grep -q '"stop_hook_active":false' && ${out({ decision: 'block', reason: 'one more' })}`)] }) },
  { id: 'stop-two-last-wins', title: 'two agentStop hooks: both run, the last reason wins', covers: ['stop', 'several'], files: user({ agentStop: [hk('agentStop', `grep -q '"stop_hook_active":false' && ${out({ decision: 'block', reason: 'R1' })}`), hk('agentStop', `grep -q '"stop_hook_active":false' && ${out({ decision: 'block', reason: 'R2' })}`)] }) },
  { id: 'stop-block-no-reason', title: 'agentStop block without a reason: the turn ends', covers: ['stop'], files: user({ agentStop: [hk('agentStop', out({ decision: 'block' }))] }) },
  { id: 'stop-exit2-json-still-read', title: 'agentStop exit 2 with a block on stdout still continues', covers: ['stop'], files: user({ agentStop: [hk('agentStop', `grep -q '"stop_hook_active":false' && ${out({ decision: 'block', reason: 'exit 2 block' })}; exit 2`)] }) },
  { id: 'stop-exit2-warns', title: 'agentStop exit 2: a warning, no continuation', covers: ['stop', 'cannot-block'], files: user({ agentStop: [hk('agentStop', 'echo stop-stderr >&2; exit 2')] }) },

  // files, trust, switches
  { id: 'untrusted-repo-skipped', title: 'an untrusted folder: repo hooks are skipped, user hooks run', covers: ['trust', 'files'], trusted: false, files: { ...pre(hk('preToolUse')), ...repo('deny.json', { preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny' }))] }) } },
  { id: 'trusted-repo-runs', title: 'a trusted folder: repo hooks run after user hooks', covers: ['trust', 'files'], files: { ...pre(hk('preToolUse', out({ modifiedArgs: { command: 'echo from-user' } }))), ...repo('r.json', { preToolUse: [hk('preToolUse', out({ modifiedArgs: { command: 'echo from-repo' } }))] }) } },
  { id: 'allow-all-env-trusts', title: 'COPILOT_ALLOW_ALL=true trusts the folder', covers: ['trust'], trusted: false, env: { COPILOT_ALLOW_ALL: 'true' }, files: repo('r.json', { preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'repo' }))] }) },
  { id: 'files-order', title: 'hooks dir, user settings, .github/hooks, .claude/settings.json, .github/copilot/settings.json: in that order', covers: ['files', 'sequential'], files: { '~/.copilot/hooks/p.json': JSON.stringify({ version: 1, hooks: { preToolUse: [hk('preToolUse', out({ modifiedArgs: { command: 'echo hooks-dir' } }))] } }), ...pre(hk('preToolUse', out({ modifiedArgs: { command: 'echo user-settings' } }))), ...repo('r.json', { preToolUse: [hk('preToolUse', out({ modifiedArgs: { command: 'echo repo-hooks' } }))] }), '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: logLine('preToolUse') }] }] } }), '.github/copilot/settings.json': JSON.stringify({ hooks: { preToolUse: [hk('preToolUse', out({ additionalContext: 'repo settings ran' }))] } }) } },
  { id: 'user-level-files', title: 'settings.local.json and config.json in ~/.copilot are not read for hooks', covers: ['files'], files: { '~/.copilot/config.json': JSON.stringify({ hooks: { preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny' }))] } }), '~/.copilot/settings.local.json': JSON.stringify({ hooks: { preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny' }))] } }), ...pre(hk('preToolUse')) } },
  { id: 'disable-all-hooks', title: 'disableAllHooks in user settings', covers: ['disable'], files: user({ preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny' }))] }, { disableAllHooks: true }) },
  { id: 'disable-user-keeps-repo', title: 'disableAllHooks in user settings does not turn off repo hooks', covers: ['disable', 'divergence'], files: { ...user({ preToolUse: [hk('preToolUse')] }, { disableAllHooks: true }), ...repo('r.json', { preToolUse: [hk('preToolUse', out({ additionalContext: 'repo still runs' }))] }) } },
  { id: 'disable-repo-keeps-user', title: 'disableAllHooks in a repo file turns off that file only', covers: ['disable'], files: { ...pre(hk('preToolUse', out({ additionalContext: 'user still runs' }))), ...repo('d.json', { preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny' }))] }, { disableAllHooks: true }) } },
  { id: 'invalid-json-file', title: 'user settings that are not JSON: dropped, repo hooks still run', covers: ['files', 'bad-config'], files: { '~/.copilot/settings.json': '{"hooks": {"preToolUse": [', ...repo('r.json', { preToolUse: [hk('preToolUse', out({ additionalContext: 'repo ok' }))] }) } },
  { id: 'entry-without-command-drops-file', title: 'one entry without bash drops every hook of its file', covers: ['bad-config', 'divergence'], files: user({ preToolUse: [{ type: 'command' }, hk('preToolUse')], sessionStart: [hk('sessionStart')] }) },
  { id: 'timeout-not-a-number-drops-file', title: 'timeoutSec "x" drops the whole file', covers: ['bad-config'], files: user({ preToolUse: [hk('preToolUse', '', { timeoutSec: 'x' })], sessionStart: [hk('sessionStart')] }) },
  { id: 'matcher-empty-drops-file', title: 'an empty matcher drops the whole file', covers: ['bad-config', 'matcher'], files: user({ preToolUse: [hk('preToolUse', '', { matcher: '' }), hk('preToolUse')], sessionStart: [hk('sessionStart')] }) },
  { id: 'matcher-invalid-regex', title: 'matcher "(" never matches; other hooks run', covers: ['matcher'], files: user({ preToolUse: [hk('preToolUse', '', { matcher: '(' }), hk('preToolUse')], sessionStart: [hk('sessionStart')] }) },
  { id: 'matcher-star', title: 'matcher "*" is not a valid regex: that hook never runs', covers: ['matcher'], files: pre(hk('preToolUse', '', { matcher: '*' }), hk('preToolUse')) },
  { id: 'matcher-nested-group', title: 'a Claude-style {matcher, hooks} group', covers: ['matcher', 'config'], files: user({ preToolUse: [{ matcher: 'bash', hooks: [hk('preToolUse', out({ additionalContext: 'grouped' }))] }, { matcher: 'view', hooks: [hk('preToolUse')] }] }) },
  { id: 'unknown-event-ignored', title: 'a misspelt event is ignored; the file still counts', covers: ['bad-config'], files: user({ preTooluse: [hk('preToolUse')], sessionStart: [hk('sessionStart')] }) },
  { id: 'repo-file-version', title: 'version absent is fine; version 2 drops the file', covers: ['bad-config', 'files'], files: { '.github/hooks/nov.json': JSON.stringify({ hooks: { preToolUse: [hk('preToolUse', out({ additionalContext: 'no version' }))] } }), '.github/hooks/v2.json': JSON.stringify({ version: 2, hooks: { preToolUse: [hk('preToolUse')] } }) } },
  { id: 'powershell-only-fails', title: 'a powershell-only hook on Linux fails to start: preToolUse denies, the rest of the chain is skipped', covers: ['bad-config', 'pre-exit-codes'], files: user({ preToolUse: [{ type: 'command', powershell: 'Write-Host hi' }, hk('preToolUse')], sessionStart: [hk('sessionStart')] }) },

  // PascalCase (Claude Code / VS Code) names
  { id: 'pascal-deny', title: 'PreToolUse (PascalCase): Claude-shaped payload and hookSpecificOutput', covers: ['pascal'], files: user({ PreToolUse: [hk('preToolUse', `grep -q '"tool_name":"Bash"' && ${out({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'pascal deny' } })}`)] }) },
  { id: 'pascal-allow-updated-input', title: 'PreToolUse (PascalCase): updatedInput and additionalContext', covers: ['pascal', 'rewrite'], files: user({ PreToolUse: [hk('preToolUse', out({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo upd' }, additionalContext: 'PCTX' } }))] }) },
  { id: 'pascal-exit2', title: 'PreToolUse (PascalCase) exit 2: the same denial', covers: ['pascal', 'pre-exit-codes'], files: user({ PreToolUse: [hk('preToolUse', 'echo WHY >&2; exit 2')] }) },

  // Edges: non-zero exits with JSON, odd field values, PascalCase on other events
  { id: 'post-exit1-json', title: 'postToolUse exit 1 with additionalContext: not read', covers: ['post', 'cannot-block'], files: user({ postToolUse: [hk('postToolUse', `${out({ additionalContext: 'from exit 1' })}; exit 1`)] }) },
  { id: 'stop-exit1-json', title: 'agentStop exit 1 with a block on stdout: not read', covers: ['stop'], files: user({ agentStop: [hk('agentStop', `${out({ decision: 'block', reason: 'exit 1 block' })}; exit 1`)] }) },
  { id: 'ups-exit1-json', title: 'userPromptSubmitted exit 1 with modifiedPrompt: not read', covers: ['prompt'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', `${out({ modifiedPrompt: 'from exit 1' })}; exit 1`)] }) },
  { id: 'start-exit2-json', title: 'sessionStart exit 2 with additionalContext on stdout', covers: ['session-start'], files: user({ sessionStart: [hk('sessionStart', `${out({ additionalContext: 'from exit 2' })}; echo e >&2; exit 2`)] }) },
  { id: 'post-context-then-block', title: 'context from a first postToolUse hook, then a block', covers: ['post', 'several'], files: user({ postToolUse: [hk('postToolUse', out({ additionalContext: 'P1' })), hk('postToolUse', out({ decision: 'block', reason: 'B' }))] }) },
  { id: 'pre-modified-args-not-object', title: 'modifiedArgs that is not an object is ignored', covers: ['rewrite'], files: pre(hk('preToolUse', out({ modifiedArgs: 'echo nope' }))) },
  { id: 'pre-unknown-decision', title: 'permissionDecision "maybe" is ignored', covers: ['pre-decisions'], files: pre(hk('preToolUse', out({ permissionDecision: 'maybe', permissionDecisionReason: 'x' }))) },
  { id: 'pre-empty-reason', title: 'deny with an empty reason', covers: ['pre-decisions'], files: pre(hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: '' }))) },
  { id: 'event-not-array', title: 'an event whose value is not an array drops the file', covers: ['bad-config'], files: user({ preToolUse: { type: 'command', bash: logLine('preToolUse') }, sessionStart: [hk('sessionStart')] }) },
  { id: 'pascal-session-start-hso', title: 'SessionStart (PascalCase) with hookSpecificOutput.additionalContext', covers: ['pascal', 'session-start'], files: user({ SessionStart: [hk('sessionStart', out({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'pascal hso start' } }))] }) },
  { id: 'pascal-session-start-top', title: 'SessionStart (PascalCase) with a top-level additionalContext', covers: ['pascal', 'session-start'], files: user({ SessionStart: [hk('sessionStart', out({ additionalContext: 'pascal top start' }))] }) },
  { id: 'pascal-session-start-payload', title: 'SessionStart (PascalCase) stdin names the event in snake_case', covers: ['pascal', 'payload'], files: user({ SessionStart: [hk('sessionStart', `grep -q '"hook_event_name":"SessionStart"' && ${out({ additionalContext: 'snake payload' })}`)] }) },
  { id: 'pascal-stop-block', title: 'Stop (PascalCase) decision block', covers: ['pascal', 'stop'], files: user({ Stop: [hk('agentStop', `grep -q '"stop_hook_active":false' && ${out({ decision: 'block', reason: 'pascal stop' })}`)] }) },
  { id: 'pascal-prompt-block', title: 'UserPromptSubmit (PascalCase) decision block', covers: ['pascal', 'prompt'], files: user({ UserPromptSubmit: [hk('userPromptSubmitted', out({ decision: 'block', reason: 'pascal prompt' }))] }) },

  // More matchers, config shapes and edges
  { id: 'matcher-post-tool', title: 'postToolUse matchers: "view" skips the bash call, "bash" runs', covers: ['matcher', 'post'], files: user({ postToolUse: [hk('postToolUse', out({ additionalContext: 'view ran' }), { matcher: 'view' }), hk('postToolUse', out({ additionalContext: 'bash ran' }), { matcher: 'bash' })] }) },
  { id: 'matcher-permission', title: 'permissionRequest matcher "view" skips the bash call', covers: ['matcher', 'permission'], files: user({ permissionRequest: [hk('permissionRequest', out({ behavior: 'deny', message: 'view only' }), { matcher: 'view' })] }) },
  { id: 'matcher-session-start', title: 'a matcher on sessionStart ("bash", then "new")', covers: ['matcher', 'session-start'], files: user({ sessionStart: [hk('sessionStart', out({ additionalContext: 'matched bash' }), { matcher: 'bash' }), hk('sessionStart', out({ additionalContext: 'matched new' }), { matcher: 'new' })] }) },
  { id: 'hook-without-type', title: 'a hook without "type" still runs', covers: ['config'], files: pre({ bash: logLine('preToolUse') + out({ permissionDecision: 'deny', permissionDecisionReason: 'no type' }) }) },
  { id: 'timeout-zero', title: 'timeoutSec 0', covers: ['bad-config', 'timeout'], files: user({ preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'zero timeout' }), { timeoutSec: 0 })], sessionStart: [hk('sessionStart')] }) },
  { id: 'ups-block-no-reason', title: 'userPromptSubmitted decision block without a reason', covers: ['prompt'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ decision: 'block' }))] }) },
  { id: 'hooks-subdir', title: 'a hooks file in a subfolder of .github/hooks', covers: ['files'], files: { '.github/hooks/sub/x.json': JSON.stringify({ version: 1, hooks: { preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'from sub' }))] } }) } },
  { id: 'hooks-dir-non-json', title: 'a .txt file in .github/hooks', covers: ['files'], files: { '.github/hooks/x.txt': JSON.stringify({ version: 1, hooks: { preToolUse: [hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'from txt' }))] } }) } },
  { id: 'unknown-output-fields', title: 'unknown output fields are ignored', covers: ['pre-output'], files: pre(hk('preToolUse', out({ continue: false, systemMessage: 'hi', suppressOutput: true, foo: 1, additionalContext: 'still here' }))) },
  { id: 'user-deny-repo-never-runs', title: 'a user deny stops the repo hook after it', covers: ['files', 'several'], files: { ...pre(hk('preToolUse', out({ permissionDecision: 'deny', permissionDecisionReason: 'user says no' }))), ...repo('r.json', { preToolUse: [hk('preToolUse')] }) } },
  { id: 'stop-context', title: 'agentStop additionalContext without a block', covers: ['stop', 'context'], files: user({ agentStop: [hk('agentStop', out({ additionalContext: 'stop note' }))] }) },

  { id: 'timeout-default-30s', title: 'no timeoutSec: a hook that answers after 31 s has timed out (default 30 s)', covers: ['timeout'], files: pre(hk('preToolUse', `sleep 31; ${out({ permissionDecision: 'deny', permissionDecisionReason: 'too late' })}`)) },
  { id: 'prompt-transformed-output-ignored', title: 'userPromptTransformed output is ignored', covers: ['prompt', 'cannot-block'], files: user({ userPromptTransformed: [hk('userPromptTransformed', out({ additionalContext: 'T', modifiedPrompt: 'T2', decision: 'block', reason: 'no' }))] }) },
  { id: 'session-end-exit2', title: 'sessionEnd exit 2: stderr shown as a warning', covers: ['cannot-block'], files: user({ sessionEnd: [hk('sessionEnd', 'echo end-stderr >&2; exit 2')] }) },
  { id: 'pascal-matcher-names', title: 'PascalCase PreToolUse matchers: "Bash" (Claude name) and "bash"', covers: ['pascal', 'matcher'], files: user({ PreToolUse: [{ matcher: 'Bash', hooks: [hk('preToolUse', out({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'Bash matched' } }))] }, { matcher: 'bash', hooks: [hk('preToolUse', out({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'bash matched' } }))] }] }) },
  { id: 'ups-second-sees-original', title: 'the second prompt hook gets the original prompt, not the first one’s modifiedPrompt', covers: ['prompt', 'several'], files: user({ userPromptSubmitted: [hk('userPromptSubmitted', out({ modifiedPrompt: 'CHANGED' })), hk('userPromptSubmitted', `grep -q '"prompt":"CHANGED"' && ${out({ additionalContext: 'saw the change' })} || ${out({ additionalContext: 'saw the original' })}`)] }) },
  { id: 'pre-second-sees-original', title: 'the second preToolUse hook gets the original toolArgs', covers: ['rewrite', 'several'], files: pre(hk('preToolUse', out({ modifiedArgs: { command: 'echo CHANGED' } })), hk('preToolUse', `grep -q 'echo CHANGED' && ${out({ additionalContext: 'saw the change' })} || ${out({ additionalContext: 'saw the original' })}`)) },

  ...EXIT_SWEEP,
  ...MATCHER_CORPUS,
];
