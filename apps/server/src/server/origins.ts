/**
 * Which Host and Origin values the server answers. Both are exact strings: no prefix, suffix or
 * case-insensitive matching, and never derived from the request URL (a target starting with `//`
 * can put any host there).
 */
export interface OriginPolicy {
  /** Host header values, e.g. `127.0.0.1:4477`, `localhost:4477`, `[::1]:4477`. */
  hosts: Set<string>;
  /** Exact origins allowed besides `http://` + an allowed Host: a team server's public URL (https behind a proxy). */
  origins?: Set<string>;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function originPolicy(boundHost: string, port: number): OriginPolicy {
  const bound = boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost;
  const names = new Set([...LOOPBACK_NAMES, bound]);
  // A wildcard bind answers on every address; only the loopback names are trusted as Host values then.
  names.delete('0.0.0.0');
  names.delete('[::]');
  return { hosts: new Set([...names].map((n) => `${n}:${port}`)) };
}

export function hostAllowed(policy: OriginPolicy, host: string | undefined): boolean {
  return host !== undefined && policy.hosts.has(host);
}

/**
 * A browser's Origin must be exactly the origin it was served from: `http://` + the (allowed) Host.
 * A missing Origin (non-browser client) passes here and still needs the token; `null` never passes.
 */
export function originAllowed(policy: OriginPolicy, origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!hostAllowed(policy, host)) return false;
  return origin === `http://${host}` || (policy.origins?.has(origin) ?? false);
}

/** The policy plus a public URL's Host and origin (`--public-url`: what teammates type, maybe via a proxy). */
export function withPublicUrl(policy: OriginPolicy, publicUrl: URL): OriginPolicy {
  return { hosts: new Set([...policy.hosts, publicUrl.host]), origins: new Set([...(policy.origins ?? []), publicUrl.origin]) };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}
