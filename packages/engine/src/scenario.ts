import { z } from 'zod';
import { DIALECT_IDS } from './dialects/ids.js';
import { parseJsonDocument } from './util/positions.js';
import { Session } from './session/steps.js';

export const SCENARIO_VERSION = 1;

/** Why a file key is not a plain relative path, or null when it is fine. */
export function filePathProblem(key: string): string | null {
  if (key.includes('\0')) return 'contains a NUL character';
  if (key.includes('\\')) return 'uses a backslash; write paths with /';
  const rest = key.startsWith('~/') ? key.slice(2) : key;
  if (key.startsWith('/')) return 'is absolute; use a path relative to the project, or ~/ for the home directory';
  if (key === '~' || rest === '') return 'names no file';
  if (rest.startsWith('~')) return 'only ~/ is understood for the home directory';
  for (const part of rest.split('/')) {
    if (part === '..') return 'contains "..", which would escape the workspace';
    if (part === '.' || part === '') return 'has an empty or "." segment';
  }
  return null;
}

// Keys are checked on the whole record: zod reports a refined record key only as "Invalid key in record".
const Files = z.record(z.string(), z.string()).superRefine((files, ctx) => {
  for (const key of Object.keys(files)) {
    const problem = filePathProblem(key);
    if (problem) ctx.addIssue({ code: 'custom', path: [key], message: `file path "${key}" ${problem}` });
  }
});

