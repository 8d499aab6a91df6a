import type { Diagnostic, Effect } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import type { Chain, Dialect, Job, PlannedEntry, Settled } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { controlText, readAnswer, type Answer } from './answer.js';
import { commandLine } from './command.js';
import { HOOK_TIMEOUT_MS, loadCline, type ClineEntry } from './config.js';
import { controlOf, merge } from './combine.js';
import { recorded } from './evidence.js';
import { BLOCKING, CLINE_EVENTS, NEVER_RUN } from './events.js';
import { CLINERULES_HOOKS, DOCUMENTS_HOOKS, HOME_HOOKS, PROJECT_HOOKS } from './folders.js';
import { clineLifecycle } from './lifecycle.js';
import { buildPayload, toolOf } from './payload.js';
import { hookContextBlock } from './shown.js';
import { VERIFIED_AGAINST } from './verified.js';

export const VERSION = '3.0.65';

const STARTER_HOOK = `#!/bin/sh
# Cline runs every file named after an event in .clinerules/hooks/ (and three other folders).
# It reads {cancel, contextModification, errorMessage} from stdout; the exit code means nothing.
if grep -q 'rm -rf'; then
  echo '{"cancel": true, "errorMessage": "rm -rf is not allowed here"}'
else
  echo '{"contextModification": "Checked by .clinerules/hooks/PreToolUse"}'
fi
`;

/** Variables the CLI adds to its own environment for every hook it starts (recorded: pre-env). */
export const HOOK_ENV = { CLINE_BUILD_ENV: 'production' };

const absolute = (key: string, paths: { home: string; project: string }) => (key.startsWith('~/') ? `${paths.home}/${key.slice(2)}` : `${paths.project}/${key}`);

/** Effect of one hook's own answer (the merge decides the outcome; this says what each one contributed). */
function effectOf(event: string, answer: Answer): Effect {
  if (answer.cancel === true) return 'block';
  if (event === 'PreToolUse' && answer.hasOverride) return 'rewrite';
  if (answer.context?.trim()) return 'context';
  return 'none';
}

const answersOf = (jobs: Job[], results: Map<number, ProcessResult>) =>
  jobs.flatMap((j) => {
    const r = results.get(j.hook);
    return r ? [{ hook: j.hook, result: r, answer: readAnswer(r) }] : [];
  });

/**
 * Cline CLI 3.0.65, verified against the real CLI by `npm run oracle -- --host cline` and its session sweep.
 * A hook is a file named after its event in ~/Documents/Cline/Hooks, ~/.cline/hooks, .clinerules/hooks or
 * .cline/hooks; the CLI runs every one of an event, one after another, in path order, with an interpreter of its
 * choosing, and reads only JSON on stdout. Only PreToolUse and PostToolUse are waited for and read.
 */
