/** The HTTP half of the server contract (apps/server/src/protocol.ts), typed and with errors a person can act on. */
import { ValidateResponse, VersionComparison } from 'hookplay/protocol';
import type { ScenarioInput } from '@hookplay/engine/browser';

export type ApiFailure = 'unauthorized' | 'unreachable' | 'http';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function request(path: string, token: string | null, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('unreachable', 'the hookplay server cannot be reached');
  }
  if (response.status === 401) throw new ApiError('unauthorized', 'the server refused the token', 401);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError('http', body?.error ?? `HTTP ${response.status}`, response.status);
  }
  return response;
}

export async function health(): Promise<{ ok: boolean; version: string }> {
  return (await request('/api/health', null)).json() as Promise<{ ok: boolean; version: string }>;
}

/** Tells a wrong token (401) from a server that is down, after a WebSocket failed without saying why. */
export async function probeAuth(token: string | null): Promise<'ok' | ApiFailure> {
  try {
    await request('/api/dialects', token, { method: 'GET' });
    return 'ok';
  } catch (e) {
    return e instanceof ApiError ? e.kind : 'unreachable';
  }
}

export async function validate(scenario: ScenarioInput, token: string | null, signal: AbortSignal): Promise<ValidateResponse> {
  const response = await request('/api/validate', token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scenario }),
    signal,
  });
  return ValidateResponse.parse(await response.json());
}

/** Runs the scenario on every listed version of its host (POST /api/compare-versions) and says where they differ. */
export async function compareVersions(scenario: ScenarioInput, token: string | null, signal?: AbortSignal): Promise<VersionComparison> {
  const response = await request('/api/compare-versions', token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scenario }),
    ...(signal ? { signal } : {}),
  });
  return VersionComparison.parse(await response.json());
}
