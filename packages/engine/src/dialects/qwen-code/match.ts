import { MATCHER_FIELD, TOOL_EVENTS } from './events.js';

/**
 * Exact names a tool event's matcher also accepts for a tool (getToolMatcherTargets: native id, display name,
 * `<Display>Tool`, legacy names and Claude Code names), from Qwen Code 0.24.4's TOOL_NAME_ALIASES. Only the tools
 * a hook author is likely to name; an unknown tool matches by its own name alone.
 */
export const TOOL_ALIASES: Record<string, readonly string[]> = {
  run_shell_command: ['run_shell_command', 'Shell', 'ShellTool', 'Bash'],
  edit: ['edit', 'Edit', 'EditTool', 'replace'],
  write_file: ['write_file', 'WriteFile', 'WriteFileTool', 'Write'],
  read_file: ['read_file', 'ReadFile', 'ReadFileTool', 'Read'],
  grep_search: ['grep_search', 'Grep', 'GrepTool', 'search_file_content', 'SearchFiles'],
  glob: ['glob', 'Glob', 'GlobTool', 'FindFiles'],
  list_directory: ['list_directory', 'ListFiles', 'ListFilesTool', 'ReadFolder'],
  todo_write: ['todo_write', 'TodoList', 'TodoWrite', 'TodoWriteTool'],
  web_fetch: ['web_fetch', 'WebFetch', 'WebFetchTool'],
  web_search: ['web_search', 'WebSearch', 'WebSearchTool'],
  agent: ['agent', 'Agent', 'AgentTool', 'task', 'Task', 'TaskTool'],
  skill: ['skill', 'Skill', 'SkillTool'],
  save_memory: ['save_memory', 'SaveMemory', 'SaveMemoryTool'],
  notebook_edit: ['notebook_edit', 'NotebookEdit', 'NotebookEditTool'],
  monitor: ['monitor', 'Monitor', 'MonitorTool'],
  ask_user_question: ['ask_user_question', 'AskUserQuestion', 'AskUserQuestionTool'],
  exit_plan_mode: ['exit_plan_mode', 'ExitPlanMode', 'ExitPlanModeTool'],
};

export interface QwenCodeMatch {
  matched: boolean;
  why: string;
  kind: 'all' | 'exact' | 'list' | 'regex' | 'no-matcher-event' | 'no-target';
  invalid?: string;
  hint?: string;
}

/** hook-matcher.ts `trimMatcherEdges`: leading space always, trailing space unless escaped by a backslash. */
function trimEdges(text: string): string {
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1]!)) {
    let backslashes = 0;
    for (let i = end - 2; i >= 0 && text[i] === '\\'; i--) backslashes++;
    if (backslashes % 2 === 1) break;
    end--;
  }
  return text.slice(0, end).trimStart();
}

