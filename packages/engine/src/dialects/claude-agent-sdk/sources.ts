import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { loadClaudeCodeSettings, SETTINGS_FILES, type ClaudeCodeEntry } from '../claude-code/config.js';
import { diag } from '../shared/results.js';
import { sourcesOf, SDK_VERSION, type SettingSource } from './options.js';

/** A settings-file hook the SDK never loads: its file's source is not in settingSources. */
export interface UnloadedEntry extends ClaudeCodeEntry {
  unloaded: SettingSource;
}

/** The settings file of each source (the CLI's own three; `query()` names them by source). */
const FILE_OF = Object.fromEntries(SETTINGS_FILES.map((f) => [f.scope, f.file])) as Record<SettingSource, string>;

/** The trap, in the words the explanation uses wherever a file hook is not loaded. */
export const neverFires = (source: SettingSource) => `this hook never fires: settingSources does not include '${source}'`;

/**
 * The files the bundled CLI reads for this query(): only the settings files of `settingSources` (their hooks and
 * their permissions); the rest of the scenario's files (scripts, modules) are there as on disk.
 */
export function visibleFiles(files: Record<string, string>, host: HostSettings): Record<string, string> {
  const { sources } = sourcesOf(host);
  const hidden = new Set((Object.keys(FILE_OF) as SettingSource[]).filter((s) => !sources.includes(s)).map((s) => FILE_OF[s]));
  return Object.fromEntries(Object.entries(files).filter(([k]) => !hidden.has(k)));
}

/**
 * The hooks of the settings files settingSources leaves out, read as the CLI would read them if it loaded them, so
 * each one shows in the outcome with why it never fires; and what settingSources means for this run.
 */
export function unloadedHooks(files: Record<string, string>, host: HostSettings, ccHost: HostSettings): { entries: UnloadedEntry[]; diagnostics: Diagnostic[] } {
  const { sources, defaulted } = sourcesOf(host);
  const diagnostics: Diagnostic[] = [];
  if (defaulted) {
    diagnostics.push(
      diag('info', 'sdk.setting-sources-default', `settingSources is not set: the Agent SDK ${SDK_VERSION} then loads user, project and local settings, as the CLI does (its 0.1 migration guide said none; older SDK builds loaded none)`),
    );
  }
  const entries: UnloadedEntry[] = [];
  for (const source of Object.keys(FILE_OF) as SettingSource[]) {
    if (sources.includes(source)) continue;
    const file = FILE_OF[source];
    if (files[file] === undefined) continue;
    const read = loadClaudeCodeSettings({ [file]: files[file]! }, ccHost);
    entries.push(...read.entries.map((e) => ({ ...e, unloaded: source, notLoaded: neverFires(source) })));
    diagnostics.push(
      diag(
        'warning',
        'sdk.source-not-loaded',
        `${file} is not loaded: settingSources is ${JSON.stringify(sources)}, without '${source}'${read.entries.length ? `, so its ${read.entries.length} hook${read.entries.length > 1 ? 's' : ''} never fire${read.entries.length > 1 ? '' : 's'} (nor do its permission rules count)` : ' (nor do its permission rules count)'}. Add '${source}' to settingSources to load it.`,
        { file },
      ),
    );
  }
  return { entries, diagnostics };
}
