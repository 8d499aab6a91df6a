import type { JsonObject } from '@hookplay/engine';

/** One tool call of a model message. `id` is the call's id on the wire (the host hands it to hooks). */
export interface ToolCall {
  name: string;
  input: JsonObject;
  id: string;
}

/** What the mocked model answers one request with: a final text, or tool calls (several: one message, in parallel). */
export type ModelReply = { kind: 'text'; text: string } | { kind: 'tools'; calls: ToolCall[] };

/** The model's side of a session: the reply to the n-th (1-based) request, given the request's body. */
export type ModelScript = (n: number, body: unknown) => ModelReply;
