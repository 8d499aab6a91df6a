import type { Diagnostic, Outcome, SessionTool } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import { StepCursor } from '../../session/cursor.js';
import { beginStep, diagnostic, fire, modelRequest, notice, recordTool, runTool, type Lifecycle, type LifecycleEnd, type LifecycleRun, type SessionEffect } from '../../session/effects.js';
import { stepLabel, type SessionStep } from '../../session/steps.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';
import { TIMING_RULES, withEvidence } from './evidence.js';
import { isHookplayNote } from '../../consistency/hookplay-notes.js';
import { diag } from '../shared/results.js';
import { headlessAskText } from './headless.js';
import { carriesMode } from './payload.js';
import { permissionSuggestions } from './suggestions.js';
import { checkPermission, fileWrites, readPermissions, settlePrompt, subcommands, type PermissionDecision, type PermissionSettings, type PromptAnswer } from './permissions.js';
import { rulesFor, stopBlockCap, UNCAPPED_STOP_GUARD, type ClaudeCodeRules } from './version.js';
import { invalidBashInput } from './tool-input.js';
import { hookName, wording } from './wording.js';

/**
 * Claude Code's lifecycle, as the real CLI plays a session (recorded with `claude -p`, see oracle/):
 * SessionStart → per turn UserPromptSubmit → a model request → per tool call PreToolUse → permission (the hook's
 * verdict against permission rules and the mode, see permissions.ts; then a prompt, with PermissionRequest hooks
 * and the user's answer racing for it) → the tool → PostToolUse or
 * PostToolUseFailure → PostToolBatch → the next request → … → Stop (a block hands the model its feedback and Stop
 * runs again with stop_hook_active, up to the cap) → SessionEnd. Hook-made texts pile up in conversation order:
 * each request carries all of them so far.
 */
export interface ClaudeCodeLifecycleOptions {
  /** `--allowedTools` of the run: `Bash` (everything) or rules like `Bash(echo:*)`, when host.allowedTools is not set. Default: none. */
  allowedTools?: string;
  /** The oracle's mock model answers `FINAL_TEXT_<request number>` whenever it ends a turn. */
  oracleReplies?: boolean;
  /**
   * The oracle's stdio host (`--permission-prompt-tool stdio`): every prompt reaches it, whether or not an approval
   * step follows; a deny carries `denyMessage`, and a prompt with no approval step gets `unanswered`.
   */
  hostAnswers?: { denyMessage: string; unanswered: PromptAnswer };
  /** When the user answers a prompt, in ms after it opens. Default: after the PermissionRequest hooks, as a person does. */
  answerDelayMs?: number;
  /** What the session's API requests go through, as the auto-mode notice names it. */
  apiVia?: string;
  /**
   * An event's notices as the host's stream prints them, one line each. Default: the outcome's `shown.user` as one
   * notice. The Agent SDK prints a failed callback's notice and the block it causes as two lines (recorded:
   * cb-UserPromptSubmit-throws-onfailure-block).
   */
  noticesOf?: (outcome: Outcome) => string[];
  /** Record the hook texts of every model request (the oracle's several-turn cases compare them). */
  perRequest?: boolean;
}

export interface Observation {
  /** Messages API requests the host made. */
  requests: number;
  tool: { executed: boolean; input: JsonObject | null; result: string | null; isError: boolean | null; decidedBy: string | null } | null;
  /** Every hook-made text the model read, in conversation order (as in the last request). */
  modelSaw: string[];
  /** Notices the host printed for the user. */
  userSaw: string[];
  /** Every tool call, in the order the model made them (`tool` is the last). */
  tools?: Observation['tool'][];
  /** One entry per Stop event: its stop_hook_active. */
  stopRuns: boolean[];
  /** A hook's `continue: false` ended the session. */
  halted: boolean;
  /** Hook processes started, per event. */
  hookRuns: Record<string, number>;
  /** How each hook process ended, per event: `success`, `error:<exit code>` or `cancelled`, sorted. */
  hookEnds?: Record<string, string[]>;
  /** Events whose hooks finished too close together for the order of their answers to be fixed (see RACE_MS). */
  racy?: string[];
  /** With a host that answers prompts: each prompt the user saw, with the answer given. */
  asked?: { tool: string; command: string | null; answer: PromptAnswer }[];
  /** With a host that answers prompts: the permission decision of each tool call, in order. */
  decisions?: (PermissionDecision | null)[];
  /** With perRequest: the hook texts of every model request. */
  requestsSaw?: string[][];
  /** The CLI refused to start, in its own words: nothing ran. */
  refused?: string;
}

/** Every rule the engine stated along a session: diagnostic codes, and the matcher rules behind "why". */
export function ruleCodes(events: { outcome: Outcome }[]): Set<string> {
  const codes = new Set<string>();
  for (const { outcome } of events) {
    for (const d of outcome.diagnostics) codes.add(d.code);
    for (const h of outcome.hooks) if (h.whyRule) codes.add(h.whyRule);
  }
  for (const code of Object.keys(TIMING_RULES)) codes.delete(code);
  // hookplay's own notes (its limits, its summaries) are no rule of the host: no recording can show them.
  for (const code of codes) if (isHookplayNote(code)) codes.delete(code);
  return codes;
}

