import type { Diagnostic } from '../../outcome.js';
import type { Dialect, Job, LoadResult, PlannedEntry } from '../dialect.js';
import { claudeCode } from '../claude-code/index.js';
import { LOCAL_SETTINGS, PROJECT_SETTINGS, USER_SETTINGS, type ClaudeCodeEntry, type ClaudeCodeSettings } from '../claude-code/config.js';
import { CLAUDE_CODE_EVENTS } from '../claude-code/events.js';
import { matchClaudeCode } from '../claude-code/match.js';
import { matchCode } from '../claude-code/evidence.js';
import { SETTINGS_JSON_SCHEMA } from '../claude-code/schema.js';
import { diag, ordinal } from '../shared/results.js';
import { readCallback, type ReadCallback } from './answers.js';
import { keepNoticeLines } from './notices.js';
import { callbackJob } from './callback-host.js';
import { CALLBACKS_SOURCE, isCallback, readCallbacks, type CallbackEntry } from './callbacks.js';
import { withSdkEvidence } from './evidence.js';
import { agentSdkLifecycle } from './lifecycle.js';
import { bundledHost, SDK_VERSION, sourcesOf } from './options.js';
import { neverFires, unloadedHooks, visibleFiles, type UnloadedEntry } from './sources.js';
import { VERIFIED_AGAINST } from './verified.js';

export { SDK_VERSION, BUNDLED_CLAUDE_CODE, DEFAULT_SOURCES } from './options.js';

type SdkEntry = ClaudeCodeEntry | CallbackEntry | UnloadedEntry;
const isUnloaded = (e: SdkEntry): e is UnloadedEntry => 'unloaded' in e;

export interface SdkSettings extends ClaudeCodeSettings {
  sdk: { sources: readonly string[]; defaulted: boolean };
}

/** Events the SDK never calls a callback on (recorded: the CLI fires them before callbacks are registered, or after the app has gone). */
const NO_CALLBACK_EVENTS = new Set(['SessionStart', 'SessionEnd']);

const STARTER_MODULE = `// Passed to query() as options.hooks (see host.callbacks): each export is one callback.
export async function guard(input, toolUseID, { signal }) {
  if (String(input.tool_input?.command ?? '').includes('rm -rf')) {
    return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm -rf from the agent' } };
  }
  return {};
}
`;

/**
 * The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk` 0.3.332): query() spawns the Claude Code CLI it bundles
 * (2.1.332), so settings-file hooks follow Claude Code's rules, shared from the claude-code dialect (config,
 * matching, answers, combination, permissions, lifecycle). What is the SDK's own: `settingSources` decides which
 * settings files load; callbacks passed in code join the file hooks, with their own timeout and onFailure; a
 * hook's ask goes to canUseTool. Verified against the real SDK by the oracle in oracle/hosts/claude-agent-sdk/.
 */
