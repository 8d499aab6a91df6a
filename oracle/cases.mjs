// The oracle's cases: whole Claude Code sessions (`claude -p "do it"`) run against the real CLI and, for
// comparison, through hookplay's claude-code dialect. Each case is a small machine: settings files, hook
// scripts, and what the mocked model asks for (by default one Bash tool call, then a final text).
//
// Keep hooks stateless between events (a fresh workspace backs each event in the engine): decide from stdin
// (e.g. `stop_hook_active`), not from files left by an earlier hook. Keep every text the model sees on one line.

/** @typedef {{ id: string, title: string, covers: string[], files: Record<string, string>, tool?: object | null,
 *   allowedTools?: string, timing?: { maxGapMs?: number, minGapMs?: number,
 *   byVersion?: Record<string, { maxGapMs?: number, minGapMs?: number }> } }} OracleCase */

const PROJECT = '.claude/settings.json';
const USER = '~/.claude/settings.json';
const LOCAL = '.claude/settings.local.json';

const settings = (hooks) => `${JSON.stringify({ hooks }, null, 2)}\n`;
const group = (matcher, ...hooks) => (matcher === undefined ? { hooks } : { matcher, hooks });
const cmd = (command, timeout) => (timeout === undefined ? { type: 'command', command } : { type: 'command', command, timeout });
/** A command printing one JSON answer. */
const say = (answer) => `echo '${JSON.stringify(answer)}'`;
const pre = (fields) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });
const ctx = (event, text) => say({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
const deny2 = (reason) => `echo ${reason} >&2; exit 2`;

/** One PreToolUse group with `matcher` whose hook denies with exit 2: the tool runs only if the matcher misses. */
const matcherCase = (id, matcher, matches, words) => ({
  id,
  title: `matcher ${JSON.stringify(matcher)} ${matches ? 'matches' : 'does not match'} Bash`,
  covers: ['matcher'],
  description: words,
  files: { [PROJECT]: settings({ PreToolUse: [group(matcher, cmd(deny2('MATCHED')))] }) },
});

/** @type {OracleCase[]} */
export const CASES = [
  {
    id: 'baseline-no-hooks',
    title: 'no hooks: the tool runs and the turn ends',
    covers: ['baseline'],
    files: { [PROJECT]: settings({}) },
  },

  // ---- process ----
  {
    id: 'process-sh-cwd-env-group',
    title: 'hooks run in /bin/sh -c, in the project dir, with CLAUDE_PROJECT_DIR, in their own process group',
    covers: ['process'],
    files: {
      [PROJECT]: settings({
        UserPromptSubmit: [
          group(undefined, cmd(`echo "dir=$CLAUDE_PROJECT_DIR pwd=$(pwd) bash=\${BASH_VERSION:-none} own_group=$([ "$(cut -d' ' -f5 /proc/$$/stat)" = "$$" ] && echo yes || echo no)"`)),
        ],
      }),
    },
  },
  {
    id: 'process-parallel',
    title: 'matching hooks run in parallel: two 1-second hooks take about 1 second',
    covers: ['parallel'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd('sleep 1; echo first >/dev/null'), cmd('sleep 1; echo second >/dev/null'))] }) },
    timing: { minGapMs: 900, maxGapMs: 1700 },
  },

  {
    id: 'process-payload-fields',
    title: 'the stdin payload: base fields in Claude Code’s order, then the event’s own',
    covers: ['process'],
    files: {
      [PROJECT]: settings({
        UserPromptSubmit: [group(undefined, cmd('node .claude/hooks/keys.mjs UserPromptSubmit'))],
        PreToolUse: [group('Bash', cmd('node .claude/hooks/keys.mjs PreToolUse'))],
      }),
      '.claude/hooks/keys.mjs': [
        "let raw = '';",
        "process.stdin.on('data', (c) => (raw += c));",
        "process.stdin.on('end', () => {",
        '  const p = JSON.parse(raw);',
        "  const facts = `keys=${Object.keys(p).join(',')} cwd_is_project=${p.cwd === process.env.CLAUDE_PROJECT_DIR} ends_with_newline=${raw.endsWith('\\n')}`;",
        "  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: process.argv[2], additionalContext: facts } }));",
        '});',
        '',
      ].join('\n'),
    },
  },

  {
    id: 'process-background-child',
    title: 'a hook that leaves a background child holding stdout: does the host wait for it?',
    covers: ['process'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd('sleep 2 & echo started >/dev/null'))] }) },
  },

  // ---- deduplication ----
  {
    id: 'dedupe-same-group',
    title: 'an identical command twice in one group runs once',
    covers: ['dedupe'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'RAN')), cmd(ctx('PreToolUse', 'RAN')))] }) },
  },
  {
    id: 'dedupe-across-matchers',
    title: 'an identical command under two matchers runs once',
    covers: ['dedupe'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'RAN'))), group('*', cmd(ctx('PreToolUse', 'RAN')))] }) },
  },
  {
    id: 'dedupe-across-files',
    title: 'an identical command in user and project settings runs once',
    covers: ['dedupe', 'settings-files'],
    files: {
      [USER]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'RAN')))] }),
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'RAN')))] }),
    },
  },
  {
    id: 'dedupe-one-space-differs',
    title: 'commands differing by one space both run',
    covers: ['dedupe'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [group('Bash', cmd(`sleep 0.3; ${ctx('PreToolUse', 'RAN')}`), cmd(`sleep 0.3;  ${ctx('PreToolUse', 'RAN')}`))],
      }),
    },
  },
  {
    id: 'dedupe-other-event-separate',
    title: 'the same command under PreToolUse and PostToolUse runs for each event',
    covers: ['dedupe'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd('echo ran >/dev/null'))], PostToolUse: [group('Bash', cmd('echo ran >/dev/null'))] }) },
  },
  {
    id: 'dedupe-different-timeouts',
    title: 'an identical command with two timeouts runs once: which timeout applies',
    covers: ['dedupe', 'timeout'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`sleep 2; ${deny2('SLOW_DENY')}`, 1)), group('*', cmd(`sleep 2; ${deny2('SLOW_DENY')}`, 10))] }),
    },
  },

  {
    id: 'dedupe-different-timeouts-reversed',
    title: 'an identical command with two timeouts, the longer declared first',
    covers: ['dedupe', 'timeout'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`sleep 2; ${deny2('SLOW_DENY')}`, 10)), group('*', cmd(`sleep 2; ${deny2('SLOW_DENY')}`, 1))] }),
    },
  },

  // ---- settings files ----
  {
    id: 'settings-three-files-add-up',
    title: 'hooks of ~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json all run',
    covers: ['settings-files', 'context-order'],
    files: {
      [USER]: settings({ PreToolUse: [group('Bash', cmd(`sleep 0.8; ${ctx('PreToolUse', 'FROM_USER')}`))] }),
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`sleep 0.4; ${ctx('PreToolUse', 'FROM_PROJECT')}`))] }),
      [LOCAL]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'FROM_LOCAL')))] }),
    },
  },
  {
    id: 'settings-context-order-by-completion',
    title: 'contexts of one event are joined in the order the hooks finished',
    covers: ['settings-files', 'context-order'],
    files: {
      [USER]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'FROM_USER')))] }),
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`sleep 0.4; ${ctx('PreToolUse', 'FROM_PROJECT')}`))] }),
      [LOCAL]: settings({ PreToolUse: [group('Bash', cmd(`sleep 0.8; ${ctx('PreToolUse', 'FROM_LOCAL')}`))] }),
    },
  },
  {
    id: 'settings-hook-without-command',
    title: 'a hook entry without command next to a valid one',
    covers: ['settings-files'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group('Bash', { type: 'command' }, cmd(deny2('VALID_HOOK')))] }),
    },
  },
  {
    id: 'settings-invalid-entry-drops-file',
    title: 'one invalid hook entry: every hook of that file is dropped, other files still count',
    covers: ['settings-files'],
    files: {
      [USER]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'FROM_USER')))] }),
      [PROJECT]: settings({ PreToolUse: [group('Bash', { type: 'command', command: 'exit 2', timeout: 'soon' })], PostToolUse: [group('Bash', cmd(ctx('PostToolUse', 'FROM_PROJECT_POST')))] }),
    },
  },
  {
    id: 'settings-unknown-event',
    title: 'an unknown event name next to a valid one',
    covers: ['settings-files'],
    files: {
      [PROJECT]: settings({ PreToolUze: [group('Bash', cmd(deny2('TYPO_EVENT')))], PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'VALID_EVENT')))] }),
    },
  },
  {
    // The same with a denial, which every build shows (2.0.76 never shows PreToolUse context): is the file rejected?
    id: 'settings-unknown-event-deny',
    title: 'an unknown event name next to a valid PreToolUse hook that denies',
    covers: ['settings-files'],
    files: {
      [PROJECT]: settings({ PreToolUze: [group('Bash', cmd(deny2('TYPO_EVENT')))], PreToolUse: [group('Bash', cmd(deny2('VALID_DENY')))] }),
    },
  },
  {
    id: 'settings-disable-all-hooks',
    title: '"disableAllHooks": true in the local settings turns off the project’s hooks too',
    covers: ['settings-files'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(deny2('PROJECT_HOOK')))] }),
      [LOCAL]: `${JSON.stringify({ disableAllHooks: true })}\n`,
    },
  },
  {
    id: 'settings-invalid-json-file',
    title: 'an invalid settings file: its hooks are lost, the other files still count',
    covers: ['settings-files'],
    files: {
      [USER]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'FROM_USER')))] }),
      [PROJECT]: '{ "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "exit 2" } ] } ] }\n',
    },
  },

  // ---- matchers ----
  matcherCase('matcher-empty', '', true, 'An empty matcher matches every tool.'),
  matcherCase('matcher-star', '*', true, '"*" matches every tool.'),
  {
    id: 'matcher-absent',
    title: 'a group without matcher matches Bash',
    covers: ['matcher'],
    files: { [PROJECT]: settings({ PreToolUse: [group(undefined, cmd(deny2('MATCHED')))] }) },
  },
  matcherCase('matcher-exact-name', 'Bash', true, 'A plain name matches that tool exactly.'),
  matcherCase('matcher-list-pipe', 'Read|Bash', true, 'Names separated by | form a list.'),
  matcherCase('matcher-list-comma-spaces', 'Read, Bash', true, 'Names separated by commas and spaces form a list.'),
  matcherCase('matcher-list-miss', 'Read|Write', false, 'A list without Bash does not match.'),
  matcherCase('matcher-partial-name', 'Bas', false, 'A plain word is an exact name, not a substring.'),
  matcherCase('matcher-wrong-case', 'bash', false, 'Names are case-sensitive.'),
  matcherCase('matcher-trimmed', '  Bash  ', true, 'Spaces around the matcher are trimmed.'),
  matcherCase('matcher-regex-dot-star', 'Bas.*', true, 'With a regex character, the matcher is an unanchored regex.'),
  matcherCase('matcher-regex-caret', '^Bas', true, 'A regex anchored at the start only.'),
  matcherCase('matcher-regex-unanchored', 'a.', true, 'A regex found anywhere in the name matches.'),
  matcherCase('matcher-regex-miss', '^bash$', false, 'A regex is case-sensitive too.'),

  matcherCase('matcher-invalid-regex', 'Bash(', false, 'A matcher that is not a valid regex never matches.'),
  {
    id: 'matcher-session-start-source',
    title: 'SessionStart matchers test how the session started: "resume" does not run at startup',
    covers: ['matcher', 'session-start'],
    files: { [PROJECT]: settings({ SessionStart: [group('resume', cmd('echo RESUME_ONLY')), group('startup', cmd('echo STARTUP_ONLY'))] }) },
  },

  // ---- PreToolUse decisions ----
  {
    id: 'pre-exit2-denies',
    title: 'exit 2 denies with stderr as the reason, over an allow printed on stdout',
    covers: ['pre-exit-codes'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`${say(pre({ permissionDecision: 'allow' }))}; ${deny2('EXIT2_REASON')}`))] }) },
  },
  {
    id: 'pre-exit2-stdout-context-ignored',
    title: 'exit 2 does not ignore stdout: an additionalContext printed there still reaches the model',
    covers: ['pre-exit-codes'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`${ctx('PreToolUse', 'STDOUT_CONTEXT')}; ${deny2('EXIT2_REASON')}`))] }) },
  },
  {
    id: 'pre-exit2-empty-stderr',
    title: 'exit 2 with nothing on stderr',
    covers: ['pre-exit-codes'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd('exit 2'))] }) },
  },
  {
    id: 'pre-two-denies',
    title: 'two denies: whose reason the model sees',
    covers: ['pre-precedence'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [
          group(
            'Bash',
            cmd(`sleep 0.5; ${say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'SLOW_DENY' }))}`),
            cmd(say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'FAST_DENY' }))),
          ),
        ],
      }),
    },
  },
  {
    id: 'pre-wrong-hook-event-name',
    title: 'hookSpecificOutput naming another event',
    covers: ['pre-output'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny', permissionDecisionReason: 'WRONG_EVENT' } })))] }) },
  },
  {
    id: 'pre-json-deny',
    title: 'permissionDecision deny with a reason',
    covers: ['pre-decisions'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_REASON' }))))] }) },
  },
  {
    id: 'pre-json-deny-no-reason',
    title: 'permissionDecision deny without a reason',
    covers: ['pre-decisions'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say(pre({ permissionDecision: 'deny' }))))] }) },
  },
  {
    id: 'pre-deny-beats-ask-and-allow',
    title: 'deny beats ask and allow, whatever the order',
    covers: ['pre-precedence'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [
          group(
            'Bash',
            cmd(say(pre({ permissionDecision: 'allow', permissionDecisionReason: 'ALLOW_REASON' }))),
            cmd(`sleep 0.3; ${say(pre({ permissionDecision: 'ask', permissionDecisionReason: 'ASK_REASON' }))}`),
            cmd(`sleep 0.6; ${say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_REASON' }))}`),
          ),
        ],
      }),
    },
  },
  {
    id: 'pre-deny-first-still-wins',
    title: 'deny wins when it finishes first and allow finishes last',
    covers: ['pre-precedence'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [
          group(
            'Bash',
            cmd(`sleep 0.6; ${say(pre({ permissionDecision: 'allow', permissionDecisionReason: 'ALLOW_REASON' }))}`),
            cmd(say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_REASON' }))),
          ),
        ],
      }),
    },
  },
  {
    id: 'pre-ask-beats-allow',
    title: 'ask beats allow; in -p mode the ask becomes a denial',
    covers: ['pre-precedence', 'pre-ask'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [
          group(
            'Bash',
            cmd(`sleep 0.4; ${say(pre({ permissionDecision: 'allow', permissionDecisionReason: 'ALLOW_REASON' }))}`),
            cmd(say(pre({ permissionDecision: 'ask', permissionDecisionReason: 'ASK_REASON' }))),
          ),
        ],
      }),
    },
  },
  {
    id: 'pre-ask-no-reason',
    title: 'an ask without a reason, in -p mode',
    covers: ['pre-ask'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say(pre({ permissionDecision: 'ask' }))))] }) },
  },
  {
    id: 'pre-exit1-non-blocking',
    title: 'exit 1 is a non-blocking error: the tool runs',
    covers: ['pre-exit-codes'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd('echo EXIT1_STDERR >&2; exit 1'))] }) },
  },
  {
    id: 'pre-exit1-json-deny',
    title: 'exit 1 with a deny on stdout: the JSON is still read',
    covers: ['pre-exit-codes'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`${say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'EXIT1_DENY' }))}; exit 1`))] }) },
  },
  {
    id: 'pre-exit3-non-blocking',
    title: 'exit 3 is a non-blocking error, even with a deny on stdout',
    covers: ['pre-exit-codes'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`${say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'IGNORED' }))}; echo EXIT3_STDERR >&2; exit 3`))] }) },
  },
  {
    id: 'pre-invalid-json-ignored',
    title: 'invalid JSON on exit 0 is ignored',
    covers: ['pre-output'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`echo '{"hookSpecificOutput": {"permissionDecision": "deny"'`))] }) },
  },
  {
    id: 'pre-plain-text-ignored',
    title: 'plain text on exit 0 is ignored',
    covers: ['pre-output'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd('echo please deny this'))] }) },
  },
  {
    id: 'pre-legacy-decision-block',
    title: 'the legacy decision "block" acts as deny',
    covers: ['pre-decisions'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say({ decision: 'block', reason: 'LEGACY_REASON' })))] }) },
  },
  {
    id: 'pre-not-preapproved-denied',
    title: 'control: a command the permission rules do not allow is denied in -p mode',
    covers: ['pre-allow'],
    allowedTools: 'Bash(echo:*)',
    tool: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' },
    files: { [PROJECT]: settings({}) },
  },
  {
    id: 'pre-legacy-approve-not-preapproved',
    title: 'the legacy decision "approve" lets a command the permission rules do not allow run',
    covers: ['pre-allow', 'pre-decisions'],
    allowedTools: 'Bash(echo:*)',
    tool: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' },
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say({ decision: 'approve', reason: 'LEGACY_APPROVE' })))] }) },
  },
  {
    id: 'pre-allow-runs-not-preapproved',
    title: "a hook's allow lets a command the permission rules do not allow run",
    covers: ['pre-allow'],
    allowedTools: 'Bash(echo:*)',
    tool: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' },
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say(pre({ permissionDecision: 'allow', permissionDecisionReason: 'ALLOW_REASON' }))))] }) },
  },
  {
    id: 'permission-request-allow',
    title: 'a command the rules do not allow: a PermissionRequest hook allows it',
    covers: ['permission-request'],
    allowedTools: 'Bash(echo:*)',
    tool: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' },
    files: { [PROJECT]: settings({ PermissionRequest: [group('Bash', cmd(say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } })))] }) },
  },
  {
    id: 'permission-request-deny',
    title: 'a command the rules do not allow: a PermissionRequest hook denies it with a message',
    covers: ['permission-request'],
    allowedTools: 'Bash(echo:*)',
    tool: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' },
    files: {
      [PROJECT]: settings({ PermissionRequest: [group('Bash', cmd(say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'PERMISSION_DENIED_BY_HOOK' } } })))] }),
    },
  },
  {
    id: 'permission-request-deny-no-message',
    title: 'a PermissionRequest deny without a message',
    covers: ['permission-request'],
    allowedTools: 'Bash(echo:*)',
    tool: { command: 'touch made_by_bash.txt; echo original', description: 'run the command' },
    files: { [PROJECT]: settings({ PermissionRequest: [group('Bash', cmd(say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny' } } })))] }) },
  },
  {
    id: 'pre-system-message',
    title: 'systemMessage goes to the user, never to the model',
    covers: ['pre-output'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say({ systemMessage: 'SYSTEM_MESSAGE_FOR_USER' })))] }) },
  },
  {
    id: 'pre-additional-context',
    title: 'additionalContext of PreToolUse reaches the model after the tool result',
    covers: ['context'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'PRE_CONTEXT')))] }) },
  },

  // ---- updatedInput ----
  {
    id: 'rewrite-last-finisher-wins-declared-first',
    title: 'two rewrites: the one that finishes last wins, though declared first',
    covers: ['rewrite'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [group('Bash', cmd(`sleep 0.6; ${say(pre({ updatedInput: { command: 'echo A' } }))}`), cmd(say(pre({ updatedInput: { command: 'echo B' } }))))],
      }),
    },
  },
  {
    id: 'rewrite-last-finisher-wins-declared-second',
    title: 'two rewrites: the one that finishes last wins, declared second',
    covers: ['rewrite'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [group('Bash', cmd(say(pre({ updatedInput: { command: 'echo A' } }))), cmd(`sleep 0.6; ${say(pre({ updatedInput: { command: 'echo B' } }))}`))],
      }),
    },
  },
  {
    id: 'rewrite-later-silent-hook-keeps-it',
    title: 'a later-finishing hook with no output does not undo a rewrite',
    covers: ['rewrite'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`sleep 0.2; ${say(pre({ updatedInput: { command: 'echo A' } }))}`), cmd('sleep 0.8'))] }) },
  },
  {
    id: 'rewrite-replaces-whole-input',
    title: 'updatedInput replaces the whole input: fields it leaves out are gone',
    covers: ['rewrite'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say(pre({ updatedInput: { command: 'echo rewritten' } }))))] }) },
  },
  {
    id: 'rewrite-with-allow',
    title: 'allow with updatedInput runs the rewritten command',
    covers: ['rewrite', 'pre-allow'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say(pre({ permissionDecision: 'allow', updatedInput: { command: 'echo rewritten', description: 'rewritten' } }))))] }),
    },
  },
  {
    id: 'rewrite-deny-beats-allow-rewrite',
    title: 'a deny beats another hook’s allow with updatedInput',
    covers: ['rewrite', 'pre-precedence'],
    files: {
      [PROJECT]: settings({
        PreToolUse: [
          group(
            'Bash',
            cmd(`sleep 0.4; ${say(pre({ permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } }))}`),
            cmd(say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'DENY_REASON' }))),
          ),
        ],
      }),
    },
  },

  // ---- timeouts ----
  {
    id: 'timeout-sigterm-no-verdict',
    title: 'at the deadline the hook gets SIGTERM and counts as no verdict: the tool runs',
    covers: ['timeout'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`sleep 3; ${deny2('TOO_LATE')}`, 1))] }) },
    timing: { minGapMs: 900, maxGapMs: 2000 },
  },
  {
    id: 'timeout-answer-before-deadline-lost',
    title: 'a deny printed before the deadline is lost when the hook then times out',
    covers: ['timeout'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`${say(pre({ permissionDecision: 'deny', permissionDecisionReason: 'EARLY_DENY' }))}; sleep 3`, 1))] }) },
    timing: { minGapMs: 900, maxGapMs: 2000 },
  },
  {
    id: 'timeout-ignores-sigterm-killed-later',
    title: 'a hook ignoring SIGTERM is killed about 1.5 s after the deadline (older builds go on at the deadline)',
    covers: ['timeout'],
    files: { [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(`trap '' TERM; sleep 4; ${deny2('SURVIVED')}`, 1))] }) },
    // Builds before 2.1.332 do not wait for the SIGKILL: their recordings resumed 1.1-2.1 s after the call (one
    // 2.1.47 run at 5 s took 13 s in all, load), never the 2.5 s that waiting for the kill takes.
    timing: { minGapMs: 2200, maxGapMs: 3800, byVersion: { '1.0.41': { minGapMs: 1000, maxGapMs: 2400 }, '2.0.76': { minGapMs: 1000, maxGapMs: 2400 }, '2.1.47': { minGapMs: 1000, maxGapMs: 2400 }, '2.1.143': { minGapMs: 1000, maxGapMs: 2400 } } },
  },

  // ---- continue: false ----
  {
    id: 'pre-continue-false',
    title: 'continue: false from PreToolUse: the tool still runs, then the session ends without Stop',
    covers: ['continue-false'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(say({ continue: false, stopReason: 'HALT_REASON' })))], Stop: [group(undefined, cmd('echo stop ran >/dev/null'))] }),
    },
  },

  // ---- Stop ----
  {
    id: 'stop-no-block',
    title: 'a Stop hook that says nothing: the turn ends',
    covers: ['stop'],
    files: { [PROJECT]: settings({ Stop: [group(undefined, cmd('exit 0'))] }) },
  },
  {
    id: 'stop-block-json-once',
    title: 'Stop decision block continues the turn with the reason; the next Stop has stop_hook_active',
    covers: ['stop'],
    files: {
      [PROJECT]: settings({ Stop: [group(undefined, cmd(`grep -q '"stop_hook_active":true' || ${say({ decision: 'block', reason: 'KEEP_GOING' })}`))] }),
    },
  },
  {
    id: 'stop-exit2-once',
    title: 'Stop exit 2 continues the turn with stderr as the reason',
    covers: ['stop'],
    files: { [PROJECT]: settings({ Stop: [group(undefined, cmd(`grep -q '"stop_hook_active":true' && exit 0; ${deny2('STOP_EXIT2')}`))] }) },
  },
  {
    id: 'stop-block-no-reason',
    title: 'Stop decision block without a reason',
    covers: ['stop'],
    files: { [PROJECT]: settings({ Stop: [group(undefined, cmd(`grep -q '"stop_hook_active":true' || ${say({ decision: 'block' })}`))] }) },
  },
  {
    id: 'stop-two-blocks',
    title: 'two Stop hooks block with different reasons',
    covers: ['stop'],
    files: {
      [PROJECT]: settings({
        Stop: [
          group(
            undefined,
            cmd(`grep -q '"stop_hook_active":true' || { sleep 0.4; ${say({ decision: 'block', reason: 'SLOW_STOP' })}; }`),
            cmd(`grep -q '"stop_hook_active":true' || ${say({ decision: 'block', reason: 'FAST_STOP' })}`),
          ),
        ],
      }),
    },
  },
  {
    id: 'stop-always-blocks-limit',
    title: 'an always-blocking Stop hook is overridden after 9 consecutive blocks',
    covers: ['stop'],
    files: { [PROJECT]: settings({ Stop: [group(undefined, cmd(say({ decision: 'block', reason: 'MORE' })))] }) },
  },
  {
    id: 'stop-text-only-turn',
    title: 'a turn without a tool call: Stop blocks once, then the turn ends',
    covers: ['stop'],
    tool: null,
    files: {
      [PROJECT]: settings({ Stop: [group(undefined, cmd(`grep -q '"stop_hook_active":true' || ${say({ decision: 'block', reason: 'ONE_MORE' })}`))] }),
    },
  },

  // ---- UserPromptSubmit, SessionStart ----
  {
    id: 'prompt-exit2-no-request',
    title: 'UserPromptSubmit exit 2: no model request at all',
    covers: ['prompt'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd(deny2('NO_PROMPT')))] }) },
  },
  {
    id: 'prompt-json-block',
    title: 'UserPromptSubmit decision block: no model request',
    covers: ['prompt'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd(say({ decision: 'block', reason: 'BLOCKED_PROMPT' })))] }) },
  },
  {
    id: 'prompt-plain-stdout-context',
    title: 'plain stdout of UserPromptSubmit becomes context',
    covers: ['prompt', 'context'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd('echo PROMPT_CONTEXT'))] }) },
  },
  {
    id: 'prompt-exit1-stdout',
    title: 'UserPromptSubmit exit 1: a non-blocking error; its stdout is not context',
    covers: ['prompt'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd('echo EXIT1_STDOUT; echo EXIT1_STDERR >&2; exit 1'))] }) },
  },
  {
    id: 'prompt-continue-false',
    title: 'UserPromptSubmit continue: false',
    covers: ['prompt', 'continue-false'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd(say({ continue: false, stopReason: 'PROMPT_HALT' })))] }) },
  },
  {
    id: 'prompt-two-plain-hooks',
    title: 'two UserPromptSubmit hooks with plain stdout',
    covers: ['prompt', 'context'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd('sleep 0.4; echo SLOW_PLAIN'), cmd('echo FAST_PLAIN'))] }) },
  },
  {
    id: 'prompt-timeout',
    title: 'a UserPromptSubmit hook that times out: no block, no context',
    covers: ['prompt', 'timeout'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd(`echo LOST_CONTEXT; sleep 3; ${deny2('TOO_LATE')}`, 1))] }) },
  },
  {
    id: 'prompt-json-additional-context',
    title: 'additionalContext of UserPromptSubmit becomes context',
    covers: ['prompt', 'context'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group(undefined, cmd(ctx('UserPromptSubmit', 'PROMPT_JSON_CONTEXT')))] }) },
  },
  {
    id: 'prompt-matcher-ignored',
    title: 'UserPromptSubmit has no matcher: a group with one still runs',
    covers: ['prompt', 'matcher'],
    files: { [PROJECT]: settings({ UserPromptSubmit: [group('NeverMatches', cmd('echo PROMPT_CONTEXT'))] }) },
  },
  {
    id: 'session-start-plain-stdout-context',
    title: 'plain stdout of SessionStart becomes context',
    covers: ['session-start', 'context'],
    files: { [PROJECT]: settings({ SessionStart: [group(undefined, cmd('echo SESSION_CONTEXT'))] }) },
  },
  {
    id: 'session-start-json-context',
    title: 'additionalContext of SessionStart becomes context',
    covers: ['session-start', 'context'],
    files: { [PROJECT]: settings({ SessionStart: [group('startup', cmd(ctx('SessionStart', 'SESSION_JSON_CONTEXT')))] }) },
  },

  // ---- PostToolUse ----
  {
    id: 'post-additional-context',
    title: 'additionalContext of PostToolUse reaches the model after the tool result',
    covers: ['context'],
    files: { [PROJECT]: settings({ PostToolUse: [group('Bash', cmd(ctx('PostToolUse', 'POST_CONTEXT')))] }) },
  },
  {
    id: 'pre-and-post-context-order',
    title: 'PreToolUse and PostToolUse contexts both reach the model, in event order',
    covers: ['context'],
    files: {
      [PROJECT]: settings({ PreToolUse: [group('Bash', cmd(ctx('PreToolUse', 'PRE_CONTEXT')))], PostToolUse: [group('Bash', cmd(ctx('PostToolUse', 'POST_CONTEXT')))] }),
    },
  },
  {
    id: 'post-tool-failure-context',
    title: 'a failing command: PostToolUseFailure runs instead of PostToolUse, its additionalContext reaches the model',
    covers: ['post', 'context'],
    tool: { command: 'echo to_stderr >&2; exit 3', description: 'run the command' },
    files: {
      [PROJECT]: settings({ PostToolUse: [group('Bash', cmd(ctx('PostToolUse', 'NOT_THIS_ONE')))], PostToolUseFailure: [group('Bash', cmd(ctx('PostToolUseFailure', 'FAILURE_CONTEXT')))] }),
    },
  },
  {
    id: 'post-decision-block',
    title: 'PostToolUse decision block: the tool already ran; the reason goes to the model',
    covers: ['post'],
    files: { [PROJECT]: settings({ PostToolUse: [group('Bash', cmd(say({ decision: 'block', reason: 'POST_BLOCK' })))] }) },
  },
  {
    id: 'post-two-blocks',
    title: 'two PostToolUse hooks block with different reasons',
    covers: ['post'],
    files: {
      [PROJECT]: settings({
        PostToolUse: [group('Bash', cmd(`sleep 0.4; ${say({ decision: 'block', reason: 'SLOW_POST' })}`), cmd(say({ decision: 'block', reason: 'FAST_POST' })))],
      }),
    },
  },
  {
    id: 'post-block-and-context',
    title: 'a PostToolUse block and another hook’s additionalContext: which the model reads first',
    covers: ['post', 'context'],
    files: {
      [PROJECT]: settings({ PostToolUse: [group('Bash', cmd(`sleep 0.3; ${say({ decision: 'block', reason: 'LATE_BLOCK' })}`), cmd(ctx('PostToolUse', 'EARLY_CONTEXT')))] }),
    },
  },
  {
    id: 'post-block-then-late-context',
    title: 'a PostToolUse block finishing before another hook’s additionalContext',
    covers: ['post', 'context'],
    files: {
      [PROJECT]: settings({ PostToolUse: [group('Bash', cmd(say({ decision: 'block', reason: 'EARLY_BLOCK' })), cmd(`sleep 0.3; ${ctx('PostToolUse', 'LATE_CONTEXT')}`))] }),
    },
  },
  {
    id: 'post-context-block-context',
    title: 'PostToolUse: context, then a block, then context, in finishing order',
    covers: ['post', 'context'],
    files: {
      [PROJECT]: settings({
        PostToolUse: [group('Bash', cmd(ctx('PostToolUse', 'FIRST_CONTEXT')), cmd(`sleep 0.3; ${say({ decision: 'block', reason: 'MIDDLE_BLOCK' })}`), cmd(`sleep 0.6; ${ctx('PostToolUse', 'LAST_CONTEXT')}`))],
      }),
    },
  },
  {
    id: 'post-exit2',
    title: 'PostToolUse exit 2: stderr goes to the model',
    covers: ['post'],
    files: { [PROJECT]: settings({ PostToolUse: [group('Bash', cmd(deny2('POST_EXIT2')))] }) },
  },
];
