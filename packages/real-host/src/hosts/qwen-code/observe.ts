import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '@hookplay/engine';
import type { RecordedRequest } from '../../mock/server.js';

/** One tool call as the session showed it: whether it ran, the input it ran with, what the model read back. */
export interface ToolSeen {
  executed: boolean;
  input: JsonObject | null;
  result: string | null;
  isError: boolean | null;
}

/**
 * What a Qwen Code session showed, in the shape the engine's qwen-code lifecycle reports
 * (packages/engine/src/dialects/qwen-code/lifecycle.ts, `Observation`), so the two compare field by field. The old
 * oracle's fixtures hold the first six fields; the session sweep's recordings add every request and every call.
 */
export interface QwenObservation {
  requests: number;
  /** The first tool call. */
  tool: ToolSeen | null;
  /** The last request's conversation, minus Qwen Code's own context: `role: text` lines. */
  conversation: string[];
  /** Each Stop's stop_hook_active. */
  stopRuns: boolean[];
  /** Hook processes started, per command. */
  hookRuns: Record<string, number>;
  /** The last run's stream-json result. */
  ended: { subtype: string; isError: boolean; result: string } | null;
  /** Every request's conversation, in order. */
  conversations?: string[][];
  /** Every tool call, in the order the model made them. */
  tools?: ToolSeen[];
  /** Each run's result, when the session has several (resume). */
  endings?: ({ subtype: string; isError: boolean; result: string } | null)[];
}

type Norm = <T>(value: T) => T;

/** Replaces the run's own directories so observations compare across runs and machines. */
export function normalizer(dirs: { project: string; home: string; root: string }): Norm {
  const pairs: [string, string][] = [
    [dirs.project, '$PROJECT'],
    [dirs.home, '$HOME'],
    [dirs.root, '$ROOT'],
  ];
  const norm = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let s = value;
      for (const [p, r] of pairs) s = s.split(p).join(r);
      return s;
    }
    if (Array.isArray(value)) return value.map(norm);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, norm(v)]));
    return value;
  };
  return norm as Norm;
}

/** The CLI's own context parts (skills, environment, deferred tools, date, plan mode's rules): not hook output. */
const HOST_REMINDER = /^<system-reminder>\n(The following skills are available|This is the Qwen Code|The following tools are reachable|The current date is|Plan mode is active)/;
const SESSION_START = /<qwen:session-start-context[^>]*>\n([\s\S]*?)\n<\/qwen:session-start-context>/g;

type Part = { type?: string; text?: string };
const partsOf = (content: unknown): string[] =>
  typeof content === 'string' ? [content] : Array.isArray(content) ? (content as Part[]).filter((c) => c && c.type === 'text').map((c) => c.text ?? '') : [];

/**
 * The conversation the model read in one request, minus the CLI's own context: the SessionStart block of the
 * system prompt, then every user text, assistant turn and tool result, in order, as `role: text` lines.
 */
export function conversationOf(body: unknown): string[] {
  const out: string[] = [];
  for (const message of ((body as { messages?: unknown[] })?.messages ?? []) as { role: string; content?: unknown; tool_calls?: { function?: { name?: string; arguments?: string } }[] }[]) {
    if (message.role === 'system') {
      for (const text of partsOf(message.content)) for (const m of text.matchAll(SESSION_START)) out.push(`system: ${m[1]}`);
      continue;
    }
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) out.push(`assistant: call ${call.function?.name} ${call.function?.arguments}`);
      for (const text of partsOf(message.content)) if (text) out.push(`assistant: ${text}`);
      continue;
    }
    for (const text of partsOf(message.content)) if (!HOST_REMINDER.test(text)) out.push(`${message.role}: ${text}`);
  }
  return out;
}

type StreamEvent = { type?: string; session_id?: string; subtype?: string; is_error?: boolean; result?: string; error?: { message?: string }; message?: { content?: unknown } };

/** The JSON lines of a `-o stream-json` run. */
export function streamEvents(stdout: string): StreamEvent[] {
  return stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as StreamEvent];
      } catch {
        return [];
      }
    });
}

