import { CODEX_EVENTS } from './events.js';

const handler = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['command', 'prompt', 'agent'], description: 'Codex runs "command" hooks; prompt and agent hooks are skipped with a warning. A handler without "type" makes Codex drop the whole file.' },
    command: { type: 'string', minLength: 1, description: 'Run with /bin/bash -c in the session directory; the event JSON (one line, no newline) arrives on stdin.' },
    timeout: { type: 'integer', minimum: 0, description: 'Whole seconds (default 600; 0 acts as 1). At the deadline the hook’s process group gets SIGKILL and its output is dropped. A non-integer makes Codex drop the whole file. "timeoutSec" is ignored.' },
    async: { type: 'boolean', description: 'Start without waiting; its answer is ignored (not emulated by hookplay).' },
    statusMessage: { type: 'string' },
  },
};

const groups = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      matcher: {
        type: ['string', 'null'],
        description: 'Absent, null, "" or "*": everything. Only letters, digits, _ and |: exact, case-sensitive names split on |. Anything else: an unanchored Rust regex; an invalid one drops the group. The shell tool is "Bash".',
      },
      hooks: { type: 'array', items: handler },
    },
  },
};

/** JSON Schema of a Codex hooks.json, for editors. */
export const HOOKS_JSON_SCHEMA: object = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Codex hooks.json',
  type: 'object',
  properties: {
    hooks: {
      type: 'object',
      description: 'Matcher groups by event name (exact case; unknown names are ignored silently).',
      properties: Object.fromEntries(CODEX_EVENTS.map((e) => [e.name, { ...groups, description: e.description }])),
    },
  },
};
