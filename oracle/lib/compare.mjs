// How the real CLI's observation and hookplay's simulated one are compared: the host-level facts only
// (tool executed or not and with which input, what the model was shown, whether the turn went on, how many
// hook processes ran), never incidental details such as ids or timestamps.
import { createHash } from 'node:crypto';
import { compareSessionFacts, sessionFieldsOf, sessionInputOf } from './case-kinds.mjs';
import { PROBED_EVENTS } from './observe.mjs';
import { modelSawFromRaw } from './raw.mjs';

/** A stable hash of what defines a case, so a fixture recorded for an older definition is noticed. */
export function caseHash(c) {
  const { id, files, tool, allowedTools, timing, toolName } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, tool: tool === undefined ? 'default' : tool, allowedTools: allowedTools ?? 'Bash', timing: timing ?? null, ...(toolName ? { toolName } : {}), ...sessionFieldsOf(c) }))
    .digest('hex')
    .slice(0, 16);
}

const show = (v) => JSON.stringify(v);

/** What `simulateSession` needs to play a case. */
export function sessionOf(c) {
  return {
    files: c.files,
    ...(c.tool !== undefined ? { tool: c.tool } : {}),
    ...(c.toolName ? { toolName: c.toolName } : {}),
    ...(c.allowedTools ? { allowedTools: c.allowedTools } : {}),
    ...sessionInputOf(c),
  };
}

/**
 * A fixture's observation, plus how each hook process ended per event (`success`, `error:<exit code>` or
 * `cancelled`, sorted), read from the recorded stream-json hook events without the harness's own probes.
 */
export function observedOf(fixture) {
  const observed = { ...fixture.observed };
  // A session that ended before the tool result (a deferred call) records no `executed` at all.
  if (observed.tool) observed.tool = { ...observed.tool, executed: observed.tool.executed === true };
  const events = fixture.hookEvents ?? [];
  const started = {};
  const ended = {};
  for (const e of events) {
    if (e.started) started[eventOf(e.started)] = (started[eventOf(e.started)] ?? 0) + 1;
    if (e.ended) (ended[eventOf(e.ended)] ??= []).push(e.outcome === 'error' ? `error:${e.exit_code}` : e.outcome);
  }
  const hookEnds = {};
  for (const [event, list] of Object.entries(ended)) {
    const probes = (started[event] ?? 0) - (observed.hookRuns?.[event] ?? 0);
    const mine = [...list];
    for (let k = 0; k < probes; k++) {
      const at = mine.indexOf('success');
      if (at >= 0) mine.splice(at, 1);
    }
    if (mine.length) hookEnds[event] = mine.sort();
  }
  observed.hookEnds = hookEnds;
  // An older build's fixture keeps its request's texts: hook texts are read from them with the wider rules those
  // builds need (plain user messages too), see raw.mjs.
  if (fixture.raw) observed.modelSaw = modelSawFromRaw(fixture.raw);
  // The same for each request of a several-turn case, where the fixture kept them all (recorded since).
  if (fixture.raw?.requests && observed.requestsSaw) observed.requestsSaw = fixture.raw.requests.map((messages) => modelSawFromRaw({ messages }));
  // Builds before 2.1.x's terminal_reason do not say whether a hook halted the session (the request count still shows).
  // No build before the newest recorded streams its notices for the user (none in any of their recordings).
  if (fixture.raw && observed.userSaw) {
    delete observed.userSaw;
    observed.unobserved = [...(observed.unobserved ?? []), 'userSaw'];
  }
  // Nor does any of them stream a tool call's permission decision (tool_result_meta): an empty list there is unseen.
  if (fixture.raw && Array.isArray(observed.decisions) && observed.decisions.length === 0) {
    delete observed.decisions;
    observed.unobserved = [...(observed.unobserved ?? []), 'decisions'];
  }
  if (fixture.raw && !fixture.cli?.result?.terminal_reason) {
    delete observed.halted;
    observed.unobserved = [...(observed.unobserved ?? []), 'halted'];
  }
  // 1.0.41 crashes when a hook exits before it wrote the hook's stdin (EPIPE): racy, nothing to compare but that.
  if (fixture.cli && fixture.cli.exitCode !== 0 && /EPIPE/.test(fixture.cli.stderrHead ?? '')) observed.crashed = 'stdin-epipe';
  // The harness stopped a build that never ended its turn (a Stop hook blocking forever, no cap).
  if (fixture.cli?.timedOut) observed.neverEnded = true;
  // 2.0.76 and 2.1.47's Bash tool repeats stderr after a failed command ("Exit code 3\nE\n\nE"): the tool's own
  // wording, not a hook rule.
  if (fixture.raw && observed.tool?.executed && observed.tool.isError && typeof observed.tool.result === 'string') {
    observed.tool = { ...observed.tool, result: observed.tool.result.replace(/^(Exit code \d+\n)([\s\S]+)\n\n\2$/, '$1$2') };
  }
  // Builds without hook events in their stream (before 2.1.x's --include-hook-events) show neither count.
  if (fixture.unobserved?.includes('hookRuns')) {
    delete observed.hookRuns;
    delete observed.hookEnds;
    // Nor do they stream the notices they print for the user (none is ever recorded from them).
    delete observed.userSaw;
    fixture = { ...fixture, unobserved: [...fixture.unobserved, 'userSaw'] };
    observed.unobserved = [...new Set([...(observed.unobserved ?? []), ...fixture.unobserved])];
  }
  return observed;
}

