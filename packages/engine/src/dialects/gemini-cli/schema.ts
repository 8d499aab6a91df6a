import { GEMINI_EVENTS } from './events.js';

const hook = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['command'], description: 'Only "command" hooks run.' },
    command: { type: 'string', minLength: 1, description: 'Run with bash -c in the project directory; the event JSON arrives on stdin. $GEMINI_PROJECT_DIR, $GEMINI_CWD, $GEMINI_SESSION_ID, $GEMINI_PLANS_DIR and $CLAUDE_PROJECT_DIR are replaced by their quoted values first.' },
    name: { type: 'string', description: 'Shown in messages; hooksConfig.disabled lists names (or commands). Hooks with the same name and command run once.' },
    timeout: { type: 'number', description: 'MILLISECONDS (default 60000). At the deadline the hook gets SIGTERM and counts as no answer.' },
    description: { type: 'string' },
    env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables for this hook (applied last; not in the docs).' },
  },
};

const groups = {
  type: 'array',
  items: {
    type: 'object',
    required: ['hooks'],
    properties: {
      matcher: { type: 'string', description: 'Tool events: an unanchored, case-sensitive regex on the tool name (exact name if it does not compile). SessionStart/SessionEnd/PreCompress: the exact source, reason or trigger. Other events ignore it. "" and "*" match everything.' },
      sequential: { type: 'boolean', description: 'true: the event’s hooks run one after another (one group saying so is enough), each seeing the previous one’s changes.' },
      hooks: { type: 'array', items: hook },
    },
  },
};

/** JSON Schema of the hook part of a Gemini CLI settings.json, for editors. Other keys are allowed. */
export const SETTINGS_JSON_SCHEMA: object = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Gemini CLI settings.json (hooks)',
  type: 'object',
  properties: {
    hooks: {
      type: 'object',
      description: 'Hook groups by event name. Lists of the user and project files add up.',
      properties: Object.fromEntries(GEMINI_EVENTS.map((e) => [e.name, { ...groups, description: e.description }])),
    },
    hooksConfig: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean', description: 'false: no hook runs (default true).' },
        disabled: { type: 'array', items: { type: 'string' }, description: 'Hook names (or commands) that do not run.' },
        notifications: { type: 'boolean' },
      },
    },
  },
};
