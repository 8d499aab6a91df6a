import type { DoctorFacts, ProjectFiles } from '../doctor-facts.js';
import { CONFIG_NAMES, fileKeyOf, parseConfig, PLUGIN_FOLDERS, PROJECT_DIR } from './config.js';

/** The project's files a plugin list names by path, and the modules in its plugin folders that OpenCode skips. */
function referencedFiles(project: ProjectFiles): string[] {
  const out: string[] = [];
  for (const configKey of [...CONFIG_NAMES, ...CONFIG_NAMES.map((n) => `${PROJECT_DIR}/${n}`)]) {
    const text = project.read(configKey);
    const list = text === undefined ? undefined : (parseConfig(text).value as { plugin?: unknown } | undefined)?.plugin;
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const spec = Array.isArray(item) ? item[0] : item;
      const key = typeof spec === 'string' ? fileKeyOf(spec, configKey) : null;
      if (key !== null && !key.startsWith('~/') && project.paths.includes(key)) out.push(key);
    }
  }
  for (const folder of PLUGIN_FOLDERS) {
    const prefix = `${PROJECT_DIR}/${folder}/`;
    for (const path of project.paths) if (path.startsWith(prefix) && !path.slice(prefix.length).includes('/') && /\.(mjs|cjs|mts|cts|tsx|jsx)$/.test(path)) out.push(path);
  }
  return out;
}

/** OpenCode's built-in tool ids (what tool.execute.before's input.tool holds), recorded in tool.definition calls. */
export const opencodeDoctor: DoctorFacts = {
  tools: ['bash', 'read', 'glob', 'grep', 'edit', 'write', 'task', 'webfetch', 'todowrite', 'skill', 'question', 'invalid'],
  complete: true,
  source: 'OpenCode 1.18.33 tool ids (recorded: the tool.definition hook names each tool)',
  handlers: 'modules',
  referencedFiles,
};
