import { STRIX_EVENT_NAMES } from './events.js';

const eventName = { type: 'string', enum: [...STRIX_EVENT_NAMES] };

/** JSON Schema of `skills/<name>/hooks.json`, for editors. Stricter than the host, to catch typos early. */
export const HOOKS_JSON_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'open-strix hooks.json',
  type: 'object',
  required: ['hooks'],
  properties: {
    hooks: {
      type: 'array',
      description: 'Hook entries, run in this order (after the entries of hooks.json files with earlier paths).',
      items: {
        type: 'object',
        required: ['name', 'command'],
        anyOf: [{ required: ['events'] }, { required: ['event'] }],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, description: 'Stable hook name used in logs and HOOK_NAME.' },
          command: { type: 'string', minLength: 1, description: 'Shell command, run from the directory holding this hooks.json.' },
          events: { type: 'array', minItems: 1, items: eventName, description: 'Events to receive. Any unknown name drops the whole entry.' },
          event: { ...eventName, description: 'A single event, accepted in place of "events".' },
          env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables; STATE_DIR, HOOK_NAME and HOOK_EVENT always win.' },
          timeout_seconds: { type: 'number', exclusiveMinimum: 0, default: 10, description: 'Per-hook timeout; invalid or non-positive values fall back to 10.' },
          include_conversation: { type: 'boolean', default: false, description: 'Add the conversation transcript to the event this hook gets.' },
        },
      },
    },
  },
} as const;