/** A persisted output's file name holds the session and random ids: compare everything but them. */
const persisted = (text) => text.replace(/\$HOME\/\.claude\/projects\/\S+?-stdout\.txt/g, '$HOME/.claude/projects/<project>/<session>/tool-results/hook-<id>-stdout.txt');

const eventOf = (hookName) => hookName.split(':')[0];

function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Lists every way `engine` differs from `real` (both Observations). An empty list means the engine agrees.
 * `gapMs` is the engine's time between the first and second model request, checked against the case's bounds.
 */
export function compareObservations(c, real, engine, codes = new Set()) {
  const problems = [];
  // Where the real run cannot be compared (the CLI crashed at random, or never ended), the engine must say why.
  if (real.crashed) return codes.has('rule.stdin-crash-racy') ? [] : ['the real CLI crashed (EPIPE writing a hook\'s stdin), which hookplay does not say may happen'];
  if (real.neverEnded) return codes.has('rule.stop-uncapped') ? [] : ['the real CLI never ended its turn (stopped by the harness), which hookplay does not say may happen'];
  const check = (what, a, b) => {
    if (!equal(a, b)) problems.push(`${what}: Claude Code ${show(a)}, hookplay ${show(b)}`);
  };
  check('model requests', real.requests, engine.requests);
  if (real.tool === null || engine.tool === null) {
    check('tool call', real.tool, engine.tool);
  } else {
    check('tool executed', real.tool.executed, engine.tool.executed);
    check('tool input as executed', real.tool.input, engine.tool.input);
    check('tool result is an error', real.tool.isError, engine.tool.isError);
    // Claude Code's own permission messages (path checks and the like) are not hook semantics: only compare
    // the tool result when a hook or the command itself produced it.
    // Only Bash runs for real in the engine; another tool's own output is not hook semantics.
    if ((real.tool.decidedBy === 'hook' || real.tool.executed) && !(c.toolName && c.toolName !== 'Bash' && real.tool.executed))
      check('tool result shown to the model', real.tool.result, engine.tool.result);
  }
  // Where the engine says hooks finished too close together to fix their order, the real CLI's order is one of
  // several: compare the joined context lines of each text as a set.
  const racy = (engine.racy ?? []).length > 0;
  const lines = (texts) => (racy ? texts.map((t) => t.replace(/^(.*? hook additional context: )/, '$1\n').split('\n').sort().join('\n')).sort() : texts);
  check(racy ? 'hook texts shown to the model (in any order of racing hooks)' : 'hook texts shown to the model', lines(real.modelSaw.map(persisted)), lines(engine.modelSaw.map(persisted)));
  if (!real.unobserved?.includes('userSaw')) check('messages shown to the user', real.userSaw, engine.userSaw);
  check('Stop runs (stop_hook_active of each)', real.stopRuns, engine.stopRuns);
  if (!real.unobserved?.includes('halted')) check('session halted by continue: false', real.halted, engine.halted);
  compareSessionFacts(real, engine, check, c);
  // When a hook halts the session, the CLI exits without waiting for the harness's own probe hooks to log or report,
  // so on the probed events the harness cannot tell the case's hooks from its probes: compare the other events.
  const seen = (o) => (real.halted ? Object.fromEntries(Object.entries(o ?? {}).filter(([e]) => !PROBED_EVENTS.includes(e))) : o);
  if (!real.unobserved?.includes('hookRuns')) check('hook processes per event', sortKeys(seen(real.hookRuns)), sortKeys(seen(engine.hookRuns)));
  if (real.hookEnds) {
    // PermissionRequest takes the first answer and stops waiting: whether the CLI still reports a later hook's end
    // varies from run to run (recorded both ways), so there every end it reports must be one the engine has.
    const partial = (o) => Object.fromEntries(Object.entries(o ?? {}).filter(([e]) => e !== 'PermissionRequest'));
    check('how each hook ended, per event', sortKeys(partial(seen(real.hookEnds))), sortKeys(partial(seen(engine.hookEnds))));
    const left = [...(engine.hookEnds?.PermissionRequest ?? [])];
    const unmatched = (real.hookEnds.PermissionRequest ?? []).filter((end) => {
      const at = left.indexOf(end);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
    if (unmatched.length) problems.push(`how PermissionRequest hooks ended: Claude Code reported ${show(unmatched)} that hookplay has not (hookplay ${show(engine.hookEnds?.PermissionRequest ?? [])})`);
  }
  return problems;
}

/**
 * Checks a measured gap between the first two model requests against a case's timing bounds: `version`'s own
 * (`timing.byVersion`, where a build times hooks otherwise, recorded) or the case's.
 */
export function checkTiming(c, gapMs, who, version) {
  if (!c.timing || gapMs === undefined) return [];
  const { minGapMs = 0, maxGapMs = Infinity } = (version !== undefined ? c.timing.byVersion?.[version] : undefined) ?? c.timing;
  if (gapMs < minGapMs || gapMs > maxGapMs) return [`${who}: ${Math.round(gapMs)} ms between the tool call and the next model request, expected ${minGapMs}–${maxGapMs} ms`];
  return [];
}

function sortKeys(o) {
  return Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));
}
