/**
 * Lets a replay that disagreed play once more with the rest of its file held back.
 *
 * A file of replays runs a dozen sessions at once (vitest's maxConcurrency), each starting real hooks: on a 2-core
 * machine that is most of the load a replay sees, more than two CPU hogs beside it. A case whose recording turns on
 * a margin (a 1 s hook under a 1.5 s timeout, two hooks 300 ms apart) can lose it to that crowd alone. So every
 * replay runs `shared`, and one that disagrees plays again `alone`: new replays wait, the running ones finish, and
 * the second play sees the machine's load, not the suite's own. A rule the engine gets wrong disagrees alone too.
 */
let running = 0;
let playingAlone = false;
let waitingAlone = 0;
let parked: (() => void)[] = [];

const wake = () => {
  const all = parked;
  parked = [];
  for (const go of all) go();
};
const park = () => new Promise<void>((go) => parked.push(go));

/** Runs `play` beside the other shared plays (not while one plays alone, nor once one waits to). */
export async function shared<T>(play: () => Promise<T>): Promise<T> {
  while (playingAlone || waitingAlone > 0) await park();
  running++;
  try {
    return await play();
  } finally {
    running--;
    wake();
  }
}

/** Runs `play` with no other play of this file running. Never call it from inside `shared`. */
export async function alone<T>(play: () => Promise<T>): Promise<T> {
  waitingAlone++;
  while (playingAlone || running > 0) await park();
  waitingAlone--;
  playingAlone = true;
  try {
    return await play();
  } finally {
    playingAlone = false;
    wake();
  }
}

/** Plays `attempt` shared; when it reports problems, once more alone, and returns that second reading. */
export async function playAgainAloneIfNeeded<T extends { problems: readonly string[] }>(attempt: () => Promise<T>): Promise<T> {
  const first = await shared(attempt);
  return first.problems.length === 0 ? first : alone(attempt);
}
