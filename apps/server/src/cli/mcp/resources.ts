import { DIALECTS, DIALECT_IDS, scenarioJsonSchema } from '@hookplay/engine';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: `${JSON.stringify(value, null, 2)}\n` }] });

/**
 * Read-only facts an agent needs to write a scenario: each host's event catalog and sample payloads (the dialect's
 * own catalog, the one the playground's pickers show), and the scenario format's JSON Schema.
 */
export function registerResources(server: McpServer): void {
  server.registerResource(
    'scenario-schema',
    'hookplay://scenario-schema',
    { title: 'Scenario JSON Schema', description: 'The JSON Schema of a hookplay scenario (*.hookplay.json), the run_scenario argument.', mimeType: 'application/json' },
    (uri) => json(uri.href, scenarioJsonSchema()),
  );
  for (const id of DIALECT_IDS) {
    const dialect = DIALECTS[id];
    server.registerResource(
      `${id}-events`,
      `hookplay://hosts/${id}/events`,
      { title: `${dialect.label}: events`, description: `${dialect.label}'s hook events: group, whether it can block, what matchers test, what it is for; and where its config files live.`, mimeType: 'application/json' },
      (uri) =>
        json(uri.href, {
          host: id,
          label: dialect.label,
          summary: dialect.summary,
          configFiles: dialect.configFiles.map((f) => ({ path: f.path, language: f.language, description: f.description })),
          events: dialect.events.map((e) => ({ name: e.name, group: e.group, canBlock: e.canBlock, matcherTests: e.matcherTests, description: e.description })),
        }),
    );
    server.registerResource(
      `${id}-payloads`,
      `hookplay://hosts/${id}/payloads`,
      { title: `${dialect.label}: sample payloads`, description: `A sample payload for each ${dialect.label} event (its own fields; hookplay adds the base fields such as session_id and cwd at run time).`, mimeType: 'application/json' },
      (uri) => json(uri.href, { host: id, payloads: Object.fromEntries(dialect.events.map((e) => [e.name, e.sample])) }),
    );
  }
}
