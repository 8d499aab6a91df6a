/** opencode.json as far as hooks go: the `plugin` list (other keys are OpenCode's and allowed). */
export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    plugin: {
      type: 'array',
      description: 'Plugins to load: npm package names, or paths relative to this file ("./plugins/x.ts"), optionally as [spec, options].',
      items: { oneOf: [{ type: 'string' }, { type: 'array', items: [{ type: 'string' }, { type: 'object' }], minItems: 1, maxItems: 2 }] },
    },
    permission: { type: 'object', description: 'Permission rules per tool: "allow", "ask" or "deny" (`opencode run` rejects what would ask).' },
  },
  additionalProperties: true,
};
