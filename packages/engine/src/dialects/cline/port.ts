import type { PortableHook, PortTable } from '../../port/types.js';
import { canonicalEvent } from '../../port/tables.js';
import type { JsonObject } from '../../util/json.js';
import { commandLine } from './command.js';
import { loadCline } from './config.js';
import { CLINE_EVENTS } from './events.js';
import { CLINERULES_HOOKS, HOME_HOOKS } from './folders.js';
import { parametersOf } from './payload.js';

/** Names a folder has for several hooks of one event (the CLI runs each, in this order: path order). */
const NAMES = (event: string) => [event, `${event}.bash`, `${event}.sh`];

/**
 * Cline: no config file, a script per hook named after its event, no matcher, no timeout of its own; it reads
 * {cancel, contextModification} where Claude-style hooks print decisions. A ported hook is a `#!/bin/sh` script that
 * runs the original command, in .clinerules/hooks/ (the project) or ~/.cline/hooks/ (the user's).
 */
export const clinePort: PortTable = {
  id: 'cline',
  shape: 'hook-files',
  files: { project: `${CLINERULES_HOOKS}PreToolUse`, user: `${HOME_HOOKS}PreToolUse` },
  reads: (key) => loadCline({ [key]: '' }, {}).entries.length > 0,
  catalog: CLINE_EVENTS,
  eventNames: { SessionStart: 'TaskStart', Stop: 'TaskComplete', SessionEnd: 'SessionShutdown' },
  tools: { Bash: 'run_commands', Read: 'read_files', Edit: 'apply_patch', Write: 'apply_patch', Grep: 'search_codebase' },
  timeout: null,
  matchers: false,
  outputFields: { additionalContext: 'contextModification', permissionDecision: 'cancel', decision: 'cancel', updatedInput: 'overrideInput' },
  cwd: 'project',
  source: 'Cline CLI 3.0.65 as recorded (oracle/hosts/cline)',
  hookFiles: {
    fileFor: (scope, event, nth) => {
      const name = NAMES(event)[nth];
      return name === undefined ? null : `${scope === 'user' ? HOME_HOOKS : CLINERULES_HOOKS}${name}`;
    },
    read: (files) =>
      loadCline(files, {}).entries.map(
        (e): PortableHook => ({
          event: e.event,
          canonical: canonicalEvent(clinePort, e.event),
          matcher: null,
          command: commandLine([...e.interpreter, e.key]),
          timeout: null,
          extra: {},
          file: e.key,
          scope: e.key.startsWith('~/') ? 'user' : 'project',
        }),
      ),
  },
  toolPayload: (event, tool, canonical, input) => {
    if (event !== 'PreToolUse' && event !== 'PostToolUse') return null;
    const shaped: JsonObject = canonical === 'Bash' && typeof input.command === 'string' ? { commands: [input.command] } : input;
    const call: JsonObject = { id: 'call_1_0', name: tool, input: shaped };
    const out: JsonObject =
      event === 'PreToolUse'
        ? { iteration: 1, tool_call: call, preToolUse: { toolName: tool, parameters: parametersOf(shaped) } }
        : { iteration: 1, tool_result: { ...call, output: [], durationMs: 0, startedAt: '2026-12-01T12:00:00.000Z', endedAt: '2026-12-01T12:00:00.000Z' } };
    return out;
  },
};
