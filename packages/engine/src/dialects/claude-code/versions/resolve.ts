import type { Diagnostic } from '../../../outcome.js';
import { diag } from '../../shared/results.js';
import { NEWEST_PROFILE, PROFILES, SWITCH_TEXT, type ClaudeCodeSwitches, type VersionProfile } from './profiles.js';

/** Dotted release numbers compared numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)$/;

export type Resolved =
  | { profile: VersionProfile; requested: string; between: null; diagnostics: Diagnostic[] }
  | { profile: VersionProfile; requested: string; between: { lower: VersionProfile; upper: VersionProfile }; diagnostics: Diagnostic[] }
  | { profile: null; requested: string; between: null; diagnostics: Diagnostic[] };

const listed = () => PROFILES.map((p) => p.version).join(', ');

/** The listed version closest to what was asked ("2.1" reads as 2.1.0; a newer one than any listed, the newest). */
function nearest(asked: string): string {
  const parts = asked.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10));
  if (parts.some((n) => !Number.isFinite(n))) return NEWEST_PROFILE.version;
  const key = (v: number[]) => (v[0] ?? 0) * 1e8 + (v[1] ?? 0) * 1e4 + (v[2] ?? 0);
  const at = key(parts);
  return [...PROFILES].sort((a, b) => Math.abs(key(a.version.split('.').map(Number)) - at) - Math.abs(key(b.version.split('.').map(Number)) - at))[0]!.version;
}

/**
 * The profile `host.version` selects: a listed version exactly; a version between two listed ones only with a
 * notice of which rules are known to hold for it (the two neighbours agree) and which are unknown (they differ; the
 * older neighbour's rule is played, unverified); anything else is an error naming the verified versions.
 */
export function resolveVersion(version: string): Resolved {
  const requested = version.trim();
  const m = VERSION.exec(requested);
  const bare = m ? `${Number(m[1])}.${Number(m[2])}.${Number(m[3])}` : null;
  const exact = bare ? PROFILES.find((p) => p.version === bare) : undefined;
  if (exact) return { profile: exact, requested: bare!, between: null, diagnostics: [] };
  const oldest = PROFILES[0]!;
  if (!bare || compareVersions(bare, oldest.version) < 0 || compareVersions(bare, NEWEST_PROFILE.version) > 0) {
    const what = bare ? `Claude Code ${bare} is outside the verified range ${oldest.version}–${NEWEST_PROFILE.version}` : `${JSON.stringify(version)} is not a Claude Code version (like 2.1.47)`;
    return {
      profile: null,
      requested,
      between: null,
      diagnostics: [
        diag('error', 'config.unsupported-version', `${what}: hookplay is verified on Claude Code ${listed()}; the nearest is ${nearest(requested)}. Set host.version to one of them (or a version between two of them); no hook runs until then`),
      ],
    };
  }
  const upperAt = PROFILES.findIndex((p) => compareVersions(p.version, bare) > 0);
  const lower = PROFILES[upperAt - 1]!;
  const upper = PROFILES[upperAt]!;
  const keys = Object.keys(lower.switches) as (keyof ClaudeCodeSwitches)[];
  const same = keys.filter((k) => JSON.stringify(lower.switches[k]) === JSON.stringify(upper.switches[k]));
  const changed = keys.filter((k) => !same.includes(k));
  const known = same.map((k) => SWITCH_TEXT[k](lower.switches[k]));
  const unknown = changed.map((k) => `${SWITCH_TEXT[k](lower.switches[k])} on ${lower.version}, but ${SWITCH_TEXT[k](upper.switches[k])} on ${upper.version}`);
  const diagnostics = [
    diag(
      'warning',
      'config.version-between',
      `Claude Code ${bare} is not recorded: it lies between ${lower.version} and ${upper.version}, which are. hookplay plays ${lower.version}'s rules, and nothing it says is verified on ${bare}. Known to hold (the same on both): ${known.join('; ')}.${
        unknown.length ? ` Unknown for ${bare} (changed somewhere between ${lower.version} and ${upper.version}): ${unknown.join('; ')}.` : ''
      }`,
    ),
  ];
  return { profile: lower, requested: bare, between: { lower, upper }, diagnostics };
}

/** The switches and wordings that differ between two profiles, in the order they are declared. */
export function changesBetween(a: VersionProfile, b: VersionProfile): { key: string; from: string; to: string; cases: string[] }[] {
  const out: { key: string; from: string; to: string; cases: string[] }[] = [];
  const older = compareVersions(a.version, b.version) <= 0 ? a : b;
  const between = PROFILES.filter((p) => compareVersions(p.version, older.version) >= 0 && compareVersions(p.version, (older === a ? b : a).version) < 0);
  for (const [group, key] of [
    ...Object.keys(a.switches).map((k) => ['switches', k] as const),
    ...Object.keys(a.wordings).map((k) => ['wordings', k] as const),
  ]) {
    const va = (a[group] as unknown as Record<string, unknown>)[key];
    const vb = (b[group] as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(va) === JSON.stringify(vb)) continue;
    const text = SWITCH_TEXT[key as keyof typeof SWITCH_TEXT];
    const cases = between.flatMap((p) => p.evidence[key as keyof VersionProfile['evidence']] ?? []).map((id) => id);
    out.push({ key, from: text(va), to: text(vb), cases });
  }
  return out;
}
