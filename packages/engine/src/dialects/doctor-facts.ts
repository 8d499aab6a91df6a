import type { HostSettings } from '../scenario.js';
import type { DialectId } from './ids.js';
import { claudeCodeDoctor } from './claude-code/doctor.js';
import { clineDoctor } from './cline/doctor.js';
import { codexDoctor } from './codex/doctor.js';
import { copilotDoctor } from './copilot-cli/doctor.js';
import { geminiDoctor } from './gemini-cli/doctor.js';
import { meworkDoctor } from './mework/doctor.js';
import { mirriDoctor } from './mirri/doctor.js';
import { strixDoctor } from './open-strix/doctor.js';
import { qwenCodeDoctor } from './qwen-code/doctor.js';
import { claudeAgentSdkDoctor } from './claude-agent-sdk/doctor.js';
import { cursorDoctor } from './cursor/doctor.js';
import { opencodeDoctor } from './opencode/doctor.js';

/**
 * What `hookplay doctor` needs to know about a host beyond its config loader, matchers and planning (which it
 * runs as they are): the names of the tools the host has, to say which tools a matcher can ever fire on. Each
 * host states its own in `dialects/<id>/doctor.ts`.
 */
export interface DoctorFacts {
  /** The host's own tool names, as its matchers see them. */
  tools: readonly string[];
  /** true: the list is every built-in tool the host documents; false: only the ones its docs happen to name. */
  complete: boolean;
  /** How the host names tools from MCP servers, for the finding's advice ("mcp__<server>__<tool>"), if it has them. */
  mcpNames?: string;
  /** Where the tool names come from. */
  source: string;
  /**
   * 'modules': a hook is a module the host imports and calls (OpenCode's plugins), not a shell command: doctor reads
   * the module's text for the handlers it defines, and checks no command line. Default: shell commands.
   */
  handlers?: 'commands' | 'modules';
  /**
   * Config a host loads from a project beyond its fixed files, found from the project's file list (Claude Code's
   * plugins: a folder with `.claude-plugin/` and `hooks/hooks.json`): the files to read and the host settings
   * that load them as the real host would.
   */
  extraConfigs?(paths: readonly string[]): { files: string[]; host: HostSettings };
  /**
   * For a host that reads another host's files (the Agent SDK reads Claude Code's): whether the project shows it is
   * used. doctor without --dialect checks such a host only then, so one settings file is not reported once per host
   * that could read it. Default: the host is used wherever its files are.
   */
  usedIn?(project: ProjectFiles): boolean;
  /**
   * Host settings the project's own code gives (the Agent SDK's settingSources in a query() call), each with where
   * it is written, so doctor loads the files as that code makes the host load them.
   */
  appSettings?(project: ProjectFiles): { host: HostSettings; found: SourceFinding[] };
  /**
   * Project files the host's config names as hooks beyond its fixed patterns (OpenCode's `plugin` list of paths), and
   * files that sit where the host looks but that it skips (a `.mjs` plugin), so its loader can say why they never run.
   */
  referencedFiles?(project: ProjectFiles): string[];
  /** Places in the config that bring in hooks from a source that is not pinned to one version (plugin marketplaces). */
  unpinnedSources?(files: Record<string, string>): SourceFinding[];
}

/** The project as doctor sees it: its file list (bounded) and a reader of one file (undefined when unreadable or too big). */
export interface ProjectFiles {
  paths: readonly string[];
  read(path: string): string | undefined;
}

export interface SourceFinding {
  file: string;
  line: number;
  column: number;
  message: string;
}

export const DOCTOR_FACTS: Record<DialectId, DoctorFacts> = {
  'claude-code': claudeCodeDoctor,
  codex: codexDoctor,
  'copilot-cli': copilotDoctor,
  'gemini-cli': geminiDoctor,
  mework: meworkDoctor,
  mirri: mirriDoctor,
  'open-strix': strixDoctor,
  'qwen-code': qwenCodeDoctor,
  'claude-agent-sdk': claudeAgentSdkDoctor,
  cursor: cursorDoctor,
  opencode: opencodeDoctor,
  cline: clineDoctor,
};
