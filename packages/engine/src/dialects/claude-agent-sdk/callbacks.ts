import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import type { ClaudeCodeEntry } from '../claude-code/config.js';
import { CLAUDE_CODE_EVENTS, OTHER_CLAUDE_CODE_EVENTS } from '../claude-code/events.js';
import { diag } from '../shared/results.js';

/** A hook passed to query() in code: one function of a matcher group. */
export interface CallbackEntry extends ClaudeCodeEntry {
  kind: 'callback';
  /** The module among the scenario's files, and the function it exports. */
  ref: { file: string; name: string };
  /** The SDK's id for it, `hook_<n>`: the CLI names a failed callback by it. */
  callbackId: string;
  onFailure: 'continue' | 'block';
  /** The group set its own timeout (seconds). */
  groupTimeoutS?: number;
}

/** Where the scenario declares callbacks, as a `source` the outcome shows. */
export const CALLBACKS_SOURCE = 'query() hooks';

/**
 * The SDK registers callbacks with the CLI at startup in the order it walks `options.hooks`: events in key order,
 * groups, then functions; the n-th is `hook_<n>` from 0 (recorded: a failing callback's notice names it).
 */
export function readCallbacks(host: HostSettings, files: Record<string, string>, defaultTimeoutS: number, diagnostics: Diagnostic[]): CallbackEntry[] {
  const out: CallbackEntry[] = [];
  let n = 0;
  for (const [event, groups] of Object.entries(host.callbacks ?? {})) {
    const known = CLAUDE_CODE_EVENTS.some((e) => e.name === event);
    if (!known) {
      diagnostics.push(
        diag('warning', OTHER_CLAUDE_CODE_EVENTS.has(event) ? 'config.event-not-emulated' : 'config.unknown-event', `host.callbacks.${event}: ${OTHER_CLAUDE_CODE_EVENTS.has(event) ? 'an event hookplay does not emulate: these callbacks cannot run here' : 'not an event of the Agent SDK: these callbacks never run'}`),
      );
    }
    groups.forEach((group, gi) => {
      group.hooks.forEach((spec, hi) => {
        const at = spec.lastIndexOf('#');
        const ref = { file: spec.slice(0, at), name: spec.slice(at + 1) };
        const id = `hook_${n++}`;
        if (!known) return;
        if (!(ref.file in files)) {
          diagnostics.push(diag('error', 'sdk.callback-module-missing', `host.callbacks.${event}[${gi}].hooks[${hi}]: ${ref.file} is not among the scenario's files, so this callback cannot be loaded (the app's import would fail before query() starts)`));
        } else if (!/\.(mjs|js)$/.test(ref.file)) {
          diagnostics.push(diag('warning', 'sdk.callback-module-kind', `host.callbacks.${event}[${gi}].hooks[${hi}]: hookplay runs callbacks from ES modules (.mjs, or .js); ${ref.file} is loaded as one, and TypeScript is not transpiled yet (a hookplay limit)`));
        }
        out.push({
          kind: 'callback',
          event,
          command: 'callback',
          name: ref.name,
          source: ref.file in files ? ref.file : CALLBACKS_SOURCE,
          scope: 'plugin',
          matcher: group.matcher ?? null,
          timeoutMs: (group.timeout ?? defaultTimeoutS) * 1000,
          ...(group.timeout !== undefined ? { timeoutS: group.timeout, groupTimeoutS: group.timeout } : {}),
          ref,
          callbackId: id,
          onFailure: group.onFailure ?? 'continue',
        });
      });
    });
  }
  return out;
}

export const isCallback = (e: ClaudeCodeEntry): e is CallbackEntry => (e as Partial<CallbackEntry>).kind === 'callback';
