import type { JsonObject } from '@hookplay/engine';
import type { RecordedRequest } from '../../mock/server.js';
import { isTitleRequest } from './script.js';

/**
 * What an OpenCode run showed, in the shape the engine's opencode lifecycle summarizes a played session
 * (packages/engine/src/dialects/opencode/lifecycle.ts, `Observation`): the two are compared field by field.
 */
export interface OpenCodeObservation {
  /** Model requests that offer tools (the title agent's are not counted). */
  requests: number;
  /** Each such request's messages after the system prompt, as `role: text` lines (a tool call: `assistant: call NAME ARGS`). */
  conversations: string[][];
  /** Each tool call, in the order the model made them: the input it ran with, and how it ended. */
  tools: { tool: string; input: JsonObject; status: 'completed' | 'error'; text: string }[];
  /** What `opencode run` reported as the run's error, if any. */
  error: string | null;
  exitCode: number;
  /** Lines plugins appended to ~/oracle.log (the oracle's cases write there). */
  log: string[];
}

const textsOf = (content: unknown): string[] =>
  typeof content === 'string'
    ? [content]
    : Array.isArray(content)
      ? content.filter((c) => c && (c as { type?: string }).type === 'text').map((c) => String((c as { text: unknown }).text))
      : [];

/** A request's messages as lines; the arguments of a call re-serialized, so key order is the model's, spacing not. */
export function linesOf(body: unknown): string[] {
  const messages = ((body as { messages?: unknown[] })?.messages ?? []) as { role: string; content?: unknown; tool_calls?: { function: { name: string; arguments: string } }[] }[];
  const out: string[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    for (const t of textsOf(m.content)) if (t !== '' || m.role !== 'assistant') out.push(`${m.role}: ${t}`);
    for (const c of m.tool_calls ?? []) {
      let args: string = c.function.arguments;
      try {
        args = JSON.stringify(JSON.parse(args));
      } catch {
        // kept as sent
      }
      out.push(`assistant: call ${c.function.name} ${args}`);
    }
  }
  return out;
}

/** `call_<request>_<k>`, for putting the calls back in the order the model made them. */
const rank = (id: string) => (/^call_(\d+)_(\d+)$/.exec(id) ?? []).slice(1).map(Number);

/** The run's stdout (`--format json` events), the mock's requests and the plugins' log, as an observation. */
export function observe(input: { stdout: string; requests: RecordedRequest[]; log: string; exitCode: number | null; norm: <T>(v: T) => T }): OpenCodeObservation {
  const events = input.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as JsonObject];
      } catch {
        return [];
      }
    });
  const calls = new Map<string, OpenCodeObservation['tools'][number]>();
  let error: string | null = null;
  for (const e of events) {
    if (e.type === 'tool_use') {
      const part = e.part as { callID: string; tool: string; state: { status: string; input: JsonObject; output?: string; error?: string } };
      const s = part.state;
      calls.set(part.callID, { tool: part.tool, input: s.input, status: s.status === 'completed' ? 'completed' : 'error', text: (s.status === 'completed' ? s.output : s.error) ?? '' });
    } else if (e.type === 'error') {
      const err = e.error as { data?: { message?: string }; name?: string } | undefined;
      error = err?.data?.message ?? err?.name ?? 'error';
    }
  }
  const ordered = [...calls.entries()].sort(([a], [b]) => {
    const [ra, rb] = [rank(a), rank(b)];
    return (ra[0] ?? 0) - (rb[0] ?? 0) || (ra[1] ?? 0) - (rb[1] ?? 0);
  });
  const withTools = input.requests.filter((q) => !isTitleRequest(q.body));
  return input.norm({
    requests: withTools.length,
    conversations: withTools.map((q) => linesOf(q.body)),
    tools: ordered.map(([, t]) => t),
    error,
    exitCode: input.exitCode ?? -1,
    log: input.log.split('\n').filter((l) => l !== ''),
  });
}
