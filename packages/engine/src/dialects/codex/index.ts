import type { Diagnostic } from '../../outcome.js';
import type { Dialect, Job, PlannedEntry } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { settleCodex } from './combine.js';
import { loadCodexConfig, PROJECT_CONFIG, PROJECT_HOOKS, USER_CONFIG, USER_HOOKS, type CodexEntry, type CodexSettings } from './config.js';
import { CODEX_EVENTS } from './events.js';
import { codexLifecycle } from './lifecycle.js';
import { matchCodex } from './match.js';
import { buildPayload } from './payload.js';
import { HOOKS_JSON_SCHEMA } from './schema.js';
import { CODEX_VERSION, docs, recorded, VERIFIED_AGAINST } from './verified.js';

/**
 * Events whose outcome rules were never recorded (their payloads come from real captures). PermissionRequest is
 * recorded by the session sweep under --approve-for-me (oracle/recorded/codex: x-permission-*, *--reviewed).
 */
const NOT_RECORDED = new Set(['PreCompact', 'PostCompact', 'Interrupt']);

const STARTER_HOOKS = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "sh .codex/hooks/no-rm-rf.sh", "timeout": 5 }
        ]
      }
    ]
  }
}
`;

const STARTER_SCRIPT = `#!/bin/sh
# Blocks rm -rf: exit 2, the reason on stderr. Codex does not run the command and
# tells the model "Command blocked by PreToolUse hook: <stderr>. Command: <command>".
if grep -q '"command":"rm -rf'; then
  echo "Dangerous command detected, blocked" >&2
  exit 2
