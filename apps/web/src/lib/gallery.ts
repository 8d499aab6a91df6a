/**
 * The repo's example scenarios, bundled at build time. Each file is its own lazy chunk, loaded when the
 * gallery opens, so the first page load stays small and the gallery needs no server.
 */
import { parseScenario, type Scenario } from '@hookplay/engine/browser';
import { DIALECTS } from './catalog';

const modules = import.meta.glob<Record<string, unknown>>('../../../../scenarios/**/*.hookplay.json', { import: 'default' });

export interface Example {
  /** Path under scenarios/, e.g. `mirri/block-rm-rf.hookplay.json`. */
  id: string;
  scenario: Scenario;
}

export interface ExampleGroup {
  dialect: string;
  label: string;
  examples: Example[];
}

export const exampleCount = Object.keys(modules).length;

const VERSIONS_FOLDER = 'claude-code-versions';
/** Puts each older-build example beside the one showing where it changed (same topic, then version order). */
function pairKey(e: Example): string {
  const topic = (e.scenario.description ?? '').includes('same') ? 1 : 0;
  return `${e.id.replace(/^.*\//, '').split('-').slice(0, 2).join('-')} ${topic}`;
}

let loaded: Promise<{ groups: ExampleGroup[]; broken: string[] }> | null = null;

export function loadExamples(): Promise<{ groups: ExampleGroup[]; broken: string[] }> {
  loaded ??= (async () => {
    const broken: string[] = [];
    const entries = await Promise.all(
      Object.entries(modules).map(async ([path, load]) => {
        const id = path.replace(/^.*?scenarios\//, '');
        try {
          return { id, scenario: parseScenario(await load()) };
        } catch {
          // An example that no longer parses is a repo bug; list it rather than hide the whole gallery.
          broken.push(id);
          return null;
        }
      }),
    );
    const examples = entries.filter((e): e is Example => e !== null).sort((a, b) => a.id.localeCompare(b.id));
    // Porting examples (scenarios/porting/) come first, by the host they are written for: "Run on every host" is the point of them.
    const porting = (e: Example) => e.id.startsWith('porting/');
    // scenarios/claude-code-versions/: older Claude Code builds' behaviours, each beside the version where it changed.
    const versions = (e: Example) => e.id.startsWith(`${VERSIONS_FOLDER}/`);
    const groups = [
      ...DIALECTS.map((d) => ({ dialect: `porting-${d.id}`, label: `Porting: ${d.label} hooks on every host`, examples: examples.filter((e) => porting(e) && e.scenario.dialect === d.id) })),
      ...DIALECTS.map((d) => ({ dialect: d.id as string, label: d.label, examples: examples.filter((e) => !porting(e) && !versions(e) && e.scenario.dialect === d.id) })),
      { dialect: VERSIONS_FOLDER, label: 'Claude Code versions', examples: examples.filter(versions).sort((a, b) => pairKey(a).localeCompare(pairKey(b))) },
    ].filter((g) => g.examples.length > 0);
    return { groups, broken };
  })();
  return loaded;
}
