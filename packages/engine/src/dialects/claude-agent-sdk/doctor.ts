import type { HostSettings } from '../../scenario.js';
import type { DoctorFacts, ProjectFiles, SourceFinding } from '../doctor-facts.js';
import { claudeCodeDoctor } from '../claude-code/doctor.js';
import { ALL_SOURCES, DEFAULT_SOURCES, type SettingSource } from './options.js';

const PACKAGE = '@anthropic-ai/claude-agent-sdk';
/** Source files an app could call query() from; dependencies and build output are not the app. */
const APP_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const NOT_APP = /(?:^|\/)(?:node_modules|dist|build|out|\.git)\//;
/** Enough for an app's own code; a monorepo beyond it is read only as far as this. */
const MAX_APP_FILES = 400;

/** The project's files that import the SDK: the app whose query() calls decide what loads. */
function appFiles(project: ProjectFiles): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const path of project.paths.filter((p) => APP_FILE.test(p) && !NOT_APP.test(p)).slice(0, MAX_APP_FILES)) {
    const text = project.read(path);
    if (text?.includes(PACKAGE)) out.push({ path, text });
  }
  return out;
}

const at = (text: string, index: number) => {
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
};

/**
 * settingSources as the app's code writes it: the first `settingSources: [...]` literal in a file that imports the
 * SDK (a value doctor cannot read statically is said so, and the default assumed). Read as text: doctor runs none of
 * the app's code.
 */
function settingSourcesOf(project: ProjectFiles): { host: HostSettings; found: SourceFinding[] } {
  const found: SourceFinding[] = [];
  for (const { path, text } of appFiles(project)) {
    for (const m of text.matchAll(/settingSources\s*:\s*(\[[^\]]*\]|[^,}\n]+)/g)) {
      const place = { file: path, ...at(text, m.index!) };
      if (!m[1]!.startsWith('[')) {
        found.push({ ...place, message: `settingSources is ${m[1]!.trim()} here, which doctor cannot read without running the app: it assumes the SDK's default (${DEFAULT_SOURCES.join(', ')})` });
        continue;
      }
      const sources = [...m[1]!.matchAll(/['"`](\w+)['"`]/g)].map((s) => s[1]!).filter((s): s is SettingSource => (ALL_SOURCES as readonly string[]).includes(s));
      const left = ALL_SOURCES.filter((s) => !sources.includes(s));
      found.push({ ...place, message: `query() is passed settingSources ${JSON.stringify(sources)} here: the SDK loads ${sources.length ? `only the ${sources.join(' and ')} settings` : 'no settings file at all'}${left.length ? `, so hooks in the ${left.join(' and ')} settings never fire` : ''}` });
      return { host: { settingSources: sources }, found };
    }
  }
  return { host: {}, found };
}

/**
 * The tools of the Claude Code build the SDK bundles; plugins are the app's (`plugins` option), not found on disk.
 * The SDK reads Claude Code's own settings files, so doctor checks it only where an app imports it (or with
 * --dialect), and loads those files as the app's settingSources says.
 */
export const claudeAgentSdkDoctor: DoctorFacts = {
  tools: claudeCodeDoctor.tools,
  complete: claudeCodeDoctor.complete,
  ...(claudeCodeDoctor.mcpNames ? { mcpNames: claudeCodeDoctor.mcpNames } : {}),
  source: 'Claude Code tools reference (the CLI the SDK bundles)',
  ...(claudeCodeDoctor.unpinnedSources ? { unpinnedSources: claudeCodeDoctor.unpinnedSources } : {}),
  usedIn: (project) => appFiles(project).length > 0 || (project.read('package.json')?.includes(`"${PACKAGE}"`) ?? false),
  appSettings: settingSourcesOf,
};
