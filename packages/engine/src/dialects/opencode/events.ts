import type { EventSpec } from '../dialect.js';

/**
 * OpenCode's plugin hooks, by the name a plugin's hooks object uses. A scenario's payload is the hook's two
 * arguments, `{input, output}`: the handler reads `input` and changes `output` in place. The six below are the ones
 * OpenCode's plugin docs list; which of them 1.18.33 really calls is recorded (permission.ask: never).
 */
export const OPENCODE_EVENTS: EventSpec[] = [
  {
    name: 'tool.execute.before',
    group: 'Tools',
    canBlock: true,
    matcherTests: null,
    description: 'Before a tool runs: throwing blocks the call (the model gets the error message as the result); changing output.args in place rewrites it.',
    sample: { input: { tool: 'bash' }, output: { args: { command: 'rm -rf /tmp/build', description: 'Clean the build folder' } } },
  },
  {
    name: 'tool.execute.after',
    group: 'Tools',
    canBlock: true,
    matcherTests: null,
    description: 'After a tool ran: changing output.output or output.title changes what the model and the user see; throwing turns the result into that error.',
    sample: { input: { tool: 'bash', args: { command: 'npm test', description: 'Run the tests' } }, output: { title: 'npm test', output: 'all tests passed\n', metadata: { output: 'all tests passed\n', exit: 0, truncated: false } } },
  },
  {
    name: 'chat.message',
    group: 'Prompt',
    canBlock: true,
    matcherTests: null,
    description: "A user message before it is saved and sent: changing or adding output.parts changes what the model reads; throwing fails the whole run.",
    sample: { input: {}, output: { parts: [{ type: 'text', text: 'fix the failing test' }] } },
  },
  {
    name: 'shell.env',
    group: 'Tools',
    canBlock: false,
    matcherTests: null,
    description: "Before the bash tool starts a command: variables set on output.env are added to the command's environment.",
    sample: { input: {}, output: { env: {} } },
  },
  {
    name: 'permission.ask',
    group: 'Permissions',
    canBlock: true,
    matcherTests: null,
    description: 'Documented as the hook that answers a permission prompt (output.status "allow"/"deny"); OpenCode 1.18.33 never calls it.',
    sample: { input: { type: 'bash', pattern: ['rm -rf /tmp/build'], title: 'rm -rf /tmp/build' }, output: { status: 'ask' } },
  },
  {
    name: 'event',
    group: 'Session',
    canBlock: false,
    matcherTests: null,
    description: 'Every event of the session bus (session.created, permission.asked, session.idle, ...); OpenCode does not wait for the handler.',
    sample: { input: { event: { type: 'session.idle', properties: {} } } },
  },
];

export const EVENT_NAMES = new Set(OPENCODE_EVENTS.map((e) => e.name));
