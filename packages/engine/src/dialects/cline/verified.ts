import type { VerifiedAgainst } from '../dialect.js';

/**
 * What hookplay's cline dialect is verified against: the real Cline CLI 3.0.65, run offline by
 * `npm run oracle -- --host cline` (oracle/hosts/cline/cases.mjs, fixtures in oracle/hosts/cline/fixtures/3.0.65/)
 * and its session sweep (oracle/sessions/cline.mjs, recorded in oracle/recorded/cline/3.0.65/), both replayed
 * against the engine by `npm test`. Only rules those recordings cover are listed; everything else the dialect says
 * is labelled "from the docs". `cases` counts both: 112 one-event cases and 65 sessions.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Cline CLI',
  version: '3.0.65',
  cases: 177,
  rules: [
    'Hook files are read from ~/Documents/Cline/Hooks/, ~/.cline/hooks/ ($CLINE_DIR/hooks/ when CLINE_DIR is set, relative to the project when it is relative), .clinerules/hooks/ and .cline/hooks/, directly in them only; --hooks-dir and CLINE_HOOKS_DIR add nothing (recorded: folders-*).',
    'A hook file is named after its event in any case (pretooluse), with no extension or .sh .bash .zsh .js .mjs .cjs .ts .mts .cts .py .ps1; an upper-case extension, another extension or another name is not a hook (recorded: names-*).',
    'The CLI never executes a hook file itself: it runs the shebang\'s interpreter (env skipped; sh, bash, zsh, python by name), else one by extension, else bash, so the file\'s mode does not matter; a missing interpreter is a hook that does not start, and the next hook runs (recorded: exec-*).',
    'Hooks run in the project with the CLI\'s environment plus CLINE_BUILD_ENV=production, the event JSON on stdin (clineVersion, taskId, workspaceRoots, userId from $USER, hookName, tool_call / tool_result and their preToolUse / postToolUse copies) (recorded: pre-env, pre-stdin-payload, post-stdin-payload).',
    'Every hook of an event runs, one after another, sorted by full path (so here home before project), whatever the others answered (recorded: folders-all-four-order, names-same-event-twice, pre-cancel-then-context).',
    'Only JSON on stdout is read: the last HOOK_CONTROL<TAB> line, else the whole stdout; plain text, text before the JSON or an array is no answer. The exit code is never read: exit 2 blocks nothing, JSON on exit 1 counts (recorded: pre-plain-text-ignored, pre-hook-control-last-line, pre-json-*, pre-exit-*, sweep-*).',
    'context wins over contextModification; an errorMessage without cancel: true is context too; cancel counts only as a boolean; review changes nothing; contexts of several hooks join with a newline; a blank one adds nothing (recorded: pre-context-*, pre-errorMessage-becomes-context, pre-cancel-string-ignored, pre-review-ignored, pre-two-contexts-joined, pre-empty-context-dropped).',
    'Each event\'s context reaches the model in a <hook_context source=... tool_name=... tool_call_id=...> block (attributes escaped, a hook\'s own <hook_context escaped, cut at 50000 characters with a note); all blocks of one model turn go in one user message after the tool results, every call\'s PreToolUse first, then the PostToolUse ones (recorded: pre-and-post-contexts, calls-two-pre-order, pre-context-tag-escaped, pre-long-context-truncated).',
    'overrideInput from PreToolUse replaces the call\'s input (the last hook\'s wins) while the model\'s message keeps its own arguments; from PostToolUse it changes nothing (recorded: pre-override-*, calls-override-one, post-override-ignored).',
    'cancel: true from PreToolUse or PostToolUse aborts the whole task: no further model request, the call does not run (PreToolUse of any call of the message) or its result never reaches the model (PostToolUse), the other hooks\' context is dropped, SessionShutdown runs, TaskComplete and TaskCancel do not, the CLI exits 0 and prints run_aborted "aborted by another client"; errorMessage is shown to nobody (recorded: pre-cancel*, post-cancel, calls-cancel-second, shutdown-on-cancel).',
    'PreToolUse and PostToolUse hooks are waited for up to 120 s, then killed with SIGKILL and their answer lost; the next hook runs (recorded: pre-slow-hook-waited, pre-timeout-120s).',
    'TaskStart runs before the first request and TaskComplete after the final answer, neither waited for nor read (cancel, context ignored); UserPromptSubmit and PreCompact files never run; a task that completes runs no SessionShutdown (recorded: taskstart-*, taskcomplete-cancel-ignored, ups-never-fires, precompact-never-fires, shutdown-not-on-completion).',
    'run_commands runs each command with bash in the project: its result lists {query, result, success}, a non-zero exit prefixing "[Command exited with code N]" and adding error, stderr after "\\n[stderr]\\n"; PostToolUse runs after a failing command too (recorded: tool-shapes, post-failing-command).',
  ],
};
