import { COPILOT_EVENTS, PASCAL_ALIASES } from './events.js';

const hook = {
  type: 'object',
  properties: {
    type: { enum: ['command', 'http', 'prompt'], description: 'Optional; hookplay runs "command" hooks.' },
    bash: { type: 'string', minLength: 1, description: 'Run with bash -c in the project root (or cwd); the event JSON arrives on stdin; COPILOT_PROJECT_DIR, CLAUDE_PROJECT_DIR and COPILOT_CLI=1 are set.' },
    command: { type: 'string', minLength: 1, description: 'Cross-platform alias of bash.' },
    powershell: { type: 'string', description: 'Used on Windows; on Linux and macOS only when there is no bash (it needs pwsh).' },
    cwd: { type: 'string', description: 'Working directory, relative to the project root.' },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    timeoutSec: { type: 'number', exclusiveMinimum: 0, description: 'Seconds (default 30). At the deadline the hook gets SIGTERM and counts as no answer. A non-number makes the CLI drop the whole file.' },
    timeout: { type: 'number', exclusiveMinimum: 0, description: 'Alias of timeoutSec.' },
    matcher: { type: 'string', minLength: 1, description: 'A regex that must match the whole tool name, case-sensitive. Empty: the whole file is dropped. An invalid regex never matches.' },
    hooks: { type: 'array', description: 'Claude-style group: these hooks share the matcher (one level only).' },
  },
};

const hooksObject = {
  type: 'object',
  description: 'Hooks by event name (camelCase; PascalCase Claude Code names also work and get Claude-shaped payloads). One invalid entry drops every hook of the file.',
  properties: Object.fromEntries([
    ...COPILOT_EVENTS.map((e) => [e.name, { type: 'array', items: hook, description: e.description }]),
    ...Object.keys(PASCAL_ALIASES).map((p) => [p, { type: 'array', items: hook, description: `Alias of ${PASCAL_ALIASES[p]} with a Claude-shaped payload.` }]),
  ]),
};

/** JSON Schema of a `.github/hooks/*.json` or `~/.copilot/hooks/*.json` file. */
export const HOOKS_FILE_SCHEMA: object = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Copilot CLI hooks file',
  type: 'object',
  properties: {
    version: { const: 1, description: 'Optional; any other value drops the file.' },
    hooks: hooksObject,
    disableAllHooks: { type: 'boolean', description: "true: this file's hooks do not run (the other files' still do)." },
  },
};

/** JSON Schema of the hook part of ~/.copilot/settings.json or .github/copilot/settings.json. */
export const SETTINGS_SCHEMA: object = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Copilot CLI settings.json (hooks)',
  type: 'object',
  properties: { hooks: hooksObject, disableAllHooks: { type: 'boolean', description: "true: this file's hooks do not run." } },
};
