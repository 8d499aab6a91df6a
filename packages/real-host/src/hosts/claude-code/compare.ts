import type { Difference } from '../../compare.js';
import { PROBED_EVENTS, type ClaudeObservation, type ObservedTool } from './observe.js';

/** A persisted output's file name holds the session and random ids: compare everything but them. */
const persisted = (text: string) => text.replace(/\$HOME\/\.claude\/projects\/\S+?-stdout\.txt/g, '$HOME/.claude/projects/<project>/<session>/tool-results/hook-<id>-stdout.txt');
/** The mock's address, as the CLI names it in auto mode's notice. */
const viaMock = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, '<api proxy>');

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortKeys = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Every way the emulation's reading of a session differs from the real CLI's: host-level facts only (calls run or
 * not and with which input, their results, what each model request carried, notices, Stop runs, halts, hook
 * processes and how they ended), never ids or timestamps. Where the engine says hooks finished too close together
 * to fix their order (`racy` events), texts compare in any order of those hooks.
 */
export function compareClaude(real: ClaudeObservation, emulated: ClaudeObservation, options: { nonBashOutput?: boolean } = {}): Difference[] {
  const out: Difference[] = [];
  const check = (path: string, what: string, r: unknown, e: unknown) => {
    if (!same(r, e)) out.push({ path, what, real: r, emulated: e });
  };
  check('requests', 'model requests made', real.requests, emulated.requests);
  const realTools = real.tools ?? (real.tool ? [real.tool] : []);
  const emulatedTools = emulated.tools ?? (emulated.tool ? [emulated.tool] : []);
  check('tools.length', 'tool calls the model made', realTools.length, emulatedTools.length);
  realTools.forEach((r, i) => {
    const e = emulatedTools[i];
    if (!e) return;
    compareTool(`tools[${i}]`, r, e, check);
  });
  const racy = (emulated as { racy?: string[] }).racy?.length ? true : false;
  // Where hooks race, their finishing order decides both the order of their texts and which contexts stand next to
  // each other and so are joined into one text: compare each context line under its label, in any order.
  const lines = (texts: string[]) =>
    racy
      ? texts
          .flatMap((t) => {
            const m = /^(.*? hook additional context: )\n?([\s\S]*)$/.exec(t);
            return m ? m[2]!.split('\n').map((line) => `${m[1]}${line}`) : [t];
          })
          .sort()
      : texts;
  const realRequests = real.requestsSaw ?? [real.modelSaw];
  const emulatedRequests = emulated.requestsSaw ?? [emulated.modelSaw];
  realRequests.forEach((texts, i) => {
    const e = emulatedRequests[i];
    if (e === undefined) return;
    check(`requests[${i}].hookTexts`, `hook texts model request ${i + 1} carried${racy ? ' (in any order of racing hooks)' : ''}`, lines(texts.map(persisted)), lines(e.map(persisted)));
  });
  if (!real.unobserved?.includes('userSaw')) check('notices', 'messages shown to the user', real.userSaw.map(viaMock), emulated.userSaw.map(viaMock));
  check('stopRuns', 'Stop runs (stop_hook_active of each)', real.stopRuns, emulated.stopRuns);
  check('halted', 'session halted by continue: false', real.halted, emulated.halted);
  if (real.asked) check('asked', 'permission prompts and their answers', real.asked, emulated.asked ?? []);
  // Who the CLI credits with each call's decision (tool_result_meta's permission_decision), as it says it. Calls of
  // one message report their results as each finishes, so the list compares in any order.
  const unordered = (list: unknown[] | undefined) => (list ?? []).map((d) => JSON.stringify(d)).sort();
  if (real.decisions) check('decisions', 'the permission decision of each call, and who is credited (in any order)', unordered(real.decisions), unordered(emulated.decisions));
  check('refused', 'the CLI refused to start', real.refused ?? null, emulated.refused ?? null);
  // When a hook halts the session the CLI exits without waiting for the harness's probes, so on the probed events
  // their runs cannot be told from the scenario's: compare the other events.
  const seen = <T>(o: Record<string, T> | undefined) => (real.halted ? Object.fromEntries(Object.entries(o ?? {}).filter(([e]) => !(PROBED_EVENTS as readonly string[]).includes(e))) : (o ?? {}));
  if (!real.unobserved?.includes('hookRuns')) check('hookRuns', 'hook processes per event', sortKeys(seen(real.hookRuns)), sortKeys(seen(emulated.hookRuns)));
  if (real.hookEnds && !real.unobserved?.includes('hookEnds')) {
    // PermissionRequest takes the first answer: whether the CLI still reports a later hook's end varies from run to
    // run (recorded both ways), so there every end it reports must be one the engine has.
    const partial = (o: Record<string, string[]>) => Object.fromEntries(Object.entries(o).filter(([e]) => e !== 'PermissionRequest'));
    check('hookEnds', 'how each hook ended, per event', sortKeys(partial(seen(real.hookEnds))), sortKeys(partial(seen(emulated.hookEnds))));
    const left = [...(emulated.hookEnds?.PermissionRequest ?? [])];
    const unmatched = (real.hookEnds.PermissionRequest ?? []).filter((end) => {
      const at = left.indexOf(end);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
    if (unmatched.length) out.push({ path: 'hookEnds.PermissionRequest', what: 'how PermissionRequest hooks ended', real: unmatched, emulated: emulated.hookEnds?.PermissionRequest ?? [] });
  }
  void options;
  return out;
}

/**
 * Who decided a call, in the engine's words: the CLI's `permission_decision.source` names a settings rule
 * `user_permanent` (the user once saved it), a prompt's answer `user_temporary` or `user_reject`.
 */
const decider = (source: string | null) => (source === null ? null : source === 'user_temporary' || source === 'user_reject' ? 'user' : source === 'user_permanent' || source === 'rule' ? 'config' : source);

function compareTool(path: string, r: ObservedTool, e: ObservedTool, check: (path: string, what: string, r: unknown, e: unknown) => void) {
  check(`${path}.executed`, 'the call ran', r.executed, e.executed);
  check(`${path}.input`, 'input as executed', r.input, e.input);
  check(`${path}.isError`, 'result is an error', r.isError, e.isError);
  check(`${path}.result`, 'result shown to the model', r.result === null ? null : viaMock(r.result), e.result === null ? null : viaMock(e.result));
  check(`${path}.decidedBy`, 'who decided the call', decider(r.decidedBy), decider(e.decidedBy));
}
