import type { Difference } from '../../compare.js';
import type { QwenObservation } from './observe.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortKeys = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Every way the emulation's reading of a Qwen Code session differs from the real CLI's: host-level facts only (each
 * call ran or not and with which input, what the model read, whether the turn went on, how many times each hook
 * command ran, how each run ended), never ids or timestamps. The sweep's fields are compared when the recording has them.
 */
export function compareQwen(real: QwenObservation, emulated: QwenObservation): Difference[] {
  const out: Difference[] = [];
  const check = (path: string, what: string, r: unknown, e: unknown) => {
    if (!same(r, e)) out.push({ path, what, real: r, emulated: e });
  };
  check('requests', 'model requests made', real.requests, emulated.requests);
  if (real.tools) {
    check('tools.length', 'tool calls the model made', real.tools.length, emulated.tools?.length ?? 0);
    real.tools.forEach((t, i) => {
      const e = emulated.tools?.[i];
      if (!e) return;
      check(`tools[${i}].executed`, `call ${i + 1} ran`, t.executed, e.executed);
      check(`tools[${i}].input`, `call ${i + 1}'s input as executed`, t.input, e.input);
      check(`tools[${i}].isError`, `call ${i + 1}'s result is an error`, t.isError, e.isError);
      check(`tools[${i}].result`, `call ${i + 1}'s result as shown`, t.result, e.result);
    });
  } else if (real.tool === null || emulated.tool === null) check('tool', 'the tool call', real.tool, emulated.tool);
  else {
    check('tool.executed', 'the tool ran', real.tool.executed, emulated.tool.executed);
    check('tool.input', 'the tool input as executed', real.tool.input, emulated.tool.input);
    check('tool.isError', 'the tool result is an error', real.tool.isError, emulated.tool.isError);
    check('tool.result', 'the tool result as shown', real.tool.result, emulated.tool.result);
  }
  if (real.conversations) {
    real.conversations.forEach((c, i) => {
      const e = emulated.conversations?.[i];
      if (e) check(`conversations[${i}]`, `what model request ${i + 1} carried`, c, e);
    });
    check('conversation', 'what the last model request carried', real.conversation, emulated.conversation);
  } else check('conversation', 'the conversation the model read last', real.conversation, emulated.conversation);
  check('stopRuns', 'Stop runs (stop_hook_active of each)', real.stopRuns, emulated.stopRuns);
  check('hookRuns', 'hook processes per command', sortKeys(real.hookRuns), sortKeys(emulated.hookRuns));
  check('ended', 'how the run ended', real.ended, emulated.ended);
  if (real.endings) check('endings', 'how each run ended', real.endings, emulated.endings ?? [emulated.ended]);
  return out;
}

/** The old oracle's wording of the same differences: `what: Qwen Code …, hookplay …`. */
export const problemsOf = (differences: Difference[]) => differences.map((d) => `${d.what}: Qwen Code ${JSON.stringify(d.real)}, hookplay ${JSON.stringify(d.emulated)}`);