export const claudeCodeLifecycle: Lifecycle<ClaudeCodeLifecycleOptions> = {
  supports: ['calls', 'resume'],
  check(steps, host) {
    const version = rulesFor(host.version);
    if (!version.rules) return [{ step: 0, message: version.diagnostics.map((d) => d.message).join('; ') }];
    return [];
  },
  play: (input) => play(input.steps, input.host, input.files, input.paths, input.options ?? {}),
};

function* play(steps: SessionStep[], host: HostSettings, files: Record<string, string>, paths: { project: string; home: string }, options: ClaudeCodeLifecycleOptions): LifecycleRun {
  const rules = rulesFor(host.version).rules as ClaudeCodeRules;
  const norm = (s: string) => s.split(paths.project).join('$PROJECT').split(paths.home).join('$HOME');
  const hookRuns: Record<string, number> = {};
  const hookEnds: Record<string, string[]> = {};
  const obs: Observation = { requests: 0, tool: null, tools: [], modelSaw: [], userSaw: [], stopRuns: [], halted: false, hookRuns, hookEnds, decisions: [] };
  const seeTool = (tool: NonNullable<Observation['tool']>) => {
    obs.tool = tool;
    obs.tools!.push(tool);
  };
  if (options.hostAnswers) obs.asked = [];
  if (options.perRequest) obs.requestsSaw = [];
  const permissions = withEvidence(
    readPermissions(files, { ...(modeOf(host) ? { permissionMode: modeOf(host)! } : {}), allowedTools: host.allowedTools ?? options.allowedTools ?? null, ...(host.args ? { args: host.args } : {}), style: rules.permissions, projectTrusted: rules.projectTrusted }),
    rules.version,
  );
  /** A note of the lifecycle's own, labelled from the recordings of the version played. */
  const evidenced = (d: Diagnostic): Diagnostic => withEvidence({ diagnostics: [d] }, rules.version).diagnostics[0]!;
  const cursor = new StepCursor(steps);
  /** Every hook-made text so far, in conversation order. */
  const told: string[] = [];
  /** Stop notes written into the conversation that only later turns' requests carry: where each goes in `told`. */
  const heldBack: { at: number; text: string }[] = [];
  /** What the latest model request carried: texts added after it (a session that halts) never reach the model. */
  let carried: string[] = [];
  let toolCalls = 0;
  let lastReply: string | null = null;
  /** The host as the current CLI process has it: a resumed process has the marketplace plugins the first installed. */
  let hostNow: HostSettings = host;

  function* event(name: string, payload: JsonObject): Generator<SessionEffect, Outcome, unknown> {
    // The payload names the session's permission mode where the event carries one (x-suggest-accept-edits-node,
    // x-denied-capture: "plan").
    const outcome = yield* fire(name, carriesMode(name, rules.payload) && !('permission_mode' in payload) ? { permission_mode: permissions.mode, ...payload } : payload, hostNow);
    // The harness reads the CLI's stream, which has closed by the time SessionEnd runs.
    if (name === 'SessionEnd') return outcome;
    if (outcome.diagnostics.some((d) => d.code === 'rule.finish-order-racy')) (obs.racy ??= []).push(name);
    const ran = outcome.hooks.filter((h) => h.ran);
    if (ran.length) hookRuns[name] = (hookRuns[name] ?? 0) + ran.length;
    for (const h of ran) (hookEnds[name] ??= []).push(h.hostReport ?? (h.timedOut ? 'cancelled' : h.exitCode === 0 ? 'success' : `error:${h.exitCode ?? 1}`));
    hookEnds[name]?.sort();
    if (outcome.shown?.user) {
      for (const text of options.noticesOf?.(outcome) ?? [outcome.shown.user]) {
        obs.userSaw.push(norm(text));
        yield* notice(text);
      }
    }
    return outcome;
  }
  function* request(): Generator<SessionEffect, void, unknown> {
    obs.requests++;
    carried = [...told];
    obs.requestsSaw?.push(carried);
    yield* modelRequest(carried);
  }
  const end = (reason: LifecycleEnd['reason'], message: string, step: number | null): LifecycleEnd => {
    obs.modelSaw = obs.requests > 0 ? carried : [];
    return { reason, message, step, observation: obs };
  };
  function* finish(reason: LifecycleEnd['reason'], message: string, step: number | null): Generator<SessionEffect, LifecycleEnd, unknown> {
    yield* beginStep(null, 'session end');
    yield* event('SessionEnd', { reason: 'other' });
    return end(reason, message, step);
  }

  yield* beginStep(null, 'session start');
  for (const d of permissions.diagnostics) yield* diagnostic(d);
  const refusal = startRefusal(host, permissions.mode);
  if (refusal) {
    obs.refused = refusal;
    yield* notice(refusal);
    yield* diagnostic(evidenced(diag('error', 'rule.refuses-root-bypass', `Claude Code refuses to start: it runs as root (host.root) in ${permissions.mode} mode, which it allows only when told it runs in a sandbox (IS_SANDBOX=1 in host.env); no hook runs`)));
    return end('refused', `Claude Code refused to start: ${refusal}`, null);
  }
  const start = yield* event('SessionStart', { source: 'startup' });
  // continue: false on SessionStart stops nothing (recorded): the session goes on to the prompt.
  told.push(...start.context.map(norm));

  while (!cursor.done) {
    const next = cursor.next()!;
    if (next.kind === 'resume') {
      // `claude -p --resume <id>` / `--continue`: the process ends (SessionEnd), a new one loads the conversation
      // and fires SessionStart with source "resume"; what it adds joins the conversation so far.
      yield* beginStep(next.index, stepLabel(next.step));
      yield* event('SessionEnd', { reason: 'other' });
      // The observation's halt is the last process's: a new one starts afresh, with the plugins the first installed.
      obs.halted = false;
      hostNow = { ...host, pluginsInstalled: true };
      const again = yield* event('SessionStart', { source: 'resume' });
      // What the resumed SessionStart adds reaches the model only where it says something new: a text whose words
      // a SessionStart already gave (plain or as additionalContext) is dropped (x-resume2-same-plain-resume,
      // -same-context-continue, -plain-then-context, x-resume-twice; other words are kept: x-resume-start-by-source).
      const said = new Set(told.filter(isStartText).map(startWords));
      const fresh = again.context.map(norm).filter((t) => !said.has(startWords(t)));
      if (fresh.length < again.context.length) yield* diagnostic(evidenced(diag('info', 'rule.resume-start-repeat-dropped', 'the resumed session\'s SessionStart hooks say what a SessionStart already said: Claude Code does not add those words to the conversation again')));
      told.push(...fresh);
      continue;
    }
    if (next.kind !== 'prompt') {
      // Only event steps can come between turns (check() rejects the rest).
      if ('event' in next.step) {
        yield* beginStep(next.index, stepLabel(next.step));
        yield* event(next.step.event, next.step.payload as JsonObject);
      }
      continue;
    }
    const prompt = (next.step as { prompt: string }).prompt;
    yield* beginStep(next.index, stepLabel(next.step));
    // The harness reads how the last turn ended: a new turn starts afresh.
    obs.halted = false;
    // A new turn reads the whole conversation, the held-back Stop notes included (latest first keeps each place right).
    for (const { at, text } of heldBack.splice(0).reverse()) told.splice(at, 0, text);
    const submit = yield* event('UserPromptSubmit', { prompt });
    // The harness sees no halt here: the prompt is simply never sent (the CLI reports it like a blocked prompt). The
    // notice stays in the conversation, which a resumed session reads (x-resume-after-prompt-halt).
    if (submit.halt) {
      told.push(wording.promptHalted(submit.stopReason ?? null));
      const ended = yield* turnHalted('halted', 'a UserPromptSubmit hook stopped the session (continue: false)', next.index);
      if (ended) return ended;
      continue;
    }
    if (submit.verdict === 'block') {
      cursor.skipToTurnOrResume();
      if (cursor.done) return yield* finish('prompt-blocked', 'a UserPromptSubmit hook blocked the prompt: the model never saw it', next.index);
      continue;
    }
    told.push(...submit.context.map(norm));
    yield* request();

    const turn = yield* playTurn(next.index);
    if (turn) return turn;
  }
  return yield* finish('completed', 'every step was played', null);

  /**
   * A hook's continue: false ended the turn: the rest of it is never reached, and the session ends there unless the
   * user goes on, with another prompt or by resuming (x-resume2-pre-halt-then-prompt, x-resume-after-pre-halt).
   * Null: the session goes on.
   */
  function* turnHalted(reason: LifecycleEnd['reason'], message: string, step: number): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    const skipped = cursor.skipToTurnOrResume();
    if (cursor.done) return yield* finish(reason, message, step);
    if (skipped.length) yield* diagnostic(evidenced(diag('info', 'session.turn-halted', `${message}; the rest of the turn (${skipped.map((i) => `session.steps[${i}]`).join(', ')}) is never reached, and the session goes on with the user's next step`)));
    return null;
  }

  /** The model's side of a turn: tool calls and its reply, then Stop. Returns how the session ended, if it did. */
  function* playTurn(promptIndex: number): Generator<SessionEffect, LifecycleEnd | null, unknown> {
    let blocks = 0;
    for (;;) {
      const step = cursor.peek();
      if (step?.kind === 'tool' || step?.kind === 'calls') {
        cursor.next();
        const calls = step.kind === 'tool' ? [step.step as ToolStep] : (step.step as Extract<SessionStep, { calls: unknown }>).calls.map((c) => c as ToolStep);
        const ended = yield* playCalls(step.index, calls);
        if (ended === TURN_OVER) return null;
        if (ended) return ended;
        continue;
      }
      if (step?.kind === 'event') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        yield* event((step.step as { event: string }).event, (step.step as { payload: JsonObject }).payload);
        continue;
      }
      if (step?.kind === 'interrupt') {
        cursor.next();
        // Stop hooks do not run when the user interrupts: the turn just ends.
        yield* beginStep(step.index, stepLabel(step.step));
        yield* notice('Interrupted by user');
        if (cursor.done) return yield* finish('interrupted', 'the user interrupted the turn', step.index);
        return null;
      }
      // The model ends its turn: with the reply given, or (steps over, or the user's turn next) a reply of its own.
      let text: string;
      if (step?.kind === 'reply') {
        cursor.next();
        yield* beginStep(step.index, stepLabel(step.step));
        text = (step.step as { reply: string }).reply;
      } else {
        yield* beginStep(null, blocks > 0 ? 'the model answers again' : 'the model ends its turn');
        text = options.oracleReplies ? `FINAL_TEXT_${obs.requests}` : (lastReply ?? 'Done.');
      }
      lastReply = text;
      const stop = yield* event('Stop', { stop_hook_active: blocks > 0, last_assistant_message: text, background_tasks: [], session_crons: [] });
      // With disableAllHooks no event reaches any hook (the oracle's probes included).
      if (!stop.diagnostics.some((d) => d.code === 'config.hooks-disabled')) obs.stopRuns.push(blocks > 0);
      // continue: false on Stop ends the turn ("stop_hook_prevented"): the CLI does not count it as halted, but
      // a session whose last turn a hook stopped ended by that hook, not by playing every step. Its note stays in
      // the conversation for the turns after (stop-continue-false--resume).
      if (stop.halt) told.push(wording.stoppedContinuation('Stop', stop.stopReason ?? null));
      if (stop.halt && cursor.done) return yield* finish('halted', 'a Stop hook answered continue: false: Claude Code ended the turn there (stop_hook_prevented)', promptIndex);
      if (stop.halt || stop.verdict !== 'block') return null;
      blocks++;
      const cap = stopBlockCap(rules, host.env) ?? UNCAPPED_STOP_GUARD;
      if (blocks >= cap && stopBlockCap(rules, host.env) === null) {
        // No cap on this build, or the environment lifted it: the real CLI would loop for as long as the hook
        // blocks. The end is hookplay's.
        const why = rules.stopBlockCap === null ? `Claude Code ${rules.version} has no cap` : `${rules.stopBlockCapEnv} lifts Claude Code's cap`;
        return yield* finish('limit', `hookplay stopped the loop after ${cap} Stop blocks in a row (its own safety limit): ${why} and would keep the turn going`, promptIndex);
      }
      if (blocks >= cap) {
        const text = wording.stopCapReached(cap, rules.stopBlockCapEnv);
        obs.userSaw.push(text);
        yield* notice(text);
        // The overridden block's texts are written into the conversation all the same: only the turns after read
        // them (x-stop-cap-3-two-turns, stop-block-always--resume, stop-error--resume).
        told.push(...stop.context.map(norm));
        if (!cursor.done) return null;
        return yield* finish('stop-cap', `Stop hooks blocked ${cap} times in a row; Claude Code ended the turn anyway`, promptIndex);
      }
      // Stop's context holds everything the model reads: the feedback messages, then the system notes. Older builds
      // write a JSON block's note before its feedback, where only later turns read it (profiles.ts, stopBlockNote).
      const late = rules.stopBlockNote === 'next-turn' ? stop.context.filter(isStopNote) : [];
      if (late.length) {
        heldBack.push(...late.map((text) => ({ at: told.length, text: norm(text) })));
        yield* diagnostic(evidenced(diag('info', 'rule.stop-note-next-turn', `Claude Code ${rules.version} writes the "Stop hook blocking error" note into the conversation before the feedback, but this turn's requests do not carry it: the model reads it only from the next turn on (recorded)`)));
      }
      told.push(...stop.context.filter((t) => !late.includes(t)).map(norm));
      yield* request();
    }
  }

  /**
   * One model message's tool calls: each its own PreToolUse → permission → tool → PostToolUse, one after the other,
   * then PostToolBatch once with every call, then the next request with all their results.
   */
  function* playCalls(index: number, calls: ToolStep[]): Generator<SessionEffect, LifecycleEnd | typeof TURN_OVER | null, unknown> {
    // The approval steps after the call(s) answer their prompts in the order the prompts open; a call that needs no
    // permission takes none (the harness answers so too, packages/real-host/src/hosts/claude-code/drive.ts).
    const answers: Approval[] = [];
    for (let a = cursor.take('approval'); a; a = cursor.take('approval')) answers.push(a as Approval);
    const entries: JsonObject[] = [];
    let afterPre = told.length;
    // A continue: false stops the turn once the message's calls are done: the others still run, and no PostToolBatch
    // fires (x-calls2-first-halts).
    let haltNote: string | null = null;
    for (const [k, call] of calls.entries()) {
      if (calls.length > 1) yield* beginStep(index, `call ${k + 1} of ${calls.length}: ${stepLabel(call)}`);
      const one = yield* playTool(index, call, answers);
      if ('interrupted' in one) return yield* interrupted(index, calls.slice(k + 1));
      if ('reason' in one) return one;
      haltNote ??= one.halt;
      entries.push(one.entry);
      afterPre = one.afterPre;
    }
    for (const unasked of answers) {
      // The scenario answers a prompt the host never showed: say so rather than pretend the answer mattered.
      yield* beginStep(unasked.index, stepLabel(unasked.step));
      yield* diagnostic(evidenced({ level: 'warning', code: 'session.nothing-to-approve', message: 'no permission prompt was pending: Claude Code (or a hook) decided the call without asking, so this answer changes nothing' }));
    }
    if (haltNote !== null) return yield* halted(index, haltNote);
    const batch = yield* batchHalts(entries, afterPre);
    if (batch !== null) return yield* halted(index, batch);
    yield* request();
    return null;
  }

  /**
   * A PermissionRequest hook's interrupt stops the turn: the calls of the message that had not run yet are rejected
   * with the same words, no hook of theirs runs (perm-interrupt--calls), and no Stop runs. A later prompt or resume
   * goes on (perm-interrupt--resume).
   */
  function* interrupted(index: number, rest: ToolStep[]): Generator<SessionEffect, LifecycleEnd | typeof TURN_OVER, unknown> {
    for (const call of rest) {
      ++toolCalls;
      seeTool({ executed: false, input: null, result: wording.permissionInterrupted, isError: true, decidedBy: null });
      obs.decisions!.push(null);
      yield* recordTool({ name: call.tool, input: call.input as JsonObject, ran: false, result: wording.permissionInterrupted, isError: true, decidedBy: 'hook', source: 'none' });
    }
    cursor.skipToTurnOrResume();
    if (cursor.done) return yield* finish('interrupted', 'a PermissionRequest hook denied with interrupt: true, which stops the turn', index);
    return TURN_OVER;
  }

  function* playTool(index: number, step: ToolStep, answers: Approval[]): Generator<SessionEffect, LifecycleEnd | { interrupted: true } | { halt: string | null; entry: JsonObject; afterPre: number }, unknown> {
    yield* beginStep(index, stepLabel(step));
    const toolName = step.tool;
    const asked = step.input as JsonObject;
    const toolUseId = `toolu_mock_${++toolCalls}`;
    const record = (tool: Omit<SessionTool, 'name'>) => recordTool({ name: toolName, ...tool });
    const invalid = toolName === 'Bash' ? invalidBashInput(asked) : null;
    if (invalid) {
      // The schema check comes first: no hook of the call runs, the complaint is its result (tool-input.ts).
      seeTool({ executed: false, input: null, result: invalid, isError: true, decidedBy: null });
      yield* record({ input: asked, ran: false, result: invalid, isError: true, decidedBy: 'host', source: 'none' });
      yield* diagnostic(diag('info', 'rule.input-invalid', `Claude Code checks the ${toolName} input against the tool's schema before any hook runs: this one fails it, so no PreToolUse, PermissionRequest or PostToolUse hook runs and the model reads the complaint (recorded)`));
      return { halt: null, entry: { tool_name: toolName, tool_input: asked, tool_use_id: toolUseId, tool_response: invalid }, afterPre: told.length };
    }
    const removedBy = removingRule(permissions, toolName);
    if (removedBy) {
      // A deny rule naming the bare tool takes it out of the session: the model's call finds no such tool, and no
      // hook of the call runs (rule-user-deny--plan, rule-project-deny--plan).
      const result = wording.toolRemoved(toolName);
      seeTool({ executed: false, input: null, result, isError: true, decidedBy: null });
      yield* record({ input: asked, ran: false, result, isError: true, decidedBy: 'rule', source: 'none' });
      yield* diagnostic(evidenced(diag('info', 'permission.tool-removed', `deny rule "${toolName}" (${removedBy}) names the whole tool: Claude Code removes ${toolName} from the session, so the call fails as a tool that does not exist and no PreToolUse, PermissionRequest or PostToolUse hook runs`)));
      return { halt: null, entry: { tool_name: toolName, tool_input: asked, tool_use_id: toolUseId, tool_response: result }, afterPre: told.length };
    }
    const pre = yield* event('PreToolUse', { tool_name: toolName, tool_input: asked, tool_use_id: toolUseId });
    let input: JsonObject = isObject(pre.updatedInput) ? pre.updatedInput : asked;
    if (pre.diagnostics.some((d) => d.code === 'rule.defer')) {
      seeTool({ executed: false, input: null, result: null, isError: null, decidedBy: null });
      yield* record({ input: asked, ran: false, result: null, isError: false, decidedBy: 'hook', source: 'none' });
      return yield* finish('deferred', 'a PreToolUse hook deferred the call: claude -p exits there, to be resumed later', index);
    }

    let allowed = false;
    let decidedBy = 'rule';
    /** `source`: whom the CLI credits, where it is not who decided (a deny rule naming the command: the user). */
    let denied: { result: string; decidedBy: string; source?: string } | null = null;
    function* decide(decision: PermissionDecision | null, found: Diagnostic[]): Generator<SessionEffect, void, unknown> {
      obs.decisions?.push(decision);
      for (const d of withEvidence({ diagnostics: found }, rules.version).diagnostics) yield* diagnostic(d);
    }
    const hookVerdict = pre.verdict === 'allow' ? 'allow' : pre.verdict === 'ask' ? 'ask' : null;
    const check = pre.verdict === 'block' ? null : checkPermission(permissions, { toolName, input }, hookVerdict, options.apiVia, rules.permissions, {
            hookAllowFirst: rules.hookAllowFirst,
            project: paths.project,
            planAsks: !rules.planClassifier,
            olderAuto: !rules.planClassifier,
            ...(rules.wordings.autoModeDenied ? { autoDenied: (tool: string) => rules.wordings.autoModeDenied.replaceAll('{tool}', tool) } : {}),
          });
    // Someone answers prompts: the oracle's stdio host, or the user of a scenario whose next step is an approval.
    const prompting = options.hostAnswers !== undefined || answers.length > 0;
    // 2.1.47 and 2.1.143 refuse a file write that would ask when nobody answers prompts (versions/profiles.ts, fileWriteBlocked).
    const command = toolName === 'Bash' && typeof input.command === 'string' ? input.command : null;
    const blockedWrite = rules.fileWriteBlocked && !prompting && check?.outcome === 'ask' && hookVerdict === null && command !== null ? fileWrites(command)[0] : undefined;
    if (pre.verdict === 'block' || !check) {
      denied = { result: pre.shown?.toolResult ?? '', decidedBy: 'hook' };
      yield* decide({ decision: 'reject', source: 'hook', reason_type: 'hook' }, []);
    } else if (check.outcome === 'deny') {
      denied = { result: check.result, decidedBy: 'rule', source: check.decision.source };
      if (check.notice) {
        obs.userSaw.push(check.notice);
        yield* notice(check.notice);
      }
      yield* decide(check.decision, check.diagnostics);
      // The safety check's denial fires PermissionDenied; a rule's, dontAsk's, a hook's or the user's does not
      // (x-denied-capture, -capture-auto; x-denied-dont-ask, -deny-rule, -hook-deny, -user-deny).
      if (check.classifier) yield* event('PermissionDenied', { tool_name: toolName, tool_input: input, tool_use_id: toolUseId, reason: 'Classifier unavailable' });
    } else if (check.outcome === 'run') {
      allowed = true;
      decidedBy = check.decision.source === 'hook' ? 'hook' : 'rule';
      yield* decide(check.decision, check.diagnostics);
    } else if (blockedWrite) {
      const path = blockedWrite.file.startsWith('/') ? blockedWrite.file : `${paths.project}/${blockedWrite.file}`;
      denied = { result: wording.fileWriteBlocked(blockedWrite.verb, path, paths.project), decidedBy: 'rule' };
      yield* decide(null, [
        diag(
          'warning',
          'rule.file-write-blocked',
          `Claude Code ${rules.version} refuses "${blockedWrite.verb} ${blockedWrite.file}": its working-directory check counts the file as outside the session's working directories although it is in the project, so the call is denied without asking anyone and no PermissionRequest hook runs (later versions ask)`,
        ),
      ]);
    } else if (!prompting && pre.verdict === 'ask') {
      // claude -p: nobody can be asked, so a hook's ask is a denial, and no PermissionRequest hook runs.
      denied = { result: pre.shown?.toolResult ?? '', decidedBy: 'rule' };
      yield* decide(HEADLESS_REFUSAL, check.diagnostics);
    } else {
      // 2.0.76: PermissionRequest hooks decide nothing (versions/profiles.ts, permissionRequestHooks; config.ts says so).
      const permission = rules.permissionRequestHooks
        ? yield* event('PermissionRequest', {
            tool_name: toolName,
            tool_input: input,
            // An ask rule's or a hook's ask offers no "always allow" choice: the field is absent (suggestions.ts).
            ...(check.rule || hookVerdict === 'ask' ? {} : { permission_suggestions: permissionSuggestions(check.needs ?? [], paths.project, prompting) }),
          })
        : ({ verdict: 'proceed', diagnostics: [], hooks: [], shown: undefined, updatedInput: null } as Pick<Outcome, 'verdict' | 'diagnostics' | 'hooks' | 'shown' | 'updatedInput'>);
      const prVerdict = permission.verdict === 'allow' ? 'allow' : permission.verdict === 'block' ? 'block' : null;
      if (permission.diagnostics.some((d) => d.code === 'rule.permission-interrupt')) {
        // Claude Code rejects the call and stops the turn there ("aborted_tools"); the prompt was open meanwhile, so a
        // host that answers prompts was asked too (perm-interrupt--answered-allow, --answered-deny).
        if (prompting) {
          const taken = answers.shift();
          const given = taken ? (taken.step as { approval: 'allow' | 'deny' }).approval : null;
          const answer: PromptAnswer = given === 'allow' ? { behavior: 'allow' } : given === 'deny' ? { behavior: 'deny', message: options.hostAnswers?.denyMessage ?? USER_DENIED } : options.hostAnswers!.unanswered;
          obs.asked?.push({ tool: toolName, command: typeof input.command === 'string' ? norm(input.command) : null, answer });
        }
        seeTool({ executed: false, input: null, result: permission.shown?.toolResult ?? '', isError: true, decidedBy: null });
        yield* decide(null, check.diagnostics);
        yield* record({ input, ran: false, result: permission.shown?.toolResult ?? '', isError: true, decidedBy: 'hook', source: 'none' });
        return { interrupted: true };
      }
      if (prompting) {
        // The prompt is open while the PermissionRequest hooks run: the first answer wins (recorded both ways).
        const taken = answers.shift();
        if (taken) yield* beginStep(taken.index, stepLabel(taken.step));
        const given = taken ? (taken.step as { approval: 'allow' | 'deny' }).approval : null;
        const answer: PromptAnswer = given === 'allow' ? { behavior: 'allow' } : given === 'deny' ? { behavior: 'deny', message: options.hostAnswers?.denyMessage ?? USER_DENIED } : options.hostAnswers!.unanswered;
        obs.asked?.push({ tool: toolName, command: typeof input.command === 'string' ? norm(input.command) : null, answer });
        const answeredIn = permission.hooks.filter((h) => h.ran).map((h) => h.durationMs ?? Infinity);
        const settled = settlePrompt(prVerdict, answer, options.answerDelayMs ?? Infinity, answeredIn.length ? Math.min(...answeredIn) : null);
        yield* decide(settled.decision, [...check.diagnostics, ...settled.diagnostics]);
        if (settled.winner === 'hook' && isObject(permission.updatedInput)) input = permission.updatedInput;
        if (settled.run) {
          allowed = true;
          decidedBy = settled.winner;
        } else {
          denied = { result: settled.winner === 'hook' ? (permission.shown?.toolResult ?? '') : answer.behavior === 'deny' ? answer.message : '', decidedBy: settled.winner };
        }
      } else {
        // Nobody answers: the PermissionRequest hook's answer is the decision, else claude -p refuses (credited to
        // its config, with no reason given: pre-ask--unanswered, perm-allow--unanswered, perm-deny--unanswered).
        yield* decide(prVerdict === 'allow' ? { decision: 'accept', source: 'hook', reason_type: 'hook' } : prVerdict === 'block' ? { decision: 'reject', source: 'hook', reason_type: 'hook' } : HEADLESS_REFUSAL, check.diagnostics);
        if (prVerdict === 'allow') {
          allowed = true;
          decidedBy = 'hook';
          if (isObject(permission.updatedInput)) input = permission.updatedInput;
        } else if (prVerdict === 'block') {
          denied = { result: permission.shown?.toolResult ?? '', decidedBy: 'hook' };
        } else {
          // claude -p's own refusal names why it would ask (headless.ts).
          const why = check.diagnostics.some((d) => d.code === 'permission.ask-rule') && check.needs === undefined ? 'rule' : 'command';
          denied = { result: headlessAskText(toolName, why, check.needs ?? [], command !== null ? subcommands(command).length : 0, paths.project), decidedBy: 'rule' };
          yield* notice('Claude Code would ask the user before this call; with no approval step it is denied, as in claude -p');
        }
      }
    }

    if (allowed) {
      const ran = yield* toolResult(toolName, input, step.result, rules.wordings.bashNoOutput);
      seeTool({ executed: true, input, result: norm(ran.content), isError: ran.code !== 0, decidedBy: decidedBy === 'rule' ? 'config' : decidedBy === 'user' ? 'user' : 'hook' });
      yield* record({ input, ran: true, result: ran.content, isError: ran.code !== 0, decidedBy, source: step.result ? 'given' : toolName === 'Bash' ? 'run' : 'given', exitCode: ran.code });
      const ok = ran.code === 0;
      const post = yield* event(
        ok ? 'PostToolUse' : 'PostToolUseFailure',
        ok
          ? { tool_name: toolName, tool_input: input, tool_response: ran.response, tool_use_id: toolUseId, duration_ms: ran.ms }
          : { tool_name: toolName, tool_input: input, tool_use_id: toolUseId, error: ran.content, is_interrupt: false, duration_ms: ran.ms },
      );
      // PostToolUse's context holds its blocking texts, then its additionalContext.
      const afterResult = told.length;
      told.push(...pre.context.map(norm), ...post.context.map(norm));
      const entry = { tool_name: toolName, tool_input: input, tool_use_id: toolUseId, tool_response: ok ? (ran.response.stdout ?? '') : ran.content };
      const halt = post.halt ? wording.stoppedContinuation(hookName(ok ? 'PostToolUse' : 'PostToolUseFailure', toolName), post.stopReason ?? null) : pre.halt ? wording.stoppedContinuation(hookName('PreToolUse', toolName), pre.stopReason ?? null) : null;
      return { halt, entry, afterPre: afterResult + pre.context.length };
    } else {
      seeTool({ executed: false, input: null, result: norm(denied!.result), isError: true, decidedBy: denied!.source ?? (denied!.decidedBy === 'rule' ? 'config' : denied!.decidedBy) });
      yield* record({ input, ran: false, result: denied!.result, isError: true, decidedBy: denied!.decidedBy, source: 'none' });
      const afterResult = told.length;
      told.push(...pre.context.map(norm));
      // The batch ends too, with the denial as this call's result.
      const entry = { tool_name: toolName, tool_input: input, tool_use_id: toolUseId, tool_response: denied!.result };
      // continue: false from PreToolUse halts only a call that runs or a hook denied: a call the rules or the user
      // refused goes on to the next request (pre-continue-false--unanswered, --answered-deny, --failing).
      return { halt: pre.halt && denied!.decidedBy === 'hook' ? wording.stoppedContinuation(hookName('PreToolUse', toolName), pre.stopReason ?? null) : null, entry, afterPre: afterResult + pre.context.length };
    }
  }

  /** A hook's continue: false ended the process; its note stays in the conversation a resumed session reads. */
  function* halted(index: number, note: string): Generator<SessionEffect, LifecycleEnd | typeof TURN_OVER, unknown> {
    obs.halted = true;
    told.push(note);
    return (yield* turnHalted('halted', "a hook answered continue: false, which ends Claude Code's session", index)) ?? TURN_OVER;
  }

  /**
   * PostToolBatch after the batch (denied or not): its context reaches the model, after the tool's other hook texts
   * (or, 2.1.143, appended to the tool result: after PreToolUse's texts, before PostToolUse's, `afterPre`, as
   * sw-seq-batch-and-post-context and sw-seq-batch-after-post-block show); true when it halts the session.
   */
  function* batchHalts(calls: JsonObject[], afterPre: number): Generator<SessionEffect, string | null, unknown> {
    const batch = yield* event('PostToolBatch', { tool_calls: calls });
    const texts = batch.context.map(norm);
    if (rules.batchContextInToolResult && texts.length) {
      told.splice(afterPre, 0, ...texts);
      yield* diagnostic(evidenced(diag('info', 'rule.batch-context-in-result', `Claude Code ${rules.version} appends PostToolBatch's context to the tool result itself, so the model reads it after PreToolUse's texts and before PostToolUse's (recorded)`)));
    } else told.push(...texts);
    return batch.halt ? wording.stoppedContinuation('PostToolBatch', batch.stopReason ?? null) : null;
  }
}

