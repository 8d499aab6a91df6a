import type { Diagnostic, Effect } from '../../outcome.js';
import { isObject, type JsonObject } from '../../util/json.js';
import type { Chain, Dialect, Job, PlannedEntry } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { settleQwenCode } from './combine.js';
import { loadQwenCodeSettings, PROJECT_SETTINGS, USER_SETTINGS, type QwenCodeEntry, type QwenCodeSettings } from './config.js';
import { recorded } from './evidence.js';
import { QWEN_CODE_EVENTS } from './events.js';
import { qwenLifecycle } from './lifecycle.js';
import { interpretQwenCode } from './interpret.js';
import { matchQwenCode } from './match.js';
import { buildPayload, hookEnv } from './payload.js';
import { SETTINGS_JSON_SCHEMA } from './schema.js';
import { VERIFIED_AGAINST } from './verified.js';

export const SUPPORTED_VERSIONS: readonly string[] = ['0.24.4'];
export const DEFAULT_VERSION = '0.24.4';

const STARTER_SETTINGS = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "bash .qwen/hooks/no-rm-rf.sh", "timeout": 5 }
        ]
      }
    ]
  }
}
`;

const STARTER_SCRIPT = `#!/bin/bash
# Denies rm -rf. "Bash" matches run_shell_command (Qwen Code accepts Claude Code's tool names
# in matchers). Exit 2: stderr is the reason the model reads as the tool error.
if grep -q '"command":"rm -rf'; then
  echo "Dangerous command detected, blocked" >&2
  exit 2
