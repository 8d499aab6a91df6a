import type { Evidence } from '../../outcome.js';
import type { VerifiedAgainst } from '../dialect.js';

export const VERSION = '0.61.0';
export const HOST = 'Gemini CLI';

/**
 * Evidence for a rule a recording of the real CLI covers: case ids of oracle/hosts/gemini-cli/fixtures/0.61.0 (the
 * one-event oracle) or of oracle/recorded/gemini-cli/0.61.0 (the session sweep, oracle/sessions/gemini-cli.mjs).
 */
export function recorded(...cases: [string, ...string[]]): Evidence {
  return { kind: 'recorded', host: HOST, version: VERSION, cases };
}

/** Evidence for a rule read in the CLI's docs or bundle only, never checked on the real CLI. */
export function docs(source?: string): Evidence {
  return source ? { kind: 'docs', source } : { kind: 'docs' };
}

/**
 * What the gemini-cli dialect is verified against: the real `gemini -p` of @google/gemini-cli 0.61.0, run offline
 * by `npm run oracle -- --host gemini-cli` (oracle/hosts/gemini-cli, on the real-host harness), its observations recorded as fixtures and
 * replayed by packages/real-host/test/gemini-cli-oracle-replay.test.ts. Only rules those recordings cover are listed.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: HOST,
  version: VERSION,
  cases: 96,
  rules: [
    'Hooks come from ~/.gemini/settings.json and .gemini/settings.json; their lists add up, user first; the same name and command run once, as the first declaration (its timeout applies). Comments in settings are fine.',
    'A settings file that does not parse stops gemini -p before anything runs (exit 52); an unknown event name, a group without "hooks" and a hook without a command or a known type are skipped with a warning, the rest still counts.',
    'hooksConfig.enabled: the project file’s value wins over the user file’s, and false turns every hook off; hooksConfig.disabled lists of both files add up and skip hooks by name, or by command when they have none. An untrusted folder: gemini -p refuses to run (exit 55).',
    'A settings file that breaks the schema (a matcher that is not a string, …) is reported ("Invalid configuration in …") and used as written; a non-string matcher on a tool event makes that event run no hook at all.',
    'Hooks run with bash -c in the project directory with GEMINI_PROJECT_DIR, GEMINI_CWD and CLAUDE_PROJECT_DIR set; $VAR and ${VAR:-default} in settings are resolved with the CLI’s own environment first.',
    'Hooks of one event start together; one group with "sequential": true makes the whole event run one by one, and the next hook sees the previous one’s tool_input merged in.',
    'timeout is in milliseconds: at the deadline the hook is killed and counts as no answer, and the user is told it failed.',
    'The answer is stdout, or stderr when stdout is empty; JSON (a JSON string is parsed twice) is read whatever the exit code; a JSON scalar says nothing.',
    'Plain text on exit 0 allows and becomes a systemMessage; on exit 1 a "Warning: " systemMessage; on any other exit a deny with the text as the reason. Exit 2 with no output blocks nothing.',
    'Tool matchers are unanchored, case-sensitive regexes on the tool name (trimmed; "" and "*" match all; one that does not compile is compared exactly); SessionStart compares its source exactly; BeforeAgent ignores matchers.',
    'BeforeTool: a deny or block anywhere wins and the model gets "Tool execution blocked: <every reason, joined>"; continue: false stops the run; tool_input replaces the arguments whole (the last in config order wins) and the model is told they were modified; "ask" under -p ends the run without running the tool.',
    'AfterTool: additionalContext is appended to the tool result as <hook_context> (< and > escaped); a deny replaces the result with its reason; continue: false ends the run.',
    'BeforeAgent: additionalContext is its own part after the prompt; a deny or continue: false means no model request. SessionStart: additionalContext goes in front of the prompt; it cannot block.',
    'AfterAgent: a deny sends the reason back as a new prompt and fires again with stop_hook_active: true and the answers so far; continue: false ends the run.',
    'BeforeModel: a deny skips the model call (an llm_response given with it becomes the answer); continue: false ends the run. AfterModel: a deny only prints a warning, the response is still used; an llm_response replaces the response, tool calls included.',
    'PreCompress fires before every model turn and SessionEnd at exit; their decisions change nothing. A hook’s own "env" object reaches its environment.',
    'systemMessage of every hook is joined and shown to the user on stderr ("Hook system message: …"), never to the model; suppressOutput hides it. Failed hooks are reported by name.',
    'Several calls in one model message: every call is checked (BeforeTool, then the policy) before any runs, and the results go back in call order; a call whose hook asks ends the run with none of them run.',
    'The approval mode (host.args --approval-mode; the harness launches --yolo): outside yolo, gemini -p does not declare the shell to the model, so a call to it fails as "not found" with no hook; user policies (~/.gemini/policies/*.toml), tools.exclude and tools.allowed decide after BeforeTool, on its rewritten input; a rule that asks fails the call; workspace policies are not loaded.',
    '--resume latest: each earlier tool result is in the history twice, and a user message that starts with <hook_context> (a SessionStart context) is left out; after tool results AfterAgent fires with stop_hook_active false again.',
  ],
};
