import type { Diagnostic } from '../../outcome.js';
import type { JsonObject } from '../../util/json.js';
import type { Dialect, Job, PlannedEntry } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { sequentialChain } from './chain.js';
import { settleGemini } from './combine.js';
import { loadGeminiSettings, PROJECT_SETTINGS, USER_SETTINGS, type GeminiEntry, type GeminiSettings } from './config.js';
import { GEMINI_EVENTS } from './events.js';
import { geminiLifecycle } from './lifecycle.js';
import { matchGemini } from './match.js';
import { buildPayload, plansDir, SESSION_ID } from './payload.js';
import { resolveEnvVars, shellQuote } from './quote.js';
import { SETTINGS_JSON_SCHEMA } from './schema.js';
import { recorded, VERIFIED_AGAINST, VERSION } from './verified.js';

const STARTER_SETTINGS = `{
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "run_shell_command",
        "hooks": [
          { "name": "no-rm-rf", "type": "command", "command": "sh .gemini/hooks/no-rm-rf.sh", "timeout": 5000 }
        ]
      }
    ]
  }
}
`;

const STARTER_SCRIPT = `#!/bin/sh
# Denies rm -rf. Gemini CLI reads stdout as JSON; the model gets
# "Tool execution blocked: <reason>" as the tool result.
if grep -q '"command":"rm -rf'; then
  echo '{"decision": "deny", "reason": "rm -rf is not allowed here"}'
  exit 0
fi
echo '{}'
`;

/**
 * Gemini CLI 0.61.0 (@google/gemini-cli), verified against the real CLI by `npm run oracle -- --host gemini-cli`.
 * Hooks live in ~/.gemini/settings.json and .gemini/settings.json; they run with bash -c, in parallel unless a
 * group says sequential; timeouts are in milliseconds.
 */
