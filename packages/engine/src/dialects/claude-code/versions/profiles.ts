/**
 * The Claude Code versions hookplay is verified on, each a set of rule switches and host wordings. Every switch that
 * differs from the next listed version cites the recorded cases (oracle/fixtures/<version>/) that show it; the
 * replay test checks every cited case exists and replays in agreement. Values a version shares with the newest are
 * inherited, so a profile lists what changed, not everything.
 *
 * Read from each build's own behaviour with `npm run oracle -- --version V`; where a build is racy, the switch says so.
 */

/** The events each build fires hooks for (older builds have fewer: 1.0.41 has no UserPromptSubmit, SessionStart, ...). */
const V1_EVENTS = ['PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop', 'Notification', 'PreCompact'] as const;
const V2_EVENTS = [...V1_EVENTS, 'SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUseFailure', 'SessionEnd'] as const;

export interface ClaudeCodeSwitches {
  /** Timeout of a hook without `timeout`, in seconds. */
  defaultTimeoutS: number;
  /** Consecutive Stop blocks after which Claude Code overrides the hook and ends the turn; null: no cap, it loops. */
  stopBlockCap: number | null;
  /** Events this build has; hooks on any other event never run. null: every event hookplay knows. */
  events: readonly string[] | null;
  /** Identical command strings run once per event, the last declaration kept (today) or (2.0.76) the first within
   * a file, a later file's over an earlier one's (dedupe-different-timeouts and its reversal, sw-identical-*), or every
   * declaration runs (1.0.41). */
  dedupe: 'last' | 'first' | 'none';
  /**
   * Which identical commands are merged (with `dedupe`): 'apart' (today) within one plugin, or among the settings files;
   * 'shared' (2.1.47) the same command string anywhere, settings and plugins alike, before ${CLAUDE_PLUGIN_ROOT} is
   * expanded (plugin-dedupe-settings shows one text, plugin-dedupe-root-var only the last plugin's).
   */
  pluginDedupe: 'apart' | 'shared';
  /**
   * A settings file with an event name no Claude Code has (a typo): 'ignored' (today; 2.1.143) the name is skipped and
   * the file's other events count; 'invalid-file' (1.0.41, 2.0.76, 2.1.47) the whole file is rejected: the valid
   * PreToolUse hook beside "PreToolUze" neither denies (settings-unknown-event-deny) nor adds context
   * (settings-unknown-event).
   */
  unknownEvent: 'ignored' | 'invalid-file';
  /**
   * 2.0.76 runs a plugin's hooks as callbacks: the texts they give the model name "<event>:Callback" and the command
   * "callback" (plugin-deny's blocking note, plugin-session-start's "SessionStart:Callback hook success"), and a
   * successful one says "Success" whatever it printed (plugin-prompt-plain); its additionalContext still counts.
   */
  pluginCallbacks: boolean;
  /** `"disableAllHooks": true` turns every hook off; older builds do not know the setting. */
  disableAllHooks: boolean;
  /**
   * How a matcher is read. 'v2': trimmed; empty, absent or "*" match all; letters, digits, _, |, comma and spaces are
   * a list of exact names; else a regex. 'v1' (1.0.41): not trimmed; empty or absent match all; only letters, digits,
   * _ and | make a list; anything else (a comma, a space, "*") is a regex, and one that does not compile matches nothing.
   * 'v2.0' (2.0.76, 2.1.47): as 'v1', but "*" matches all.
   */
  matcher: 'v1' | 'v2.0' | 'v2';
  /**
   * How answers are read and combined. 'v1' (1.0.41, versions/v1.ts): a small JSON schema without hookSpecificOutput,
   * read in declaration order once every hook finished. 'v2.0' (2.0.76, 2.1.47, versions/v2-early.ts): JSON beats the
   * exit code, the last hook to finish words the PreToolUse result, texts are not joined. 'v2' (combine.ts): today's.
   */
  answers: 'v1' | 'v2.0' | 'v2';
  /** An updatedInput given without a permission decision (or beside ask) rewrites the call (2.0.76: it is ignored
   * there, and counts only beside allow; recorded). */
  bareRewrite: boolean;
  /** How the CLI reports a hook whose JSON it rejects: with the hook's exit code (today), or as exit 1 when the JSON
   * fails the schema (2.1.143; JSON that does not parse, two objects say, is still reported by its exit code). Under
   * 'error:1' the schema failure beats exit 2, which then blocks nothing (2.1.143: sw-ch-Stop-exit2-json-stdout). */
  rejectedEnd: 'exit-code' | 'error:1';
  /**
   * A Stop block given as JSON adds a "Stop hook blocking error from command" note for the model. 'now' (today): in
   * the continuation request, after the feedback. 'next-turn' (2.0.76, 2.1.47, 2.1.143): the note is written into the
   * conversation before its feedback, but the turn's own requests never carry it, only those of later turns
   * (turns-stop-block-then-next; stop-always-blocks-limit on 2.1.143 shows none of its 8 notes within the turn).
   */
  stopBlockNote: 'now' | 'next-turn';
  /** continue: false beside a PreToolUse deny ends the session (today), or is ignored and the session goes on. */
  haltWithDeny: boolean;
  /** PreToolUse's additionalContext reaches the model (2.0.76 reads it but never shows it: recorded). */
  preToolContext: boolean;
  /** The hook input: 'v2' today's base fields and a final newline; 'v2.1' (2.1.143) the same without prompt_id;
   * 'v2.0' no prompt_id, effort nor newline; 'v1' fewer. */
  payload: 'v1' | 'v2.0' | 'v2.1' | 'v2';
  /** 1.0.41 crashes (exit 1, EPIPE on stdin, no result) when a hook exits before reading its input: racy. */
  stdinCrashRacy: boolean;
  /**
   * PermissionRequest hooks answer the permission prompt (today). 2.0.76: they decide nothing in a `claude -p`
   * session, with or without a host that answers prompts: a hook's allow and deny change nothing (recorded).
   */
  permissionRequestHooks: boolean;
  /**
   * 2.1.47 and 2.1.143: a command that writes a file (`touch`) which no rule allows is refused by the working-directory
   * check ("touch in '<file>' was blocked. For security, ..."), though the file is in the project: nobody is asked
   * and no PermissionRequest hook runs. That is what a plain `claude -p` does with the check's ask: with a host that
   * answers prompts (--permission-prompt-tool) the user is asked like for any call (mode-default-touch on both).
   * Today (and 2.0.76) the call asks.
   */
  fileWriteBlocked: boolean;
  /** Each hook's additionalContext is its own text for the model (2.1.143), or consecutive ones are joined (today). */
  joinContexts: boolean;
  /** How permission rules and modes decide (permissions.ts): 'v2' today's; 'v2.0' 2.0.76's (recorded: a hook's allow
   * beats every rule, project allow rules count, bypassPermissions beats ask rules, plan asks). */
  permissions: 'v2.0' | 'v2';
  /** Project allow rules count and project or local settings may set bypassPermissions (2.0.76, 2.1.47, 2.1.143:
   * perm-allow-project, mode-dontask-allow-rule, mode-default-mode-project-bypass, mode-default-mode-local-bypass).
   * Today a `claude -p` in a never-trusted workspace drops those project allow entries and ignores that defaultMode. */
  projectTrusted: boolean;
  /** Plan mode has the server-side classifier check every call that is not read-only (today: denied when it cannot
   * run), or (2.0.76, 2.1.47, 2.1.143: mode-plan, mode-plan-hook-allow) asks like the default mode, where a hook's
   * allow runs the call. */
  planClassifier: boolean;
  /** 2.1.47 (and 2.0.76's own order): a PreToolUse allow runs the call before any permission rule is read, so deny
   * and ask rules do not stop it (combo-hook-allow-deny-rule, combo-hook-allow-ask-rule). */
  hookAllowFirst: boolean;
  /** How a JSON deny of PreToolUse reaches the model: "PreToolUse:Bash hook error: <reason>" (today), or (2.1.143,
   * as 2.0.76 and 2.1.47's own answers) the reason alone, "Hook PreToolUse:Bash denied this tool" without one
   * (combo-hook-deny-allow-rule, combo-hook-deny-bypass; exit 2 keeps the prefixed form: sw-ch-PreToolUse-exit2-stderr). */
  jsonDenyText: 'prefixed' | 'reason';
  /** Stop's hookSpecificOutput is in the output schema (today); 2.1.143 rejects it: the hook fails (reported exit 1). */
  stopContext: boolean;
  /** 2.1.143: a SessionStart JSON block, which blocks nothing, still gives the model a "blocking error" text. */
  sessionStartBlockNote: boolean;
  /** 2.1.143: PostToolBatch's context is appended to the tool result, before the tool's other hook texts. */
  batchContextInToolResult: boolean;
  /** 1.0.41 and 2.1.143: a timeout over 2^31-1 ms overflows the timer, which fires at once: the hook is cancelled. */
  timeoutOverflow: boolean;
  /** stdout that starts with `{` and ends with `}` but does not parse (two JSON objects, say): a rejected answer
   * (today), or plain text like any other output (2.1.143: sw-ch-SessionStart-two-json-objects and
   * sw-ch-UserPromptSubmit-two-json-objects show both objects to the model as the hook's output, ended "success"). */
  unparsedJson: 'rejected' | 'plain';
  /** `hooks.<event>` that is not an array: the whole file is rejected (today), or only that event is skipped and the
   * file's other events still run (2.1.143: sw-invalid-event-not-array-in-project and -in-user run the PostToolUse
   * hook beside it). */
  eventNotArray: 'file' | 'event';
  /** Plain stdout saved to a file for being over the limit: the model gets the path only (today), or the path, a
   * 2,000-character preview and a closing tag (2.1.143: sw-limit-context-12k, sw-limit-context-40k). */
  persistedPreview: boolean;
  /** A hook that ignores SIGTERM at its deadline: the CLI waits for the SIGKILL it sends 1.5 s later (today), or goes
   * on at the deadline (1.0.41, 2.0.76, 2.1.47, 2.1.143: timeout-ignores-sigterm-killed-later, a 1 s timeout, resumed
   * 1.1-1.4 s after the call on every recording, three on 2.1.143; 2.1.332 2.6 s). */
  waitForKill: boolean;
  /** The hook's shell leads a process group of its own (today, 1.0.41, 2.1.143), or (2.0.76, 2.1.47, builds run by
   * node) it is started in the CLI's own group and leads none (process-sh-cwd-env-group: `own_group=no`). */
  ownProcessGroup: boolean;
}

