import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { StoreError, type ShortLinkStore } from './store.js';

/**
 * The default store: one SQLite file in the data folder. node-sqlite3-wasm is SQLite compiled to WebAssembly
 * with a file-system VFS: nothing to compile and no prebuilt binary to download at install time (better-sqlite3
 * fetches one from GitHub, or needs node-gyp and a compiler), and it writes the file in place rather than
 * exporting the whole database on every change as sql.js does. Calls are synchronous and short (one row by key).
 */
export function openSqliteStore(dataDir: string): ShortLinkStore {
  let db: InstanceType<typeof sqlite.Database>;
  const file = join(dataDir, 'short-links.sqlite');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    db = new sqlite.Database(file);
    db.exec('PRAGMA journal_mode = DELETE');
    db.exec('CREATE TABLE IF NOT EXISTS short_links (id TEXT PRIMARY KEY, scenario TEXT NOT NULL, created_at TEXT NOT NULL)');
  } catch (e) {
    throw new StoreError(`cannot open the short-link database ${file}: ${(e as Error).message}`);
  }
  return {
    kind: 'sqlite',
    async put(id, scenario) {
      db.run('INSERT OR IGNORE INTO short_links (id, scenario, created_at) VALUES (?, ?, ?)', [id, scenario, new Date().toISOString()]);
    },
    async get(id) {
      const row = db.get('SELECT scenario FROM short_links WHERE id = ?', [id]);
      return row ? String(row.scenario) : null;
    },
    async close() {
      db.close();
    },
  };
}
