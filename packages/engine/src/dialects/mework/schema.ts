import { MEWORK_EVENTS } from './events.js';

const handler = {
  type: 'object',
  description: 'One handler: a listed, selectable entry (its id is its position across both files).',
  required: ['type', 'command'],
  properties: {
    type: { const: 'command', description: 'Mework runs command handlers only.' },
    name: { type: 'string', description: 'Shown in the conversation drawer.' },
    command: { type: 'string', minLength: 1, description: 'Run with bash -lc in the workspace; the event JSON arrives on stdin.' },
    commandWindows: { type: 'string', description: 'Used instead of command on Windows.' },
    timeout: { type: 'number', exclusiveMinimum: 0, description: 'Seconds; capped at 600 and by the 5-minute budget of the turn. Default: the cap.' },
    async: { type: 'boolean', description: 'Accepted only on InstructionsLoaded; elsewhere the handler is skipped.' },
    asyncRewake: { type: 'boolean', description: 'Not supported: handlers that set it are skipped.' },
  },
  additionalProperties: false,
};

const groups = {
  type: 'array',
  items: {
    type: 'object',
    required: ['hooks'],
    properties: {
      matcher: {
        type: 'string',
        description: 'Regular expression searched (unanchored, case-sensitive) in the event’s value; empty or "*" matches all. Ignored on UserPromptSubmit and Stop.',
      },
      hooks: { type: 'array', items: handler },
    },
    additionalProperties: false,
  },
};

/** JSON Schema of hooks.json, for editors. Unknown event names are flagged: Mework never fires them. */
export const HOOKS_JSON_SCHEMA: object = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Mework hooks.json',
  type: 'object',
  required: ['hooks'],
  properties: {
    hooks: {
      type: 'object',
      description: 'Matcher groups by event name.',
      properties: Object.fromEntries(MEWORK_EVENTS.map((e) => [e.name, { ...groups, description: e.description }])),
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
