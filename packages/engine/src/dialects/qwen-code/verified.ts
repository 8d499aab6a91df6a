import type { VerifiedAgainst } from '../dialect.js';

/** Consecutive Stop blocks after which Qwen Code overrides the hook and ends the turn (stopHookBlockingCap). */
export const STOP_BLOCK_CAP = 8;

/**
 * What hookplay's qwen-code dialect is verified against: the real Qwen Code CLI, run offline on the real-host harness
 * by `npm run oracle -- --host qwen-code` (oracle/hosts/qwen-code/cases.mjs, one-shot sessions with at most one
 * call; `cases` counts them) and by the session sweep `npm run oracle:sessions -- --host qwen-code`
 * (oracle/sessions/qwen-code.mjs: several calls, resume, trust, env), recorded in oracle/hosts/qwen-code/fixtures/
 * and oracle/recorded/qwen-code/ and replayed against the engine by `npm test`. Only rules those recordings cover
 * are listed; the rest of the dialect says "from the docs" where it applies.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'Qwen Code',
  version: '0.24.4',
  cases: 154,
  rules: [
    'Hooks come from .qwen/settings.json and ~/.qwen/settings.json, project first; their hooks add up. Comments are allowed.',
    'A project file that is not JSON is reset to empty settings; a user file that is not JSON, or any file that is not an object, stops Qwen Code before the session starts.',
    'An unknown event name, a group without a hooks array, a hook of unknown type or a command hook without command is skipped; the rest of the file still counts.',
    '"disableAllHooks" stops every hook when truthy ("yes" too); the project file’s value wins over the user’s.',
    'In an untrusted folder (folder trust on), project hooks are skipped and user hooks still run; --yolo falls back to the default approval mode, so a one-shot run declines the shell call before any tool hook fires.',
    'A one-shot run outside --yolo (--approval-mode plan, default, auto-edit) adds deny rules for the shell (and monitor; edit and write_file outside auto-edit) unless a permissions.allow rule names the tool by its own id (a Bash(...) allow does not). A call refused by a deny rule (those, permissions.deny, tools.exclude, a Bash(printf *) specifier), or needing a confirmation a one-shot run cannot ask for (an ask rule), gets no PreToolUse, PermissionRequest or PostToolUse, only PostToolBatch, and the model reads the CLI\'s refusal; a command writing a file through a redirection is refused by the edit rule; with --yolo an ask rule changes nothing (session sweep: perm-*).',
    'Hooks run with bash -c in the project directory, each in its own process group, with QWEN_PROJECT_DIR, CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR set, plus the hook’s own env; the payload has no trailing newline.',
    'Hooks of one event run in parallel; one matching group with "sequential": true (in any file) makes them all run one after another, and the next hook sees the previous context appended to the prompt or the tool_input merged.',
    'The same command (or name and command) runs once per event, across groups, matchers and files; different names run twice.',
    'Matchers: empty, absent, * and .* match everything; an exact name or alias (Bash, Shell, run_shell_command) matches; a | list matches on any exact entry, else is joined into one regex; anything else is an unanchored, case-sensitive regex tested against the native id only (^Bash$ never matches). UserPromptSubmit ignores matchers; SessionStart matches its source.',
    'Timeouts are seconds (default 60); a numeric string counts; 1000 or more is milliseconds; 0 means the default. A timed-out hook is no answer; a hook ignoring SIGTERM is killed about 2 s later.',
    'Exit 2 reads stderr only: text denies with that reason (trimmed), a JSON object is the answer, nothing is no answer; stdout is ignored.',
    'Any other exit reads stdout, or stderr when stdout is empty: a JSON object (even JSON-encoded) is the answer whatever the exit code; invalid JSON starting with { is ignored; other text decides nothing.',
    'Several outputs merge in declaration order: block if any blocks, reasons joined by a newline, contexts joined, and permissionDecision, permissionDecisionReason and the other fields: the last hook wins (a later allow beats an earlier deny).',
    'PreToolUse: permissionDecision is read before decision; deny, ask (in a one-shot run) and continue: false stop the tool, and the model reads the reason as the tool error ("No reason provided", "User confirmation required"). updatedInput and additionalContext are ignored.',
    'PostToolUse: additionalContext is appended to the tool result after a blank line, < and > escaped; continue: false replaces the result; decision "block" and exit 2 change nothing. PostToolUseFailure and PostToolBatch context are appended the same way.',
    'UserPromptSubmit runs for the prompt and again before each tool result (prompt ""): plain stdout or additionalContext is added as a <qwen:user-prompt-submit-context> part; a block, exit 2 or continue: false ends the turn without a request.',
    'SessionStart plain stdout or additionalContext goes into the system prompt; it cannot block.',
    'A one-shot run also fires InstructionsLoaded and Notification (auth_success, matched on notification_type) before the prompt, and MessageDisplay twice per text answer (streaming, then final); their output changes nothing. SessionEnd, PermissionRequest (with --yolo) and PostToolUseFailure (on success) do not fire.',
    'Stop: decision "block", exit 2 or continue: false continues the turn with the reason as a new user message; the next Stop has stop_hook_active true; after 8 blocks in a row the turn ends; QWEN_CODE_STOP_HOOK_BLOCK_CAP (a whole number; 0 or text mean 8) wins over the stopHookBlockingCap setting (rounded down; the project\'s over the user\'s) (stop-cap-*).',
    'Several calls in one model message that write run one after another, each with its own PreToolUse, PostToolUse (PostToolUseFailure when it fails) and PostToolBatch; one UserPromptSubmit ("") sends all their results (session sweep: calls-*). Calls Qwen Code deems read-only run at once instead, and one of them loses its output at random (calls-read-only-at-once, recorded with both answers).',
    'PostToolBatch fires after a call that never ran too: declined in an untrusted folder, or stopped by PreToolUse (untrusted-*, one-call-PreToolUse-continue-false).',
    'qwen --continue and qwen --resume <id> start another process on the saved conversation: InstructionsLoaded, SessionStart and Notification fire again, the new start’s SessionStart context replaces the first one’s, and the context UserPromptSubmit added to a tool-result send, a blocked prompt and a Stop continuation are gone from the history while the prompt’s context stays, the answers around them run together (resume-*).',
    '$VAR and ${VAR} in settings strings take the value of the CLI’s environment variables when the file is loaded, so a hook command runs with them written in (env-*).',
  ],
};
