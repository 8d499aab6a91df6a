import type { JsonObject } from '../../util/json.js';

/**
 * Claude Code checks a tool call's input against the tool's schema before anything else: a call that fails the check
 * runs no PreToolUse, PermissionRequest or PostToolUse hook, and the model reads the schema's complaint as the tool
 * result (recorded on 2.1.332: the session sweep's `*--invalid` cases, oracle/recorded/claude-code/2.1.332). Only
 * Bash's schema is modelled, as the sweep recorded it.
 */
const BASH_FIELDS: Record<string, 'string' | 'number' | 'boolean'> = {
  command: 'string',
  timeout: 'number',
  description: 'string',
  run_in_background: 'boolean',
  dangerouslyDisableSandbox: 'boolean',
};

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** The complaint the model reads for an invalid Bash input, or null when the input passes. */
export function invalidBashInput(input: JsonObject): string | null {
  const issues: string[] = [];
  if (!('command' in input)) issues.push('The required parameter `command` is missing');
  for (const [key, value] of Object.entries(input)) {
    const want = BASH_FIELDS[key];
    if (!want) issues.push(`An unexpected parameter \`${key}\` was provided`);
    else if (typeName(value) !== want) issues.push(`The parameter \`${key}\` type is expected as \`${want}\` but provided as \`${typeName(value)}\``);
  }
  if (!issues.length) return null;
  return `<tool_use_error>InputValidationError: Bash failed due to the following issue${issues.length > 1 ? 's' : ''}:\n${issues.join('\n')}</tool_use_error>`;
}
