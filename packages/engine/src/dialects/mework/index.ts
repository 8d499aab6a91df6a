import type { Diagnostic } from '../../outcome.js';
import type { Dialect, Job, PlannedEntry } from '../dialect.js';
import { diag, formatSeconds, ordinal, withBaseFields } from '../shared/results.js';
import { BUDGET_LEFT_FIELD, TURN_BUDGET_MS } from './budget.js';
import { settleMework } from './combine.js';
import { LEGACY_USER_FILE, loadMeworkConfig, USER_FILE, WORKSPACE_FILE, type MeworkEntry, type MeworkSettings } from './config.js';
import { MEWORK_EVENTS } from './events.js';
import { meworkLifecycle } from './lifecycle.js';
import { matchMework } from './match.js';
import { HOOKS_JSON_SCHEMA } from './schema.js';

export { TURN_BUDGET_MS } from './budget.js';
const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions'];

const STARTER_HOOKS = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "^(bash|powershell)$",
        "hooks": [
          { "type": "command", "name": "No force push", "command": "node .mework/no-force-push.mjs", "timeout": 10 }
        ]
      }
    ]
  }
}
`;

const STARTER_SCRIPT = `// Blocks git push --force (but lets --force-with-lease through): exit 2, reason on stderr.
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const command = JSON.parse(input).tool_input?.command ?? '';
  if (/git\\s+push\\s+.*--force\\b(?!-with-lease)/.test(command)) {
    console.error('force pushes are not allowed; use --force-with-lease');
    process.exit(2);
  }
});
`;

/**
 * Mework (reference: shared/spec/mework-hooks.md). Choices where its docs and SEMANTICS are silent:
 * - the catalog is the seven events the docs name; Claude Code-only events load with a "never fires" warning;
 * - every element of a `hooks` array takes an id, valid or not, so one typo does not renumber the rest;
 * - a schema error drops only the offending handler (or group); invalid JSON drops the whole file;
 * - no `timeout` means the 10-minute ceiling (then the 5-minute turn budget applies);
 * - matcher targets follow Claude Code: tool_name, SessionStart `source`, InstructionsLoaded `load_reason`;
 * - identical commands are not merged: each handler is its own selectable entry;
 * - `continue: false` outranks every decision (Claude Code's rule): the operation is blocked, except on Stop
 *   where halting means the model stops;
 * - `updatedInput` without a permissionDecision still rewrites; JSON that is not an object counts as plain text.
 */
export const mework: Dialect<MeworkEntry> = {
  id: 'mework',
  label: 'Mework',
  summary: 'Claude Code-style hooks.json in ~/.mework and the workspace; handlers selected by id; parallel; deny > ask > allow; exit 2 blocks; fail-open.',
  configFiles: [
    { path: USER_FILE, language: 'json', description: 'User-scope handlers, for every workspace (listed first).', schema: HOOKS_JSON_SCHEMA },
    { path: WORKSPACE_FILE, language: 'json', description: 'Workspace-scope handlers (listed after the user file).', schema: HOOKS_JSON_SCHEMA },
    { path: LEGACY_USER_FILE, language: 'json', description: `Legacy user file, read only when ${USER_FILE} does not exist.`, schema: HOOKS_JSON_SCHEMA },
  ],
  events: MEWORK_EVENTS,
  hostSettings: ['hookIds', 'env'],
  mode: 'parallel',
  process: { shell: ['bash', '-lc'], kill: { first: 'SIGKILL' }, outputCap: { bytesPerPipe: 64 * 1024, hostCap: true } },
  starter: { event: 'PreToolUse', files: { [WORKSPACE_FILE]: STARTER_HOOKS, '.mework/no-force-push.mjs': STARTER_SCRIPT } },

  load: loadMeworkConfig,

  prepare({ loaded, event, payload: given, host, paths, baseEnv }) {
    const settings = loaded.settings as unknown as MeworkSettings;
    const diagnostics: Diagnostic[] = [];
    // A session tells how much of the turn's budget is left; a one-event run is one batch at the start of a turn.
    const { [BUDGET_LEFT_FIELD]: left, ...payload } = given;
    const budgetLeft = typeof left === 'number' ? Math.max(0, left) : TURN_BUDGET_MS;
    const input = withBaseFields(
      {
        session_id: 'conv_hookplay',
        transcript_path: null,
        cwd: paths.project,
        hook_event_name: event.name,
        model: 'claude-sonnet-4-5',
        permission_mode: 'default',
        turn_id: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      },
      payload,
    );
    if (typeof input.permission_mode !== 'string' || !PERMISSION_MODES.includes(input.permission_mode)) {
      diagnostics.push(diag('warning', 'match.payload-field', `permission_mode ${JSON.stringify(input.permission_mode)} is not one Mework sends (${PERMISSION_MODES.join(', ')})`));
    }
    const stdin = JSON.stringify(input);
    const env = { ...baseEnv, MEWORK_HOOK_EVENT: event.name, NAIWORD_HOOK_EVENT: event.name };
    const entries = loaded.entries.filter((e) => e.event === event.name);
    const selected = host.hookIds ? new Set(host.hookIds) : null;
    const selection = host.hookIds ? (host.hookIds.length ? `[${host.hookIds.join(', ')}]` : 'none') : '';

    if (!host.hookIds && entries.length > 0) {
      diagnostics.push(diag('info', 'match.default-selection', 'Mework runs only the handlers a conversation selects (hookIds); hookplay selects them all by default: set host.hookIds to choose'));
    }

    const hooks: PlannedEntry<MeworkEntry>[] = entries.map((entry, index) => {
      const at = { hook: index, file: entry.source, ...(entry.matcherAt ?? {}) };
      if (selected && !selected.has(entry.id)) {
        return { entry, matched: false, why: `handler ${entry.id} is not selected in hookIds (the conversation selects ${selection})`, duplicateOf: null, willRun: false };
      }
      if (entry.skipped) return { entry, matched: false, why: entry.skipped, duplicateOf: null, willRun: false };
      const m = matchMework(entry.matcher, event.name, input);
      if (m.invalid) diagnostics.push(diag('warning', 'match.invalid-regex', `${ordinal(index)}: ${m.why} (${m.invalid})`, at));
      if (m.noValue) diagnostics.push(diag('info', 'match.no-value', `${ordinal(index)}: ${m.why}`, at));
      if (m.caseHint) diagnostics.push(diag('info', 'match.case-sensitive', `${ordinal(index)}: ${m.caseHint}`, at));
      if (m.matcherIgnored) diagnostics.push(diag('info', 'match.matcher-ignored', `${ordinal(index)}: ${m.why}`, at));
      if (!m.matched) return { entry, matched: false, why: m.why, duplicateOf: null, willRun: false };
      if (budgetLeft <= 0) {
        diagnostics.push(
          diag('warning', 'rule.turn-budget-spent', `${ordinal(index)} fails with no decision: this turn's 5-minute hook budget is spent (SEMANTICS: "once the budget is spent, matched hooks fail with no decision")`, {
            hook: index,
            evidence: { kind: 'docs', source: 'SEMANTICS.md § mework, Running' },
          }),
        );
        return { entry, matched: true, why: `${m.why}; but the turn's hook budget is spent, so it fails with no decision`, duplicateOf: null, willRun: false };
      }

      const timeoutMs = Math.min(entry.timeoutMs, TURN_BUDGET_MS, budgetLeft);
      if (budgetLeft < Math.min(entry.timeoutMs, TURN_BUDGET_MS)) {
        diagnostics.push(
          diag('info', 'match.turn-budget-left', `${ordinal(index)}: its timeout is cut to ${formatSeconds(timeoutMs)}, what is left of this turn's 5-minute hook budget (min of its timeout, 10 minutes and the remaining budget)`, {
            hook: index,
            evidence: { kind: 'docs', source: 'SEMANTICS.md § mework, Running' },
          }),
        );
      }
      // A handler without a timeout gets the cut silently: only a timeout the user wrote deserves a note.
      if (budgetLeft >= TURN_BUDGET_MS && timeoutMs < entry.timeoutMs && entry.configuredTimeoutS !== undefined) {
        diagnostics.push(
          diag('info', 'match.turn-budget', `${ordinal(index)}: its timeout of ${formatSeconds(entry.configuredTimeoutS * 1000)} is cut to ${formatSeconds(timeoutMs)}: all hook work of a turn shares a 5-minute budget`, { hook: index }),
        );
      }
      if (entry.async) {
        diagnostics.push(diag('info', 'match.async', `${ordinal(index)} is async: Mework does not wait for it; hookplay still runs it to show what it records`, { hook: index }));
      }
      return { entry: { ...entry, timeoutMs }, matched: true, why: m.why, duplicateOf: null, willRun: true };
    });

    if (hooks.some((h) => h.willRun) && settings.loginFiles.length > 0) {
      diagnostics.push(diag('info', 'hook.login-shell', `hooks run with bash -lc, a login shell: ${settings.loginFiles[0]} is read before every hook command (it can change PATH and the environment)`));
    }

    const jobs: Job[] = hooks.flatMap((h, index) => (h.willRun ? [{ hook: index, command: h.entry.command, cwd: paths.project, env, timeoutMs: h.entry.timeoutMs, stdin }] : []));
    return { hooks, jobs, input, diagnostics };
  },

  settle: settleMework,
  lifecycle: meworkLifecycle,
};
