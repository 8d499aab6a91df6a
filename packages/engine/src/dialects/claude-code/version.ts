import type { Diagnostic } from '../../outcome.js';
import { diag } from '../shared/results.js';
import { NEWEST_PROFILE, PROFILES, type ClaudeCodeSwitches, type ClaudeCodeWordings, type VersionProfile } from './versions/profiles.js';
import { resolveVersion } from './versions/resolve.js';

/**
 * What differs between Claude Code versions: the profile `host.version` selects (versions/profiles.ts), each switch
 * read from that build by `npm run oracle -- --version V`. A new version is one more profile.
 */
export interface ClaudeCodeRules extends ClaudeCodeSwitches {
  /** The listed version whose rules apply (for an unlisted version between two listed ones: the older neighbour). */
  version: string;
  /** What host.version asked for, when it is not itself listed. */
  requested?: string;
  /** At the deadline the whole group gets SIGTERM, then SIGKILL this much later if anything survived. Where the
   * build does not wait for that (waitForKill false) hookplay cannot leave the process behind as the CLI does: it
   * gives SIGTERM a moment, so a trap still runs, then kills it. */
  killAfterMs: number;
  /** The environment variable that raises the stop-block cap. */
  stopBlockCapEnv: string;
  wordings: ClaudeCodeWordings;
  profile: VersionProfile;
}

/**
 * hookplay's own guard where a build has no stop-block cap: the real CLI would loop for as long as the hook blocks;
 * hookplay stops after this many continuations and says so.
 */
export const UNCAPPED_STOP_GUARD = 12;

const rulesOf = (profile: VersionProfile, requested?: string): ClaudeCodeRules => ({
  ...profile.switches,
  version: profile.version,
  ...(requested && requested !== profile.version ? { requested } : {}),
  killAfterMs: profile.switches.waitForKill ? 1500 : 100,
  stopBlockCapEnv: 'CLAUDE_CODE_STOP_HOOK_BLOCK_CAP',
  wordings: profile.wordings,
  profile,
});

/** Versions hookplay is verified on, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = PROFILES.map((p) => p.version).reverse();
export const DEFAULT_VERSION = NEWEST_PROFILE.version;

export type VersionChoice = { rules: ClaudeCodeRules; diagnostics: Diagnostic[] } | { rules: null; diagnostics: Diagnostic[] };

/**
 * The rules of `host.version` (the newest when unset); a version between two listed ones with a notice of what is
 * known and unknown for it; anything else an error diagnostic naming the verified versions.
 */
export function rulesFor(version: string | undefined): VersionChoice {
  if (version === undefined) {
    return { rules: rulesOf(NEWEST_PROFILE), diagnostics: [diag('info', 'config.version-default', `host.version is not set: hookplay applies the rules of Claude Code ${DEFAULT_VERSION}`)] };
  }
  const r = resolveVersion(version);
  if (!r.profile) return { rules: null, diagnostics: r.diagnostics };
  return { rules: rulesOf(r.profile, r.requested), diagnostics: r.diagnostics };
}

/**
 * The Stop run at which Claude Code overrides a block and ends the turn, or null where nothing does (a build with
 * no cap, or the environment lifting it). CLAUDE_CODE_STOP_HOOK_BLOCK_CAP counts the continuations it allows, so N
 * lets N blocks continue and overrides the (N+1)th (x-stop-cap-1, -2, -5, -2-exit2, -3-two-turns); 0 or less lifts
 * the cap (x-stop-cap-0, -1); what is no whole number leaves the build's own (x-stop-cap-abc, -empty).
 */
export function stopBlockCap(rules: ClaudeCodeRules, env: Record<string, string> | undefined): number | null {
  if (rules.stopBlockCap === null) return null;
  const raw = env?.[rules.stopBlockCapEnv];
  if (raw === undefined || !/^\s*[-+]?\d+\s*$/.test(raw)) return rules.stopBlockCap;
  const n = Number.parseInt(raw, 10);
  return n > 0 ? n + 1 : null;
}
