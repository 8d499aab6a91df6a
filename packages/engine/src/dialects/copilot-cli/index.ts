import type { Diagnostic, Effect } from '../../outcome.js';
import { str, type JsonObject } from '../../util/json.js';
import type { Chain, Dialect, Job, PlannedEntry, Settled } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { asJson, asState, START, step } from './chain.js';
import { loadCopilotSettings, REPO_HOOKS_DIR, USER_HOOKS_DIR, USER_SETTINGS, type CopilotEntry } from './config.js';
import { COPILOT_EVENTS, TOOL_EVENTS } from './events.js';
import { copilotLifecycle } from './lifecycle.js';
import { recorded } from './evidence.js';
import { matchCopilot } from './match.js';
import { buildPayload, claudePayload, claudeToolName } from './payload.js';
import { HOOKS_FILE_SCHEMA, SETTINGS_SCHEMA } from './schema.js';
import { shownFor } from './shown.js';
import { VERIFIED_AGAINST } from './verified.js';

export const VERSION = '1.0.102';

const STARTER_HOOKS = `{
  "version": 1,
  "hooks": {
    "preToolUse": [
      {
        "type": "command",
        "bash": "sh .github/scripts/no-rm-rf.sh",
        "matcher": "bash",
        "timeoutSec": 10
      }
    ]
  }
}
`;

const STARTER_SCRIPT = `#!/bin/sh
# Denies rm -rf. Copilot CLI reads permissionDecision from stdout (exit 0) and
# tells the model "Denied by preToolUse hook: <reason>".
if grep -q 'rm -rf'; then
  echo '{"permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed here"}'
fi
`;

/** Environment variables Copilot CLI 1.0.102 sets for every hook (recorded), on top of its own environment and the hook's `env`. */
export function hookEnv(project: string): Record<string, string> {
  return { COPILOT_CLI: '1', COPILOT_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project };
}

function subjectOf(event: string, input: JsonObject): string | null {
  if (TOOL_EVENTS.has(event)) return str(input.toolName) ?? null;
  if (event === 'subagentStart' || event === 'subagentStop') return str(input.agentName) ?? null;
  return null;
}

/**
 * GitHub Copilot CLI 1.0.102, verified against the real CLI by `npm run oracle -- --host copilot-cli`.
 * Hooks run one after another (bash -c, in the project root), each seeing the same event JSON; the first deny stops
 * the rest. Repository hooks need a trusted folder.
 */
