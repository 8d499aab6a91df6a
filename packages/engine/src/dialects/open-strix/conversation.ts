import { isObject, type Json, type JsonObject } from '../../util/json.js';

/** The message fields open-strix passes to hooks; anything else in a message is dropped. */
export const MESSAGE_FIELDS = [
  'timestamp',
  'channel_id',
  'channel_name',
  'author',
  'author_id',
  'content',
  'attachments',
  'attachment_names',
  'message_id',
  'is_bot',
  'source',
  'format',
  'reactions',
];

/** One message as open-strix shows it to a hook (its `_message_payload`). */
export function messagePayload(item: Json): JsonObject {
  if (!isObject(item)) return { content: typeof item === 'string' ? item : JSON.stringify(item) };
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(item)) if (MESSAGE_FIELDS.includes(key)) out[key] = value;
  return out;
}

/** `logs/chat-history.jsonl`: one JSON object per line; only `type: "message"` lines count, bad lines are skipped. */
export function parseChatHistory(text: string): JsonObject[] {
  const messages: JsonObject[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    let parsed: Json;
    try {
      parsed = JSON.parse(trimmed) as Json;
    } catch {
      continue;
    }
    if (isObject(parsed) && parsed.type === 'message') messages.push(messagePayload(parsed));
  }
  return messages;
}

/** Where the transcript comes from: the persisted log when it has messages, else the host's memory (the payload). */
export interface TranscriptSource {
  history: JsonObject[] | null;
  /** The scenario payload's `conversation`: stands for open-strix's in-memory buffers. */
  memory: Json | undefined;
}

export interface Conversation {
  value: JsonObject;
  from: 'chat-history' | 'payload' | 'empty';
}

/**
 * The `conversation` object an include_conversation hook gets. `channel_messages` is the transcript
 * filtered to the current channel, unless the scenario spells it out.
 */
export function buildConversation(source: TranscriptSource, event: JsonObject): Conversation {
  const memory = isObject(source.memory) ? source.memory : {};
  let all: JsonObject[] = [];
  let from: Conversation['from'] = 'empty';
  if (source.history && source.history.length > 0) {
    all = source.history;
    from = 'chat-history';
  } else if (Array.isArray(memory.all_messages) && memory.all_messages.length > 0) {
    all = memory.all_messages.map(messagePayload);
    from = 'payload';
  }
  const channelId: Json = 'current_channel_id' in memory ? memory.current_channel_id! : (event.channel_id ?? null);
  const channel = Array.isArray(memory.channel_messages)
    ? memory.channel_messages.map(messagePayload)
    : all.filter((m) => channelId !== null && m.channel_id === channelId);
  if (from === 'empty' && channel.length > 0) from = 'payload';
  return { value: { all_messages: all, channel_messages: channel, current_channel_id: channelId }, from };
}