/** One matcher group of query()'s `hooks` option (the Agent SDK's HookCallbackMatcher). */
export const CallbackGroup = z
  .object({
    matcher: z.string().optional(),
    hooks: z.array(z.string().regex(/^[^#]+#[A-Za-z_$][\w$]*$/, 'must name a module among `files` and one of its exports, as "hooks.mjs#guard"')).min(1),
    timeout: z.number().positive().optional().describe('Seconds, for every callback of the group.'),
    onFailure: z.enum(['continue', 'block']).optional().describe('What a callback that throws or answers invalid output does: continue (default) or block.'),
  })
  .strict();
export type CallbackGroup = z.infer<typeof CallbackGroup>;

export const HostSettings = z
  .object({
    engine: z.enum(['v1', 'v2']).optional().describe('mirri: the hook engine (v1 has RewriteToolInput). Default v1.'),
    hookIds: z
      .array(z.number().int().nonnegative())
      .optional()
      .describe('mework: the handler ids the conversation selects (position across both files). Default: all.'),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe('Environment variables of the simulated host process, e.g. MIRRICODE_EXPERIMENTAL_HOOK_COMMAND_REWRITE.'),
    version: z.string().optional().describe('The host version whose rules apply (claude-code).'),
    trusted: z
      .boolean()
      .optional()
      .describe('Hosts with a trust gate (Codex hook trust, Copilot folder trust): whether the project is trusted. Default true.'),
    plugins: z
      .array(z.string().min(1))
      .optional()
      .describe('claude-code: local plugin directories loaded as with `--plugin-dir` (project-relative, or ~/...); each one\'s hooks are in <dir>/hooks/hooks.json.'),
    pluginsInstalled: z
      .boolean()
      .optional()
      .describe('claude-code: the plugins user settings enable from a marketplace (extraKnownMarketplaces, enabledPlugins) are installed already. Default false: the CLI installs them during its first start, and their hooks run from the next one (a resume step).'),
    permissionMode: z
      .enum(['default', 'manual', 'acceptEdits', 'plan', 'auto', 'bypassPermissions', 'dontAsk'])
      .optional()
      .describe('claude-code: `--permission-mode` of the session (beats permissions.defaultMode in settings).'),
    args: z
      .array(z.string())
      .optional()
      .describe('More command-line arguments the host is started with (e.g. ["--dangerously-skip-permissions"]); the dialect applies those it models and says so for the rest.'),
    root: z
      .boolean()
      .optional()
      .describe('claude-code: the CLI runs as root (uid 0), where it refuses bypassPermissions and --dangerously-skip-permissions unless IS_SANDBOX=1 is in host.env. Default false, as on a user\'s own machine.'),
    allowedTools: z
      .string()
      .optional()
      .describe('claude-code: `--allowedTools` of the session, e.g. "Bash(npm test:*) Read"; rules that allow without asking.'),
    settingSources: z
      .array(z.enum(['user', 'project', 'local']))
      .optional()
      .describe("claude-agent-sdk: query()'s settingSources, the settings files whose hooks (and permissions) load; unset: the SDK's default, which on 0.3.332 is all three (recorded)."),
    callbacks: z
      .record(z.string(), z.array(CallbackGroup))
      .optional()
      .describe('claude-agent-sdk: the hooks passed to query() in code, as event -> matcher groups; each callback is "<file>#<export>", a function exported by a JS module among `files`, run for real in a process of its own.'),
    thirdPartyHooks: z
      .boolean()
      .optional()
      .describe("cursor: whether Cursor also loads Claude Code's settings hooks (its third-party hooks setting). Default true in hookplay (from the docs; not verified)."),
    canUseTool: z
      .enum(['allow', 'deny'])
      .optional()
      .describe("claude-agent-sdk: the app passes a canUseTool callback that answers every permission prompt without an approval step this way (approval steps answer their own call). Unset and no approval step: no canUseTool, so a prompt is denied as in claude -p."),
  })
  .strict();
export type HostSettings = z.infer<typeof HostSettings>;

export const Scenario = z
  .object({
    $schema: z.string().optional(),
    hookplay: z.literal(SCENARIO_VERSION).describe('Format version of this file.'),
    title: z.string().optional(),
    description: z.string().optional(),
    dialect: z.enum(DIALECT_IDS).describe('The host whose hook rules apply.'),
    host: HostSettings.optional(),
    files: Files.describe('The simulated machine: "~/..." lives in the simulated home, anything else in the project directory.'),
    modes: z
      .record(z.string(), z.string().regex(/^[0-7]{3,4}$/, 'must be an octal file mode such as "755" or "644"'))
      .optional()
      .describe('File modes by file key, as octal strings ("755", "644"); a file not listed is executable only when it starts with #!.'),
    git: z.boolean().optional().describe('true: the project directory is a git repository (git init), as a real project usually is.'),
    event: z.string().min(1).optional().describe("The one event to run, in the host's own vocabulary (or give `session`)."),
    session: Session.optional().describe("A whole session: steps the host's lifecycle turns into events (instead of `event`)."),
    payload: z
      .record(z.string(), z.unknown())
      .default({})
      .describe("Event-specific fields; the host's base fields are added unless set here."),
    expect: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('A partial outcome that `hookplay test` checks (of the session outcome, for a session).'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.event === undefined && s.session === undefined) ctx.addIssue({ code: 'custom', path: ['event'], message: 'is required (or give `session`, the steps of a whole session)' });
    if (s.event !== undefined && s.session !== undefined) ctx.addIssue({ code: 'custom', path: ['session'], message: 'a scenario has either `event` (one event) or `session` (a whole session), not both' });
    for (const key of Object.keys(s.modes ?? {})) {
      if (!(key in s.files)) ctx.addIssue({ code: 'custom', path: ['modes', key], message: `names no file of "files"` });
    }
    if (s.session !== undefined && Object.keys(s.payload).length > 0) ctx.addIssue({ code: 'custom', path: ['payload'], message: 'belongs to a one-event scenario; in a session, each step carries its own input' });
  });
export type Scenario = z.infer<typeof Scenario>;
/** A scenario that runs one event. */
export type EventScenario = Scenario & { event: string; session?: undefined };
/** A scenario that plays a whole session. */
export type SessionScenario = Scenario & { session: Session; event?: undefined };
export const isSessionScenario = (s: Scenario): s is SessionScenario => s.session !== undefined;
export type ScenarioInput = z.input<typeof Scenario>;

export interface ScenarioProblem {
  /** Where in the scenario, as a path like `files["a.sh"]` or `host.engine`. */
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export class ScenarioError extends Error {
  constructor(
    readonly problems: ScenarioProblem[],
    readonly file?: string,
  ) {
    super(
      problems
        .map((p) => {
          const where = [file, p.line, p.column].filter((x) => x !== undefined).join(':');
          return `${where ? `${where}: ` : ''}${p.path ? `${p.path}: ` : ''}${p.message}`;
        })
        .join('\n'),
    );
    this.name = 'ScenarioError';
  }
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

/** Validates a scenario object; the error names each offending field. */
export function parseScenario(input: unknown, locate?: (path: (string | number)[]) => { line: number; column: number } | undefined): Scenario {
  if (typeof input === 'object' && input !== null && 'hookplay' in input) {
    const version = (input as { hookplay: unknown }).hookplay;
    if (typeof version === 'number' && version > SCENARIO_VERSION) {
      throw new ScenarioError([
        {
          path: 'hookplay',
          message: `this scenario uses format version ${version}, but this hookplay reads version ${SCENARIO_VERSION}; update hookplay to open it`,
          ...locate?.(['hookplay']),
        },
      ]);
    }
  }
  // reportInput: without it zod leaves `issue.input` undefined for every type error, which read as "is required".
  const result = Scenario.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new ScenarioError(
    result.error.issues.map((issue) => {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      let message = issue.message;
      if (issue.code === 'unrecognized_keys') message = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      if (issue.code === 'invalid_value' && path[0] === 'dialect') message = `unknown dialect; expected one of ${DIALECT_IDS.join(', ')}`;
      if (issue.code === 'invalid_type') message = issue.input === undefined ? 'is required' : `expected ${issue.expected}, got ${describeValue(issue.input)}`;
      return { path: formatPath(path), message, ...locate?.(path) };
    }),
  );
}

/** A value named by its JSON type, with a short preview: `number 3`, `string "abc"`, `array`, `null`. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}

/** Parses a scenario file's text: JSON syntax errors and schema errors come back with line and column. */
export function parseScenarioText(text: string, file?: string): Scenario {
  const doc = parseJsonDocument(text);
  if (doc.error) {
    throw new ScenarioError([{ path: '', message: `invalid JSON: ${doc.error.message}`, line: doc.error.line, column: doc.error.column }], file);
  }
  try {
    return parseScenario(doc.value, doc.locate);
  } catch (e) {
    if (e instanceof ScenarioError) throw new ScenarioError(e.problems, file);
    throw e;
  }
}

export function scenarioJsonSchema(): object {
  return z.toJSONSchema(Scenario, { io: 'input', unrepresentable: 'any' });
}
