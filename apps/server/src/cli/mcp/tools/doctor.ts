import { DIALECT_IDS } from '@hookplay/engine';
import { homedir } from 'node:os';
import { z } from 'zod';
import { doctor, DoctorError } from '../../doctor/doctor.js';
import { formatText } from '../../doctor/format.js';
import { failure, result, type HookplayTool } from '../tool.js';

const input = {
  path: z.string().describe('The project directory to check (absolute, or relative to where the server runs).'),
  home: z.union([z.boolean(), z.string()]).optional().describe("Also read the hosts' files in the home directory: true for $HOME, or a directory. Default: the project only."),
  dialect: z.enum(DIALECT_IDS).optional().describe('Check this host only (default: every host whose files the project has).'),
};

export const doctorTool: HookplayTool<typeof input> = {
  name: 'doctor',
  title: 'Check a real hook setup',
  description:
    'Reads a real project the way each host would load it and says, per hook, whether it loads and why, and the events and tool names it can fire on; then findings at file:line:column: matchers no tool fits, unknown events, timeouts in the wrong unit, missing or non-executable scripts, variables the host does not set, answers the host ignores, missing programs, and risks (curl | sh, eval of output, SessionStart/UserPromptSubmit hooks reaching the network, files writable by others, unpinned plugin sources). Nothing runs.',
  input,
  runsHooks: false,
  async call({ path, home, dialect }) {
    try {
      const report = doctor({ project: path, ...(home === true ? { home: homedir() } : typeof home === 'string' ? { home } : {}), ...(dialect ? { dialect } : {}) });
      return result(formatText(report), report as unknown as Record<string, unknown>);
    } catch (e) {
      if (e instanceof DoctorError) return failure(e.message);
      throw e;
    }
  },
};
