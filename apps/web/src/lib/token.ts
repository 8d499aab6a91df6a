/**
 * The server's token arrives once, in `?token=` of the URL `hookplay serve` printed. It is kept in this
 * origin's localStorage and removed from the address bar at once, so a copied link never carries it.
 */
const KEY = 'hookplay.token';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function captureToken(): string | null {
  const url = new URL(window.location.href);
  const fresh = url.searchParams.get('token');
  if (fresh !== null) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    if (/^[0-9a-f]{16,128}$/i.test(fresh)) {
      storage()?.setItem(KEY, fresh);
      return fresh;
    }
  }
  return storage()?.getItem(KEY) ?? null;
}

/** A token typed into the sign-in field (a team server's per-user token or team secret). */
export function saveToken(token: string): void {
  storage()?.setItem(KEY, token);
}
