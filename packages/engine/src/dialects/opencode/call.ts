import { RESULT_MARK, type PluginCall, type PluginReport } from '../../runner/plugin-protocol.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject, type Json, type JsonObject } from '../../util/json.js';

export const SESSION_ID = 'ses_hookplay';
export const CALL_ID = 'call_hookplay_1';
export const MESSAGE_ID = 'msg_hookplay_1';

/**
 * The top-level output values OpenCode keeps using after a hook (recorded): the call runs with the args object it
 * handed the hook (before-reassign-args), the prompt goes on with the parts list it handed (chat-reassign-parts).
 * Reassigning one of these on `output` changes nothing; changing it in place does. The others are read back from
 * `output` itself (tool.execute.after's output and title, shell.env's env).
 */
export const KEPT: Record<string, readonly string[]> = {
  'tool.execute.before': ['args'],
  'chat.message': ['message', 'parts'],
};

/** A hook's two arguments from a scenario payload, with the fields OpenCode fills itself (recorded payloads). */
export function hookArguments(hook: string, payload: JsonObject, paths: { project: string }): { input: JsonObject; output: JsonObject } {
  const given = (k: string) => (isObject(payload[k]) ? (payload[k] as JsonObject) : {});
  const input = given('input');
  const output = given('output');
  switch (hook) {
    case 'tool.execute.before':
      return { input: { tool: 'bash', sessionID: SESSION_ID, callID: CALL_ID, ...input }, output: { args: {}, ...output } };
    case 'tool.execute.after':
      return { input: { tool: 'bash', sessionID: SESSION_ID, callID: CALL_ID, args: {}, ...input }, output: { title: '', output: '', metadata: {}, ...output } };
    case 'chat.message': {
      const message: JsonObject = { id: MESSAGE_ID, role: 'user', sessionID: SESSION_ID, time: { created: 0 }, agent: 'build', model: { providerID: 'mock', modelID: 'mock-model' }, ...(isObject(output.message) ? output.message : {}) };
      const given: Json[] = Array.isArray(output.parts) ? output.parts : [{ type: 'text', text: '' }];
      const parts = given.map((p, i) => (isObject(p) ? { ...p, messageID: MESSAGE_ID, sessionID: SESSION_ID, id: typeof p.id === 'string' ? p.id : `prt_hookplay_${i + 1}` } : p));
      return { input: { sessionID: SESSION_ID, ...input }, output: { ...output, message, parts } };
    }
    case 'shell.env':
      return { input: { cwd: paths.project, sessionID: SESSION_ID, callID: CALL_ID, ...input }, output: { env: {}, ...output } };
    case 'event':
      return { input: { event: { type: 'session.idle', properties: { sessionID: SESSION_ID } }, ...input }, output: {} };
    default:
      return { input, output };
  }
}

/** What one plugin call carries along the chain: the output object as OpenCode holds it between plugins. */
export interface CallState {
  output: JsonObject;
  originals: JsonObject;
  same: string[];
  /** The first handler that threw: OpenCode stops there (the hook call fails). */
  threw: { by: number; message: string } | null;
  /** Plugins that could not load, by plan index. */
  failed: { by: number; error: string }[];
  unavailable: { by: number; calls: string[] }[];
  /** Plugins whose handler really ran, by plan index. */
  ran: number[];
}

export function startState(hook: string, output: JsonObject): CallState {
  const kept = KEPT[hook] ?? [];
  const originals = Object.fromEntries(kept.filter((k) => k in output).map((k) => [k, output[k]!])) as JsonObject;
  return { output, originals, same: Object.keys(originals), threw: null, failed: [], unavailable: [], ran: [] };
}

export const asState = (v: unknown) => v as CallState;
export const asJson = (s: CallState) => s as unknown as JsonObject;

/** The plugin host's stdin for one call (runner/plugin-protocol.ts). */
export function callStdin(call: Omit<PluginCall, 'output' | 'originals' | 'same'>, state: CallState): string {
  const full: PluginCall = { ...call, output: state.output, originals: state.originals, same: state.same };
  return JSON.stringify(full);
}

/** The host's report from a finished call, or why there is none (it crashed, timed out, was killed). */
export function readReport(result: ProcessResult): PluginReport | { none: string } {
  const at = result.stdout.lastIndexOf(RESULT_MARK);
  if (at < 0) {
    if (result.timedOut) return { none: 'timed out' };
    if (result.spawnError) return { none: `could not start: ${result.spawnError}` };
    if (result.signal) return { none: `killed by ${result.signal}` };
    return { none: `ended with exit ${result.exitCode} before it answered${result.stderr.trim() ? `: ${result.stderr.trim().split('\n').pop()}` : ''}` };
  }
  try {
    return JSON.parse(result.stdout.slice(at + RESULT_MARK.length).split('\n')[0]!) as PluginReport;
  } catch (e) {
    return { none: `its answer could not be read (${(e as Error).message})` };
  }
}

/** What the plugin printed itself, without the host's report line. */
export function pluginStdout(stdout: string): string {
  const at = stdout.lastIndexOf(RESULT_MARK);
  return at < 0 ? stdout : stdout.slice(0, at).replace(/\n$/, '');
}

/** The output as OpenCode goes on with it: the kept originals, the rest as the plugins left it. */
export function usedOutput(hook: string, state: CallState): JsonObject {
  const out: JsonObject = { ...state.output };
  for (const k of KEPT[hook] ?? []) if (k in state.originals) out[k] = state.originals[k]!;
  return out;
}

/** Keys a plugin reassigned on `output` whose new value OpenCode ignores. */
export const reassigned = (hook: string, state: CallState) => (KEPT[hook] ?? []).filter((k) => k in state.originals && !state.same.includes(k));
