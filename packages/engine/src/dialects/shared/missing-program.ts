import type { Diagnostic, Effect, Verdict } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import type { EventSpec } from '../dialect.js';
import { diag, ordinal } from './results.js';

/**
 * The shell's own words when a program or script a hook runs does not exist: exit 127 ("command not found"), or
 * sh unable to open a script it was given. Null when the hook ran what it named.
 */
export function missingProgram(result: ProcessResult): string | null {
  if (result.timedOut || result.signal !== null) return null;
  const line = result.stderr.split('\n').find((l) => /: (?:.*: )?(?:command )?not found$|: No such file or directory$|can't open|cannot open/.test(l.trim()));
  if (result.exitCode === 127) return line?.trim() ?? 'exit 127: the shell found no such command';
  // `sh script.sh` with no script.sh exits 2 (dash) or 127 (bash); `python3 missing.py` exits 2.
  return line && result.exitCode !== 0 && /No such file|can't open|cannot open/.test(line) ? line.trim() : null;
}

export interface MissingProgramInput {
  label: string;
  event: EventSpec;
  results: Map<number, ProcessResult>;
  /** What the host made of each hook (the dialect's settle), by plan index. */
  effects: Map<number, Effect>;
  verdict: Verdict;
}

/**
 * A hook that failed because something it runs is missing is named as such, with what the host did with the
 * failure, read from the dialect's own settle: a guard whose failure does not block fails open. The host rule
 * itself stays in each dialect; this only says it in the words a hook author is looking for.
 */
export function missingProgramNotes(input: MissingProgramInput): Diagnostic[] {
  const notes: Diagnostic[] = [];
  for (const [index, result] of input.results) {
    const missing = missingProgram(result);
    if (!missing) continue;
    const effect = input.effects.get(index) ?? 'none';
    const consequence =
      effect === 'block'
        ? `${input.label} counts the failure as a block here (the guard fails closed)`
        : input.event.canBlock
          ? `${input.label} counts it as a hook that failed without blocking, so ${input.event.name} goes on (${input.verdict === 'block' ? 'another hook blocked it' : 'a guard fails open: what it was meant to stop goes through'})`
          : `${input.label} counts it as a failed hook and goes on; whatever the hook was meant to do did not happen`;
    notes.push(
      diag('warning', 'hook.missing-program', `${ordinal(index)} failed because something it runs is missing (${missing}): ${consequence}. Install the program, or fix the path, on every machine the hook runs on.`, { hook: index }),
    );
  }
  return notes;
}
