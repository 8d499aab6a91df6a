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
  /**
   * The tool result of a PreToolUse hook's denial: 'worded' (today) "PreToolUse:<tool> hook error: <reason>";
   * 'reason-with-host' (2.1.143) the reason alone when a host answers permission prompts (--permission-prompt-tool
   * stdio: plugin-deny, combo-hook-deny-allow-rule, combo-hook-deny-bypass), worded as today in plain -p.
   */
  hookDenyText: 'worded' | 'reason-with-host';
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
   * fails the schema (2.1.143; JSON that does not parse, two objects say, is still reported by its exit code). */
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
   * and no PermissionRequest hook runs. Today (and 2.0.76) the call asks.
   */
  fileWriteBlocked: boolean;
  /** Each hook's additionalContext is its own text for the model (2.1.143), or consecutive ones are joined (today). */
  joinContexts: boolean;
  /** How permission rules and modes decide (permissions.ts): 'v2' today's; 'v2.0' 2.0.76's (recorded: a hook's allow
   * beats every rule, project allow rules count, bypassPermissions beats ask rules, plan asks). */
  permissions: 'v2.0' | 'v2';
  /** Stop's hookSpecificOutput is in the output schema (today); 2.1.143 rejects it: the hook fails (reported exit 1). */
  stopContext: boolean;
  /** 2.1.143: a SessionStart JSON block, which blocks nothing, still gives the model a "blocking error" text. */
  sessionStartBlockNote: boolean;
  /** 2.1.143: PostToolBatch's context is appended to the tool result, before the tool's other hook texts. */
  batchContextInToolResult: boolean;
  /** 1.0.41 and 2.1.143: a timeout over 2^31-1 ms overflows the timer, which fires at once: the hook is cancelled. */
  timeoutOverflow: boolean;
}

export interface ClaudeCodeWordings {
  /** Shown to the user when the stop-block cap overrides a Stop hook ({cap} and {env} filled in). */
  stopCapReached: string;
  /** The Bash tool's result for a command that succeeds and prints nothing. */
  bashNoOutput: string;
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
  hookDenyText: 'worded',
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
  stopContext: true,
  sessionStartBlockNote: false,
  batchContextInToolResult: false,
  timeoutOverflow: false,
};

const NEWEST_WORDINGS: ClaudeCodeWordings = {
  bashNoOutput: '(Bash completed with no output)',
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
      unknownEvent: 'invalid-file',
    },
    { unknownEvent: ['settings-unknown-event-deny'] },
  ),
  profile('2.0.76', { defaultTimeoutS: 60, stopBlockCap: null, events: V2_EVENTS, matcher: 'v2.0', answers: 'v2.0', preToolContext: false, haltWithDeny: false, bareRewrite: false, dedupe: 'first', payload: 'v2.0', permissionRequestHooks: false, permissions: 'v2.0', stopBlockNote: 'next-turn', pluginCallbacks: true, unknownEvent: 'invalid-file' }, { pluginCallbacks: ['plugin-deny', 'plugin-session-start', 'plugin-prompt-plain'], unknownEvent: ['settings-unknown-event-deny'] }, { bashNoOutput: '' }),
  profile('2.1.47', { stopBlockCap: null, events: V2_EVENTS, matcher: 'v2.0', answers: 'v2.0', haltWithDeny: false, payload: 'v2.0', fileWriteBlocked: true, stopBlockNote: 'next-turn', pluginDedupe: 'shared', unknownEvent: 'invalid-file' }, { pluginDedupe: ['plugin-dedupe-settings', 'plugin-dedupe-root-var'], unknownEvent: ['settings-unknown-event', 'settings-unknown-event-deny'] }),
  profile('2.1.143', { matcher: 'v2.0', haltWithDeny: false, rejectedEnd: 'error:1', stopBlockNote: 'next-turn', fileWriteBlocked: true, payload: 'v2.1', joinContexts: false, stopContext: false, sessionStartBlockNote: true, batchContextInToolResult: true, timeoutOverflow: true, hookDenyText: 'reason-with-host' }, { hookDenyText: ['plugin-deny', 'combo-hook-deny-allow-rule', 'combo-hook-deny-bypass'] }, { stopCapReached: NEWEST_WORDINGS.stopCapReached.replace('times—overriding', 'times — overriding') }),
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
  hookDenyText: (v) => (v === 'worded' ? 'a hook\'s denial reaches the model as "PreToolUse:<tool> hook error: <reason>"' : 'with a host that answers permission prompts, a hook\'s denial reaches the model as its reason alone'),
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
  permissions: (v) => (v === 'v2.0' ? "a hook's allow beats every permission rule; project allow rules count; bypassPermissions beats ask rules; plan mode asks" : 'deny and ask rules beat a hook allow; project allow rules need a trusted workspace; plan and auto need the server-side check'),
  joinContexts: (v) => (v ? "consecutive hooks' additionalContext is joined into one text" : "each hook's additionalContext is a text of its own"),
  stopContext: (v) => (v ? "Stop's hookSpecificOutput.additionalContext continues the turn" : "Stop has no hookSpecificOutput: a hook that gives one fails (exit 1) and decides nothing"),
  sessionStartBlockNote: (v) => (v ? 'a SessionStart JSON block gives the model a "blocking error" text (it still blocks nothing)' : 'a SessionStart JSON block is ignored'),
  batchContextInToolResult: (v) => (v ? "PostToolBatch's context is appended to the tool result" : "PostToolBatch's context comes after the tool's other hook texts"),
  timeoutOverflow: (v) => (v ? 'a timeout over 2,147,483 s overflows: the hook is cancelled at once' : 'a huge timeout waits as if there were none'),
  bashNoOutput: (v) => `a command that prints nothing gives the model ${JSON.stringify(v)}`,
  stopCapReached: (v) => `the cap's notice reads ${JSON.stringify(String(v).slice(0, 60))}…`,
};
