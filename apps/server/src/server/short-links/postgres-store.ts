import pg from 'pg';
import { StoreError, type ShortLinkStore } from './store.js';

/**
 * `--database-url postgres://...`: the store several stateless servers share. node-postgres (`pg`) is plain
 * JavaScript (its native binding is optional and not used). The table is created when missing; an id is
 * inserted once and never updated (ON CONFLICT DO NOTHING), which keeps links immutable across servers.
 */
export async function openPostgresStore(url: string): Promise<ShortLinkStore> {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000 });
  // A broken idle connection must not crash the server; the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query('CREATE TABLE IF NOT EXISTS hookplay_short_links (id TEXT PRIMARY KEY, scenario TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now())');
  } catch (e) {
    await pool.end().catch(() => {});
    throw new StoreError(`cannot use the database at ${redact(url)}: ${(e as Error).message}`);
  }
  return {
    kind: 'postgres',
    async put(id, scenario) {
      await pool.query('INSERT INTO hookplay_short_links (id, scenario) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, scenario]);
    },
    async get(id) {
      const result = await pool.query<{ scenario: string }>('SELECT scenario FROM hookplay_short_links WHERE id = $1', [id]);
      return result.rows[0]?.scenario ?? null;
    },
    async close() {
      await pool.end();
    },
  };
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the given --database-url';
  }
}
