import type { Diagnostic } from '../../outcome.js';
import type { Dialect, Job, PlannedEntry } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { settleClaudeCode } from './combine.js';
import { describeTimeout, loadClaudeCodeSettings, LOCAL_SETTINGS, PROJECT_SETTINGS, USER_SETTINGS, type ClaudeCodeEntry, type ClaudeCodeSettings } from './config.js';
import { CLAUDE_CODE_EVENTS } from './events.js';
import { claudeCodeLifecycle } from './lifecycle.js';
import { matchClaudeCode } from './match.js';
import { declaredMarketplacePlugins } from './marketplace.js';
import { dedupeKey, PLUGIN_DATA_VAR, pluginDataKey, pluginName, PLUGIN_ROOT_VAR, pluginRootPath } from './plugins.js';
import { buildPayload } from './payload.js';
import { SETTINGS_JSON_SCHEMA } from './schema.js';
import { evidenceFor, matchCode, recordedRulesOf, withEvidence } from './evidence.js';
import { VERIFIED_AGAINST } from './verified.js';
import { DEFAULT_VERSION, SUPPORTED_VERSIONS } from './version.js';
import { PROFILES } from './versions/profiles.js';
import { changesBetween, compareVersions } from './versions/resolve.js';
import { switchEvidence } from './versions/switch-evidence.js';

export { SUPPORTED_VERSIONS, DEFAULT_VERSION } from './version.js';

/** The switches that differ between two listed versions, citing the recorded cases of the older side's profiles. */
function versionChanges(from: string, to: string) {
  const a = PROFILES.find((p) => p.version === from);
  const b = PROFILES.find((p) => p.version === to);
  if (!a || !b) return [];
  const older = compareVersions(from, to) <= 0 ? a : b;
  const newer = older === a ? b : a;
  const span = PROFILES.filter((p) => compareVersions(p.version, older.version) >= 0 && compareVersions(p.version, newer.version) < 0);
  return changesBetween(a, b).map((c) => ({ rule: c.key, from: c.from, to: c.to, cases: [...new Set(span.flatMap((p) => (switchEvidence(p)[c.key] ?? []).map((id) => `${p.version}/${id}`)))] }));
}

const STARTER_SETTINGS = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "sh .claude/hooks/no-rm-rf.sh", "timeout": 5 }
        ]
      }
    ]
  }
}
`;

const STARTER_SCRIPT = `#!/bin/sh
# Denies rm -rf: exit 2, the reason on stderr. Claude Code shows the model
# "PreToolUse:Bash hook error: [sh .claude/hooks/no-rm-rf.sh]: <stderr>".
if grep -q '"command":"rm -rf'; then
  echo "Dangerous command detected, blocked" >&2
  exit 2
