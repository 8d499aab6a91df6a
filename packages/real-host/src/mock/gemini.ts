import type { ApiHandler, Served } from './server.js';
import type { ModelReply, ModelScript } from './reply.js';

const USAGE = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

/** The parts of a model reply, as a Gemini `Content`: one text part, or one `functionCall` part per call. */
export function partsOf(reply: ModelReply): object[] {
  return reply.kind === 'tools' ? reply.calls.map((c) => ({ functionCall: { name: c.name, args: c.input } })) : [{ text: reply.text }];
}

/**
 * The Gemini API (generativelanguage v1beta) as `gemini -p` calls it through GOOGLE_GEMINI_BASE_URL: each turn is
 * `POST …/models/<model>:streamGenerateContent?alt=sse`, answered with one SSE chunk holding the whole reply (a
 * text, or one functionCall part per call: several are one message). `:generateContent` (the model router's and
 * the next-speaker check's structured asks) and `:countTokens` are the CLI's side calls: answered neutrally and
 * not counted among the session's requests.
 */
export function geminiApi(script: ModelScript, options: { model?: string } = {}): ApiHandler {
  const model = options.model ?? 'gemini-2.5-pro';
  const side = (path: string) => !path.split('?')[0]!.endsWith(':streamGenerateContent');
  return {
    serves: (method, path) => method === 'POST' && /:(streamGenerateContent|generateContent|countTokens)$/.test(path),
    isSide: (_body, path) => side(path),
    answer: ({ path, body, n }) => {
      const p = path.split('?')[0]!;
      if (p.endsWith(':countTokens')) return json({ totalTokens: 10 });
      if (p.endsWith(':generateContent')) return json({ candidates: [{ content: { role: 'model', parts: [{ text: sideText(body) }] }, finishReason: 'STOP', index: 0 }], usageMetadata: USAGE });
      const chunk = { candidates: [{ content: { role: 'model', parts: partsOf(script(n, body)) }, finishReason: 'STOP', index: 0 }], usageMetadata: USAGE, modelVersion: model };
      return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: `data: ${JSON.stringify(chunk)}\r\n\r\n` };
    },
  };
}

/** A side call that asks for JSON gets every field its schemas read, with the answers that change nothing. */
function sideText(body: unknown): string {
  const g = ((body as { generationConfig?: Record<string, unknown> } | null)?.generationConfig ?? {}) as Record<string, unknown>;
  const wantsJson = g.responseJsonSchema || g.responseSchema || g.responseMimeType === 'application/json';
  return wantsJson ? JSON.stringify({ reasoning: 'mock', model_choice: 'flash', next_speaker: 'user', complexity_reasoning: 'mock', complexity_score: 1 }) : 'mock';
}

const json = (o: unknown): Served => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(o) });
