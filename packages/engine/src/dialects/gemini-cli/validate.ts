import { isObject, type Json } from '../../util/json.js';
import { GEMINI_EVENTS } from './events.js';

/** One zod issue as Gemini CLI's settings validation reports it (settings-validation.ts formatValidationError). */
export interface SchemaIssue {
  path: (string | number)[];
  expected: string;
  received: string;
}

/** The event order of the settings schema: zod reports issues in schema order, not file order. */
const EVENT_ORDER = ['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'Notification', 'SessionStart', 'SessionEnd', 'PreCompress', 'BeforeModel', 'AfterModel', 'BeforeToolSelection'];

function received(v: Json | undefined): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && Number.isNaN(v)) return 'nan';
  return typeof v;
}

/** zod's preprocess for numbers and booleans in the settings schema: numeric and "true"/"false" strings pass. */
const isNumberish = (v: Json) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)));
const isBoolish = (v: Json) => typeof v === 'boolean' || (typeof v === 'string' && ['true', 'false'].includes(v.toLowerCase()));

/**
 * The hook part of Gemini CLI 0.61.0's settings schema (hooksConfig, hooks.<Event> as HookDefinitionArray): every
 * field optional, objects pass unknown keys through. A file with issues is still used as written; Gemini CLI prints
 * "Invalid configuration in <file>:" with up to five of them.
 */
export function validateHookSettings(root: Record<string, Json>): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const want = (path: (string | number)[], expected: string, v: Json) => issues.push({ path, expected, received: received(v) });
  const hc = root.hooksConfig;
  if (hc !== undefined) {
    if (!isObject(hc)) want(['hooksConfig'], 'object', hc);
    else {
      if (hc.enabled !== undefined && !isBoolish(hc.enabled)) want(['hooksConfig', 'enabled'], 'boolean', hc.enabled);
      if (hc.disabled !== undefined) {
        if (!Array.isArray(hc.disabled)) want(['hooksConfig', 'disabled'], 'array', hc.disabled);
        else hc.disabled.forEach((n, i) => typeof n !== 'string' && want(['hooksConfig', 'disabled', i], 'string', n));
      }
      if (hc.notifications !== undefined && !isBoolish(hc.notifications)) want(['hooksConfig', 'notifications'], 'boolean', hc.notifications);
    }
  }
  const hooks = root.hooks;
  if (hooks === undefined) return issues;
  if (!isObject(hooks)) {
    want(['hooks'], 'object', hooks);
    return issues;
  }
  for (const event of EVENT_ORDER) {
    const groups = hooks[event];
    if (groups === undefined) continue;
    if (!Array.isArray(groups)) {
      want(['hooks', event], 'array', groups);
      continue;
    }
    groups.forEach((g, gi) => {
      const at = ['hooks', event, gi];
      if (!isObject(g)) return want(at, 'object', g);
      if (g.matcher !== undefined && typeof g.matcher !== 'string') want([...at, 'matcher'], 'string', g.matcher);
      if (g.hooks === undefined) return;
      if (!Array.isArray(g.hooks)) return want([...at, 'hooks'], 'array', g.hooks);
      g.hooks.forEach((h, hi) => {
        const hat = [...at, 'hooks', hi];
        if (!isObject(h)) return want(hat, 'object', h);
        for (const key of ['name', 'type', 'command', 'description'] as const) if (h[key] !== undefined && typeof h[key] !== 'string') want([...hat, key], 'string', h[key]);
        if (h.timeout !== undefined && !isNumberish(h.timeout)) want([...hat, 'timeout'], 'number', h.timeout);
      });
    });
  }
  return issues;
}

/** formatValidationError's text, one entry per line (blank lines left out). */
export function formatIssues(file: string, issues: SchemaIssue[]): string[] {
  const lines = [`Invalid configuration in ${file}:`];
  for (const issue of issues.slice(0, 5)) {
    const path = issue.path.reduce<string>((acc, cur) => (typeof cur === 'number' ? `${acc}[${cur}]` : `${acc ? `${acc}.` : ''}${cur}`), '');
    lines.push(`Error in: ${path || '(root)'}`, `    Expected ${issue.expected}, received ${issue.received}`, `Expected: ${issue.expected}, but received: ${issue.received}`);
  }
  if (issues.length > 5) lines.push(`...and ${issues.length - 5} more errors.`);
  lines.push('Please fix the configuration.', 'See: https://geminicli.com/docs/reference/configuration/');
  return lines;
}

export const KNOWN_EVENTS = GEMINI_EVENTS.map((e) => e.name);