export const cline: Dialect<ClineEntry> = {
  id: 'cline',
  label: 'Cline CLI',
  summary:
    'one file per hook, named after its event, in ~/.cline/hooks, ~/Documents/Cline/Hooks, .clinerules/hooks or .cline/hooks; run one after another (mode and #! optional); only PreToolUse and PostToolUse are read: {cancel, contextModification, errorMessage} on stdout, exit codes ignored; cancel stops the whole task; verified against the real CLI.',
  configFiles: [
    { path: `${CLINERULES_HOOKS}<Event>`, language: 'shell', description: 'Project hooks: one file per event, named after it (PreToolUse, PostToolUse, TaskStart, ...), with no extension or .sh, .js, .py, ...' },
    { path: `${PROJECT_HOOKS}<Event>`, language: 'shell', description: 'Project hooks, read as well (the CLI reads .cline/hooks beside .clinerules/hooks).' },
    { path: `${HOME_HOOKS}<Event>`, language: 'shell', description: 'Global hooks, for every project (moves with CLINE_DIR).' },
    { path: `${DOCUMENTS_HOOKS}<Event>`, language: 'shell', description: 'Global hooks, the location the hooks page names.' },
  ],
  events: CLINE_EVENTS,
  hostSettings: ['version', 'env', 'args'],
  mode: 'chain',
  // The CLI keeps a hook's whole output; hookplay shows 1 MiB per pipe.
  process: { shell: ['/bin/sh', '-c'], kill: { first: 'SIGKILL' }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: { event: 'PreToolUse', files: { [`${CLINERULES_HOOKS}PreToolUse`]: STARTER_HOOK } },
  verifiedAgainst: VERIFIED_AGAINST,
  versions: { supported: [VERSION], default: VERSION },

  load: loadCline,

  prepare({ loaded, event, payload, host, paths, baseEnv }) {
    const diagnostics: Diagnostic[] = [];
    if (host.version !== undefined && host.version !== VERSION) {
      diagnostics.push(diag('warning', 'config.unknown-version', `hookplay knows Cline CLI ${VERSION} only; host.version "${host.version}" is played with ${VERSION}'s rules`));
    }
    const input = buildPayload(event.name, payload, paths, { ...baseEnv });
    // The CLI sorts the hook files of all folders by their paths as it knows them: absolute, except under a relative
    // CLINE_DIR (recorded: folders-cline-dir-env); so the order of home and project hooks depends on where they are.
    const entries = loaded.entries
      .filter((e) => e.event === event.name)
      .map((e) => ({ e, path: e.relative ? e.key : absolute(e.key, paths) }))
      .sort((a, b) => a.path.localeCompare(b.path));
    const never = NEVER_RUN.has(event.name);
    const hooks: PlannedEntry<ClineEntry>[] = entries.map(({ e }) =>
      never
        ? {
            entry: e,
            // No matcher to fail: the CLI finds the file and never starts it.
            matched: true,
            why: `not run: Cline CLI ${VERSION} never runs ${event.name} hooks (the file is found, but the CLI ${event.name === 'PreCompact' ? 'maps it to no event' : 'never fires the event'})`,
            whyRule: 'rule.never-run',
            whyEvidence: recorded(event.name === 'PreCompact' ? 'precompact-never-fires' : 'ups-never-fires'),
            duplicateOf: null,
            willRun: false,
          }
        : {
            entry: e,
            matched: true,
            why: `runs on every ${event.name}: a Cline hook file has no matcher${event.name.endsWith('ToolUse') ? ' (test preToolUse.toolName in the script)' : ''}`,
            whyRule: 'rule.no-matcher',
            whyEvidence: recorded('folders-home-cline', 'calls-two-pre-order'),
            duplicateOf: null,
            willRun: true,
          },
    );
    const stdin = JSON.stringify(input);
    const jobs: Job[] = hooks.flatMap((h, index) => {
      if (!h.willRun) return [];
      const argv = [...h.entry.interpreter, entries[index]!.path];
      return [{ hook: index, command: `exec ${commandLine(argv)}`, cwd: paths.project, env: { ...baseEnv, ...HOOK_ENV }, timeoutMs: h.entry.timeoutMs, stdin }];
    });
    if (jobs.length > 1) {
      diagnostics.push(diag('info', 'rule.sequential', `${jobs.length} hooks run one after another, in the order of their full paths, each with the same event JSON; every one runs, whatever the others answered`, { evidence: recorded('folders-all-four-order', 'pre-cancel-then-context', 'names-same-event-twice') }));
    }
    if (!BLOCKING.has(event.name) && jobs.length) {
      diagnostics.push(
        diag('info', 'run.detached-waited', `the CLI starts ${event.name} hooks and does not wait for them (no timeout either); hookplay waits for them to show what they do, and stops one at ${HOOK_TIMEOUT_S} s`, { evidence: { kind: 'hookplay' } }),
      );
    }
    // Sequential, one JSON for all: a chain whose steps only note each hook's own effect.
    const chain: Chain = {
      start: {},
      before: (job) => ({ stdin: job.stdin, env: job.env }),
      after: (job, current, result) => {
        const answer = readAnswer(result);
        const effect = typeof answer === 'string' || !BLOCKING.has(event.name) ? 'none' : effectOf(event.name, answer);
        return { next: current, effect, diagnostics: [] };
      },
    };
    return { hooks, jobs, input, diagnostics, chain };
  },

  settle({ prepared, event, results }) {
    const diagnostics: Diagnostic[] = [];
    const effects = new Map<number, Effect>();
    const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
    const answered = answersOf(prepared.jobs, results);
    for (const { hook, result, answer } of answered) {
      if (answer === 'timed-out') diagnostics.push(diag('warning', 'rule.timeout-no-answer', `${ordinal(hook)} ran past ${HOOK_TIMEOUT_S} s: the CLI killed it (SIGKILL) and went on without its answer`, { hook, evidence: recorded('pre-timeout-120s') }));
      else if (answer === 'invalid-json') diagnostics.push(diag('warning', 'rule.not-json-ignored', `${ordinal(hook)} printed something that is not JSON: the CLI logs "invalid JSON control output" and ignores it`, { hook, evidence: recorded('pre-plain-text-ignored') }));
      else if (answer === 'failed-to-start') diagnostics.push(diag('warning', 'rule.failed-to-start', `${ordinal(hook)} could not be started (${prepared.hooks[hook]!.entry.interpreter[0]} is not there): the CLI logs "hook command failed" and goes on`, { hook, evidence: recorded('exec-shebang-missing-interpreter') }));
      if (result.exitCode !== null && result.exitCode !== 0 && answer !== 'failed-to-start' && BLOCKING.has(event.name)) {
        diagnostics.push(diag('info', 'rule.exit-code-ignored', `${ordinal(hook)} exited ${result.exitCode}: Cline reads no exit code (exit 2 blocks nothing), only the JSON on stdout`, { hook, evidence: recorded('pre-exit-2-ignored', 'pre-exit-1-json-counts') }));
      }
    }
    if (!BLOCKING.has(event.name)) {
      const said = answered.filter((a) => typeof a.answer !== 'string' && (a.answer.cancel !== undefined || a.answer.context !== undefined || a.answer.cancelReason !== undefined));
      if (said.length) {
        diagnostics.push(diag('warning', 'rule.output-not-read', `${said.map((a) => ordinal(a.hook)).join(', ')} answered, but the CLI does not wait for ${event.name} hooks and never reads what they print: nothing is cancelled or added`, { evidence: recorded(event.name === 'TaskComplete' ? 'taskcomplete-cancel-ignored' : 'taskstart-cancel-ignored') }));
      }
      return settled;
    }
    const answers = answered.flatMap((a) => (typeof a.answer === 'string' ? [] : [a.answer]));
    for (const a of answered) if (typeof a.answer !== 'string') effects.set(a.hook, effectOf(event.name, a.answer));
    const control = controlOf(merge(answers), event.name);
    const call = toolOf(event.name, prepared.input);
    if (control.stop) {
      settled.verdict = 'block';
      settled.reason = control.reason ?? null;
      settled.halt = true;
      if (control.reason) settled.stopReason = control.reason;
      const what = event.name === 'PreToolUse' ? 'the call does not run' : 'the result never reaches the model';
      diagnostics.push(
        diag('warning', 'rule.cancel-halts', `cancel: true halts the whole task, not just this ${event.name === 'PreToolUse' ? 'call' : 'result'}: ${what}, no further model request is made, SessionShutdown hooks run, and the CLI still exits 0`, {
          evidence: recorded(event.name === 'PreToolUse' ? 'pre-cancel' : 'post-cancel', 'shutdown-on-cancel'),
        }),
      );
      diagnostics.push(
        diag('info', 'divergence.cancel-reason-unseen', `the docs say errorMessage is shown when a hook cancels; Cline CLI ${VERSION} shows it to neither the model nor the user (only its log has it; --json prints run_aborted "aborted by another client")`, {
          evidence: recorded('pre-cancel', 'pre-cancel-no-reason'),
        }),
      );
      settled.shown = { user: 'aborted by another client' };
      if (control.appendContext === undefined && answers.some((a) => a.cancel !== true && a.context)) {
        diagnostics.push(diag('info', 'rule.cancel-drops-context', 'the other hooks\' context is dropped with the cancel', { evidence: recorded('pre-cancel-then-context') }));
      }
    } else if (control.appendContext !== undefined) {
      settled.context = [control.appendContext.trim()];
      settled.shown = { model: hookContextBlock(event.name, call, control.appendContext) };
    }
    if (control.hasInput && !control.stop) {
      settled.updatedInput = control.input ?? null;
      diagnostics.push(diag('info', 'rule.override-input', 'overrideInput replaces the call\'s input: the tool runs with it, while the model\'s own message keeps the arguments it sent', { evidence: recorded('pre-override-input') }));
    }
    if (event.name === 'PostToolUse' && answers.some((a) => a.hasOverride)) {
      diagnostics.push(diag('info', 'rule.post-override-ignored', 'overrideInput from a PostToolUse hook changes nothing', { evidence: recorded('post-override-ignored') }));
    }
    if (answered.some((a) => typeof a.answer !== 'string' && a.answer.cancel !== true && readErrorOnly(a.result.stdout))) {
      diagnostics.push(diag('info', 'divergence.error-message-is-context', 'an errorMessage without cancel: true is not an error: the CLI sends it to the model as context', { evidence: recorded('pre-errorMessage-becomes-context') }));
    }
    return settled;
  },
  lifecycle: clineLifecycle,
};

const HOOK_TIMEOUT_S = HOOK_TIMEOUT_MS / 1000;

/** A hook whose context came from its errorMessage (no context field): worth saying, it surprises. */
function readErrorOnly(stdout: string): boolean {
  try {
    const o = JSON.parse(controlText(stdout)) as Record<string, unknown>;
    return typeof o.errorMessage === 'string' && typeof o.context !== 'string' && typeof o.contextModification !== 'string';
  } catch {
    return false;
  }
}
