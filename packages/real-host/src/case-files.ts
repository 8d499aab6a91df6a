import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Writes an oracle case's files: `~/x` under home, anything else under the project. The oracles' cases make their
 * scripts executable by extension (a scenario's files go through the engine's own `materialize` instead).
 */
export function writeCaseFiles(files: Record<string, string>, home: string, project: string): void {
  for (const [key, text] of Object.entries(files)) {
    const path = key.startsWith('~/') ? join(home, key.slice(2)) : join(project, key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (/\.(sh|mjs|js|py)$/.test(path)) chmodSync(path, 0o755);
  }
}