fi
`;

/**
 * Qwen Code 0.24.4, verified against the real CLI by `npm run oracle -- --host qwen-code`. Settings:
 * ~/.qwen/settings.json and .qwen/settings.json (project hooks only in a trusted folder).
 */
export const qwenCode: Dialect<QwenCodeEntry> = {
  id: 'qwen-code',
  label: 'Qwen Code',
  summary:
    'hooks in ~/.qwen/settings.json and .qwen/settings.json; bash -c; parallel unless a group says sequential; outputs merged in declaration order (last permissionDecision wins); exit 2 reads stderr only; verified against the real CLI.',
  configFiles: [
    { path: PROJECT_SETTINGS, language: 'json', description: 'Project settings (comments allowed); its hooks run only in a trusted folder.', schema: SETTINGS_JSON_SCHEMA },
    { path: USER_SETTINGS, language: 'json', description: 'User settings, for every project; their hooks come after the project’s.', schema: SETTINGS_JSON_SCHEMA },
  ],
  events: QWEN_CODE_EVENTS,
  hostSettings: ['version', 'env', 'trusted', 'args'],
  mode: 'parallel',
  process: { shell: ['bash', '-c'], kill: { first: 'SIGTERM', killAfterMs: 2000 }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: true } },
  starter: { event: 'PreToolUse', files: { [PROJECT_SETTINGS]: STARTER_SETTINGS, '.qwen/hooks/no-rm-rf.sh': STARTER_SCRIPT } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: SUPPORTED_VERSIONS, default: DEFAULT_VERSION },

  load(files, host) {
    const loaded = loadQwenCodeSettings(files, host);
    if (host.version !== undefined && !SUPPORTED_VERSIONS.includes(host.version.trim().replace(/^v/, ''))) {
      loaded.diagnostics.unshift(
        diag('warning', 'config.unsupported-version', `hookplay knows the hook rules of Qwen Code ${SUPPORTED_VERSIONS.join(', ')}, not ${JSON.stringify(host.version)}: it applies those of ${DEFAULT_VERSION}`),
      );
    }
    return loaded;
  },

  prepare({ loaded, event, payload, paths, baseEnv }) {
    const settings = loaded.settings as unknown as QwenCodeSettings;
    const diagnostics: Diagnostic[] = [];
    const input = buildPayload(event.name, payload, paths);
    const stdin = JSON.stringify(input);
    const entries = loaded.entries.filter((e) => e.event === event.name);
    const matched = entries.map((entry) => matchQwenCode(entry.matcher, event.name, input));
    const firstByKey = new Map<string, number>();

    const hooks: PlannedEntry<QwenCodeEntry>[] = entries.map((entry, index) => {
      if (settings.disabledBy) return { entry, matched: false, why: `not run: ${settings.disabledBy} sets "disableAllHooks": true`, duplicateOf: null, willRun: false };
      const m = matched[index]!;
      const at = { hook: index, file: entry.source, ...(entry.matcherAt ?? (entry.line ? { line: entry.line } : {})) };
      if (m.invalid) diagnostics.push(diag('warning', 'match.invalid-regex', `${ordinal(index)}: ${m.why} (${m.invalid})`, { ...at, evidence: recorded(['matcher-invalid-regex']) }));
      else if (m.hint) diagnostics.push(diag('info', 'match.near-miss', `${ordinal(index)}: ${m.why}`, { ...at, evidence: recorded(['matcher-anchored-alias', 'matcher-lowercase', 'matcher-alias-prefix']) }));
      if (!m.matched) return { entry, matched: false, why: m.why, duplicateOf: null, willRun: false };
      // Identical keys (name:command, or the command) run once per event: the first matching one is kept.
      const kept = firstByKey.get(entry.key);
      if (kept !== undefined) {
        diagnostics.push(
          diag('info', 'rule.dedup', `${ordinal(index)} has the same ${entry.name ? 'name and command' : 'command'} as ${ordinal(kept)}: Qwen Code runs it once for ${event.name}, as ${ordinal(kept)}`, {
            hook: index,
            evidence: recorded(['dedupe-same-command', 'dedupe-across-files']),
          }),
        );
        return { entry, matched: true, why: `${m.why}; same ${entry.name ? 'name and command' : 'command'} as ${ordinal(kept)}, so it runs once`, duplicateOf: kept, willRun: false };
      }
      firstByKey.set(entry.key, index);
      return { entry, matched: true, why: m.why, duplicateOf: null, willRun: true };
    });

    const env = { ...baseEnv, ...hookEnv(paths.project) };
    const jobs: Job[] = hooks.flatMap((h, index) => (h.willRun ? [{ hook: index, command: h.entry.command, cwd: paths.project, env: { ...env, ...h.entry.env }, timeoutMs: h.entry.timeoutMs, stdin }] : []));
    const sequentialBy = hooks.find((h) => h.willRun && h.entry.sequential === true);
    let chain: Chain | undefined;
    if (sequentialBy && jobs.length > 1) {
      diagnostics.push(
        diag('info', 'rule.sequential', `a matching group says "sequential": true (${sequentialBy.entry.source}), so all ${jobs.length} hooks of ${event.name} run one after another, in declaration order`, {
          evidence: recorded(['process-sequential']),
        }),
      );
      chain = sequentialChain(event.name, input);
    } else if (jobs.length > 1) {
      diagnostics.push(diag('info', 'rule.parallel', `${jobs.length} hooks start at once; Qwen Code waits for all of them and reads their answers in declaration order`, { evidence: recorded(['process-parallel']) }));
    }
    return { hooks, jobs, input, diagnostics, ...(chain ? { chain } : {}) };
  },

  settle: settleQwenCode,
  lifecycle: qwenLifecycle,
};

/**
 * Sequential hooks (hookRunner.executeHooksSequential): after a hook that exits 0 with an output, the next one's
 * input changes — UserPromptSubmit's prompt gets "\n\n" + its additionalContext; PreToolUse's tool_input gets
 * hookSpecificOutput.tool_input merged in. Every hook still counts in the merged answer.
 */
function sequentialChain(event: string, input: JsonObject): Chain {
  return {
    start: input,
    before: (job, current) => ({ stdin: JSON.stringify(current), env: job.env }),
    after: (job, current, result) => {
      const answer = interpretQwenCode(event, result, job.timeoutMs);
      const hso = answer.success && answer.output && isObject(answer.output.hookSpecificOutput) ? answer.output.hookSpecificOutput : null;
      let next = current;
      const diagnostics: Diagnostic[] = [];
      if (hso) {
        if ((event === 'UserPromptSubmit' || event === 'UserPromptExpansion') && typeof hso.additionalContext === 'string' && hso.additionalContext && typeof current.prompt === 'string') {
          const context = event === 'UserPromptExpansion' ? hso.additionalContext.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : hso.additionalContext;
          next = { ...current, prompt: `${current.prompt}\n\n${context}` };
          diagnostics.push(diag('info', 'rule.sequential-prompt', `${ordinal(job.hook)}'s additionalContext is appended to the prompt the next hook sees`, { hook: job.hook, evidence: recorded(['sequential-prompt-chain']) }));
        } else if (event === 'PreToolUse' && isObject(hso.tool_input) && isObject(current.tool_input)) {
          next = { ...current, tool_input: { ...current.tool_input, ...hso.tool_input } };
          diagnostics.push(
            diag('info', 'rule.sequential-tool-input', `${ordinal(job.hook)}'s hookSpecificOutput.tool_input is merged into the tool_input the next hook sees (the tool itself still runs with its own input)`, {
              hook: job.hook,
              evidence: recorded(['sequential-tool-input-chain']),
            }),
          );
        }
      }
      const effect: Effect = answer.output ? 'none' : answer.failed ? 'error' : 'none';
      return { next, effect, diagnostics };
    },
  };
}
