/**
 * JSON Schemas for the editors: each dialect's JSON configs (from the engine), and for payloads a loose
 * schema derived from the event's sample, which gives field-name completion without forbidding anything.
 */
import { configSchemas } from '@hookplay/engine/browser';
import { configGlob, findEvent, type DialectId } from './catalog';

export interface SchemaAssociation {
  uri: string;
  fileMatch: string[];
  schema: object;
}

const CONFIGS = configSchemas().configs;

export function fileModelKey(path: string): string {
  return `files/${path}`;
}

export function payloadModelKey(dialect: DialectId, event: string): string {
  return `payload/${dialect}/${event || 'event'}.json`;
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