fi
`;

const E = {
  shell: recorded('process-shell-cwd-group'),
  parallel: recorded('process-parallel', 'process-parallel-across-files'),
  noDedupe: recorded('process-no-dedupe-same-group', 'process-no-dedupe-across-files'),
  matcher: recorded('matcher-exact', 'matcher-lowercase', 'matcher-partial-name', 'matcher-prefix-regex', 'matcher-internal-name'),
  ignoredMatcher: recorded('matcher-ignored-on-prompt-and-stop'),
  disabled: recorded('config-features-hooks-false'),
  trust: recorded('config-untrusted-project'),
  async: recorded('config-async-hook'),
};

/**
 * Codex CLI 0.171.0, verified against the real CLI by `npm run oracle -- --host codex`. Hooks: ~/.codex/hooks.json,
 * inline [hooks] in ~/.codex/config.toml, and the project's .codex/hooks.json and .codex/config.toml (trusted projects).
 */
export const codex: Dialect<CodexEntry> = {
  id: 'codex',
  label: 'Codex CLI',
  summary: 'hooks in ~/.codex/hooks.json, config.toml and the trusted project’s .codex/; /bin/bash -c; parallel; fail-open; exit 2 or deny + reason blocks; the last rewrite to finish wins; verified against the real CLI.',
  configFiles: [
    { path: PROJECT_HOOKS, language: 'json', description: 'Project hooks (loaded only when the project is trusted).', schema: HOOKS_JSON_SCHEMA },
    { path: PROJECT_CONFIG, language: 'toml', description: 'Project config: inline [[hooks.<Event>]] tables, [features] (trusted projects only).' },
    { path: USER_HOOKS, language: 'json', description: 'User hooks, for every project ($CODEX_HOME/hooks.json).', schema: HOOKS_JSON_SCHEMA },
    { path: USER_CONFIG, language: 'toml', description: 'User config: inline [[hooks.<Event>]] tables; [features] hooks = false turns hooks off.' },
  ],
  events: CODEX_EVENTS,
  hostSettings: ['trusted', 'env', 'args'],
  mode: 'parallel',
  process: { shell: ['/bin/bash', '-c'], kill: { first: 'SIGKILL' }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: { event: 'PreToolUse', files: { [PROJECT_HOOKS]: STARTER_HOOKS, '.codex/hooks/no-rm-rf.sh': STARTER_SCRIPT } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: [CODEX_VERSION], default: CODEX_VERSION },

  load(files, host) {
    const loaded = loadCodexConfig(files, host);
    if (host.version !== undefined && host.version !== CODEX_VERSION) {
      loaded.diagnostics.unshift(diag('warning', 'config.unknown-version', `hookplay knows Codex CLI ${CODEX_VERSION} only; host.version "${host.version}" is read with ${CODEX_VERSION}'s rules`));
    }
    return loaded;
  },

  prepare({ loaded, event, payload, paths, baseEnv }) {
    const settings = loaded.settings as unknown as CodexSettings;
    const diagnostics: Diagnostic[] = [];
    const input = buildPayload(event.name, payload, paths);
    // Codex writes the payload as one line with no trailing newline, then closes stdin.
    const stdin = JSON.stringify(input);
    const entries = loaded.entries.filter((e) => e.event === event.name);
    const hooks: PlannedEntry<CodexEntry>[] = entries.map((entry, index) => {
      if (settings.startupError) return { entry, matched: false, why: `not run: Codex cannot load ${settings.startupError.file} and exits before the session starts`, duplicateOf: null, willRun: false };
      if (settings.disabledBy) return { entry, matched: false, why: `not run: ${settings.disabledBy} sets [features] hooks = false`, duplicateOf: null, willRun: false };
      if (entry.untrusted) return { entry, matched: false, why: 'not run: the project is not trusted, so Codex skips its .codex/ hooks (host.trusted is false)', duplicateOf: null, willRun: false };
      const m = matchCodex(entry.matcher, event.name, input);
      const at = { hook: index, file: entry.source, ...(entry.matcherAt ?? (entry.line ? { line: entry.line } : {})) };
      if (m.hint) diagnostics.push(diag('info', 'match.near-miss', `${ordinal(index)}: ${m.why}`, { ...at, evidence: E.matcher }));
      if (m.kind === 'no-matcher-event' && entry.matcher !== null && entry.matcher !== '' && entry.matcher !== '*') {
        diagnostics.push(diag('info', 'match.ignored', `${ordinal(index)}: ${m.why}`, { ...at, evidence: E.ignoredMatcher }));
      }
      if (!m.matched) return { entry, matched: false, why: m.why, duplicateOf: null, willRun: false };
      if (entry.async) {
        diagnostics.push(diag('info', 'config.async', `${ordinal(index)} is async: Codex starts it and goes on without waiting; its answer (even a deny) counts for nothing`, { hook: index, evidence: E.async }));
        return { entry, matched: true, why: `${m.why}; async: it runs, but Codex does not wait for its answer`, duplicateOf: null, willRun: true };
      }
      return { entry, matched: true, why: m.why, duplicateOf: null, willRun: true };
    });
    if (settings.disabledBy && entries.length) diagnostics.push(diag('info', 'rule.hooks-disabled', `no hook runs: ${settings.disabledBy} turns hooks off`, { evidence: E.disabled }));
    if (NOT_RECORDED.has(event.name) && entries.length) {
      diagnostics.push(
        diag('info', 'rule.from-docs', `${event.name}: how Codex reads these hooks' answers comes from its docs and the schemas in its binary; the oracle could not make the real CLI fire it in a checkable way, so it is not verified`, {
          evidence: docs('developers.openai.com/codex/hooks and the <event>.command.output schemas in the codex binary'),
        }),
      );
    }
    const skipped = hooks.filter((h) => h.entry.untrusted).length;
    if (skipped && !settings.disabledBy) diagnostics.push(diag('warning', 'rule.untrusted', `${skipped} project hook${skipped > 1 ? 's' : ''} would be skipped: the project is not trusted`, { evidence: E.trust }));

    const env = { ...baseEnv };
    const jobs: Job[] = hooks.flatMap((h, index) => (h.willRun ? [{ hook: index, command: h.entry.command, cwd: paths.project, env, timeoutMs: h.entry.timeoutMs, stdin }] : []));
    if (jobs.length > 1) diagnostics.push(diag('info', 'rule.parallel', `${jobs.length} hooks start at once (identical commands too: Codex does not de-duplicate); Codex waits for all of them, then reads their answers in configured order`, { evidence: E.parallel }));
    if (jobs.length) {
      diagnostics.push(
        diag('info', 'divergence.shell', 'Codex’s source runs hooks with "$SHELL -lc" (a login shell); the 0.171.0 binary runs /bin/bash -c whatever $SHELL is, so login profiles are not read: hookplay follows the binary', { evidence: E.shell }),
      );
    }
    if (jobs.length) diagnostics.push(diag('info', 'rule.shell', 'each hook runs as /bin/bash -c <command> (not a login shell, whatever $SHELL is) in the session directory, in its own process group, with Codex’s environment and no hook-specific variables', { evidence: E.shell }));
    return { hooks, jobs, input, diagnostics };
  },

  settle: settleCodex,
  lifecycle: codexLifecycle,
};
