import type { Diagnostic, Effect } from '../../outcome.js';
import { isObject, type JsonObject } from '../../util/json.js';
import type { Chain, Dialect, Job, PlannedEntry, Settled } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { asJson, asState, callStdin, hookArguments, pluginStdout, readReport, reassigned, startState, usedOutput, type CallState } from './call.js';
import { GLOBAL_DIR, HOME_DIR, loadOpenCode, PROJECT_DIR, SCOPE_LABEL, type OpenCodeEntry } from './config.js';
import { OPENCODE_EVENTS } from './events.js';
import { HOOKPLAY, recorded, VERSION } from './evidence.js';
import { opencodeLifecycle } from './lifecycle.js';
import { CONFIG_SCHEMA } from './schema.js';
import { RUN_FAILED_TEXT, textOfParts } from './shown.js';
import { VERIFIED_AGAINST } from './verified.js';
import { folderOrder } from './order.js';

export { VERSION };

const STARTER = `// Runs inside OpenCode. Throwing in tool.execute.before blocks the call: the model gets the message.
export const NoRmRf = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    if (input.tool === "bash" && /rm -rf/.test(output.args.command)) {
      throw new Error("rm -rf is not allowed here")
    }
  },
})
`;

/** Keys of the scenario that OpenCode would load as TypeScript (Bun runs them; hookplay transpiles them first). */
const isTs = (key: string) => /\.(ts|mts|cts|tsx)$/.test(key);

/**
 * OpenCode 1.18.33, verified against the real CLI (`npm run oracle -- --host opencode`). Hooks are JS/TS plugins:
 * each loaded module's plugin functions return a hooks object, and for each hook OpenCode calls every plugin's
 * handler one after another, in load order, with the same input and output objects. hookplay runs each plugin's
 * call in a child process of its own (runner/plugin-host.ts), never inside itself.
 */
