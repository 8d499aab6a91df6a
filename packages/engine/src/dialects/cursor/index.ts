import type { Diagnostic } from '../../outcome.js';
import type { Dialect, Job, PlannedEntry } from '../dialect.js';
import { diag, ordinal, withBaseFields } from '../shared/results.js';
import { DOCS, settleCursor } from './answers.js';
import { loadCursor, PROJECT_HOOKS, USER_HOOKS, type CursorEntry } from './config.js';
import { CURSOR_EVENTS, TOOL_EVENTS, TOOLS_FROM_CLAUDE } from './events.js';

/** The tool names a matcher may mean: written ones, and for a Claude Code hook, what Cursor calls Claude's tools. */
function matches(entry: CursorEntry, tool: string): { matched: boolean; why: string } {
  const m = entry.matcher?.trim() ?? '';
  if (m === '' || m === '*') return { matched: true, why: 'no matcher: every tool' };
  const names = /^[A-Za-z0-9_| ]+$/.test(m) ? m.split('|').map((n) => n.trim()) : null;
  if (names) {
    const mapped = entry.origin === 'claude' ? names.map((n) => TOOLS_FROM_CLAUDE[n] ?? n) : names;
    const hit = mapped.includes(tool);
    const via = entry.origin === 'claude' && names.some((n, i) => mapped[i] !== n) ? ` (Claude Code's ${names.filter((n, i) => mapped[i] !== n).join(', ')} read as Cursor's ${mapped.filter((n, i) => names[i] !== n).join(', ')}: hookplay assumes Cursor maps Claude tool names, which the docs do not make certain)` : '';
    return { matched: hit, why: `matcher ${JSON.stringify(m)} ${hit ? 'names' : 'does not name'} tool_name ${JSON.stringify(tool)}${via}` };
  }
  try {
    const hit = new RegExp(m).test(tool);
    return { matched: hit, why: `matcher ${JSON.stringify(m)} as a regex ${hit ? 'matches' : 'does not match'} ${JSON.stringify(tool)}` };
  } catch {
    return { matched: false, why: `matcher ${JSON.stringify(m)} is not a valid regex: it matches nothing` };
  }
}

/**
 * Cursor, from its published hooks documentation only: there is no Cursor binary that runs offline, so nothing here
 * is verified, every rule says "from the docs", and the parts the docs leave open are said to be hookplay's reading
 * (see README: "Cursor (docs only)"). It answers the porting question: will a Claude Code hook fire in Cursor?
 */
export const cursor: Dialect<CursorEntry> = {
  id: 'cursor',
  label: 'Cursor (docs only)',
  summary: "From Cursor's docs, never verified: .cursor/hooks.json (project, user), and Claude Code's settings hooks at lower priority when third-party hooks are on; exit 2 or permission \"deny\" blocks; other failures fail open.",
  configFiles: [
    { path: PROJECT_HOOKS, language: 'json', description: 'Project hooks: {"version": 1, "hooks": {"<event>": [{"command": "..."}]}}.' },
    { path: USER_HOOKS, language: 'json', description: 'User hooks, same shape.' },
  ],
  events: CURSOR_EVENTS,
  docsOnly: "from Cursor's published hooks docs; there is no Cursor binary that runs offline, so no rule is recorded or verified",
  hostSettings: ['env', 'thirdPartyHooks'],
  mode: 'parallel',
  process: { shell: ['/bin/sh', '-c'], kill: { first: 'SIGTERM', killAfterMs: 1000 }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: { event: 'beforeShellExecution', files: { [PROJECT_HOOKS]: '{\n  "version": 1,\n  "hooks": {\n    "beforeShellExecution": [{ "command": "sh .cursor/hooks/guard.sh" }]\n  }\n}\n', '.cursor/hooks/guard.sh': "#!/bin/sh\nif grep -q 'rm -rf'; then\n  echo '{\"permission\": \"deny\", \"user_message\": \"rm -rf is blocked\", \"agent_message\": \"Do not delete files recursively.\"}'\nfi\n" } },
  load: loadCursor,

  prepare({ loaded, event, payload, paths, baseEnv }) {
    const diagnostics: Diagnostic[] = [...[]];
    const base = { conversation_id: 'conv_hookplay', generation_id: 'gen_hookplay', model: 'default', hook_event_name: event.name, cursor_version: 'docs', workspace_roots: [paths.project], user_email: null };
    const input = withBaseFields(base, event.name === 'beforeShellExecution' && !payload.cwd ? { ...payload, cwd: paths.project } : payload);
    const stdin = JSON.stringify(input);
    const tool = typeof input.tool_name === 'string' ? input.tool_name : '';
    const hooks: PlannedEntry<CursorEntry>[] = loaded.entries
      .filter((e) => e.event === event.name)
      .map((entry) => {
        const m = TOOL_EVENTS.has(event.name) ? matches(entry, tool) : { matched: true, why: `${event.name} has no matcher: every hook runs` };
        const from = entry.origin === 'claude' ? `; loaded from Claude Code's ${entry.source} as ${entry.writtenEvent} → ${entry.event}` : '';
        return { entry, matched: m.matched, why: `${m.why}${from}`, whyRule: m.matched ? 'match.hit' : 'match.miss', whyEvidence: DOCS, duplicateOf: null, willRun: m.matched };
      });
    const env = { ...baseEnv, CURSOR_PROJECT_DIR: paths.project };
    const jobs: Job[] = hooks.flatMap((h, index) => (h.willRun ? [{ hook: index, command: h.entry.command, cwd: paths.project, env: h.entry.origin === 'claude' ? { ...env, CLAUDE_PROJECT_DIR: paths.project } : env, timeoutMs: h.entry.timeoutMs, stdin }] : []));
    if (hooks.some((h) => h.willRun && h.entry.origin === 'claude')) {
      diagnostics.push(diag('info', 'rule.claude-compat-env', `hooks from Claude Code's files run with CLAUDE_PROJECT_DIR set, as the docs' compatibility section describes; their input is Cursor's (tool_name ${JSON.stringify(tool || 'n/a')}, conversation_id, workspace_roots), not Claude Code's`));
    }
    if (jobs.length > 1) diagnostics.push(diag('info', 'rule.parallel', `${jobs.length} hooks run; the docs do not say whether in parallel or in order: hookplay starts them together`));
    for (const d of diagnostics) d.evidence = DOCS;
    void ordinal;
    return { hooks, jobs, input, diagnostics };
  },

  settle: settleCursor,
  evidence: (diagnostics) => {
    for (const d of diagnostics) d.evidence ??= DOCS;
  },
};
