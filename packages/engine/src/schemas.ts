import { scenarioJsonSchema } from './scenario.js';
import { DIALECTS } from './dialects/index.js';

/** JSON Schemas for editors: the scenario file, and each JSON config file by its path pattern. */
export function configSchemas(): { scenario: object; configs: { dialect: string; path: string; schema: object }[] } {
  const configs = Object.values(DIALECTS).flatMap((d) =>
    d.configFiles.filter((f) => f.schema).map((f) => ({ dialect: d.id, path: f.path, schema: f.schema! })),
  );
  return { scenario: scenarioJsonSchema(), configs };
}
