/**
 * Build-time data for the playground, as virtual modules. The engine's catalog, config schemas and the example
 * index are pure data computed from the engine and scenarios/: serialising them at build time keeps the dialects'
 * code (parsers, rules, lifecycles) out of the browser's first download, while the engine stays their one source.
 *
 *   virtual:hookplay/catalog         every host's events, samples, config files (without their JSON Schemas)
 *   virtual:hookplay/config-schemas  the JSON Schemas of every host's JSON configs, for Monaco (loaded with it)
 *   virtual:hookplay/examples        one line per example scenario (title, host, topic, ...), for the gallery
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:hookplay/';

type Engine = typeof import('@hookplay/engine/browser');

export interface ExampleEntry {
  /** Path under scenarios/, e.g. `claude-code/block-rm-rf.hookplay.json`. */
  id: string;
  dialect: string;
  title: string;
  description: string;
  /** The folder's topic: the host's own examples, porting, or older versions. */
  topic: 'host' | 'porting' | 'versions';
  event: string | null;
  steps: number | null;
  verdict: string | null;
  ended: string | null;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.hookplay.json') ? [join(dir, e.name)] : []));
}

export function examplesIndex(scenariosDir: string): ExampleEntry[] {
  return walk(scenariosDir)
    .map((file) => {
      const id = relative(scenariosDir, file).split('\\').join('/');
      const s = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { session?: { steps?: unknown[] }; expect?: { verdict?: unknown; ended?: { reason?: unknown } } };
      const folder = id.split('/')[0];
      return {
        id,
        dialect: String(s.dialect ?? ''),
        title: typeof s.title === 'string' ? s.title : id,
        description: typeof s.description === 'string' ? s.description : '',
        topic: folder === 'porting' ? 'porting' : folder === 'claude-code-versions' ? 'versions' : 'host',
        event: typeof s.event === 'string' ? s.event : null,
        steps: Array.isArray(s.session?.steps) ? s.session.steps.length : null,
        verdict: typeof s.expect?.verdict === 'string' ? s.expect.verdict : null,
        ended: typeof s.expect?.ended?.reason === 'string' ? s.expect.ended.reason : null,
      } satisfies ExampleEntry;
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The engine's and the protocol's modules only declare (schemas, tables, functions): what a page does not use is
 * left out, so the first download carries no dialect it has not asked for (bench/web.mjs).
 */
export const moduleSideEffects = (id: string) => !/\/packages\/engine\/src\/|\/apps\/server\/src\/protocol\.ts$/.test(id);

export function hookplayData(options: { scenariosDir: string }): Plugin {
  let engine: Promise<Engine> | null = null;
  // The engine's build (dist), which the root `npm run build` makes before the web app's.
  const load = () => (engine ??= import('@hookplay/engine/browser'));
  return {
    name: 'hookplay-data',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      if (name === 'catalog') {
        const { dialectCatalog } = await load();
        const catalog = dialectCatalog().map((d) => ({ ...d, configFiles: d.configFiles.map(({ schema: _schema, ...spec }) => spec) }));
        return `export default ${JSON.stringify(catalog)};`;
      }
      if (name === 'config-schemas') {
        const { configSchemas } = await load();
        return `export default ${JSON.stringify(configSchemas())};`;
      }
      if (name === 'examples') {
        for (const file of walk(options.scenariosDir)) this.addWatchFile(file);
        return `export default ${JSON.stringify(examplesIndex(options.scenariosDir))};`;
      }
      this.error(`unknown module ${id.slice(1)}`);
    },
  };
}
