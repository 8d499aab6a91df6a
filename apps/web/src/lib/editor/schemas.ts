/**
 * JSON Schemas for the editors: each dialect's JSON configs (from the engine, serialised at build time), and for
 * payloads a loose schema derived from the event's sample, which gives field-name completion without forbidding
 * anything. Part of Monaco's lazy chunk: nothing here is needed before the editor is.
 */
import schemas from 'virtual:hookplay/config-schemas';
import { configGlob, findEvent, type DialectId } from '../catalog';
import { fileModelKey, payloadModelKey, sessionModelKey } from '../model-keys';

export interface SchemaAssociation {
  uri: string;
  fileMatch: string[];
  schema: object;
}

/** The `session` object's schema, cut from the scenario's: one source for the file format and the editor. */
const sessionSchema = ((schemas.scenario as { properties?: Record<string, object> }).properties?.session ?? {}) as object;

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
  const out: SchemaAssociation[] = schemas.configs
    .filter((c) => c.dialect === dialect)
    .map((c) => ({
      uri: `hookplay://schemas/${c.dialect}/${c.path.replace(/[^\w.-]+/g, '_')}.json`,
      fileMatch: [fileModelKey(configGlob(c.path))],
      schema: c.schema,
    }));
  out.push({ uri: `hookplay://schemas/session.json`, fileMatch: [sessionModelKey(dialect)], schema: sessionSchema });
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
