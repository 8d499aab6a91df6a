/**
 * Short links on a team server (`hookplay serve --team`): "Copy link" stores the scenario on the server and
 * copies `/s/<id>`; opening one loads it into the editor and never runs it. Elsewhere links stay `#s=` hashes.
 */
import { parseScenario, ScenarioError, type Scenario, type ScenarioInput } from '@hookplay/engine/browser';
import type { ViewState } from './workspace.svelte';

const PATH = /^\/s\/([A-Za-z0-9_-]{20})\/?$/;

export function shortLinkId(pathname: string): string | null {
  return PATH.exec(pathname)?.[1] ?? null;
}

/** Why a short link did not open; `missing` is the server's 404 (no such link on it). */
export class ShortLinkError extends Error {
  constructor(
    message: string,
    readonly kind: 'missing' | 'unauthorized' | 'other',
  ) {
    super(message);
  }
}

export async function storeShortLink(scenario: ScenarioInput, view: ViewState, token: string | null): Promise<string> {
  const response = await fetch('/api/links', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ scenario, view }),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: string; path?: string; error?: string };
  if (!response.ok || !body.path) throw new ShortLinkError(body.error ?? `the server answered ${response.status}`, response.status === 401 ? 'unauthorized' : 'other');
  return new URL(body.path, window.location.origin).toString();
}

export async function fetchShortLink(id: string, token: string | null): Promise<{ scenario: Scenario; view: ViewState }> {
  let response: Response;
  try {
    response = await fetch(`/api/links/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ShortLinkError('the hookplay server cannot be reached', 'other');
  }
  const body = (await response.json().catch(() => ({}))) as { scenario?: unknown; view?: ViewState; error?: string };
  if (response.status === 404) throw new ShortLinkError(`No scenario is stored under /s/${id} on this server. The link may be mistyped, or made on another hookplay server. Nothing was loaded.`, 'missing');
  if (response.status === 401) throw new ShortLinkError('Sign in to open this link.', 'unauthorized');
  if (!response.ok) throw new ShortLinkError(body.error ?? `the server answered ${response.status}`, 'other');
  try {
    return { scenario: parseScenario(body.scenario), view: body.view ?? {} };
  } catch (e) {
    if (e instanceof ScenarioError) throw new ShortLinkError(`This link holds an invalid scenario: ${e.message}`, 'other');
    throw e;
  }
}
