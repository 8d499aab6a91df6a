import { openPostgresStore } from './postgres-store.js';
import { openSqliteStore } from './sqlite-store.js';
import { StoreError, type ShortLinkStore } from './store.js';

/** PostgreSQL when a database URL is given, else the SQLite file in the data folder. */
export async function openShortLinkStore(options: { dataDir: string; databaseUrl?: string | undefined }): Promise<ShortLinkStore> {
  if (options.databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) throw new StoreError(`--database-url must be a postgres:// or postgresql:// URL, not "${options.databaseUrl.slice(0, 40)}"`);
    return openPostgresStore(options.databaseUrl);
  }
  return openSqliteStore(options.dataDir);
}
