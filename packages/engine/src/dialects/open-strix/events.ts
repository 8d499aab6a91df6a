import type { EventSpec } from '../dialect.js';

/** open-strix's hook events, with the payloads its documentation shows (docs/hooks.md). */
export const STRIX_EVENTS: EventSpec[] = [
  {
    name: 'pre_tool_call',
    group: 'Tools',
    canBlock: true,
    matcherTests: null,
    description: 'Before every tool call; the final event\'s args are what the tool gets. A documented _block stops the call.',
    sample: { tool: 'send_message', args: { text: 'hello', channel_id: '123' }, channel_id: '123', current_event: 'discord_message' },
  },
  {
    name: 'post_tool_call',
    group: 'Tools',
    canBlock: false,
    matcherTests: null,
    description: 'After a tool call: on success the final event\'s result is what the agent sees; on error the hooks only observe.',
    sample: {
      tool: 'send_message',
      args: { text: 'hello', channel_id: '123' },
      status: 'success',
      result: 'send_message complete (sent=True, chunks=1, attachments=0, git_sync=deferred)',
      duration_seconds: 0.034812,
      channel_id: '123',
      current_event: 'discord_message',
    },
  },
  {
    name: 'pre_prompt',
    group: 'Prompt',
    canBlock: false,
    matcherTests: null,
    description: 'After the turn prompt is rendered, before the model runs; prompt replaces it, append_prompt adds to it.',
    sample: { prompt: 'Current event: ...', source_event_type: 'discord_message', channel_id: '123', author: 'alice' },
  },
  {
    name: 'pre_startup',
    group: 'Lifecycle',
    canBlock: false,
    matcherTests: null,
    description: 'Early in startup, before MCP, scheduler, UI plugins and APIs start; what hooks return is ignored.',
    sample: { home: '/home/bot/my-agent' },
  },
  {
    name: 'post_startup',
    group: 'Lifecycle',
    canBlock: false,
    matcherTests: null,
    description: 'After scheduler, UI and API startup, before the agent starts listening; what hooks return is ignored.',
    sample: { home: '/home/bot/my-agent', api_port: 8082, web_ui_port: 8084, scheduler_running: true },
  },
  {
    name: 'pre_shutdown',
    group: 'Lifecycle',
    canBlock: false,
    matcherTests: null,
    description: 'At the start of shutdown; what hooks return is ignored.',
    sample: { home: '/home/bot/my-agent' },
  },
  {
    name: 'post_shutdown',
    group: 'Lifecycle',
    canBlock: false,
    matcherTests: null,
    description: 'After services stopped and caches were cleaned; what hooks return is ignored.',
    sample: { home: '/home/bot/my-agent' },
  },
];

export const STRIX_EVENT_NAMES: readonly string[] = STRIX_EVENTS.map((e) => e.name);
export const LIFECYCLE_EVENTS = new Set(['pre_startup', 'post_startup', 'pre_shutdown', 'post_shutdown']);
