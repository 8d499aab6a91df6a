import type { Outcome } from '../../outcome.js';

/**
 * An outcome's notices carry one joined string (`shown.user`), but the SDK host's stream prints a failed callback's
 * notice and the block it causes as separate lines (recorded: cb-UserPromptSubmit-throws-onfailure-block). settle
 * keeps the lines here, by the shown object, so the session's observation can list them as the stream does; the
 * joined text stays what every other reader of the outcome shows.
 */
const LINES = new WeakMap<object, string[]>();

export function keepNoticeLines(shown: object, lines: string[]): void {
  if (lines.length > 1) LINES.set(shown, lines);
}

export function noticeLines(outcome: Outcome): string[] {
  const user = outcome.shown?.user;
  if (user === undefined) return [];
  return LINES.get(outcome.shown!) ?? [user];
}