type ToolStep = Extract<SessionStep, { tool: string }>;
type Approval = { index: number; step: Extract<SessionStep, { approval: string }> };
/** The turn is over (a halt or an interrupt before a resume or the next prompt): the session goes on. */
const TURN_OVER = Symbol('turn over');
/** How claude -p records a call it would ask about and nobody can: refused by its config, no reason type. */
const HEADLESS_REFUSAL: PermissionDecision = { decision: 'reject', source: 'config' };

/** The settings file or flag whose deny rule names the bare tool, which removes the tool from the session. */
function removingRule(permissions: PermissionSettings, toolName: string): string | null {
  return permissions.rules.find((r) => r.behavior === 'deny' && r.tool === toolName && r.content === null)?.from ?? null;
}

/**
 * Why the CLI refuses to start, in its words, or null: as root it skips permissions (bypassPermissions, whichever way
 * given) only when told it runs in a sandbox (IS_SANDBOX=1, or CLAUDE_CODE_BUBBLEWRAP) (x-bypass-no-sandbox,
 * x-args-skip-permissions-no-sandbox; x-bypass-sandbox and x-default-no-sandbox start).
 */
function startRefusal(host: HostSettings, mode: string): string | null {
  if (host.root !== true || mode !== 'bypassPermissions') return null;
  if (host.env?.IS_SANDBOX === '1' || host.env?.CLAUDE_CODE_BUBBLEWRAP) return null;
  return wording.rootBypassRefused;
}

