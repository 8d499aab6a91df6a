/**
 * JSON Schemas for the editors: each dialect's JSON configs (from the engine), and for payloads a loose
 * schema derived from the event's sample, which gives field-name completion without forbidding anything.
 */
import { configSchemas, scenarioJsonSchema } from '@hookplay/engine/browser';
import { configGlob, findEvent, type DialectId } from './catalog';

export interface SchemaAssociation {
  uri: string;
  fileMatch: string[];
  schema: object;
}

const CONFIGS = configSchemas().configs;
/**
 * The `session` object's schema, cut from the scenario's: one source for the file format and the editor. Built on
 * first use (tens of ms), once Monaco is there to use it, not while the page loads.
 */
let sessionSchema: object | null = null;
function sessionSchemaOnce(): object {
  sessionSchema ??= ((scenarioJsonSchema() as { properties: Record<string, object> }).properties.session ?? {}) as object;
  return sessionSchema;
}

export function fileModelKey(path: string): string {
  return `files/${path}`;
}

export function payloadModelKey(dialect: DialectId, event: string): string {
  return `payload/${dialect}/${event || 'event'}.json`;
}

/** One session model per host: switching hosts keeps each host's session (and its undo history) apart. */
export function sessionModelKey(dialect: DialectId): string {
  return `session/${dialect}.json`;
}

function schemaOf(value: unknown): object {
  if (Array.isArray(value)) return value.length > 0 ? { type: 'array', items: schemaOf(value[0]) } : { type: 'array' };
  if (value === null) return {};
  if (typeof value === 'object') {
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, { ...schemaOf(v), default: v }])),
    };
  }
  return { type: typeof value === 'number' ? 'number' : typeof value };
}

export function editorSchemas(dialect: DialectId, event: string): SchemaAssociation[] {
  const out: SchemaAssociation[] = CONFIGS.filter((c) => c.dialect === dialect).map((c) => ({
    uri: `hookplay://schemas/${c.dialect}/${c.path.replace(/[^\w.-]+/g, '_')}.json`,
    fileMatch: [fileModelKey(configGlob(c.path))],
    schema: c.schema,
  }));
  out.push({ uri: `hookplay://schemas/session.json`, fileMatch: [sessionModelKey(dialect)], schema: sessionSchemaOnce() });
  const spec = findEvent(dialect, event);
  if (spec) {
    out.push({
      uri: `hookplay://schemas/payload/${dialect}/${event}.json`,
      fileMatch: [payloadModelKey(dialect, event)],
      schema: { ...schemaOf(spec.sample), description: `${event} payload: ${spec.description}` },
    });
  }
  return out;
}
