import { z } from 'zod';

/**
 * The JSON a command hook may print, as Claude Code 2.1.332 validates it (its own zod schema, read from the CLI and
 * checked case by case with the oracle's sweep). Objects are not strict: unknown keys are dropped, not errors. A
 * value of the wrong type anywhere, or a hookSpecificOutput matching no event's shape, fails the whole answer.
 */
const str = z.string();
const bool = z.boolean();
const record = z.record(z.string(), z.unknown());
const contextOnly = <E extends string>(event: E) => z.object({ hookEventName: z.literal(event), additionalContext: str.optional() });

const HOOK_SPECIFIC = z.union([
  z.object({
    hookEventName: z.literal('PreToolUse'),
    permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(),
    permissionDecisionReason: str.optional(),
    updatedInput: record.optional(),
    additionalContext: str.optional(),
    permissionDisplay: z.unknown().optional(),
  }),
  z.object({ hookEventName: z.literal('UserPromptSubmit'), additionalContext: str.optional(), sessionTitle: str.optional(), suppressOriginalPrompt: bool.optional() }),
  z.object({ hookEventName: z.literal('UserPromptExpansion'), additionalContext: str.optional(), suppressOriginalPrompt: bool.optional() }),
  z.object({
    hookEventName: z.literal('SessionStart'),
    additionalContext: str.optional(),
    initialUserMessage: str.optional(),
    sessionTitle: str.optional(),
    watchPaths: z.array(str).optional(),
    reloadSkills: bool.optional(),
  }),
  contextOnly('Setup'),
  z.object({ hookEventName: z.literal('PreModelSwitch'), permissionDecision: z.enum(['allow', 'deny', 'ask']).optional(), permissionDecisionReason: str.optional() }),
  z.object({ hookEventName: z.literal('PreSkillShellCommand'), permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(), permissionDecisionReason: str.optional(), updatedInput: record.optional() }),
  contextOnly('PostModelSwitch'),
  contextOnly('SubagentStart'),
  z.object({
    hookEventName: z.literal('PostToolUse'),
    additionalContext: str.optional(),
    classifierContext: str.optional(),
    updatedToolOutput: z.unknown().optional(),
    updatedMCPToolOutput: z.unknown().optional(),
  }),
  contextOnly('PostToolUseFailure'),
  contextOnly('PostToolBatch'),
  contextOnly('Stop'),
  contextOnly('SubagentStop'),
  z.object({ hookEventName: z.literal('PermissionDenied'), retry: bool.optional() }),
  contextOnly('Notification'),
  z.object({
    hookEventName: z.literal('PermissionRequest'),
    decision: z.union([
      z.object({ behavior: z.literal('allow'), updatedInput: record.optional(), updatedPermissions: z.array(z.unknown()).optional() }),
      z.object({ behavior: z.literal('deny'), message: str.optional(), interrupt: bool.optional() }),
    ]),
  }),
  z.object({ hookEventName: z.literal('Elicitation'), action: z.enum(['accept', 'decline', 'cancel']).optional(), content: record.optional() }),
  z.object({ hookEventName: z.literal('ElicitationResult'), action: z.enum(['accept', 'decline', 'cancel']).optional(), content: record.optional() }),
  z.object({ hookEventName: z.literal('CwdChanged'), watchPaths: z.array(str).optional() }),
  z.object({ hookEventName: z.literal('FileChanged'), watchPaths: z.array(str).optional() }),
  z.object({ hookEventName: z.literal('WorktreeCreate'), worktreePath: str }),
  z.object({ hookEventName: z.literal('MessageDisplay'), displayContent: str.optional() }),
]);

const SYNC_OUTPUT = z.object({
  continue: bool.optional(),
  suppressOutput: bool.optional(),
  stopReason: str.optional(),
  decision: z.enum(['approve', 'block']).optional(),
  reason: str.optional(),
  systemMessage: str.optional(),
  terminalSequence: str.optional(),
  hookSpecificOutput: HOOK_SPECIFIC.optional(),
});