fi
`;

/**
 * Claude Code, pinned to a version (`host.version`, see version.ts), verified against the real CLI by
 * `npm run oracle`. Settings: ~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json.
 */
export const claudeCode: Dialect<ClaudeCodeEntry> = {
  id: 'claude-code',
  label: 'Claude Code',
  summary: 'hooks in ~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json; /bin/sh; parallel, read in finishing order; deny > ask > allow; exit 2 denies; verified against the real CLI.',
  configFiles: [
    { path: PROJECT_SETTINGS, language: 'json', description: 'Project settings, shared with the repository.', schema: SETTINGS_JSON_SCHEMA },
    { path: LOCAL_SETTINGS, language: 'json', description: 'Project settings for this machine only (not committed).', schema: SETTINGS_JSON_SCHEMA },
    { path: USER_SETTINGS, language: 'json', description: 'User settings, for every project.', schema: SETTINGS_JSON_SCHEMA },
  ],
  events: CLAUDE_CODE_EVENTS,
  hostSettings: ['version', 'env', 'plugins', 'pluginsInstalled', 'permissionMode', 'allowedTools', 'args', 'root'],
  mode: 'parallel',
  process: { shell: ['/bin/sh', '-c'], kill: { first: 'SIGTERM', killAfterMs: 1500 }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: { event: 'PreToolUse', files: { [PROJECT_SETTINGS]: STARTER_SETTINGS, '.claude/hooks/no-rm-rf.sh': STARTER_SCRIPT } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: SUPPORTED_VERSIONS, default: DEFAULT_VERSION, changes: versionChanges },
  lifecycle: claudeCodeLifecycle,

  // Each plugin's data folder exists before its hooks run (x-plugin2-data-path, x-plugin2-market-user: data-dir=yes).
  hostDirs: (files, host) => [...(host.plugins ?? []).map((dir) => pluginDataKey(pluginName(dir, files))), ...declaredMarketplacePlugins(files, []).map((p) => pluginDataKey(p.name, p.marketplace))],
  load: (files, host) => {
    const loaded = loadClaudeCodeSettings(files, host);
    return withEvidence(loaded, (loaded.settings as unknown as ClaudeCodeSettings).rules?.version);
  },

  prepare({ loaded, event, payload, paths, baseEnv }) {
    const settings = loaded.settings as unknown as ClaudeCodeSettings;
    const diagnostics: Diagnostic[] = [];
    const rules = settings.rules;
    const input = buildPayload(event.name, payload, paths, rules?.payload);
    // Claude Code ends the payload with a newline (builds before 2.1.x do not: recorded on 2.1.47).
    const stdin = `${JSON.stringify(input)}${rules?.payload === 'v2' || rules?.payload === 'v2.1' || !rules ? '\n' : ''}`;
    const entries = loaded.entries.filter((e) => e.event === event.name);

    // Identical command strings run once per event: the last declaration is the one kept (with its timeout).
    // A plugin's hooks are merged only within that plugin (plugins.ts).
    const matched = entries.map((entry) => matchClaudeCode(entry.matcher, event.name, input, rules?.matcher, rules?.version));
    const lastIndex = new Map<string, number>();
    entries.forEach((entry, i) => {
      // 2.0.76 keeps the first declaration of a file, and a later file's over it (versions/profiles.ts, dedupe).
      const seen = lastIndex.get(dedupeKey(entry, rules));
      if (matched[i]!.matched && !(rules?.dedupe === 'first' && seen !== undefined && entries[seen]!.source === entry.source)) lastIndex.set(dedupeKey(entry, rules), i);
    });
    const runsTwice = new Set<string>();

    const hooks: PlannedEntry<ClaudeCodeEntry>[] = entries.map((entry, index) => {
      if (!rules) return { entry, matched: false, why: 'not run: the Claude Code version is unknown', duplicateOf: null, willRun: false };
      if (settings.disabledBy) return { entry, matched: false, why: `not run: ${settings.disabledBy} sets "disableAllHooks": true`, duplicateOf: null, willRun: false };
      const m = matched[index]!;
      const at = { hook: index, file: entry.source, ...(entry.matcherAt ?? (entry.line ? { line: entry.line } : {})) };
      if (m.invalid) diagnostics.push(diag('warning', 'match.invalid-regex', `${ordinal(index)}: ${m.why} (${m.invalid})`, at));
      else if (m.hint) diagnostics.push(diag('info', 'match.near-miss', `${ordinal(index)}: ${m.why}`, at));
      const whyRule = matchCode(m.kind, m.matched);
      const whyEvidence = evidenceFor(whyRule, recordedRulesOf(rules.version));
      if (!m.matched) return { entry, matched: false, why: m.why, whyRule, whyEvidence, duplicateOf: null, willRun: false };
      // Builds before deduplication run every declaration (versions/profiles.ts, `dedupe`).
      const kept = rules.dedupe === 'none' ? index : lastIndex.get(dedupeKey(entry, rules))!;
      if (rules.dedupe === 'none' && lastIndex.get(dedupeKey(entry, rules)) !== index && entries.some((e, j) => j > index && matched[j]!.matched && dedupeKey(e, rules) === dedupeKey(entry, rules))) {
        diagnostics.push(diag('info', 'rule.no-dedup', `${ordinal(index)} has exactly the same command as a later hook: Claude Code ${rules.version} runs both (it does not deduplicate)`, { hook: index }));
      }
      if (kept !== index) {
        const sameTimeout = entries[kept]!.timeoutMs === entry.timeoutMs;
        const first = rules.dedupe === 'first';
        diagnostics.push(
          diag(
            'info',
            first ? 'rule.dedupe-first' : 'rule.dedup',
            `${ordinal(index)} has exactly the same command as ${ordinal(kept)}: Claude Code ${first ? `${rules.version} ` : ''}runs it once for ${event.name}, as the ${first ? 'first' : 'last'} declaration (${ordinal(kept)}${sameTimeout ? '' : `, whose timeout ${describeTimeout(entries[kept]!, rules)} applies instead of ${describeTimeout(entry, rules)}`})`,
            { hook: index },
          ),
        );
        return { entry, matched: true, why: `${m.why}; same command as ${ordinal(kept)}, so it runs once, as ${ordinal(kept)}`, whyRule, whyEvidence, duplicateOf: kept, willRun: false };
      }
      const twin = entry.pluginRoot !== undefined && entries.some((other, j) => j !== index && matched[j]!.matched && other.command === entry.command && dedupeKey(other, rules) !== dedupeKey(entry, rules));
      if (twin && !runsTwice.has(entry.command)) {
        runsTwice.add(entry.command);
        diagnostics.push(diag('info', 'rule.plugin-not-deduped', `${ordinal(index)} (plugin ${entry.pluginRoot}) has the same command as a hook declared elsewhere: Claude Code merges identical commands only within one plugin or among the settings files, so both run`, { hook: index }));
      }
      return { entry, matched: true, why: m.why, whyRule, whyEvidence, duplicateOf: null, willRun: true };
    });

    const env = { ...baseEnv, CLAUDE_PROJECT_DIR: paths.project };
    const envOf = (entry: ClaudeCodeEntry) =>
      entry.pluginRoot !== undefined
        ? { ...env, [PLUGIN_ROOT_VAR]: pluginRootPath(entry.pluginRoot, paths), [PLUGIN_DATA_VAR]: pluginRootPath(pluginDataKey(entry.pluginName ?? pluginName(entry.pluginRoot, {}), entry.marketplace), paths) }
        : env;
    // The version decides how long a hook that ignores SIGTERM holds things up (versions/profiles.ts, waitForKill).
    const hostProcess = rules ? { kill: { first: 'SIGTERM' as const, killAfterMs: rules.killAfterMs }, ...(rules.ownProcessGroup ? {} : { groupLeader: false }) } : {};
    const jobs: Job[] = hooks.flatMap((h, index) => (h.willRun ? [{ hook: index, command: h.entry.command, cwd: paths.project, env: envOf(h.entry), timeoutMs: h.entry.timeoutMs, stdin, ...hostProcess }] : []));
    if (jobs.length > 1) diagnostics.push(diag('info', 'rule.parallel', `${jobs.length} hooks start at once; Claude Code waits for all of them and reads their answers in the order they finish`));
    return withEvidence({ hooks, jobs, input, diagnostics }, rules?.version);
  },

  settle: (input) => withEvidence(settleClaudeCode(input), (input.loaded.settings as unknown as ClaudeCodeSettings).rules?.version),

  evidence: (diagnostics, loaded) => void withEvidence({ diagnostics }, (loaded.settings as unknown as ClaudeCodeSettings).rules?.version),
};
