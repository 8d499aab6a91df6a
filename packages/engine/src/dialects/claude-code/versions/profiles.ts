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
  /** Identical command strings run once per event (the last declaration kept), or every declaration runs. */
  dedupe: 'last' | 'none';
  /** `"disableAllHooks": true` turns every hook off; older builds do not know the setting. */
  disableAllHooks: boolean;
  /**
   * How a matcher is read. 'v2': trimmed; empty, absent or "*" match all; letters, digits, _, |, comma and spaces are
   * a list of exact names; else a regex. 'v1' (1.0.41): not trimmed; empty or absent match all; only letters, digits,
   * _ and | make a list; anything else (a comma, a space, "*") is a regex, and one that does not compile matches nothing.
   */
  matcher: 'v1' | 'v2';
  /** JSON fields the build reads: 'v1' is 1.0.41's schema (continue, stopReason, suppressOutput, decision, reason). */
  outputSchema: 'v1' | 'v2';
  /** Answers are read in the order hooks finish, or in declaration order once all have finished (1.0.41). */
  readOrder: 'finish' | 'declaration';
  /** 1.0.41 crashes (exit 1, EPIPE on stdin, no result) when a hook exits before reading its input: racy. */
  stdinCrashRacy: boolean;
}

export interface ClaudeCodeWordings {
  /** Shown to the user when the stop-block cap overrides a Stop hook ({cap} and {env} filled in). */
  stopCapReached: string;
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
  disableAllHooks: true,
  matcher: 'v2',
  outputSchema: 'v2',
  readOrder: 'finish',
  stdinCrashRacy: false,
};

const NEWEST_WORDINGS: ClaudeCodeWordings = {
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
      outputSchema: 'v1',
      readOrder: 'declaration',
      stdinCrashRacy: true,
    },
    {},
  ),
  profile('2.0.76', { defaultTimeoutS: 60, stopBlockCap: null, events: V2_EVENTS }, {}),
  profile('2.1.47', { stopBlockCap: null, events: V2_EVENTS }, {}),
  profile('2.1.143', {}, {}, { stopCapReached: NEWEST_WORDINGS.stopCapReached.replace('times—overriding', 'times — overriding') }),
  profile('2.1.332', {}),
];

export const NEWEST_PROFILE = PROFILES[PROFILES.length - 1]!;

/** What each switch is, in words, for notices and the "what changed" comparison. */
export const SWITCH_TEXT: Record<keyof ClaudeCodeSwitches | keyof ClaudeCodeWordings, (value: unknown) => string> = {
  defaultTimeoutS: (v) => `a hook without "timeout" is killed after ${v} s`,
  stopBlockCap: (v) => (v === null ? 'a Stop hook that always blocks loops forever (no cap)' : `Claude Code overrides a Stop hook that blocks ${v} times in a row`),
  events: (v) => (v === null ? 'every hook event fires' : `only these events fire: ${(v as string[]).join(', ')}`),
  dedupe: (v) => (v === 'last' ? 'identical commands run once per event, as their last declaration' : 'identical commands each run'),
  disableAllHooks: (v) => (v ? '"disableAllHooks": true turns every hook off' : '"disableAllHooks" is not a setting: hooks still run'),
  matcher: (v) => (v === 'v2' ? 'matchers are trimmed and "*" matches every tool' : 'matchers are not trimmed; "*" and lists with commas are regexes ("*" matches nothing)'),
  outputSchema: (v) => (v === 'v1' ? 'JSON output has only continue, stopReason, suppressOutput, decision and reason (no hookSpecificOutput)' : 'JSON output includes hookSpecificOutput'),
  readOrder: (v) => (v === 'finish' ? 'answers are read in the order hooks finish' : 'answers are read in declaration order, after every hook finished'),
  stdinCrashRacy: (v) => (v ? 'the CLI may crash (EPIPE) when a hook exits without reading its input: racy' : 'a hook may ignore its input safely'),
  stopCapReached: (v) => `the cap's notice reads ${JSON.stringify(String(v).slice(0, 60))}…`,
};