/** `|` at the top level only: not escaped, not inside [...] or (...). */
function splitList(pattern: string): string[] {
  const entries: string[] = [];
  let current = '';
  let escaped = false;
  let inClass = false;
  let depth = 0;
  for (const ch of pattern) {
    if (escaped) escaped = false;
    else if (ch === '\\') escaped = true;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === '|' && depth === 0) {
      entries.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  entries.push(current);
  return entries;
}

/**
 * Qwen Code 0.24.4's matcher (hookPlanner.matchesContext + matchesHookPattern), checked against the real CLI:
 * - no matcher, an empty one, or an event without a matcher target (UserPromptSubmit, Stop, PostToolBatch, ...):
 *   every group runs; an empty target value also matches everything;
 * - trimmed; `*` and `.*` match everything;
 * - an exact name: the subject or, for tool events, any alias of the tool (`Bash`, `Shell` match run_shell_command);
 * - with `|` (and not starting with `^` or `(`): a list; any entry that is `*`, `.*` or an exact name matches, else
 *   the entries are joined back into one regex;
 * - otherwise an unanchored, case-sensitive JavaScript regex tested against the subject only, never the aliases
 *   (`^Bash$` does not match run_shell_command, `run_shell` does); an invalid regex never matches.
 */
export function matchQwenCode(matcher: string | null | undefined, event: string, input: Record<string, unknown>): QwenCodeMatch {
  const field = MATCHER_FIELD[event];
  if (field === undefined) {
    const ignored = matcher !== null && matcher !== undefined && matcher.trim() !== '' && matcher.trim() !== '*';
    return { matched: true, kind: 'no-matcher-event', why: ignored ? `${event} has no matcher target: the group runs whatever its matcher ${JSON.stringify(matcher)} says` : `${event} has no matcher: every group runs` };
  }
  if (!matcher) return { matched: true, kind: 'all', why: matcher === '' ? 'an empty matcher matches everything' : 'no matcher: matches everything' };
  const raw = input[field];
  const subject = typeof raw === 'string' ? raw : '';
  if (subject === '') return { matched: true, kind: 'no-target', why: `${field} is empty, so Qwen Code runs the group whatever its matcher says` };
  const pattern = trimEdges(matcher);
  const shown = `${field} ${JSON.stringify(subject)}`;
  if (pattern === '' || pattern === '*' || pattern === '.*') return { matched: true, kind: 'all', why: `${JSON.stringify(matcher)} matches everything` };
  const aliases = TOOL_EVENTS.has(event) ? (TOOL_ALIASES[subject] ?? [subject]) : [subject];
  const targets = [subject, ...aliases.filter((a) => a !== subject)];
  const aliasNote = targets.length > 1 ? ` (${subject}'s names: ${targets.join(', ')})` : '';
  if (targets.includes(pattern)) {
    return { matched: true, kind: 'exact', why: pattern === subject ? `matcher ${JSON.stringify(matcher)} is exactly ${shown}` : `matcher ${JSON.stringify(matcher)} is a name of ${subject}${aliasNote}` };
  }
  let expression = pattern;
  if (pattern.includes('|') && !pattern.startsWith('^') && !pattern.startsWith('(')) {
    const entries = splitList(pattern)
      .map((e) => trimEdges(e.trimStart()))
      .filter((e) => e !== '');
    const hit = entries.find((e) => e === '*' || e === '.*' || targets.includes(e));
    if (hit !== undefined) return { matched: true, kind: 'list', why: `matcher ${JSON.stringify(matcher)} is a list with ${JSON.stringify(hit)}, a name of ${subject}${aliasNote}` };
    if (entries.length === 0) return { matched: false, kind: 'list', why: `matcher ${JSON.stringify(matcher)} is an empty list: it matches nothing` };
    expression = entries.join('|');
  }
  let re: RegExp;
  try {
    re = new RegExp(expression);
  } catch (e) {
    return { matched: false, kind: 'regex', invalid: (e as Error).message, why: `matcher ${JSON.stringify(matcher)} is not a valid regular expression: Qwen Code never matches it` };
  }
  const m = re.exec(subject);
  if (m) {
    const whole = m.index === 0 && m[0].length === subject.length;
    return { matched: true, kind: 'regex', why: whole ? `matcher /${expression}/ (a regex) matches ${shown}` : `matcher /${expression}/ (a regex) matches ${JSON.stringify(m[0])} inside ${shown}: the test is unanchored` };
  }
  let hint: string | undefined;
  const aliasHit = targets.slice(1).find((a) => re.test(a));
  if (aliasHit) hint = `it would match the alias ${JSON.stringify(aliasHit)}, but a regex is tested against ${JSON.stringify(subject)} only: write the name exactly (${JSON.stringify(aliasHit)}) or match ${JSON.stringify(subject)}`;
  else if (new RegExp(expression, 'i').test(subject) || targets.some((t) => t.toLowerCase() === pattern.toLowerCase())) hint = 'it would match ignoring case, but names and regexes are case-sensitive';
  return { matched: false, kind: 'regex', why: `matcher /${expression}/ (a regex) does not match ${shown}${hint ? `; ${hint}` : ''}`, ...(hint ? { hint } : {}) };
}