export const sessionIdOf = (stdout: string): string | null => streamEvents(stdout).find((e) => typeof e.session_id === 'string')?.session_id ?? null;
/** The run's final `result` line is out: the CLI only idles after it (no hook runs then). */
export const hasResult = (stdout: string) => /^\{"type":"result"/m.test(stdout);

/** The harness's probes: every `bash -c` of a hook (Qwen Code sets GEMINI_PROJECT_DIR only for hooks) and of the shell tool. */
export const PROBE_MARK = 'hookplay-probe';
export const PROBED_EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop'] as const;

const lines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()) : []);

export interface Probes {
  hookCommands: string[];
  otherBash: string[];
  payloads: Record<(typeof PROBED_EVENTS)[number], JsonObject[]>;
}

export function readProbes(probeDir: string): Probes {
  const decode = (l: string) => Buffer.from(l, 'base64').toString('utf8');
  const payloads = Object.fromEntries(PROBED_EVENTS.map((e) => [e, lines(join(probeDir, `${e}.jsonl`)).flatMap((l) => {
    try {
      return [JSON.parse(l) as JsonObject];
    } catch {
      return [];
    }
  })])) as Probes['payloads'];
  return { hookCommands: lines(join(probeDir, 'hook-runs.log')).map(decode), otherBash: lines(join(probeDir, 'other-bash.log')).map(decode), payloads };
}

type ToolUse = { type: 'tool_use'; id?: string; name?: string; input?: JsonObject };
type ToolResult = { type: 'tool_result'; tool_use_id?: string; content?: unknown; is_error?: boolean };

/**
 * One session's runs (stream-json of each process), the requests the mock served and the probes' logs, as an
 * observation. A call ran when a PostToolUse / PostToolUseFailure probe saw its id, or the shell tool's `bash -c`
 * ran its command (the probes may be off: disableAllHooks).
 */
export function observe(input: { stdouts: string[]; requests: RecordedRequest[]; probes: Probes; norm: Norm }): QwenObservation {
  const { probes, norm } = input;
  const hookRuns: Record<string, number> = {};
  for (const command of probes.hookCommands) hookRuns[command] = (hookRuns[command] ?? 0) + 1;
  const events = input.stdouts.flatMap(streamEvents);
  const results = new Map<string, ToolResult>();
  for (const e of events) if (e.type === 'user' && Array.isArray(e.message?.content)) for (const c of e.message.content as ToolResult[]) if (c?.type === 'tool_result' && c.tool_use_id) results.set(c.tool_use_id, c);
  const ran = [...probes.payloads.PostToolUse, ...probes.payloads.PostToolUseFailure];
  const tools: ToolSeen[] = [];
  for (const e of events) {
    if (e.type !== 'assistant' || !Array.isArray(e.message?.content)) continue;
    for (const use of (e.message.content as ToolUse[]).filter((c) => c?.type === 'tool_use')) {
      const asked = use.input ?? {};
      const block = use.id ? results.get(use.id) : undefined;
      const probe = ran.find((p) => p.tool_call_id === use.id) ?? (ran.length && !ran.some((p) => typeof p.tool_call_id === 'string') ? ran[tools.length] : undefined);
      const content = block ? (typeof block.content === 'string' ? block.content : partsOf(block.content).join('\n')) : null;
      const command = typeof asked.command === 'string' ? asked.command : null;
      const executed = probe !== undefined || (command !== null && probes.otherBash.some((c) => c.includes(command)));
      tools.push({ executed, input: probe ? (probe.tool_input as JsonObject) : executed ? asked : null, result: content === null ? null : norm(content), isError: block ? block.is_error === true : null });
    }
  }
  const ending = (e: StreamEvent | undefined) => (e ? { subtype: e.subtype ?? '', isError: e.is_error === true, result: norm(e.result ?? e.error?.message ?? '') } : null);
  const endings = input.stdouts.map((s) => ending(streamEvents(s).filter((e) => e.type === 'result').pop()));
  const conversations = input.requests.map((r) => norm(conversationOf(r.body)));
  return {
    requests: input.requests.length,
    tool: tools[0] ?? null,
    conversation: conversations[conversations.length - 1] ?? [],
    stopRuns: probes.payloads.Stop.map((p) => p.stop_hook_active === true),
    hookRuns,
    ended: ending(events.filter((e) => e.type === 'result').pop()),
    conversations,
    tools,
    ...(input.stdouts.length > 1 ? { endings } : {}),
  };
}
