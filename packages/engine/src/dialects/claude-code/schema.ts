import { CLAUDE_CODE_EVENTS } from './events.js';

const hook = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['command', 'prompt', 'agent', 'http', 'mcp_tool'], description: 'hookplay runs "command" hooks.' },
    command: { type: 'string', minLength: 1, description: 'Run with /bin/sh -c in the project directory; the event JSON arrives on stdin; CLAUDE_PROJECT_DIR is set.' },
    timeout: { type: 'number', exclusiveMinimum: 0, description: 'Seconds. At the deadline the hook’s process group gets SIGTERM, then SIGKILL 1.5 s later; it counts as no answer.' },
    async: { type: 'boolean', description: 'Run without waiting for it (not emulated by hookplay).' },
    statusMessage: { type: 'string' },
  },
};

const groups = {
  type: 'array',
  items: {
    type: 'object',
    required: ['hooks'],
    properties: {
      matcher: {
        type: 'string',
        description:
          'Trimmed. Empty or "*": everything. Only letters, digits, _, |, comma and spaces: exact, case-sensitive names split on | and comma. Anything else: an unanchored JavaScript regex.',
      },
      hooks: { type: 'array', items: hook },
    },
  },
};

/**
 * JSON Schema of a Claude Code settings file's hook part, for editors. Other settings keys are allowed: Claude Code
 * reads them, hookplay does not.
 */
export const SETTINGS_JSON_SCHEMA: object = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Claude Code settings.json (hooks)',
  type: 'object',
  properties: {
    hooks: {
      type: 'object',
      description: 'Matcher groups by event name. An invalid hook entry makes Claude Code drop every hook of the file.',
      properties: Object.fromEntries(CLAUDE_CODE_EVENTS.map((e) => [e.name, { ...groups, description: e.description }])),
    },
    disableAllHooks: { type: 'boolean', description: 'true: no hook runs.' },
  },
};
