import type { Outcome } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import type { Lifecycle, LifecycleRun } from '../../session/effects.js';
import { claudeCodeLifecycle, type ClaudeCodeLifecycleOptions } from '../claude-code/lifecycle.js';
import { withSdkEvidence } from './evidence.js';
import { noticeLines } from './notices.js';
import { bundledHost, CAN_USE_TOOL_DENIED, CAN_USE_TOOL_UNANSWERED, hasCanUseTool, SDK_VERSION } from './options.js';
import { visibleFiles } from './sources.js';

/**
 * query() plays Claude Code's own session (its bundled CLI runs it, in stream-json mode), so the lifecycle is
 * claude-code's, given what the SDK changes: only the settings files of settingSources count (their permission
 * rules too); no --allowedTools unless the app passes allowedTools; and a prompt goes to canUseTool when the app
 * passes one (the CLI's stdio permission tool, which is what canUseTool is), else it is denied as in `claude -p`.
 */
export const agentSdkLifecycle: Lifecycle<ClaudeCodeLifecycleOptions> = {
  supports: ['calls', 'resume'],
  check(steps, host) {
    if (host.version !== undefined && host.version !== SDK_VERSION) return [{ step: 0, message: `host.version ${JSON.stringify(host.version)}: hookplay models the Claude Agent SDK ${SDK_VERSION} only` }];
    return claudeCodeLifecycle.check?.(steps, bundledHost(host)) ?? [];
  },
  play(input) {
    const approvals = input.steps.some((s) => 'approval' in s);
    const scripted = input.host.canUseTool;
    const options: ClaudeCodeLifecycleOptions = {
      ...(input.options ?? {}),
      noticesOf: noticeLines,
      ...(hasCanUseTool(input.host, approvals)
        ? { hostAnswers: { denyMessage: CAN_USE_TOOL_DENIED, unanswered: scripted === 'allow' ? { behavior: 'allow' } : { behavior: 'deny', message: scripted === 'deny' ? CAN_USE_TOOL_DENIED : CAN_USE_TOOL_UNANSWERED } } }
        : {}),
    };
    return relabel(claudeCodeLifecycle.play({ ...input, host: bundledHost(input.host), files: visibleFiles(input.files, input.host), options }), input.host);
  },
};

/** A PreToolUse refused by the SDK host itself, not by a hook's decision (recorded: cb-pre-timeout, cb-pre-wrong-event). */
const HOST_DENIALS = new Set(['sdk.callback-timeout-denies', 'sdk.callback-error-denies']);

/**
 * The shared lifecycle's own notes, labelled from the SDK's recordings where they show them; and a call refused
 * because a callback missed its timeout or answered for another event carries no permission decision in the CLI's report (recorded:
 * cb-pre-timeout, cb-pre-wrong-event), where a hook's deny does.
 */
function* relabel(run: LifecycleRun, sdkHost: HostSettings): LifecycleRun {
  let answer: unknown;
  let calls = 0;
  const hostDenied: number[] = [];
  let batchTimedOut = false;
  for (;;) {
    const next = run.next(answer);
    if (next.done) {
      const observation = next.value.observation as { tools?: { decidedBy: string | null }[] } | undefined;
      for (const k of hostDenied) if (observation?.tools?.[k]) observation.tools[k]!.decidedBy = null;
      // A PostToolBatch callback that misses its timeout ends the query with no result message at all: the stream
      // never says hook_stopped, as a hook's block there does (recorded: cb-PostToolBatch-timeout, terminal null,
      // against cb-PostToolBatch-block). The session still ends there.
      if (batchTimedOut && observation) (observation as { halted?: boolean }).halted = false;
      return next.value;
    }
    // The shared lifecycle fires with the bundled CLI's host (what it learnt during the session, such as installed
    // plugins, on top); the event is this dialect's, which reads the app's own settings from it.
    const effect = next.value.kind === 'fire' && next.value.host ? { ...next.value, host: sdkHostOf(next.value.host, sdkHost) } : next.value;
    if (effect.kind === 'diagnostic') withSdkEvidence({ diagnostics: [effect.diagnostic] });
    answer = yield effect;
    if (effect.kind === 'fire' && effect.event === 'PostToolBatch' && (answer as Outcome).diagnostics.some((d) => d.code === 'sdk.callback-timeout-blocks')) batchTimedOut = true;
    if (effect.kind === 'fire' && effect.event === 'PreToolUse') {
      const outcome = answer as Outcome;
      if (outcome.verdict === 'block' && outcome.diagnostics.some((d) => HOST_DENIALS.has(d.code))) hostDenied.push(calls);
      calls++;
    }
  }
}

/** The app's host settings, with what the CLI learnt during the session (its version is the bundled build's, not the SDK's). */
function sdkHostOf(cliHost: HostSettings, sdkHost: HostSettings): HostSettings {
  const { version: _bundled, ...learnt } = cliHost;
  return { ...learnt, ...sdkHost };
}
