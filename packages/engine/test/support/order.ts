/**
 * Hook commands that finish in a given order however loaded the machine is.
 *
 * A test that checks "the last hook to finish wins" used to make one hook `sleep 0.3` first. On a busy machine the
 * other hook's own start can take longer than that (a shell forked under two CPU hogs), and the order flips. Here
 * each command waits until the one meant to finish before it has exited (its shell's pid, written to a file in the
 * hooks' working directory, no longer answers `kill -0`), then a further `gapMs` so the ends are clearly apart
 * (past the dialects' race windows, RACE_MS = 100 ms). The order is a fact of the processes, not of timing.
 */
import { randomBytes } from 'node:crypto';

/**
 * `commands` in declaration order, rewritten so that `commands[order[0]]` finishes first, `commands[order[1]]`
 * next, and so on. Every command must be listed once in `order`. Hooks must share a working directory.
 */
export function inFinishingOrder(commands: readonly string[], order: readonly number[], gapMs = 150): string[] {
  if ([...order].sort((a, b) => a - b).join() !== commands.map((_, i) => i).join()) throw new Error(`order ${JSON.stringify(order)} must list each of the ${commands.length} commands once`);
  const tag = `.hookplay-test-order-${randomBytes(4).toString('hex')}`;
  const out = [...commands];
  order.forEach((index, rank) => {
    const mark = `echo $$ > ${tag}-${rank}`;
    const wait = rank === 0 ? '' : `until [ -s ${tag}-${rank - 1} ] && ! kill -0 "$(cat ${tag}-${rank - 1})" 2>/dev/null; do sleep 0.02; done; sleep ${gapMs / 1000}; `;
    out[index] = `${wait}${mark}; ${commands[index]}`;
  });
  return out;
}
