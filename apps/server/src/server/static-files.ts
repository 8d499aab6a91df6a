import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * The playground page may run only its own scripts and talk only to this server. Monaco injects styles,
 * hence 'unsafe-inline' for styles (never for scripts).
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>hookplay</title>
<p>The playground's web app is not built yet. Run <code>npm run build</code> in the hookplay checkout, then reload.</p>`;

/** Serves the built web app: hashed assets cached for a year, everything else revalidated. */
export function staticFiles(root: string) {
  return async (c: Context) => {
    let path = c.req.path;
    if (path === '/' || path === '') path = '/index.html';
    // Resolve inside root only; `normalize` folds `..` so a request cannot climb out.
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return c.text('not found', 404);
    }
    const file = normalize(join(root, decoded));
    if (!file.startsWith(root + sep)) return c.text('not found', 404);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      if (path === '/index.html') return c.html(NOT_BUILT, 503);
      return c.text('not found', 404);
    }
    const body = await readFile(file);
    const hashed = path.startsWith('/assets/');
    c.header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    if (extname(file) === '.html') {
      c.header('Content-Security-Policy', CSP);
      c.header('Referrer-Policy', 'no-referrer');
      c.header('X-Frame-Options', 'DENY');
    }
    return c.body(body);
  };
}