export const geminiCli: Dialect<GeminiEntry> = {
  id: 'gemini-cli',
  label: 'Gemini CLI',
  summary: 'hooks in ~/.gemini/settings.json and .gemini/settings.json (they add up); bash -c; parallel unless "sequential"; timeouts in ms; stdout (or stderr) parsed as JSON, plain text turns into a decision by exit code; any deny wins; verified against the real CLI.',
  configFiles: [
    { path: PROJECT_SETTINGS, language: 'json', description: 'Project settings (read only in a trusted folder). Comments are allowed.', schema: SETTINGS_JSON_SCHEMA },
    { path: USER_SETTINGS, language: 'json', description: 'User settings, for every project. Comments are allowed.', schema: SETTINGS_JSON_SCHEMA },
  ],
  events: GEMINI_EVENTS,
  hostSettings: ['version', 'env', 'trusted'],
  mode: 'parallel',
  // SIGTERM to the hook's bash only; the SIGKILL 5 s later never fires on Linux (child.killed is already true).
  process: { shell: ['bash', '-c'], kill: { first: 'SIGTERM', killAfterMs: 5000 }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: { event: 'BeforeTool', files: { [PROJECT_SETTINGS]: STARTER_SETTINGS, '.gemini/hooks/no-rm-rf.sh': STARTER_SCRIPT } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: [VERSION], default: VERSION },

  load: loadGeminiSettings,

  prepare({ loaded, event, payload, paths, baseEnv }) {
    const settings = loaded.settings as unknown as GeminiSettings;
    const diagnostics: Diagnostic[] = [];
    const input = buildPayload(event.name, payload, paths);
    const entries = loaded.entries.filter((e) => e.event === event.name);
    const stop = settings.fatal
      ? `not run: ${settings.fatal.file} does not parse, so Gemini CLI does not start`
      : !settings.trusted
        ? 'not run: the folder is not trusted, so Gemini CLI registers no hook from settings'
        : !settings.enabled
          ? `not run: ${settings.enabledBy} sets hooksConfig.enabled to false`
          : null;
    const matches = entries.map((entry) => matchGemini(entry.rawMatcher, event.name, input));
    const broken = matches.findIndex((m, i) => m.breaksEvent && !stop && !entries[i]!.disabled);
    if (broken >= 0) {
      diagnostics.push(diag('warning', 'match.breaks-event', `${ordinal(broken)}: ${matches[broken]!.why}`, { hook: broken, file: entries[broken]!.source, ...(entries[broken]!.line ? { line: entries[broken]!.line } : {}) }));
    }
    const cwd = String(input.cwd ?? paths.project);
    const plans = plansDir(paths.home, paths.project);
    const session = String(input.session_id ?? SESSION_ID);
    // The settings loader resolves $VAR and ${VAR:-x} against the CLI's own environment (it has none of the GEMINI_*
    // hook variables); the runner then replaces its five $NAMEs with quoted values. Dedup uses the loaded command.
    const resolvedOf = entries.map((e) => resolveEnvVars(e.command, baseEnv));
    const expand = (command: string) =>
      command
        .replace(/\$GEMINI_PROJECT_DIR/g, () => shellQuote(cwd))
        .replace(/\$GEMINI_CWD/g, () => shellQuote(cwd))
        .replace(/\$GEMINI_PLANS_DIR/g, () => shellQuote(plans))
        .replace(/\$GEMINI_SESSION_ID/g, () => shellQuote(session))
        .replace(/\$CLAUDE_PROJECT_DIR/g, () => shellQuote(cwd));
    const seen = new Map<string, number>();
    const hooks: PlannedEntry<GeminiEntry>[] = entries.map((original, index) => {
      // What runs, and the name Gemini CLI reports it by (`name || command`, the command as loaded).
      const entry = { ...original, command: expand(resolvedOf[index]!), displayName: original.name ?? (resolvedOf[index] || 'unknown-command') };
      if (stop) return { entry, matched: false, why: stop, duplicateOf: null, willRun: false };
      if (entry.disabled) {
        return { entry, matched: false, why: `not run: hooksConfig.disabled lists ${JSON.stringify(entry.displayName)}`, duplicateOf: null, willRun: false };
      }
      const m = matches[index]!;
      if (broken >= 0) return { entry, matched: false, why: m.breaksEvent ? m.why : `not run: ${ordinal(broken)}'s matcher breaks the whole event`, duplicateOf: null, willRun: false };
      if (m.hint) diagnostics.push(diag('info', 'match.near-miss', `${ordinal(index)}: ${m.why}`, { hook: index }));
      if (!m.matched) return { entry, matched: false, why: m.why, duplicateOf: null, willRun: false };
      const key = `${entry.name ?? ''}:${resolvedOf[index]}`;
      const first = seen.get(key);
      if (first !== undefined) {
        diagnostics.push(
          diag('info', 'rule.dedup', `${ordinal(index)} has the same name and command as ${ordinal(first)}: Gemini CLI runs it once for ${event.name}, as the first one (${ordinal(first)}, with its timeout)`, { hook: index, evidence: recorded('dedupe-same-command-runs-once') }),
        );
        return { entry, matched: true, why: `${m.why}; same name and command as ${ordinal(first)}, so it runs once, as ${ordinal(first)}`, duplicateOf: first, willRun: false };
      }
      seen.set(key, index);
      if (resolvedOf[index] !== original.command) {
        diagnostics.push(diag('info', 'rule.settings-env', `${ordinal(index)}: Gemini CLI resolves $VAR and \${VAR:-default} in settings with its own environment before the hook runs, so the command becomes ${JSON.stringify(resolvedOf[index])}`, { hook: index, evidence: recorded('process-env-and-expansion') }));
      }
      return { entry, matched: true, why: m.why, duplicateOf: null, willRun: true };
    });

    const env = { ...baseEnv, GEMINI_PROJECT_DIR: cwd, GEMINI_PLANS_DIR: plans, GEMINI_CWD: cwd, GEMINI_SESSION_ID: session, CLAUDE_PROJECT_DIR: cwd };
    const stdin = JSON.stringify(input);
    const jobs: Job[] = hooks.flatMap((h, index) => (h.willRun ? [{ hook: index, command: h.entry.command, cwd, env: { ...env, ...h.entry.env }, timeoutMs: h.entry.timeoutMs, stdin }] : []));
    const sequential = jobs.some((j) => hooks[j.hook]!.entry.sequential);
    if (jobs.length > 1) {
      diagnostics.push(
        sequential
          ? diag('info', 'rule.sequential', `${jobs.length} hooks run one after another: a group of ${event.name} says "sequential": true, which makes the whole event sequential`, { evidence: recorded('sequential-runs-one-by-one') })
          : diag('info', 'rule.parallel', `${jobs.length} hooks start at once; Gemini CLI waits for all and merges their answers in config order`, { evidence: recorded('parallel-hooks-overlap') }),
      );
    }
    const timeouts = new Map(jobs.map((j) => [j.hook, j.timeoutMs]));
    return { hooks, jobs, input, diagnostics, ...(sequential ? { chain: sequentialChain(event.name, input as JsonObject, timeouts) } : {}) };
  },

  settle: settleGemini,
  lifecycle: geminiLifecycle,
};
