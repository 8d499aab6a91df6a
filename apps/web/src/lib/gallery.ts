/**
 * The repo's example scenarios. The gallery opens on one small index built at build time (title, host, topic of
 * each file: build/hookplay-data.ts); a scenario itself is its own lazy chunk, fetched when it is picked. Opening
 * the gallery is one request, whatever the number of examples.
 */
import { parseScenario, type Scenario } from '@hookplay/engine/browser';
import type { ExampleEntry } from '../../build/hookplay-data';
import { DIALECTS } from './catalog';

export type { ExampleEntry };

const modules = import.meta.glob<Record<string, unknown>>('../../../../scenarios/**/*.hookplay.json', { import: 'default' });
const byId = new Map(Object.entries(modules).map(([path, load]) => [path.replace(/^.*?scenarios\//, ''), load]));

let index: Promise<ExampleEntry[]> | null = null;
export function loadIndex(): Promise<ExampleEntry[]> {
  index ??= import('virtual:hookplay/examples').then((m) => m.default);
  return index;
}

/** One example's scenario, checked by the engine's schema: a broken file is an error naming it, never a broken editor. */
export async function loadExample(id: string): Promise<Scenario> {
  const load = byId.get(id);
  if (!load) throw new Error(`the example ${id} is not in this build`);
  try {
    return parseScenario(await load());
  } catch (e) {
    throw new Error(`the example ${id} could not be read: ${(e as Error).message}`);
  }
}

export interface ExampleGroup {
  /** Stable key: `<host>:<topic>`. */
  key: string;
  label: string;
  host: string;
  examples: ExampleEntry[];
}

const hostLabel = (id: string) => DIALECTS.find((d) => d.id === id)?.label ?? id;

/** What a search matches in: every word of the query must appear, in any order, in any of these. */
function haystack(e: ExampleEntry): string {
  return [e.title, e.description, e.id, e.event ?? 'session', e.steps !== null ? 'session' : 'event', hostLabel(e.dialect), e.dialect, e.topic === 'porting' ? 'porting every host' : e.topic === 'versions' ? 'versions' : '', e.verdict ?? '', e.ended ?? '']
    .join(' ')
    .toLowerCase();
}

export function search(all: readonly ExampleEntry[], query: string): ExampleEntry[] {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}_.-]+/u).filter(Boolean);
  if (words.length === 0) return [...all];
  return all.filter((e) => {
    const text = haystack(e);
    return words.every((w) => text.includes(w));
  });
}

/**
 * Groups by host and topic: a host's one-event examples, its sessions, the porting examples written for it, and
 * (Claude Code) the older builds' behaviours, each beside the version where it changed.
 */
export function groupExamples(list: readonly ExampleEntry[]): ExampleGroup[] {
  const groups: ExampleGroup[] = [];
  for (const d of DIALECTS) {
    const mine = list.filter((e) => e.dialect === d.id);
    const add = (topic: string, label: string, examples: ExampleEntry[]) => {
      if (examples.length) groups.push({ key: `${d.id}:${topic}`, label, host: d.id, examples });
    };
    add('event', `${d.label} · one event`, mine.filter((e) => e.topic === 'host' && e.steps === null));
    add('session', `${d.label} · sessions`, mine.filter((e) => e.topic === 'host' && e.steps !== null));
    add('porting', `Porting: ${d.label} hooks on every host`, mine.filter((e) => e.topic === 'porting'));
    add('versions', `${d.label} versions`, [...mine.filter((e) => e.topic === 'versions')].sort((a, b) => pairKey(a).localeCompare(pairKey(b))));
  }
  return groups;
}

/** Puts each older-build example beside the one showing where it changed (same topic, then version order). */
function pairKey(e: ExampleEntry): string {
  const topic = e.description.includes('same') ? 1 : 0;
  return `${e.id.replace(/^.*\//, '').split('-').slice(0, 2).join('-')} ${topic}`;
}

export function countByHost(list: readonly ExampleEntry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of list) out.set(e.dialect, (out.get(e.dialect) ?? 0) + 1);
  return out;
}
