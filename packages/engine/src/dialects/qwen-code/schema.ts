import { QWEN_CODE_EVENTS } from './events.js';

const hook = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['command', 'http', 'prompt'], description: 'hookplay runs "command" hooks. Another type drops the hook.' },
    command: { type: 'string', minLength: 1, description: 'Run with bash -c in the project directory; the event JSON arrives on stdin (no trailing newline); QWEN_PROJECT_DIR, CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR are set.' },
    name: { type: 'string', description: 'Identity for duplicates: hooks with the same name and command run once per event.' },
    timeout: {
      type: ['number', 'string'],
      description: 'Seconds (default 60). 1000 or more is read as milliseconds. Not a positive number: the default. At the deadline the process group gets SIGTERM, then SIGKILL 2 s later.',
    },
    env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables for this hook.' },
    async: { type: 'boolean', description: 'Run in the background; it decides nothing (not run by hookplay).' },
    shell: { enum: ['bash', 'powershell'] },
    statusMessage: { type: 'string' },
    description: { type: 'string' },
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
          'Trimmed. Empty, "*" or ".*": everything. An exact tool name or alias (Bash, Shell, run_shell_command). With |: a list of names, else one regex. Otherwise an unanchored, case-sensitive regex tested against the native name only.',
      },
      sequential: { type: 'boolean', description: 'true: every matching hook of the event runs one after another.' },
      hooks: { type: 'array', items: hook },
    },
  },
};

/** JSON Schema of a Qwen Code settings file's hook part, for editors. Other settings keys are allowed. */
export const SETTINGS_JSON_SCHEMA: object = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Qwen Code settings.json (hooks)',
  type: 'object',
  properties: {
    hooks: {
      type: 'object',
      description: 'Matcher groups by event name. An unknown event name is skipped.',
      properties: Object.fromEntries(QWEN_CODE_EVENTS.map((e) => [e.name, { ...groups, description: e.description }])),
    },
    disableAllHooks: { type: 'boolean', description: 'true: no hook runs. The project file’s value wins over the user’s.' },
  },
};
