import { recordedRulesOf } from '../evidence.js';
import { PROFILES, type VersionProfile } from './profiles.js';

/**
 * The rule codes the engine states only because a switch has an older value: a recorded case of that version whose
 * replay agrees while stating one of them shows the switch (the recorded/VERSION.json tables, written by the replay).
 */
const SWITCH_CODES: Partial<Record<keyof VersionProfile['switches'] | keyof VersionProfile['wordings'], string[]>> = {
  stopBlockCap: ['rule.stop-uncapped'],
  dedupe: ['rule.no-dedup', 'rule.dedupe-first'],
  disableAllHooks: ['config.setting-not-in-version'],
  matcher: ['match.older.hit', 'match.older.miss'],
  answers: ['rule.declaration-order', 'rule.approve-beats-block', 'hook.field-not-in-version', 'hook.json-beats-exit-code', 'rule.rewrite-lost', 'rule.ask-falls-back'],
  stdinCrashRacy: ['rule.stdin-crash-racy'],
  preToolContext: ['rule.pre-context-dropped'],
  haltWithDeny: ['rule.halt-ignored'],
  bareRewrite: ['rule.bare-rewrite-ignored'],
  stopCapReached: ['rule.stop-cap'],
  permissionRequestHooks: ['rule.permission-request-ignored'],
  fileWriteBlocked: ['rule.file-write-blocked'],
  joinContexts: ['rule.contexts-apart'],
  permissions: ['permission.hook-allow-v20', 'permission.allow-rule-v20'],
  hookAllowFirst: ['permission.hook-allow-first'],
  stopContext: ['rule.stop-context-rejected'],
  stopBlockNote: ['rule.stop-note-next-turn'],
  sessionStartBlockNote: ['rule.session-start-block-note'],
  batchContextInToolResult: ['rule.batch-context-in-result'],
  timeoutOverflow: ['rule.timeout-overflow'],
  rejectedEnd: ['rule.schema-beats-exit2'],
  unparsedJson: ['rule.unparsed-json-plain'],
  eventNotArray: ['config.event-not-array-skipped'],
  persistedPreview: ['rule.persisted-preview'],
};

/** How many case ids a switch cites (the recorded tables hold a few per code). */
const CITED = 4;

/**
 * For each switch (or wording) of `profile` whose value differs from the next listed version's: the recorded cases
 * of `profile.version` that show it, from the generated table, plus any the profile cites by hand. Empty: the
 * switch is read from the build's own code, not (yet) shown by a recording.
 */
export function switchEvidence(profile: VersionProfile): Record<string, string[]> {
  const at = PROFILES.indexOf(profile);
  const next = PROFILES[at + 1];
  if (!next) return {};
  const table = recordedRulesOf(profile.version);
  const own = table.version === profile.version ? table.rules : {};
  const out: Record<string, string[]> = {};
  const keys = [...Object.keys(profile.switches), ...Object.keys(profile.wordings)] as (keyof typeof SWITCH_CODES)[];
  for (const key of keys) {
    const a = (profile.switches as unknown as Record<string, unknown>)[key] ?? (profile.wordings as unknown as Record<string, unknown>)[key];
    const b = (next.switches as unknown as Record<string, unknown>)[key] ?? (next.wordings as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const fromTable = (SWITCH_CODES[key] ?? []).flatMap((code) => own[code]?.cases ?? []);
    out[key] = [...new Set([...(profile.evidence[key] ?? []), ...fromTable])].slice(0, CITED);
  }
  return out;
}
