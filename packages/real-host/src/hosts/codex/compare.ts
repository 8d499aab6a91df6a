import type { Difference } from '../../compare.js';
import type { CodexCallObservation, CodexObservation } from './observe.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortKeys = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Codex's warnings quote serde's and the regex crate's own error texts ("expected value at line 1 column 28");
 * hookplay says the same in its own words, so those two warnings compare up to the file they name.
 */
export function noticeKey(text: string): string {
  return text.replace(/^(failed to parse hooks config \S+): [\s\S]*$/, '$1: …').replace(/^(invalid matcher [\s\S]*? in \S+): [\s\S]*$/, '$1: …');
}

/**
 * The old oracle's comparison (oracle/hosts/codex fixtures): model requests, the first tool call, the last
 * request's hook texts, notices, Stop runs, hook processes per event, the exit code. Each difference in words.
 */
export function compareOracle(real: CodexObservation, engine: CodexObservation): string[] {
  const problems: string[] = [];
  const check = (what: string, a: unknown, b: unknown) => {
    if (!same(a, b)) problems.push(`${what}: Codex ${JSON.stringify(a)}, hookplay ${JSON.stringify(b)}`);
  };
  check('model requests', real.requests, engine.requests);
  check('tool call', real.tool, engine.tool);
  check('hook texts shown to the model', real.modelSaw, engine.modelSaw);
  check('notices shown to the user', real.userSaw.map(noticeKey), engine.userSaw.map(noticeKey));
  check('Stop runs (stop_hook_active of each)', real.stopRuns, engine.stopRuns);
  check('hook processes per event', sortKeys(real.hookRuns), sortKeys(engine.hookRuns));
  check('codex exit code', real.exitCode, engine.exitCode);
  return problems;
}

/**
 * Every way the emulation's reading of a session differs from the real CLI's: host-level facts only (requests,
 * each call run or not with its command, exit code and what the model read, the hook texts of every request,
 * notices, Stop runs, hook processes per event, each process's exit code), never ids or timestamps. Where calls
 * ran side by side (the engine's `racyFrom`), a request's texts compare in any order.
 */
export function compareCodex(real: CodexObservation, emulated: CodexObservation): Difference[] {
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
    if (e) compareCall(`tools[${i}]`, r, e, check);
  });
  const racyFrom = emulated.racyFrom ?? Infinity;
  const realRequests = real.requestsSaw ?? [real.modelSaw];
  const emulatedRequests = emulated.requestsSaw ?? [emulated.modelSaw];
  realRequests.forEach((texts, i) => {
    const e = emulatedRequests[i];
    if (e === undefined) return;
    const racy = i >= racyFrom;
    const order = (t: string[]) => (racy ? [...t].sort() : t);
    check(`requests[${i}].hookTexts`, `hook texts model request ${i + 1} carried${racy ? ' (in any order: calls ran side by side)' : ''}`, order(texts), order(e));
  });
  check('notices', 'warnings codex printed', real.userSaw.map(noticeKey), emulated.userSaw.map(noticeKey));
  check('stopRuns', 'Stop runs (stop_hook_active of each)', real.stopRuns, emulated.stopRuns);
  check('hookRuns', 'hook processes per event', sortKeys(real.hookRuns), sortKeys(emulated.hookRuns));
  check('exits', 'exit code of each codex process', real.exits ?? [real.exitCode], emulated.exits ?? [emulated.exitCode]);
  return out;
}

/** A date and time inside a tool's output (an npm log's name, say): the run's own moment, not a fact of the host. */
const moment = (text: string | null) => (text === null ? null : text.replace(/\d{4}-\d\d-\d\dT\d\d[_:]\d\d[_:]\d\d(?:[_.:]\d+)?Z/g, '<time>'));

function compareCall(path: string, r: CodexCallObservation, e: CodexCallObservation, check: (path: string, what: string, r: unknown, e: unknown) => void) {
  check(`${path}.executed`, 'the call ran', r.executed, e.executed);
  check(`${path}.command`, 'command as executed', r.command, e.command);
  check(`${path}.exitCode`, 'its exit code', r.exitCode, e.exitCode);
  check(`${path}.result`, 'output the model read', moment(r.result), moment(e.result));
}