export const opencode: Dialect<OpenCodeEntry> = {
  id: 'opencode',
  label: 'OpenCode',
  summary:
    'hooks are JS/TS plugins in .opencode/plugins/, ~/.config/opencode/plugins/ or named in opencode.json; every handler of a hook runs in load order on the same output object; throwing in tool.execute.before blocks, changing output.args in place rewrites; verified against the real CLI.',
  configFiles: [
    // OpenCode loads .ts and .js files alike from each plugins/ folder (recorded: order-sources).
    { path: `${PROJECT_DIR}/plugins/<name>.ts`, language: 'json', description: 'A project plugin: a TypeScript module exporting plugin functions.' },
    { path: `${PROJECT_DIR}/plugins/<name>.js`, language: 'json', description: 'A project plugin: a JavaScript module exporting plugin functions.' },
    { path: 'opencode.json', language: 'json', description: 'Project config: "plugin" lists npm packages and paths (relative to this file).', schema: CONFIG_SCHEMA },
    { path: `${GLOBAL_DIR}/opencode.json`, language: 'json', description: 'Global config: its "plugin" list loads first.', schema: CONFIG_SCHEMA },
    { path: `${GLOBAL_DIR}/plugins/<name>.js`, language: 'json', description: 'A global plugin, for every project.' },
    { path: `${GLOBAL_DIR}/plugins/<name>.ts`, language: 'json', description: 'A global plugin in TypeScript, for every project.' },
    { path: `${HOME_DIR}/plugins/<name>.js`, language: 'json', description: 'Plugins in ~/.opencode/plugins/, loaded last.' },
    { path: `${HOME_DIR}/plugins/<name>.ts`, language: 'json', description: 'TypeScript plugins in ~/.opencode/plugins/, loaded last.' },
  ],
  events: OPENCODE_EVENTS,
  hostSettings: ['version', 'env', 'args'],
  mode: 'chain',
  // Not a shell hook: each job starts the runner's module host with node (exec, so the host leads the group).
  process: { shell: ['/bin/sh', '-c'], kill: { first: 'SIGTERM', killAfterMs: 2000 }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: { event: 'tool.execute.before', files: { [`${PROJECT_DIR}/plugins/no-rm-rf.js`]: STARTER } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: [VERSION], default: VERSION },

  load: loadOpenCode,

  prepare({ loaded, event, payload, host, paths, baseEnv, modules }) {
    const diagnostics: Diagnostic[] = [];
    if (host.version !== undefined && host.version !== VERSION) {
      diagnostics.push(diag('warning', 'config.unknown-version', `hookplay knows OpenCode ${VERSION} only; host.version "${host.version}" is played with ${VERSION}'s rules`, { evidence: HOOKPLAY }));
    }
    const hook = event.name;
    // A plugin handler gets (input, output): anything else in the payload would never reach it, which looks like a
    // guard that ignores the call. Say where it went wrong rather than run the handler on defaults.
    const stray = Object.keys(payload).filter((k) => k !== 'input' && k !== 'output');
    if (stray.length) {
      diagnostics.push(diag('error', 'payload.shape', `payload.${stray[0]}${stray.length > 1 ? ` (and ${stray.slice(1).join(', ')})` : ''}: an OpenCode handler is called with (input, output), so the payload is { "input": {...}, "output": {...} } (for ${hook}: ${JSON.stringify(event.sample ?? {})}); ${stray.length > 1 ? 'these keys are' : 'this key is'} not passed to any plugin`, { evidence: HOOKPLAY }));
    }
    const { input, output } = hookArguments(hook, payload, paths);
    const abs = (key: string) => (key.startsWith('~/') ? `${paths.home}/${key.slice(2)}` : `${paths.project}/${key}`);
    const entries = folderOrder(loaded.entries, abs, modules?.listDir);
    const files = loaded.settings.files as Record<string, string> | undefined;
    // A handler is a property of the hooks object a plugin returns: no module that never names the hook can add one.
    const named = files ? Object.values(files).some((text) => text.includes(hook)) : true;
    const hooks: PlannedEntry<OpenCodeEntry>[] = entries.map((entry) => {
      if (entry.unloadable) return { entry, matched: false, why: `not loaded: ${entry.unloadable}`, whyRule: 'config.plugin-unloadable', whyEvidence: entry.unloadableEvidence ?? recorded('load-missing-file'), duplicateOf: null, willRun: false };
      if (hook === 'permission.ask') {
        return { entry, matched: false, why: 'OpenCode 1.18.33 never calls permission.ask: a permission prompt goes by without it (listen for the permission.asked event instead)', whyRule: 'divergence.permission-ask-never-called', whyEvidence: recorded('permission-ask-never-called'), duplicateOf: null, willRun: false };
      }
      if (!named) return { entry, matched: false, why: `no file of the scenario names "${hook}", so no plugin has a handler for it (hookplay does not start them)`, whyRule: 'hookplay.no-handler-named', whyEvidence: HOOKPLAY, duplicateOf: null, willRun: false };
      return { entry, matched: true, why: `loaded from ${SCOPE_LABEL[entry.scope]}; OpenCode calls its "${hook}" handler, if it has one, in load order`, whyRule: 'rule.load-order', whyEvidence: recorded('order-sources', 'order-folders'), duplicateOf: null, willRun: true };
    });
    if (hook === 'permission.ask' && entries.length) {
      diagnostics.push(diag('warning', 'divergence.permission-ask-never-called', 'OpenCode\'s plugin docs list permission.ask, but 1.18.33 never calls it: a plugin cannot answer a permission prompt this way (the prompt is asked, or in `opencode run` rejected, as if the handler were not there)', { evidence: recorded('permission-ask-never-called', 'permission-ask-with-ask-rule') }));
    }

    const sources: Record<string, string> = {};
    const transpileErrors = new Map<string, string>();
    if (modules && files && hooks.some((h) => h.willRun)) {
      for (const [key, text] of Object.entries(files)) {
        if (!isTs(key)) continue;
        const out = modules.transpile(abs(key), text);
        if ('code' in out) sources[abs(key)] = out.code;
        else {
          transpileErrors.set(key, out.error);
          diagnostics.push(diag('error', 'config.plugin-syntax', `${key} is not valid TypeScript (${out.error}): OpenCode logs "failed to load plugin" and runs without it`, { file: key, ...(out.line ? { line: out.line, column: out.column } : {}), evidence: recorded('load-syntax-error') }));
        }
      }
    }
    // Outside a git repository OpenCode's worktree is "/" (recorded); the project folder is the directory.
    const worktree = '/';
    const jobs: Job[] = hooks.flatMap((h, index) => {
      if (!h.willRun || !modules) return [];
      const plugin = abs(h.entry.key!);
      const stdin = callStdin(
        { plugin, hook, input, context: { directory: paths.project, worktree, project: { id: 'global', worktree, vcs: undefined }, serverUrl: 'http://localhost:4096' }, options: h.entry.options, sources },
        startState(hook, output),
      );
      return [{ hook: index, command: `exec '${modules.node}' --no-warnings '${modules.host}'`, cwd: paths.project, env: { ...baseEnv }, timeoutMs: h.entry.timeoutMs, stdin }];
    });
    if (!modules && hooks.some((h) => h.willRun)) diagnostics.push(diag('warning', 'hookplay.no-module-runtime', 'plugins cannot run here (no module runtime): nothing was called', { evidence: HOOKPLAY }));
    if (jobs.length > 1) {
      diagnostics.push(diag('info', 'rule.sequential', `${jobs.length} plugins are called one after another, in load order, each with the output object as the plugins before it left it; the first that throws stops the rest`, { evidence: recorded('order-chain-sees-earlier', 'before-throw-stops-later') }));
    }

    const chain: Chain = {
      start: asJson(startState(hook, output)),
      stop: (_job, current) => asState(current).threw !== null,
      before: (job, current) => {
        const call = JSON.parse(job.stdin) as Parameters<typeof callStdin>[0];
        return { stdin: callStdin(call, asState(current)), env: job.env };
      },
      after: (job, current, result) => {
        const state = asState(current);
        const report = readReport(result);
        // The runner's record shows what the plugin printed, not the host's report line.
        result.stdout = pluginStdout(result.stdout);
        const diagnostics: Diagnostic[] = [];
        const key = hooks[job.hook]!.entry.key!;
        if ('none' in report) {
          const error = transpileErrors.get(key) ?? report.none;
          diagnostics.push(diag('warning', 'hook.plugin-failed', `${ordinal(job.hook)} (${key}) ${error}${result.timedOut ? ` (hookplay's own limit of ${h(job.timeoutMs)}: OpenCode waits for a plugin as long as it takes)` : ''}`, { hook: job.hook, evidence: result.timedOut ? HOOKPLAY : recorded('load-init-throws') }));
          return { next: asJson({ ...state, failed: [...state.failed, { by: job.hook, error }] }), effect: 'error', diagnostics };
        }
        if (report.unavailable.length) {
          diagnostics.push(diag('info', 'hookplay.client-unavailable', `${ordinal(job.hook)} called ${[...new Set(report.unavailable)].join(', ')}: the SDK client talks to OpenCode's own server, which a playground run does not have, so the call did nothing`, { hook: job.hook, evidence: HOOKPLAY }));
        }
        if (!report.loaded) {
          diagnostics.push(diag('warning', 'hook.plugin-load-failed', `${key} failed to load (${transpileErrors.get(key) ?? report.loadError}): OpenCode logs "failed to load plugin" and goes on without it`, { hook: job.hook, file: key, evidence: recorded(...loadCases(report.loadError ?? '')) }));
          return { next: asJson({ ...state, failed: [...state.failed, { by: job.hook, error: report.loadError ?? '' }] }), effect: 'error', diagnostics };
        }
        const next: CallState = {
          ...state,
          output: (isObject(report.output) ? report.output : state.output) as JsonObject,
          originals: (isObject(report.originals) ? report.originals : state.originals) as JsonObject,
          same: report.same,
          ran: report.ran > 0 ? [...state.ran, job.hook] : state.ran,
          ...(report.unavailable.length ? { unavailable: [...state.unavailable, { by: job.hook, calls: report.unavailable }] } : {}),
        };
        if (report.threw) next.threw = { by: job.hook, message: report.threw.message };
        return { next: asJson(next), effect: effectOf(hook, state, next, report.ran > 0), diagnostics };
      },
    };
    return { hooks, jobs, input: { input, output } as JsonObject, diagnostics, chain };
  },

  settle({ prepared, event, chainEnd }) {
    const hook = event.name;
    const start = prepared.chain ? asState(prepared.chain.start) : startState(hook, {});
    const state = asState(chainEnd?.event ?? asJson(start));
    const effects = new Map<number, Effect>(chainEnd?.effects ?? []);
    const diagnostics: Diagnostic[] = [];
    const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
    if (state.threw) {
      const later = prepared.jobs.filter((j) => j.hook > state.threw!.by).map((j) => ordinal(j.hook));
      if (later.length) diagnostics.push(diag('info', 'rule.throw-stops', `${ordinal(state.threw.by)} threw, so OpenCode calls no later plugin (${later.join(', ')})`, { evidence: recorded('before-throw-stops-later') }));
    }
    for (const k of reassigned(hook, state)) {
      diagnostics.push(
        diag('warning', 'rule.output-reassigned', `a plugin assigned a new value to output.${k}: OpenCode goes on with the ${k} it handed the hook, so the new value is ignored; change it in place instead (output.${k}${k === 'parts' ? '.push(…)' : '.command = …'})`, {
          evidence: recorded(k === 'args' ? 'before-reassign-args' : 'chat-reassign-parts'),
        }),
      );
    }
    const used = usedOutput(hook, state);
    const original = prepared.chain ? usedOutput(hook, start) : used;
    switch (hook) {
      case 'tool.execute.before':
        if (state.threw) {
          settled.verdict = 'block';
          settled.reason = state.threw.message;
          settled.shown = { model: state.threw.message };
          diagnostics.push(diag('info', 'rule.before-throw-blocks', 'a handler threw: OpenCode does not run the tool; the call ends as an error whose text is the thrown message, which the model reads as the tool result', { evidence: recorded('before-throw-error', 'before-throw-string') }));
        }
        if (JSON.stringify(used.args) !== JSON.stringify(original.args)) {
          settled.updatedInput = used.args ?? null;
          if (!state.threw) diagnostics.push(diag('info', 'rule.before-rewrite', 'output.args was changed in place: OpenCode runs the call with it, and the model sees the changed call in its history', { evidence: recorded('before-rewrite-command', 'before-add-arg') }));
        }
        break;
      case 'tool.execute.after':
        if (state.threw) {
          settled.verdict = 'block';
          settled.reason = state.threw.message;
          settled.shown = { model: state.threw.message, toolResult: state.threw.message };
          diagnostics.push(diag('info', 'rule.after-throw', 'a handler threw after the tool ran: the call ends as an error with the thrown message, and the model reads that instead of the output', { evidence: recorded('after-throw') }));
        } else if (used.output !== original.output || used.title !== original.title) {
          settled.eventOut = { title: used.title ?? null, output: used.output ?? null };
          if (typeof used.output === 'string') settled.shown = { model: used.output, toolResult: used.output };
        }
        break;
      case 'chat.message': {
        if (state.threw) {
          settled.verdict = 'block';
          settled.reason = state.threw.message;
          settled.halt = true;
          settled.shown = { user: RUN_FAILED_TEXT };
          diagnostics.push(diag('warning', 'rule.chat-throw-fails-run', `a chat.message handler threw: the message is never sent; \`opencode run\` prints "${RUN_FAILED_TEXT}" and exits 1 (the thrown message is only in OpenCode's log)`, { evidence: recorded('chat-throw') }));
          break;
        }
        const before = textOfParts(original.parts);
        const after = textOfParts(used.parts);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          settled.eventOut = { parts: after };
          settled.shown = { model: after.join('\n') };
        }
        break;
      }
      case 'shell.env':
        if (isObject(used.env) && Object.keys(used.env).length) settled.eventOut = { env: used.env };
        break;
      default:
        break;
    }
    if (hook === 'event' && prepared.jobs.length) {
      diagnostics.push(diag('info', 'rule.event-not-awaited', 'OpenCode does not wait for event handlers: whatever they do, the session goes on', { evidence: recorded('event-session-lifecycle') }));
    }
    return settled;
  },
  lifecycle: opencodeLifecycle,
};

function h(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

function loadCases(error: string): [string, ...string[]] {
  if (/not a function/.test(error)) return ['load-export-not-function'];
  if (/Unexpected|SyntaxError|Expected|expected/.test(error)) return ['load-syntax-error'];
  return ['load-init-throws'];
}

/** What one plugin's call did, from the state before and after it. */
function effectOf(hook: string, before: CallState, after: CallState, ran: boolean): Effect {
  if (!ran) return 'none';
  if (after.threw) return 'block';
  const a = usedOutput(hook, before);
  const b = usedOutput(hook, after);
  if (JSON.stringify(a) === JSON.stringify(b)) return 'none';
  if (hook === 'tool.execute.before') return 'rewrite';
  if (hook === 'tool.execute.after') return 'replace';
  if (hook === 'chat.message') return 'rewrite';
  if (hook === 'shell.env') return 'context';
  return 'none';
}