export const claudeAgentSdk: Dialect<SdkEntry> = {
  id: 'claude-agent-sdk',
  label: 'Claude Agent SDK',
  summary: "query() of @anthropic-ai/claude-agent-sdk: Claude Code's settings hooks from the settingSources it loads (all three by default on 0.3.332), plus callbacks passed in code; canUseTool answers asks; verified against the real SDK.",
  configFiles: [
    { path: PROJECT_SETTINGS, language: 'json', description: "Project settings: loaded when settingSources includes 'project' (the default does).", schema: SETTINGS_JSON_SCHEMA },
    { path: LOCAL_SETTINGS, language: 'json', description: "Local project settings: loaded when settingSources includes 'local'.", schema: SETTINGS_JSON_SCHEMA },
    { path: USER_SETTINGS, language: 'json', description: "User settings: loaded when settingSources includes 'user'.", schema: SETTINGS_JSON_SCHEMA },
  ],
  events: CLAUDE_CODE_EVENTS,
  hostSettings: ['version', 'env', 'settingSources', 'callbacks', 'canUseTool', 'permissionMode', 'allowedTools'],
  mode: 'parallel',
  process: claudeCode.process,
  starter: { event: 'PreToolUse', files: { 'agent/hooks.mjs': STARTER_MODULE } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: [SDK_VERSION], default: SDK_VERSION },
  lifecycle: agentSdkLifecycle,

  load(files, host) {
    if (host.version !== undefined && host.version !== SDK_VERSION) {
      const error = diag('error', 'config.version-unknown', `host.version ${JSON.stringify(host.version)}: hookplay models the Claude Agent SDK ${SDK_VERSION} only (it bundles Claude Code 2.1.332); nothing runs`);
      return { entries: [], diagnostics: [error], settings: { rules: null, disabledBy: null, read: [], sdk: { sources: [], defaulted: true } } };
    }
    const ccHost = bundledHost(host);
    const loaded = claudeCode.load(visibleFiles(files, host), ccHost) as LoadResult<ClaudeCodeEntry>;
    const settings = loaded.settings as unknown as ClaudeCodeSettings;
    const diagnostics: Diagnostic[] = [];
    const callbacks = readCallbacks(host, files, settings.rules?.defaultTimeoutS ?? 600, diagnostics);
    const unloaded = unloadedHooks(files, host, ccHost);
    // "no settings file: no hooks" is the CLI's view; callbacks are hooks too.
    const own = loaded.diagnostics.filter((d) => !(d.code === 'config.missing' && (callbacks.length || unloaded.entries.length)));
    const { sources, defaulted } = sourcesOf(host);
    const sdk: SdkSettings = { ...settings, sdk: { sources, defaulted } };
    return withSdkEvidence({ entries: [...loaded.entries, ...callbacks, ...unloaded.entries], diagnostics: [...own, ...unloaded.diagnostics, ...diagnostics], settings: sdk as unknown as Record<string, unknown> });
  },

  prepare(input) {
    const { loaded, event, paths, baseEnv } = input;
    const settings = loaded.settings as unknown as SdkSettings;
    const ccHost = bundledHost(input.host);
    const fileEntries = loaded.entries.filter((e) => !isCallback(e) && !isUnloaded(e)) as ClaudeCodeEntry[];
    const cc = claudeCode.prepare({ ...input, host: ccHost, loaded: { ...loaded, entries: fileEntries } as LoadResult<ClaudeCodeEntry> });
    const hooks: PlannedEntry<SdkEntry>[] = [...cc.hooks];
    const jobs: Job[] = [...cc.jobs];
    const diagnostics = cc.diagnostics.filter((d) => d.code !== 'rule.parallel');
    const rules = settings.rules;
    const toolUseId = typeof cc.input.tool_use_id === 'string' ? cc.input.tool_use_id : null;
    for (const cb of loaded.entries.filter((e): e is CallbackEntry => isCallback(e) && e.event === event.name)) {
      const index = hooks.length;
      const skip = (why: string, whyRule?: string): PlannedEntry<SdkEntry> => ({ entry: cb, matched: false, why, ...(whyRule ? { whyRule } : {}), duplicateOf: null, willRun: false });
      if (!rules) hooks.push(skip('not run: the version is unknown'));
      else if (NO_CALLBACK_EVENTS.has(event.name)) {
        hooks.push(skip(`never called: the SDK does not call ${event.name} callbacks (the CLI fires ${event.name} ${event.name === 'SessionStart' ? 'before' : 'after'} the app's callbacks are reachable); a settings-file hook runs there`, 'sdk.callback-not-called'));
        diagnostics.push(diag('warning', 'sdk.callback-not-called', `${ordinal(index)} (callback ${cb.ref.name}) is a ${event.name} callback: query() never calls it, so what it returns never reaches the model; put a ${event.name} hook in a settings file instead`, { hook: index }));
      } else if (cb.source === CALLBACKS_SOURCE) hooks.push(skip(`not run: ${cb.ref.file} is not among the scenario's files`));
      else {
        const m = matchClaudeCode(cb.matcher, event.name, cc.input, rules.matcher, rules.version);
        const whyRule = matchCode(m.kind, m.matched);
        if (!m.matched) hooks.push({ entry: cb, matched: false, why: m.why, whyRule, duplicateOf: null, willRun: false });
        else {
          hooks.push({ entry: cb, matched: true, why: `${m.why}; a callback passed to query(), ${cb.callbackId}`, whyRule, duplicateOf: null, willRun: true });
          jobs.push(callbackJob({ hook: index, cwd: paths.project, env: baseEnv, timeoutMs: cb.timeoutMs, kill: { first: 'SIGTERM', killAfterMs: 1000 } }, cb.ref, cc.input, toolUseId));
        }
      }
    }
    for (const e of loaded.entries.filter((e): e is UnloadedEntry => isUnloaded(e) && e.event === event.name)) {
      hooks.push({ entry: e, matched: false, why: neverFires(e.unloaded), whyRule: 'sdk.source-not-loaded', duplicateOf: null, willRun: false });
    }
    if (jobs.length > 1) diagnostics.push(diag('info', 'rule.parallel', `${jobs.length} hooks start at once${jobs.length > cc.jobs.length ? ', callbacks and file hooks alike' : ''}; the CLI waits for all of them and reads their answers in the order they finish`));
    const prepared = { hooks, jobs, input: cc.input, diagnostics };
    for (const h of prepared.hooks) if (h.whyRule) h.whyEvidence = withSdkEvidence({ diagnostics: [{ level: 'info', code: h.whyRule, message: '', ...(h.whyEvidence ? { evidence: h.whyEvidence } : {}) }] }).diagnostics[0]!.evidence!;
    return withSdkEvidence(prepared);
  },

  settle(input) {
    const event = input.event.name;
    const results = new Map(input.results);
    const reads = new Map<number, ReadCallback>();
    input.prepared.hooks.forEach((planned, i) => {
      const result = input.results.get(i);
      if (!result || !isCallback(planned.entry)) return;
      const read = readCallback(i, planned.entry, event, result);
      reads.set(i, read);
      results.set(i, read.result);
    });
    const settled = claudeCode.settle({ ...input, host: bundledHost(input.host), results } as never);
    const notices = [...reads.values()].flatMap((r) => (r.notice ? [r.notice] : []));
    const deniers = [...reads.entries()].filter(([, r]) => r.denies);
    if (deniers.length && settled.verdict !== 'block') {
      const text = deniers[0]![1].denies!;
      settled.verdict = 'block';
      settled.reason = text;
      settled.updatedInput = null;
      settled.shown = { ...settled.shown, toolResult: text };
      for (const [i] of deniers) settled.effects.set(i, 'block');
    }
    // A callback's Stop block is named "Stop:Callback" in the note the model reads (recorded).
    const stopByCallback = event === 'Stop' && [...reads.keys()].some((i) => settled.effects.get(i) === 'block');
    if (stopByCallback) settled.context = settled.context.map((t) => t.replace(/^Stop hook blocking error from command: "callback"/, 'Stop:Callback hook blocking error from command: "callback"'));
    settled.hostReports ??= new Map();
    for (const [i, r] of reads) settled.hostReports.set(i, r.end);
    const model = [...(settled.shown?.toolResult !== undefined ? [settled.shown.toolResult] : []), ...settled.context];
    let theirs = settled.shown?.user;
    // A block the SDK host made (onFailure, a timeout) is told without the original prompt (recorded).
    if (theirs && event === 'UserPromptSubmit' && [...reads.values()].some((r) => r.hostBlock) && typeof input.prepared.input.prompt === 'string') theirs = theirs.replace(`\n\nOriginal prompt: ${input.prepared.input.prompt}`, '');
    const user = [...notices, ...(theirs ? [theirs] : [])];
    const { model: _m, user: _u, ...rest } = settled.shown ?? {};
    settled.shown = { ...rest, ...(model.length ? { model: model.join('\n\n') } : {}), ...(user.length ? { user: user.join('\n\n') } : {}) };
    keepNoticeLines(settled.shown, user);
    if (!Object.keys(settled.shown).length) delete settled.shown;
    if ((input.loaded.settings as unknown as SdkSettings).disabledBy && reads.size) {
      settled.diagnostics.push(diag('info', 'sdk.callbacks-not-disabled', `${(input.loaded.settings as unknown as SdkSettings).disabledBy} sets "disableAllHooks": true, which turns off the settings hooks but not the callbacks passed to query(): they still run`));
    }
    settled.diagnostics.push(...[...reads.values()].flatMap((r) => r.diagnostics));
    return withSdkEvidence(settled);
  },

  evidence: (diagnostics) => void withSdkEvidence({ diagnostics }),
};
