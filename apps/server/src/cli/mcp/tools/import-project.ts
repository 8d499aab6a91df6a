import { DIALECT_IDS } from '@hookplay/engine';
import { homedir } from 'node:os';
import { z } from 'zod';
import { importSummary } from '../../import-command.js';
import { ImportError, importProject } from '../../import/import-project.js';
import { failure, result, type HookplayTool } from '../tool.js';

const input = {
  path: z.string().describe('The project directory whose real hook config to take in.'),
  dialect: z.enum(DIALECT_IDS).describe('The host whose config to read.'),
  event: z.string().describe("The event to fire, in the host's own words (e.g. PreToolUse)."),
  payload: z.record(z.string(), z.unknown()).optional().describe("The event's fields (default: the host's sample payload for the event)."),
  home: z.union([z.boolean(), z.string()]).optional().describe("Also read the host's files in the home directory: true for $HOME, or a directory."),
};

export const importProjectTool: HookplayTool<typeof input> = {
  name: 'import_project',
  title: "Make a scenario from a project's real hooks",
  description:
    "Reads the host's real config files in a project (plugins too), takes in the scripts their hooks reach (wrappers and helpers), keeps file modes and git, and returns a scenario for the event that run_scenario runs; every file left out is listed with why. Environment values are never copied.",
  input,
  runsHooks: false,
  async call({ path, dialect, event, payload, home }) {
    try {
      const imported = importProject({ project: path, dialect, event, ...(payload ? { payload } : {}), ...(home === true ? { home: homedir() } : typeof home === 'string' ? { home } : {}) });
      return result(`${importSummary(imported)}\n${JSON.stringify(imported.scenario, null, 2)}\n`, { scenario: imported.scenario, configs: imported.configs, scripts: imported.scripts, leftOut: imported.leftOut });
    } catch (e) {
      if (e instanceof ImportError) return failure(e.message);
      throw e;
    }
  },
};