export const copilotCli: Dialect<CopilotEntry> = {
  id: 'copilot-cli',
  label: 'Copilot CLI',
  summary:
    'hooks in ~/.copilot/settings.json, ~/.copilot/hooks/*.json and (trusted folders only) .github/hooks/*.json; bash -c, one after another; the first deny stops the rest; exit 2 or any error denies a tool; verified against the real CLI.',
  configFiles: [
    { path: `${REPO_HOOKS_DIR}<name>.json`, language: 'json', description: 'Repository hooks, loaded only when the folder is trusted (--trust-folder).', schema: HOOKS_FILE_SCHEMA },
    { path: USER_SETTINGS, language: 'json', description: 'User settings ("global settings"): hooks and disableAllHooks.', schema: SETTINGS_SCHEMA },
    { path: `${USER_HOOKS_DIR}<name>.json`, language: 'json', description: 'Personal hook files, for every project.', schema: HOOKS_FILE_SCHEMA },
    { path: '.github/copilot/settings.json', language: 'json', description: 'Repository settings (trusted folders only).', schema: SETTINGS_SCHEMA },
  ],
  events: COPILOT_EVENTS,
  hostSettings: ['version', 'trusted', 'env'],
  mode: 'chain',
  process: { shell: ['/bin/bash', '-c'], kill: { first: 'SIGTERM', killAfterMs: 5000 }, outputCap: { bytesPerPipe: 10 * 1024 * 1024, hostCap: true } },
  starter: { event: 'preToolUse', files: { [`${REPO_HOOKS_DIR}guard.json`]: STARTER_HOOKS, ['.github/scripts/no-rm-rf.sh']: STARTER_SCRIPT } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: [VERSION], default: VERSION },

  load: loadCopilotSettings,

  prepare({ loaded, event, payload, host, paths, baseEnv }) {
    const diagnostics: Diagnostic[] = [];
    if (host.version !== undefined && host.version !== VERSION) {
      diagnostics.push(diag('warning', 'config.unknown-version', `hookplay knows Copilot CLI ${VERSION} only; host.version "${host.version}" is played with ${VERSION}'s rules`));
    }
    const input = buildPayload(event.name, payload, paths);
    const subject = subjectOf(event.name, input);
    const entries = loaded.entries.filter((e) => e.event === event.name);
    const hooks: PlannedEntry<CopilotEntry>[] = entries.map((entry, index) => {
      if (entry.untrusted) {
        return { entry, matched: false, why: `not run: ${entry.source} is a repository hook and the folder is not trusted (host.trusted is false)`, duplicateOf: null, willRun: false };
      }
      if (entry.disabled) return { entry, matched: false, why: `not run: ${entry.source} sets "disableAllHooks": true`, duplicateOf: null, willRun: false };
      const m = matchCopilot(entry.matcher, subject, entry.claudeShape ? claudeToolName(subject) : null);
      if (m.invalid) diagnostics.push(diag('warning', 'match.invalid-regex', `${ordinal(index)}: ${m.why} (${m.invalid})`, { hook: index, file: entry.source, ...(entry.line ? { line: entry.line } : {}), evidence: recorded('matcher-invalid-regex', 'matcher-star') }));
      return { entry, matched: m.matched, why: m.why, duplicateOf: null, willRun: m.matched };
    });
    const skipped = hooks.filter((h) => h.entry.untrusted).length;
    if (skipped > 0) {
      diagnostics.push(diag('warning', 'rule.untrusted-skipped', `${skipped} repository hook${skipped > 1 ? 's' : ''} would be skipped: the folder is not trusted`, { evidence: recorded('untrusted-repo-skipped') }));
    }

    const stdinFor = (entry: CopilotEntry, payloadNow: JsonObject) => JSON.stringify(entry.claudeShape ? claudePayload(event.name, payloadNow) : payloadNow);
    const jobs: Job[] = hooks.flatMap((h, index) => {
      if (!h.willRun) return [];
      const cwd = h.entry.cwd === undefined ? paths.project : h.entry.cwd.startsWith('/') ? h.entry.cwd : `${paths.project}/${h.entry.cwd}`.replace(/\/\.?$/, '');
      return [{ hook: index, command: h.entry.command, cwd, env: { ...baseEnv, ...hookEnv(paths.project), ...h.entry.env }, timeoutMs: h.entry.timeoutMs, stdin: stdinFor(h.entry, input) }];
    });
    if (jobs.length > 1) {
      diagnostics.push(
        diag('info', 'rule.sequential', `${jobs.length} hooks run one after another, in file order${event.name === 'preToolUse' ? '; each sees the toolArgs as the hooks before it rewrote them' : ', each with the same event JSON'}`, {
          evidence: recorded('sequential-order', 'files-order', 'pre-second-sees-original', 'ups-second-sees-original'),
        }),
      );
    }
    const label = (entry: CopilotEntry) => (entry.source.startsWith(USER_HOOKS_DIR) ? `${paths.home}/${entry.source.slice(2)}` : entry.sourceLabel);
    const chain: Chain = {
      start: asJson(START),
      stop: (_job, current) => asState(current).stopped,
      // A preToolUse hook sees the arguments as earlier hooks rewrote them (recorded); other events get the same JSON.
      before: (job, current) => {
        const rewritten = asState(current).modifiedArgs;
        if (event.name !== 'preToolUse' || rewritten === null) return { stdin: job.stdin, env: job.env };
        return { stdin: stdinFor(hooks[job.hook]!.entry, { ...input, toolArgs: rewritten }), env: job.env };
      },
      after: (job, current, result) => {
        const planned = hooks[job.hook]!;
        const s = step(event.name, job.hook, { ...planned, entry: { ...planned.entry, sourceLabel: label(planned.entry) } }, asState(current), result);
        return { next: asJson(s.next), effect: s.effect, diagnostics: s.diagnostics };
      },
    };
    return { hooks, jobs, input, diagnostics, chain };
  },

  settle({ prepared, event, chainEnd }) {
    const state = asState(chainEnd?.event ?? asJson(START));
    const effects = new Map<number, Effect>(chainEnd?.effects ?? []);
    const diagnostics: Diagnostic[] = [];
    if (state.stopped && state.by !== null) {
      const later = prepared.jobs.filter((j) => j.hook > state.by!).map((j) => ordinal(j.hook));
      if (later.length) {
        diagnostics.push(diag('info', 'rule.stopped', `${ordinal(state.by)} decided, so Copilot CLI does not run ${later.join(', ')}`, { evidence: recorded('pre-deny-stops-chain', 'pre-exit1-stops-chain', 'post-block') }));
      }
    }
    const toolName = str(prepared.input.toolName) ?? 'tool';
    const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
    const f = state.fields;
    switch (event.name) {
      case 'preToolUse':
        if (state.decision === 'deny' || state.decision === 'ask') {
          settled.verdict = state.decision === 'ask' ? 'ask' : 'block';
          settled.reason = state.reason;
        } else if (state.decision === 'allow') settled.verdict = 'allow';
        // A rewrite before a deny still rewrites the call the model sees in its history (recorded).
        if (state.modifiedArgs) settled.updatedInput = state.modifiedArgs;
        if (state.contexts.length) settled.context = [state.contexts.join('\n\n')];
        break;
      case 'permissionRequest':
        if (state.decision === 'deny') {
          settled.verdict = 'block';
          settled.reason = state.reason;
        } else if (state.decision === 'allow') settled.verdict = 'allow';
        break;
      case 'postToolUse':
      case 'postToolUseFailure':
        if (state.decision === 'block') {
          settled.verdict = 'block';
          settled.reason = state.reason;
        } else if (state.contexts.length) settled.context = [state.contexts.join('\n\n')];
        break;
      case 'sessionStart':
      case 'subagentStart':
        if (state.contexts.length) settled.context = [state.contexts.join('\n\n')];
        break;
      case 'userPromptSubmitted': {
        // A block needs a reason: without one the prompt goes on (recorded).
        if (f.decision === 'block' && typeof f.reason === 'string' && f.reason !== '') {
          settled.verdict = 'block';
          settled.reason = f.reason;
          settled.halt = true;
        } else if (f.handled === true && typeof f.responseContent === 'string' && f.responseContent !== '') {
          settled.halt = true;
          settled.eventOut = { handled: true, responseContent: f.responseContent };
        } else {
          // Even an empty modifiedPrompt replaces the prompt (recorded; the 1.0.76 changelog says it is rejected).
          if (typeof f.modifiedPrompt === 'string') settled.eventOut = { prompt: f.modifiedPrompt };
          if (f.modifiedPrompt === '') {
            diagnostics.push(diag('warning', 'divergence.empty-modified-prompt', 'modifiedPrompt is "": the changelog (1.0.76) says an empty replacement is rejected, but Copilot CLI 1.0.102 sends the model an empty prompt', { evidence: recorded('ups-modified-prompt-empty') }));
          }
          if (typeof f.additionalContext === 'string' && f.additionalContext !== '') settled.context = [f.additionalContext];
        }
        if (Object.keys(f).length > 0 && prepared.jobs.length > 1) {
          diagnostics.push(diag('info', 'rule.fields-merge', 'every hook runs; for each field the last hook that set it wins (additionalContext is not joined)', { evidence: recorded('ups-context-last-wins', 'ups-block-keeps-running') }));
        }
        break;
      }
      case 'agentStop':
      case 'subagentStop':
        // Only a block with a reason continues the turn: without one the CLI ignores it (recorded).
        if (f.decision === 'block' && typeof f.reason === 'string' && f.reason !== '') {
          settled.verdict = 'block';
          settled.reason = f.reason;
        }
        break;
    }
    settled.shown = shownFor(event.name, toolName, settled, state.warnings, state.message);
    if (!settled.shown.model && !settled.shown.user) delete settled.shown;
    return settled;
  },
  lifecycle: copilotLifecycle,
};
