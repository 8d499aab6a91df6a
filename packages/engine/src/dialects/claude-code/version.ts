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

/** The stop-block cap in effect: the version's (hookplay's guard where it has none), unless the environment raises it. */
export function stopBlockCap(rules: ClaudeCodeRules, env: Record<string, string> | undefined): number {
  if (rules.stopBlockCap === null) return UNCAPPED_STOP_GUARD;
  const raw = env?.[rules.stopBlockCapEnv];
  const n = raw === undefined ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : rules.stopBlockCap;
}
