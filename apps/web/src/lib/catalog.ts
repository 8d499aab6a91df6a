/**
 * The hosts, their events and config files: the engine's pure catalog, serialised at build time
 * (build/hookplay-data.ts), so the picker and the first editor need none of the dialects' code. A dialect added to
 * the engine shows up here with no change. Config files come without their JSON Schemas, which only Monaco uses.
 */
import { DIALECT_IDS, type DialectId, type DialectInfo, type EventSpec, type ConfigFileSpec } from '@hookplay/engine/browser';
import catalog from 'virtual:hookplay/catalog';

export type { DialectId, DialectInfo, EventSpec, ConfigFileSpec };

export const DIALECTS: readonly DialectInfo[] = catalog;

export function isDialectId(value: unknown): value is DialectId {
  return typeof value === 'string' && (DIALECT_IDS as readonly string[]).includes(value);
}

export function dialectInfo(id: DialectId): DialectInfo {
  const found = DIALECTS.find((d) => d.id === id);
  if (!found) throw new Error(`unknown dialect "${id}"`);
  return found;
}

/**
 * The host a fresh playground opens on: Claude Code, the one most hook authors have installed and the one most
 * verified against its real CLI; else the first host that has events.
 */
export function defaultDialect(): DialectId {
  return (DIALECTS.find((d) => d.id === 'claude-code' && d.events.length > 0) ?? DIALECTS.find((d) => d.events.length > 0) ?? DIALECTS[0])!.id;
}

export function findEvent(dialect: DialectId, name: string): EventSpec | undefined {
  return dialectInfo(dialect).events.find((e) => e.name === name);
}

/** Events by their `group`, in catalog order, for an <optgroup> picker. */
export function eventGroups(dialect: DialectId): { group: string; events: EventSpec[] }[] {
  const groups = new Map<string, EventSpec[]>();
  for (const event of dialectInfo(dialect).events) {
    const list = groups.get(event.group) ?? [];
    list.push(event);
    groups.set(event.group, list);
  }
  return [...groups].map(([group, events]) => ({ group, events }));
}

/** Catalog paths mark user-chosen parts as `<name>`: `skills/<name>/hooks.json`. */
function patternRegex(pattern: string): RegExp {
  const parts = pattern.split(/<[^>]+>/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

/** The config-file spec a path is an instance of, if any. */
export function configSpecFor(dialect: DialectId, path: string): ConfigFileSpec | undefined {
  return dialectInfo(dialect).configFiles.find((spec) => patternRegex(spec.path).test(path));
}

/** Glob for the path pattern (Monaco's JSON schema `fileMatch`). */
export function configGlob(pattern: string): string {
  return pattern.replace(/<[^>]+>/g, '*');
}

/** A concrete path for a new config file: `<name>` becomes `my-skill` and so on. */
export function configPathSuggestion(pattern: string): string {
  return pattern.replace(/<([^>]+)>/g, (_, name: string) => `my-${name.replace(/\W+/g, '-')}`);
}
