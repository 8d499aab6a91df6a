/**
 * Links and reports. A link's hash is `#s=` + base64url(deflate(JSON)) of the scenario document, plus a
 * `$view` key for the exact payload text and open file; decoding validates it with the engine's schema, so a
 * damaged or hand-edited link gives a clear message instead of a broken editor. Opening a link never runs it; a
 * link may also carry a run's result, shown read-only (never re-run) until its reader presses Run.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { z } from 'zod';
import { parseScenario, ScenarioError, SessionTimelineEvent, TimelineEvent, type Scenario, type ScenarioInput } from '@hookplay/engine/browser';
import type { ViewState } from './workspace.svelte';

export const HASH_KEY = 's';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * A run's result as a link carries it: the timeline events as the server streamed them (the outcome is the last),
 * replayed on the other side exactly as a live run folds them. Shown read-only, never re-run by opening.
 */
export const SharedResult = z.object({
  /** When it ran, and on which hookplay. */
  at: z.string(),
  hookplay: z.string().optional(),
  events: z.array(z.union([TimelineEvent, SessionTimelineEvent])).max(20_000),
});
export type SharedResult = z.infer<typeof SharedResult>;

export function encodeShare(scenario: ScenarioInput, view: ViewState = {}, result?: SharedResult): string {
  const doc = { ...scenario, ...(Object.keys(view).length > 0 ? { $view: view } : {}), ...(result ? { $result: result } : {}) };
  return toBase64Url(deflateSync(strToU8(JSON.stringify(doc)), { level: 9 }));
}

/** Links past this size are refused by some chat tools and browsers; a result that does not fit is left out. */
export const MAX_LINK_RESULT_CHARS = 48 * 1024;

/**
 * The link with the run's result when it fits: all events, else without the live output chunks (the outcome keeps
 * each hook's output), else the scenario alone. Says which.
 */
export function encodeWithResult(scenario: ScenarioInput, view: ViewState, result: SharedResult): { encoded: string; carried: 'all' | 'without-live-output' | 'none' } {
  const full = encodeShare(scenario, view, result);
  if (full.length <= MAX_LINK_RESULT_CHARS) return { encoded: full, carried: 'all' };
  const lean = encodeShare(scenario, view, { ...result, events: result.events.filter((e) => e.type !== 'hook-output' && !(e.type === 'session-run' && e.run.type === 'hook-output')) });
  if (lean.length <= MAX_LINK_RESULT_CHARS) return { encoded: lean, carried: 'without-live-output' };
  return { encoded: encodeShare(scenario, view), carried: 'none' };
}

export class ShareError extends Error {}

export function decodeShare(encoded: string): { scenario: Scenario; view: ViewState; result?: SharedResult } {
  let raw: unknown;
  try {
    raw = JSON.parse(strFromU8(inflateSync(fromBase64Url(encoded))));
  } catch {
    throw new ShareError('This link is damaged (it may have been cut off when it was copied). Nothing was loaded.');
  }
  const { $view, $result, ...rest } = (raw ?? {}) as { $view?: ViewState; $result?: unknown } & Record<string, unknown>;
  try {
    const scenario = parseScenario(rest);
    const view: ViewState = {};
    if (typeof $view?.payloadText === 'string') view.payloadText = $view.payloadText;
    if (typeof $view?.active === 'string') view.active = $view.active;
    if (typeof $view?.sessionText === 'string' && scenario.session) view.sessionText = $view.sessionText;
    if ($result === undefined) return { scenario, view };
    const result = SharedResult.safeParse($result);
    // A damaged result costs only the result: the scenario still opens, and the page says the result was dropped.
    if (!result.success) throw new ShareError(`This link's result is damaged (${result.error.issues[0]?.path.join('.') || 'result'}: ${result.error.issues[0]?.message}); the scenario was not loaded either, so nothing half-read is shown.`);
    return { scenario, view, result: result.data };
  } catch (e) {
    if (e instanceof ScenarioError) throw new ShareError(`This link holds an invalid scenario: ${e.message}`);
    throw e;
  }
}

/** The encoded scenario in a location hash, if any (`#s=...`). */
export function shareFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(HASH_KEY);
}

/**
 * A page URL that opens this scenario: never with the token (it was removed from the address bar), and at the
 * playground's root, so a link copied from a short-link page still opens the hash.
 */
export function shareUrl(location: Location, encoded: string): string {
  const url = new URL('/', location.href);
  url.hash = `${HASH_KEY}=${encoded}`;
  return url.toString();
}

/**
 * The encoded scenario of any hookplay link, whatever its host and port (a teammate's server, the static viewer,
 * a bare `#s=…`): a link is its hash, so it opens on this server as well as on the one that made it.
 */
export function shareFromLink(text: string): string | null {
  const trimmed = text.trim();
  const at = trimmed.indexOf('#');
  return at === -1 ? null : shareFromHash(trimmed.slice(at));
}

export function downloadName(scenario: ScenarioInput): string {
  const slug = (scenario.title ?? `${scenario.dialect}-${scenario.session ? 'session' : scenario.event}`)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'scenario'}.hookplay.json`;
}

/** The scenario file as SCENARIO.md writes it: two-space JSON and a final newline. */
export function scenarioFileText(scenario: ScenarioInput): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}