export interface ClaudeCodeWordings {
  /** Shown to the user when the stop-block cap overrides a Stop hook ({cap} and {env} filled in). */
  stopCapReached: string;
  /** The Bash tool's result for a command that succeeds and prints nothing. */
  bashNoOutput: string;
  /** The tool result when auto mode's classifier cannot run; {tool} is the tool's name. Empty: today's text and notice
   * (wording.ts autoModeUnavailable). */
  autoModeDenied: string;
}

export interface VersionProfile {
  version: string;
  switches: ClaudeCodeSwitches;
  wordings: ClaudeCodeWordings;
  /** Switch or wording name → recorded cases of this version that show its value differs from the next version's. */
  evidence: Partial<Record<keyof ClaudeCodeSwitches | keyof ClaudeCodeWordings, string[]>>;
}

const NEWEST_SWITCHES: ClaudeCodeSwitches = {
  defaultTimeoutS: 600,
  stopBlockCap: 9,
  events: null,
  dedupe: 'last',
  pluginDedupe: 'apart',
  pluginCallbacks: false,
  unknownEvent: 'ignored',
  disableAllHooks: true,
  matcher: 'v2',
  answers: 'v2',
  preToolContext: true,
  haltWithDeny: true,
  bareRewrite: true,
  rejectedEnd: 'exit-code',
  stopBlockNote: 'now',
  payload: 'v2',
  stdinCrashRacy: false,
  permissionRequestHooks: true,
  fileWriteBlocked: false,
  joinContexts: true,
  permissions: 'v2',
  projectTrusted: false,
  planClassifier: true,
  hookAllowFirst: false,
  jsonDenyText: 'prefixed',
  stopContext: true,
  sessionStartBlockNote: false,
  batchContextInToolResult: false,
  timeoutOverflow: false,
  unparsedJson: 'rejected',
  eventNotArray: 'file',
  persistedPreview: false,
  waitForKill: true,
  ownProcessGroup: true,
};

