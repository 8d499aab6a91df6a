import type { Answer } from './answer.js';

/** Every answered hook of one event, merged in run order, as the CLI merges them. */
export interface Merged {
  cancel: boolean;
  /** The contexts of the hooks that did not cancel, joined by a newline. */
  context?: string;
  /** The cancelling hooks' reasons, joined by a newline. */
  cancelReason?: string;
  overrideInput?: unknown;
  hasOverride: boolean;
}

const join = (a: string | undefined, b: string | undefined) => [a, b].filter((s): s is string => typeof s === 'string' && s.length > 0).join('\n') || undefined;

/**
 * The CLI runs an event's hooks one after another, every one of them (a cancel does not stop the rest: recorded
 * pre-cancel-then-context), and folds their answers: one cancel cancels, contexts and reasons join with a newline,
 * the last overrideInput wins (recorded: pre-two-contexts-joined, pre-override-two-last-wins).
 */
export function merge(answers: Answer[]): Merged {
  const out: Merged = { cancel: false, hasOverride: false };
  for (const a of answers) {
    out.cancel ||= a.cancel === true;
    const context = join(out.context, a.context);
    if (context !== undefined) out.context = context;
    const reason = join(out.cancelReason, a.cancelReason);
    if (reason !== undefined) out.cancelReason = reason;
    if (a.hasOverride) {
      out.overrideInput = a.overrideInput;
      out.hasOverride = true;
    }
  }
  return out;
}

/** What the agent does with the merge: stop the task (with its reason), or add context; a cancel drops the context. */
export interface Control {
  stop: boolean;
  reason?: string;
  appendContext?: string;
  input?: unknown;
  hasInput: boolean;
}

export function controlOf(m: Merged, event: string): Control {
  const out: Control = { stop: false, hasInput: false };
  if (m.cancel) {
    out.stop = true;
    if (m.cancelReason?.trim()) out.reason = m.cancelReason;
  } else if (m.context?.trim()) out.appendContext = m.context;
  // Only PreToolUse applies an input override (recorded: pre-override-input, post-override-ignored).
  if (event === 'PreToolUse' && m.hasOverride) {
    out.input = m.overrideInput;
    out.hasInput = true;
  }
  return out;
}
