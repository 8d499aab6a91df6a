import { existsSync, readFileSync } from 'node:fs';
import type { ClineMessage as Message, ClineObservation } from '@hookplay/engine';
import type { RecordedRequest } from '../../mock/server.js';

export type { ClineObservation, Message };

export function normalizer(dirs: { project: string; home: string }): (s: string) => string {
  return (s) => s.split(dirs.project).join('$PROJECT').split(dirs.home).join('$HOME');
}

const parseArgs = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

type WireMessage = { role: string; content?: unknown; tool_calls?: { function: { name: string; arguments: string } }[] };

/** A chat message as the observation keeps it: text with paths replaced, tool calls as name and arguments. */
export function simplify(m: WireMessage, norm: (s: string) => string): Message {
  const text = (c: unknown) => norm(typeof c === 'string' ? c : Array.isArray(c) ? c.map((p: { text?: string }) => p.text ?? '').join('') : '');
  if (m.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length) {
    const calls = m.tool_calls.map((c) => ({ tool: c.function.name, args: parseArgs(c.function.arguments) }));
    return calls.length === 1 ? { role: 'assistant', tool: calls[0]!.tool, args: calls[0]!.args } : { role: 'assistant', calls };
  }
  return { role: m.role, content: text(m.content) } as Message;
}

/** Every message of a request after the system prompt. */
export function conversationOf(request: RecordedRequest, norm: (s: string) => string): Message[] {
  const messages = ((request.body as { messages?: WireMessage[] } | undefined)?.messages ?? []) as WireMessage[];
  return messages.filter((m, i) => !(i === 0 && m.role === 'system')).map((m) => simplify(m, norm));
}

/** The JSON lines of `cline --json`. */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout.split('\n').flatMap((l) => {
    if (!l.trim().startsWith('{')) return [];
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** The tool calls that started, with the input they ran with (the stream's content_start of each tool). */
export function toolsRunOf(lines: Record<string, unknown>[], norm: (s: string) => string): ClineObservation['toolsRun'] {
  return lines.flatMap((l) => {
    const e = l.event as { type?: string; contentType?: string; toolName?: string; toolCallId?: string; input?: unknown } | undefined;
    if (l.type !== 'agent_event' || e?.type !== 'content_start' || e.contentType !== 'tool') return [];
    return [{ tool: e.toolName ?? '', id: e.toolCallId ?? '', input: JSON.parse(norm(JSON.stringify(e.input ?? null))) }];
  });
}

/** How the task ended: `aborted` when the stream says run_aborted, else the final result's finishReason. */
export function endOf(lines: Record<string, unknown>[]): ClineObservation['end'] {
  if (lines.some((l) => l.type === 'run_aborted')) return 'aborted';
  const result = lines.find((l) => l.type === 'run_result');
  return typeof result?.finishReason === 'string' ? result.finishReason : 'none';
}

/** Hook files the probe saw started by sh or bash, as absolute paths, in order. */
export function probedPaths(log: string): string[] {
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
}