const NEWEST_WORDINGS: ClaudeCodeWordings = {
  bashNoOutput: '(Bash completed with no output)',
  autoModeDenied: '',
  stopCapReached:
    "A hook blocked the turn from ending {cap} consecutive times—overriding and ending turn. For Stop/SubagentStop hooks, check stop_hook_active in the input and return success while it's true. Set {env} to raise this limit.",
};

const profile = (version: string, switches: Partial<ClaudeCodeSwitches>, evidence: VersionProfile['evidence'] = {}, wordings: Partial<ClaudeCodeWordings> = {}): VersionProfile => ({
  version,
  switches: { ...NEWEST_SWITCHES, ...switches },
  wordings: { ...NEWEST_WORDINGS, ...wordings },
  evidence,
});

/** Oldest first. */
export const PROFILES: readonly VersionProfile[] = [
  profile(
    '1.0.41',
    {
      defaultTimeoutS: 60,
      stopBlockCap: null,
      events: V1_EVENTS,
      dedupe: 'none',
      disableAllHooks: false,
      matcher: 'v1',
      answers: 'v1',
      preToolContext: false,
      haltWithDeny: false,
      payload: 'v1',
      stdinCrashRacy: true,
      // It has no PermissionRequest event at all.
      permissionRequestHooks: false,
      timeoutOverflow: true,
      waitForKill: false,
      unknownEvent: 'invalid-file',
    },
    { unknownEvent: ['settings-unknown-event-deny'] },
  ),
  // 2.0.76's own permission order (permissions.ts checkPermissionV20) holds its trust, plan and hook-allow rules: the
  // three switches say the same for the profile's readers.
  profile(
    '2.0.76',
    { defaultTimeoutS: 60, stopBlockCap: null, events: V2_EVENTS, matcher: 'v2.0', answers: 'v2.0', preToolContext: false, haltWithDeny: false, bareRewrite: false, dedupe: 'first', payload: 'v2.0', permissionRequestHooks: false, permissions: 'v2.0', projectTrusted: true, planClassifier: false, hookAllowFirst: true, waitForKill: false, stopBlockNote: 'next-turn', pluginCallbacks: true, unknownEvent: 'invalid-file', ownProcessGroup: false },
    { pluginCallbacks: ['plugin-deny', 'plugin-session-start', 'plugin-prompt-plain'], unknownEvent: ['settings-unknown-event-deny'], ownProcessGroup: ['process-sh-cwd-env-group'] },
    { bashNoOutput: '' },
  ),
  // 2.1.47 keeps today's permission order otherwise: an ask rule beats --allowedTools and bypassPermissions,
  // `Bash(node *)` is a prefix, dontAsk denies in today's words (perm-ask-beats-allowed-tools, mode-bypass-ask-rule,
  // perm-allow-local-space-star, mode-dontask).
  profile(
    '2.1.47',
    { stopBlockCap: null, events: V2_EVENTS, matcher: 'v2.0', answers: 'v2.0', haltWithDeny: false, payload: 'v2.0', fileWriteBlocked: true, dedupe: 'first', projectTrusted: true, planClassifier: false, hookAllowFirst: true, waitForKill: false, stopBlockNote: 'next-turn', pluginDedupe: 'shared', unknownEvent: 'invalid-file', ownProcessGroup: false },
    {
      ownProcessGroup: ['process-sh-cwd-env-group'],
      pluginDedupe: ['plugin-dedupe-settings', 'plugin-dedupe-root-var'],
      unknownEvent: ['settings-unknown-event', 'settings-unknown-event-deny'],
      dedupe: ['dedupe-different-timeouts', 'dedupe-different-timeouts-reversed'],
      projectTrusted: ['perm-allow-project', 'mode-dontask-allow-rule', 'mode-default-mode-project-bypass', 'mode-default-mode-local-bypass'],
      planClassifier: ['mode-plan', 'mode-plan-hook-allow'],
      hookAllowFirst: ['combo-hook-allow-deny-rule', 'combo-hook-allow-ask-rule', 'combo-hook-allow-ask-rule-answered'],
      bashNoOutput: ['mode-acceptedits-touch', 'mode-default-mode-user-acceptedits'],
    },
    { bashNoOutput: '' },
  ),
  profile(
    '2.1.143',
    { matcher: 'v2.0', haltWithDeny: false, rejectedEnd: 'error:1', stopBlockNote: 'next-turn', fileWriteBlocked: true, payload: 'v2.1', joinContexts: false, stopContext: false, sessionStartBlockNote: true, batchContextInToolResult: true, timeoutOverflow: true, unparsedJson: 'plain', eventNotArray: 'event', persistedPreview: true, waitForKill: false, projectTrusted: true, planClassifier: false, jsonDenyText: 'reason' },
    {
      projectTrusted: ['perm-allow-project', 'mode-dontask-allow-rule', 'mode-default-mode-project-bypass', 'mode-default-mode-local-bypass'],
      planClassifier: ['mode-plan', 'mode-plan-hook-allow'],
      jsonDenyText: ['combo-hook-deny-allow-rule', 'combo-hook-deny-bypass'],
      autoModeDenied: ['mode-auto'],
    },
    {
      stopCapReached: NEWEST_WORDINGS.stopCapReached.replace('times—overriding', 'times — overriding'),
      autoModeDenied:
        "Permission for this action was denied by the Claude Code auto mode classifier. Reason: Auto mode could not evaluate this action and is blocking it for safety — run with --debug for details. If you have other tasks that don't depend on this action, continue working on those. IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed. To allow this type of action in the future, the user can add a {tool} permission rule to their settings.",
    },
  ),
  profile('2.1.332', {}),
];