const ASYNC_OUTPUT = z.object({ async: z.literal(true), asyncTimeout: z.number().optional() });

export const HOOK_OUTPUT = z.union([ASYNC_OUTPUT, SYNC_OUTPUT]);
export type HookOutput = z.infer<typeof SYNC_OUTPUT>;

/** What Claude Code makes of a hook's stdout before it looks at any field. */
export type ParsedOutput =
  | { kind: 'json'; value: HookOutput; raw: Record<string, unknown> }
  | { kind: 'async' }
  | { kind: 'plain'; text: string; invalid?: string; syntax?: true };

function firstIssue(error: z.ZodError, raw: unknown): string {
  const hso = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).hookSpecificOutput : undefined;
  if (hso && typeof hso === 'object' && !Array.isArray(hso) && !('hookEventName' in hso)) return 'hookSpecificOutput is missing required field "hookEventName"';
  // The union's own issue says only "Invalid input": the synchronous answer's issue names the field.
  const sync = SYNC_OUTPUT.safeParse(raw);
  const issue = deepest(sync.success ? error.issues[0] : sync.error.issues[0]);
  if (!issue) return 'unknown error';
  const path = issue.path.map(String).join('.');
  const at = (issue as { path: PropertyKey[] }).path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), raw);
  const values = (issue as { values?: unknown[] }).values;
  if (values?.length) return `${path || 'the output'} is ${JSON.stringify(at)}, but must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  // zod prefixes its own "Invalid input: ", which says nothing the field and the expected type do not.
  const message = issue.message.replace(/^Invalid input: /, '');
  if (!path) return `the output as a whole: ${message}`;
  return `${path}: ${message}${at !== undefined ? ` (it is ${JSON.stringify(at)})` : ''}`;
}

/** A union's issue holds each branch's issues: the one that went deepest names the field best. */
function deepest(issue: z.core.$ZodIssue | undefined): z.core.$ZodIssue | undefined {
  if (!issue || issue.code !== 'invalid_union') return issue;
  const branches = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
  const inner = branches.flat().map((i) => ({ ...deepest(i)!, path: [...issue.path, ...(deepest(i)?.path ?? [])] }));
  return inner.sort((a, b) => b.path.length - a.path.length)[0] ?? issue;
}

const validates = (value: unknown) => HOOK_OUTPUT.safeParse(value);

/**
 * Claude Code's reading of stdout: trimmed; not starting with `{` is plain text; JSON that parses and validates is
 * an answer; JSON that parses but fails the schema is plain text with a validation error (the hook "gave no usable
 * answer"); text that starts with `{` but does not parse is plain text when it does not end with `}` or is several
 * JSON lines none of which is a usable answer, and a validation error otherwise.
 */
export function parseHookOutput(stdout: string): ParsedOutput {
  const text = stdout.trim();
  if (!text.startsWith('{')) return { kind: 'plain', text: stdout };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    if (!text.endsWith('}')) return { kind: 'plain', text: stdout };
    if (severalDocuments(text)) return { kind: 'plain', text: stdout };
    return { kind: 'plain', text: stdout, invalid: `output looks like a JSON object but is not valid JSON (${(e as Error).message})`, syntax: true };
  }
  const checked = validates(raw);
  if (!checked.success) return { kind: 'plain', text: stdout, invalid: `output does not match Claude Code's hook output schema: ${firstIssue(checked.error, raw)}` };
  if ('async' in checked.data && checked.data.async === true) return { kind: 'async' };
  return { kind: 'json', value: checked.data as HookOutput, raw: raw as Record<string, unknown> };
}

/** Several JSON lines, each one parsing but none a usable answer (invalid or `{}`): Claude Code reads them as text. */
function severalDocuments(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  return lines.every((line) => {
    try {
      const checked = validates(JSON.parse(line.trim()));
      return !checked.success || Object.keys(checked.data).length === 0;
    } catch {
      return false;
    }
  });
}
