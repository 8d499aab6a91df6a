import type { Diagnostic } from '../../outcome.js';
import type { Job, PlannedEntry, Prepared, PrepareInput } from '../dialect.js';
import { diag, ordinal, withBaseFields } from '../shared/results.js';
import { createChain } from './chain.js';
import { CHAT_HISTORY, type StrixEntry, type StrixSettings } from './config.js';
import { buildConversation } from './conversation.js';
import { pyUtcNowIso } from './python.js';

/** open-strix session ids look like `20260301T140000Z-a1b2c3d4`. */
export const SESSION_ID = '20260301T140000Z-hookplay';

/**
 * Selection has no matchers: a hook runs when its `events` list the event. The run is a chain in load order
 * (hooks.json path, then entry), starting from `{type, timestamp, session_id, ...payload}`.
 */
export function prepareStrix({ loaded, event, payload, paths, baseEnv }: PrepareInput<StrixEntry>): Prepared<StrixEntry> {
  const settings = loaded.settings as unknown as StrixSettings;
  const diagnostics: Diagnostic[] = [];
  // The payload's `conversation` stands for the host's in-memory transcript, not for a field of the event.
  const { conversation: memory, ...fields } = payload;
  const start = withBaseFields({ type: event.name, timestamp: pyUtcNowIso(), session_id: SESSION_ID }, fields);
  if (start.type !== event.name) {
    diagnostics.push(
      diag('warning', 'match.type-overridden', `the payload sets "type" to ${JSON.stringify(start.type)}: hooks are still chosen for ${event.name}, but they see that type (and HOOK_EVENT follows it)`),
    );
  }

  const hooks: PlannedEntry<StrixEntry>[] = loaded.entries.map((entry, index) => {
    if (!entry.events.includes(event.name)) {
      return { entry, matched: false, why: `listens to ${entry.events.join(', ')}, not ${event.name}`, duplicateOf: null, willRun: false };
    }
    if (entry.execProblem) {
      diagnostics.push(
        diag('warning', 'hook.hook_exec_error', `hook_exec_error: open-strix cannot start ${ordinal(index)} "${entry.name}": ${entry.execProblem}; the event passes through unchanged`, {
          hook: index,
          file: entry.source,
          ...(entry.line !== undefined ? { line: entry.line } : {}),
        }),
      );
      return { entry, matched: true, why: `listens to ${event.name}, but open-strix cannot start it: ${entry.execProblem}`, duplicateOf: null, willRun: false };
    }
    return { entry, matched: true, why: `listens to ${event.name}`, duplicateOf: null, willRun: true };
  });

  const jobs: Job[] = hooks.flatMap((h, index) =>
    h.willRun
      ? [{ hook: index, command: h.entry.command, cwd: `${paths.project}/${h.entry.skillDir}`, env: { ...baseEnv, ...h.entry.env }, timeoutMs: h.entry.timeoutMs, stdin: '' }]
      : [],
  );
  const order = hooks.flatMap((h, index) => (h.willRun ? [`${ordinal(index)} "${h.entry.name}" (${h.entry.source})`] : []));
  if (order.length === 0) {
    diagnostics.push(diag('info', 'match.none', `no hook runs for ${event.name}: the event goes on unchanged`));
  } else {
    const message =
      order.length === 1
        ? `open-strix runs one hook for ${event.name}: ${order[0]}`
        : `open-strix runs ${order.length} hooks for ${event.name} one after another, in hooks.json path order then entry order: ${order.join(' → ')}; each gets the event the previous one left`;
    diagnostics.push(diag('info', 'rule.chain-order', message));
  }

  const conversation = buildConversation({ history: settings.chatHistory, memory }, start);
  if (hooks.some((h) => h.willRun && h.entry.includeConversation)) {
    const { all_messages, channel_messages } = conversation.value as { all_messages: unknown[]; channel_messages: unknown[] };
    const from =
      conversation.from === 'chat-history'
        ? `loaded from ${CHAT_HISTORY}`
        : conversation.from === 'payload'
          ? "taken from the payload's conversation (standing for open-strix's in-memory buffers)"
          : `empty: there is no ${CHAT_HISTORY} and the payload has no conversation`;
    diagnostics.push(
      diag('info', 'rule.conversation', `include_conversation hooks get "conversation" (${all_messages.length} messages, ${channel_messages.length} in the current channel), ${from}; open-strix removes it from the event after each hook`),
    );
    diagnostics.push(
      diag('info', 'divergence.conversation-source', 'the real open-strix also puts a "source" key ("chat_history_log" or "memory") in conversation; the docs list only all_messages, channel_messages and current_channel_id, and hookplay follows them'),
    );
  } else if (memory !== undefined) {
    diagnostics.push(diag('info', 'match.conversation-unused', "the payload's conversation is open-strix's transcript, not part of the event: only hooks with include_conversation: true get it"));
  }

  const chain = createChain({ start, hooks, eventName: event.name, conversation: () => conversation.value });
  return { hooks, jobs, input: start, diagnostics, chain };
}
