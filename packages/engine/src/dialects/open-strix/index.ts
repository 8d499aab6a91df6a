import type { Dialect } from '../dialect.js';
import { loadStrixConfig, type StrixEntry } from './config.js';
import { settleStrix } from './effects.js';
import { STRIX_EVENTS } from './events.js';
import { openStrixLifecycle } from './lifecycle.js';
import { prepareStrix } from './plan.js';
import { HOOKS_JSON_SCHEMA } from './schema.js';

const STARTER_HOOK = `import json
import sys

event = json.loads(sys.stdin.readline())
if event.get("tool") != "send_message":
    print(json.dumps(event))
    raise SystemExit

event["args"]["text"] = event["args"]["text"].strip()
print(json.dumps(event))
`;

export const openStrix: Dialect<StrixEntry> = {
  id: 'open-strix',
  label: 'open-strix',
  summary: 'hooks.json files under skills/; no matchers; hooks run one after another, each JSON answer replacing the event; failures pass it through.',
  configFiles: [
    {
      path: 'skills/<name>/hooks.json',
      language: 'json',
      description: 'A skill\'s hooks: {"hooks": [{name, command, events, env, timeout_seconds, include_conversation}]}. Found at any depth below skills/, run in path order.',
      schema: HOOKS_JSON_SCHEMA,
    },
  ],
  events: STRIX_EVENTS,
  hostSettings: ['env'],
  mode: 'chain',
  // open-strix keeps all output; the cap is hookplay's own.
  process: { shell: ['sh', '-c'], kill: { first: 'SIGKILL' }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: {
    event: 'pre_tool_call',
    files: {
      'skills/message-policy/hooks.json': `${JSON.stringify({ hooks: [{ name: 'message-policy', command: 'python3 hook.py', events: ['pre_tool_call'], timeout_seconds: 10 }] }, null, 2)}\n`,
      'skills/message-policy/hook.py': STARTER_HOOK,
    },
  },
  load: loadStrixConfig,
  prepare: prepareStrix,
  settle: settleStrix,
  lifecycle: openStrixLifecycle,
};
