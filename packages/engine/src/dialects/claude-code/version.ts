import type { Diagnostic } from '../../outcome.js';
import { diag } from '../shared/results.js';

/**
 * What differs between Claude Code versions. Every rule the dialect applies that Claude Code has changed (or may
 * change) over time lives here, keyed by `host.version`, so a new version is one more entry, verified with
 * `npm run oracle`.
 */
export interface ClaudeCodeRules {
  version: string;
  /**
   * Timeout of a hook without `timeout`, in seconds (older versions: 60). Not a recorded oracle case (it would cost a
   * minute per run); checked once by hand against 2.1.332: a 62-second hook without `timeout` was waited for.
   */
  defaultTimeoutS: number;
  /** At the deadline the whole group gets SIGTERM, then SIGKILL this much later if anything survived. */
  killAfterMs: number;
  /** Consecutive Stop blocks after which Claude Code overrides the hook and ends the turn. */
  stopBlockCap: number;
  /** The environment variable that raises the cap. */
  stopBlockCapEnv: string;
  /** Identical command strings run once per event; the entry kept (with its timeout) is the last one declared. */
  dedupeKeeps: 'last';
}

const V2_1_332: ClaudeCodeRules = {
  version: '2.1.332',
  defaultTimeoutS: 600,
  killAfterMs: 1500,
  stopBlockCap: 9,
  stopBlockCapEnv: 'CLAUDE_CODE_STOP_HOOK_BLOCK_CAP',
  dedupeKeeps: 'last',
};

const RULES: Record<string, ClaudeCodeRules> = { [V2_1_332.version]: V2_1_332 };

/** Versions hookplay knows, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = Object.keys(RULES);
export const DEFAULT_VERSION = V2_1_332.version;

export type VersionChoice = { rules: ClaudeCodeRules; diagnostics: Diagnostic[] } | { rules: null; diagnostics: Diagnostic[] };

/** The rules of `host.version` (the newest known when unset), or an error diagnostic naming the supported versions. */
export function rulesFor(version: string | undefined): VersionChoice {
  if (version === undefined) {
    return { rules: RULES[DEFAULT_VERSION]!, diagnostics: [diag('info', 'config.version-default', `host.version is not set: hookplay applies the rules of Claude Code ${DEFAULT_VERSION}`)] };
  }
  const rules = RULES[version.trim().replace(/^v/, '')];
  if (rules) return { rules, diagnostics: [] };
  return {
    rules: null,
    diagnostics: [
      diag(
        'error',
        'config.unsupported-version',
        `hookplay does not know the hook rules of Claude Code ${JSON.stringify(version)}: supported ${SUPPORTED_VERSIONS.length > 1 ? 'versions are' : 'version is'} ${SUPPORTED_VERSIONS.join(', ')}. Set host.version to one of them; no hook runs until then`,
      ),
    ],
  };
}

/** The stop-block cap in effect: the version's, unless the host environment raises it. */
export function stopBlockCap(rules: ClaudeCodeRules, env: Record<string, string> | undefined): number {
  const raw = env?.[rules.stopBlockCapEnv];
  const n = raw === undefined ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : rules.stopBlockCap;
}
