import { parseTree, stripComments, type ParseError } from 'jsonc-parser';

/** The tool result of a call `opencode run` rejected (recorded: permission-ask-with-ask-rule). */
export const REJECTED_TEXT = 'The user rejected permission to use this specific tool call.';

type Action = 'allow' | 'ask' | 'deny';
const ACTIONS = new Set(['allow', 'ask', 'deny']);

function wildcard(pattern: string, text: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
  return re.test(text);
}

/**
 * The permission rule a call meets, from the `permission` of the project's and the global opencode.json (the
 * project's wins): an action per tool, or per command pattern for bash (the last matching pattern wins, as OpenCode
 * documents). Only what decides whether `opencode run` runs a call is modelled; without a rule, the build agent runs it.
 */
export function permissionOf(files: Record<string, string>): (tool: string, args: Record<string, unknown>) => Action {
  const rules: Record<string, unknown>[] = [];
  for (const key of ['~/.config/opencode/opencode.json', '~/.config/opencode/opencode.jsonc', 'opencode.json', 'opencode.jsonc', '.opencode/opencode.json', '.opencode/opencode.jsonc']) {
    const text = files[key];
    if (text === undefined) continue;
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: true });
    if (errors.length) continue;
    try {
      const p = (JSON.parse(stripComments(text)) as { permission?: unknown }).permission;
      if (p && typeof p === 'object') rules.push(p as Record<string, unknown>);
      else if (typeof p === 'string' && ACTIONS.has(p)) rules.push({ '*': p });
    } catch {
      // not JSON after all: OpenCode would stop; the loader says so
    }
  }
  return (tool, args) => {
    let action: Action = 'allow';
    for (const r of rules) {
      for (const key of ['*', tool]) {
        const rule = r[key];
        if (typeof rule === 'string' && ACTIONS.has(rule)) action = rule as Action;
        else if (rule && typeof rule === 'object' && typeof args.command === 'string') {
          for (const [pattern, a] of Object.entries(rule as Record<string, unknown>)) if (typeof a === 'string' && ACTIONS.has(a) && wildcard(pattern, args.command)) action = a as Action;
        }
      }
    }
    return action;
  };
}
