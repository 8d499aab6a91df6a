import { z } from 'zod';
import { DIALECT_IDS, type DialectId } from '../dialects/ids.js';
import type { EventSpec } from '../dialects/dialect.js';
import type { JsonObject } from '../util/json.js';

/**
 * The vocabulary ports go through: Claude Code's event and tool names, since every host that takes copied hooks
 * documents itself against them. A host without one of these has no equivalent, and the port says so.
 */
export const CANONICAL_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'Notification',
  'SessionEnd',
] as const;
export type CanonicalEvent = (typeof CANONICAL_EVENTS)[number];

export const CANONICAL_TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'Grep', 'Glob'] as const;
export type CanonicalTool = (typeof CANONICAL_TOOLS)[number];

/** The config shapes hosts read; each has one reader and one writer in port/. */
export type ConfigShape =
  /** `{"hooks": {"<Event>": [{"matcher", "hooks": [{"type": "command", "command", "timeout"}]}]}}` */
  | 'groups'
  /** Copilot CLI: `{"version": 1, "hooks": {"<event>": [{"type": "command", "bash", "timeoutSec", "matcher"}]}}` */
  | 'copilot'
  /** Mirri: `[[hooks]]` tables of event, matcher, command, timeout, failClosed in one TOML file. */
  | 'mirri-toml'
  /** open-strix: `skills/<name>/hooks.json` with `{"hooks": [{"name", "command", "events": [...], "timeout_seconds"}]}`, no matchers. */
  | 'strix'
  /** OpenCode: no command hooks; one plugin module that runs the ported commands from its hook handlers. */
  | 'opencode-plugin'
  /** Cline: no config file, one script per hook named after its event (`.clinerules/hooks/PreToolUse`). */
  | 'hook-files';

/**
 * What a dialect declares for porting, in its own folder (`dialects/<id>/port.ts`). Only config translation lives
 * here: how the host then treats the ported hooks is its dialect's business, found by running the port.
 */
export interface PortTable {
  id: DialectId;
  shape: ConfigShape;
  /** Where ported hooks are written: the host's project file and its user file (null: the host has none). */
  files: { project: string | null; user: string | null };
  /** Files (or patterns) this host reads hooks from, to read a scenario of this host as a port's source. */
  reads: (key: string) => boolean;
  /** The host's event catalog (from its events module). */
  catalog: readonly EventSpec[];
  /** Canonical event → this host's name, where it differs; a canonical name in the catalog maps to itself. */
  eventNames?: Partial<Record<CanonicalEvent, string>>;
  /** The host reads Claude Code's settings files itself, Claude's event names included (Cursor's third-party hooks): they are kept as they are. */
  readsClaudeFiles?: boolean;
  /** Canonical names the host accepts as written although its own name differs (Copilot's PascalCase aliases). */
  acceptsCanonicalNames?: boolean;
  /** Canonical tool → this host's tool name; a missing tool has no documented equivalent. */
  tools: Partial<Record<CanonicalTool, string>>;
  /** Whether a tool name written in a matcher also matches under this other spelling (Qwen Code's aliases). */
  matcherAccepts?: (written: string, hostTool: string) => boolean;
  /** The timeout key a handler uses and its unit; `null`: the host has no per-hook timeout. */
  timeout: { key: string; unit: 's' | 'ms' } | null;
  /** Whether groups carry a matcher; false: every hook runs for every tool (filter in the script). */
  matchers: boolean;
  /** Output fields this host spells differently: source field → where the host reads it. */
  outputFields?: Record<string, string>;
  /** Where hooks run: the project, or the directory holding the config file (open-strix's skill folder). */
  cwd: 'project' | 'config-dir';
  /** Rules behind this table, for the change list: `docs` unless a recording covers it. */
  source: string;
  /**
   * Hosts whose hooks are files named after their event (shape `hook-files`): the file of the n-th ported hook of an
   * event in a scope (null: no more room), and the hooks a scenario's files hold, read as commands that run them.
   */
  hookFiles?: {
    fileFor(scope: 'project' | 'user', event: string, nth: number): string | null;
    read(files: Record<string, string>): PortableHook[];
  };
  /** The target's payload for a tool call, when its tool call carries another shape (Cline's run_commands input). */
  toolPayload?(event: string, tool: string, canonical: CanonicalTool | null, input: JsonObject): JsonObject | null;
}

/** One hook read from a scenario, dialect-neutral, with its values as written. */
export interface PortableHook {
  /** The event as the source host names it, and its canonical name (null: the vocabulary has none). */
  event: string;
  canonical: CanonicalEvent | null;
  matcher: string | null;
  command: string;
  timeout: { value: number; unit: 's' | 'ms'; key: string } | null;
  name?: string;
  /** Other handler keys, copied when the target's shape has them. */
  extra: Record<string, unknown>;
  /** The source file and whether it lives in the home directory. */
  file: string;
  scope: 'project' | 'user';
}

export const PortChange = z.object({
  /** `file` location, `shape`, `event` name, `key` of a handler, `matcher`, `timeout`, `payload`, `env`, `output`, `cwd`, `host` setting. */
  kind: z.enum(['file', 'shape', 'event', 'key', 'matcher', 'timeout', 'payload', 'env', 'output', 'cwd', 'host']),
  message: z.string(),
  /** The file of the derived scenario the change is in. */
  file: z.string().optional(),
});
export type PortChange = z.infer<typeof PortChange>;

export const PortReport = z.object({
  from: z.enum(DIALECT_IDS),
  to: z.enum(DIALECT_IDS),
  /** Changes made to get the derived scenario. */
  made: z.array(PortChange),
  /** Changes the host would need that the port did not make (it would be a guess, or the user did not ask). */
  needed: z.array(PortChange),
  /** Set when the config cannot be ported at all: no hook has an equivalent event. Nothing runs then. */
  unportable: z.string().optional(),
});
export type PortReport = z.infer<typeof PortReport>;

export interface PortOptions {
  /** Rename tool names in matchers to the target's tool names (off: matchers are copied as written). */
  renameTools?: boolean;
}
