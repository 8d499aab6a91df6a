import type { Difference } from '../../compare.js';
import type { CopilotObservation, Message } from './observe.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortKeys = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The calls of one model message run at once, and the CLI numbers shells in the order they start: which call got
 * which shell id races (recorded), so the results of a several-call message compare without it.
 */
export function unraced(conversation: Message[]): Message[] {
  let inBatch = false;
  return conversation.map((m) => {
    if (m.role === 'assistant') inBatch = 'calls' in m;
    else if (m.role === 'user') inBatch = false;
    return inBatch && m.role === 'tool' ? { ...m, content: m.content.replace(/<shellId: \d+ /g, '<shellId: * ') } : m;
  });
}

/**
 * Every way the emulation's reading of a Copilot CLI session differs from the real CLI's: requests, what each
 * request carried, the warnings the user saw, hook processes per event, exit codes. Host-level facts only.
 */
export function compareCopilot(real: CopilotObservation, emulated: CopilotObservation): Difference[] {
  const out: Difference[] = [];
  const check = (path: string, what: string, r: unknown, e: unknown) => {
    if (!same(r, e)) out.push({ path, what, real: r, emulated: e });
  };
  check('requests', 'model requests made', real.requests, emulated.requests);
  if (real.conversations && emulated.conversations) {
    real.conversations.forEach((c, i) => {
      const e = emulated.conversations![i];
      if (e) check(`conversations[${i}]`, `what model request ${i + 1} carried`, unraced(c), unraced(e));
    });
  } else check('conversation', 'what the last model request carried', unraced(real.conversation), unraced(emulated.conversation));
  check('userSaw', 'warnings shown to the user', real.userSaw, emulated.userSaw);
  if (!real.unobserved?.includes('hookRuns')) check('hookRuns', 'hook processes per event', sortKeys(real.hookRuns), sortKeys(emulated.hookRuns));
  check('exitCode', 'the CLI exit code', real.exitCode, emulated.exitCode);
  if (real.exitCodes) check('exitCodes', 'every run’s exit code', real.exitCodes, emulated.exitCodes ?? [emulated.exitCode]);
  return out;
}