/**
 * The permission mode the session starts in: `--permission-mode` (host.permissionMode, or in host.args), else
 * `--dangerously-skip-permissions` in host.args, which is bypassPermissions.
 */
function modeOf(host: HostSettings): string | undefined {
  if (host.permissionMode) return host.permissionMode;
  const args = host.args ?? [];
  const at = args.indexOf('--permission-mode');
  if (at >= 0 && args[at + 1]) return args[at + 1];
  if (args.includes('--dangerously-skip-permissions')) return 'bypassPermissions';
  return undefined;
}

/** A SessionStart hook's text in the conversation, and its words without the label. */
const isStartText = (text: string) => /^SessionStart(:\w+)? hook (success|additional context): /.test(text);
const startWords = (text: string) => text.replace(/^SessionStart(:\w+)? hook (success|additional context): /, '');

/** The note a JSON Stop block adds (wording.stopBlockingError): feedback and contexts have other openings. */
const isStopNote = (text: string) => /^Stop(:Callback)? hook blocking error from command: /.test(text);

const USER_DENIED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

interface ToolResultText {
  code: number;
  content: string;
  response: JsonObject;
  ms: number;
}

/** The tool's result as Claude Code words it: Bash runs for real unless the step gives its result. */
function* toolResult(toolName: string, input: JsonObject, given: Extract<SessionStep, { tool: string }>['result'], noOutput: string): Generator<SessionEffect, ToolResultText, unknown> {
  if (given) {
    if ('error' in given) return { code: 1, content: given.error, response: {}, ms: 1 };
    return { code: 0, content: given.output, response: toolName === 'Bash' ? bashResponse(given.output, '') : { output: given.output }, ms: 1 };
  }
  // A tool hookplay does not run (Glob, Read, ...) succeeds with no output.
  if (toolName !== 'Bash') return { code: 0, content: '', response: {}, ms: 1 };
  // The model reads stdout and stderr as one stream, in the order the command wrote them (recorded on 2.1.332:
  // ls-then-echo in the sweep's read-only cases shows the error line first).
  const ran = yield* runTool(String(input.command ?? ''), { mergeStderr: true });
  const stdout = ran.stdout.replace(/\n+$/, '');
  const stderr = ran.stderr.replace(/\n+$/, '');
  const body = ran.output.replace(/\n+$/, '') || [stdout, stderr].filter(Boolean).join('\n');
  return { code: ran.exitCode, content: ran.exitCode === 0 ? body || noOutput : `Exit code ${ran.exitCode}\n${body}`, response: bashResponse(stdout, stderr), ms: ran.ms };
}

const bashResponse = (stdout: string, stderr: string): JsonObject => ({ stdout, stderr, interrupted: false, isImage: false, noOutputExpected: false });