export const NEWEST_PROFILE = PROFILES[PROFILES.length - 1]!;

/** What each switch is, in words, for notices and the "what changed" comparison. */
export const SWITCH_TEXT: Record<keyof ClaudeCodeSwitches | keyof ClaudeCodeWordings, (value: unknown) => string> = {
  defaultTimeoutS: (v) => `a hook without "timeout" is killed after ${v} s`,
  stopBlockCap: (v) => (v === null ? 'a Stop hook that always blocks loops forever (no cap)' : `Claude Code overrides a Stop hook that blocks ${v} times in a row`),
  events: (v) => (v === null ? 'every hook event fires' : `only these events fire: ${(v as string[]).join(', ')}`),
  dedupe: (v) => (v === 'last' ? 'identical commands run once per event, as their last declaration' : v === 'first' ? 'identical commands run once per event, as their first declaration (its timeout applies)' : 'identical commands each run'),
  pluginDedupe: (v) => (v === 'shared' ? 'identical commands are merged across settings files and plugins alike' : 'identical commands are merged only within one plugin, or among the settings files'),
  unknownEvent: (v) => (v === 'invalid-file' ? 'an unknown event name in a settings file rejects the whole file' : 'an unknown event name is ignored; the file\'s other events count'),
  pluginCallbacks: (v) => (v ? 'plugin hooks run as callbacks: their texts say "<event>:Callback" and "callback" instead of the tool and the command' : 'plugin hooks are named like settings hooks, with their own command'),
  disableAllHooks: (v) => (v ? '"disableAllHooks": true turns every hook off' : '"disableAllHooks" is not a setting: hooks still run'),
  matcher: (v) => (v === 'v2' ? 'matchers are trimmed, "*" matches every tool, commas and spaces separate names' : v === 'v2.0' ? 'matchers are not trimmed; "*" matches every tool; a list with commas or spaces is a regex' : 'matchers are not trimmed; "*" and lists with commas or spaces are regexes ("*" matches nothing)'),
  answers: (v) =>
    v === 'v1'
      ? 'JSON has only continue, stopReason, suppressOutput, decision and reason (no hookSpecificOutput); answers are read in declaration order; JSON beats the exit code'
      : v === 'v2.0'
        ? 'JSON beats the exit code (exit 2 with JSON does not block); the last PreToolUse hook to finish words the result (a rewrite given with allow is lost when a hook finishes after it); an ask falls back to the permission rules; no user notices'
        : 'exit 2 blocks beside JSON; deny > ask > allow with the last equal giving the reason; the last rewrite wins; contexts are joined',
  bareRewrite: (v) => (v ? 'an updatedInput without a permission decision rewrites the call' : 'an updatedInput without a permission decision is ignored'),
  rejectedEnd: (v) => (v === 'error:1' ? 'a hook whose JSON is rejected is reported as exit 1' : 'a hook whose JSON is rejected is reported with its own exit code'),
  stopBlockNote: (v) => (v === 'now' ? 'a JSON Stop block adds a "blocking error from command" note after the feedback' : 'a JSON Stop block\'s "blocking error from command" note reaches the model only from the next turn on (before that block\'s feedback)'),
  haltWithDeny: (v) => (v ? 'continue: false beside a PreToolUse deny ends the session' : 'continue: false beside a PreToolUse deny is ignored: the session goes on'),
  preToolContext: (v) => (v ? "PreToolUse's additionalContext reaches the model" : "PreToolUse's additionalContext is dropped: the model never sees it"),
  payload: (v) => (v === 'v2' ? 'the hook input has prompt_id and effort, and ends with a newline' : v === 'v2.1' ? 'the hook input has effort but no prompt_id, and ends with a newline' : v === 'v2.0' ? 'the hook input has no prompt_id nor effort, and no final newline' : 'the hook input has only session_id, transcript_path and the event fields'),
  stdinCrashRacy: (v) => (v ? 'the CLI may crash (EPIPE) when a hook exits without reading its input: racy' : 'a hook may ignore its input safely'),
  permissionRequestHooks: (v) => (v ? 'PermissionRequest hooks answer the permission prompt' : 'PermissionRequest hooks decide nothing: their allow and deny change nothing'),
  fileWriteBlocked: (v) =>
    v ? 'a command that writes a file no rule allows is blocked by the working-directory check, without asking and without PermissionRequest hooks' : 'a command that writes a file no rule allows asks (PermissionRequest hooks run)',
  // Only what this switch decides: a hook's allow, project trust and plan mode are switches of their own
  // (hookAllowFirst, projectTrusted, planClassifier), so a notice never states them twice, one way each.
  permissions: (v) => (v === 'v2.0' ? "2.0.76's permission order: bypassPermissions beats ask rules" : "today's permission order: an ask rule beats --allowedTools and bypassPermissions"),
  joinContexts: (v) => (v ? "consecutive hooks' additionalContext is joined into one text" : "each hook's additionalContext is a text of its own"),
  stopContext: (v) => (v ? "Stop's hookSpecificOutput.additionalContext continues the turn" : "Stop has no hookSpecificOutput: a hook that gives one fails (exit 1) and decides nothing"),
  sessionStartBlockNote: (v) => (v ? 'a SessionStart JSON block gives the model a "blocking error" text (it still blocks nothing)' : 'a SessionStart JSON block is ignored'),
  batchContextInToolResult: (v) => (v ? "PostToolBatch's context is appended to the tool result" : "PostToolBatch's context comes after the tool's other hook texts"),
  timeoutOverflow: (v) => (v ? 'a timeout over 2,147,483 s overflows: the hook is cancelled at once' : 'a huge timeout waits as if there were none'),
  unparsedJson: (v) => (v === 'plain' ? 'stdout that looks like JSON but does not parse (two objects) is plain text' : 'stdout that looks like JSON but does not parse (two objects) is a rejected answer'),
  ownProcessGroup: (v) => (v ? "each hook's shell leads a process group of its own" : "hooks start in Claude Code's own process group: the shell leads none"),
  waitForKill: (v) => (v ? 'a hook that ignores SIGTERM at its deadline is waited for until its SIGKILL 1.5 s later' : 'at a deadline Claude Code goes on at once, even if the hook ignores SIGTERM'),
  persistedPreview: (v) => (v ? 'plain stdout saved to a file for its size is shown with the path and a 2,000-character preview' : 'plain stdout saved to a file for its size is shown as the path only'),
  eventNotArray: (v) => (v === 'event' ? 'an event whose hooks are not an array is skipped; the file\'s other events still run' : 'an event whose hooks are not an array rejects the whole file'),
  projectTrusted: (v) => (v ? 'project allow rules count, and project or local settings may set bypassPermissions' : 'project allow rules need a trusted workspace; only user settings may set bypassPermissions'),
  planClassifier: (v) => (v ? 'plan mode needs the server-side check: calls that are not read-only are denied when it cannot run' : 'plan mode asks like the default mode'),
  hookAllowFirst: (v) => (v ? "a PreToolUse allow runs the call whatever the deny and ask rules say" : "deny and ask rules beat a PreToolUse allow"),
  jsonDenyText: (v) => (v === 'reason' ? "a PreToolUse JSON deny gives the model its reason alone" : 'a PreToolUse JSON deny gives the model "PreToolUse:<tool> hook error: <reason>"'),
  autoModeDenied: (v) => (v ? `auto mode's denial reads ${JSON.stringify(String(v).slice(0, 60))}…` : "auto mode's denial says its safety check is unavailable"),
  bashNoOutput: (v) => `a command that prints nothing gives the model ${JSON.stringify(v)}`,
  stopCapReached: (v) => `the cap's notice reads ${JSON.stringify(String(v).slice(0, 60))}…`,
};
