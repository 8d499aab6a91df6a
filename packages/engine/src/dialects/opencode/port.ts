import type { PortTable } from '../../port/types.js';
import { OPENCODE_EVENTS } from './events.js';

/**
 * OpenCode has no shell-command hooks: a hook ported to it becomes a plugin (.opencode/plugins/ported.js) that runs
 * the command the way the source host would, per the events that have an OpenCode hook: PreToolUse as
 * tool.execute.before (a block throws its reason), PostToolUse as tool.execute.after, UserPromptSubmit as
 * chat.message. The model's shell tool is `bash`.
 */
export const opencodePort: PortTable = {
  id: 'opencode',
  shape: 'opencode-plugin',
  files: { project: '.opencode/plugins/ported.js', user: '~/.config/opencode/plugins/ported.js' },
  // Plugins are code: no hook config to read back as portable hooks.
  reads: () => false,
  catalog: OPENCODE_EVENTS,
  eventNames: { PreToolUse: 'tool.execute.before', PostToolUse: 'tool.execute.after', UserPromptSubmit: 'chat.message' },
  tools: { Bash: 'bash', Read: 'read', Write: 'write', Edit: 'edit', Grep: 'grep', Glob: 'glob' },
  timeout: null,
  matchers: true,
  cwd: 'project',
  source: 'OpenCode plugin docs; hook semantics recorded on OpenCode 1.18.33',
};
