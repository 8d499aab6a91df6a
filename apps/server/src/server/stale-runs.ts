import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { killProcessesUnder } from '@hookplay/engine';

export const RUN_DIR_PREFIX = 'hookplay-server-';

/** A process's start time in clock ticks since boot (/proc/<pid>/stat field 22): a pid alone may be reused. */
function startTime(pid: number | 'self'): string | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * The mkdtemp prefix of this server's run directory: it names its owner (pid and start time), so a later start
 * can tell a dead server's directory from a live one without a file inside (the directory holds runs only).
 */
export function ownedRunDirPrefix(): string {
  return `${RUN_DIR_PREFIX}${process.pid}.${startTime('self') ?? '0'}-`;
}

/** Whether the owner named in a run directory's name still runs; null for a name without one (older hookplay). */
function ownerAlive(name: string): boolean | null {
  const m = /^hookplay-server-(\d+)\.(\d+)-/.exec(name);
  if (!m) return null;
  const now = startTime(Number(m[1]));
  return now !== null && (m[2] === '0' || now === m[2]);
}

/**
 * What an earlier server left when it died without closing (SIGKILL, a crash, a power cut): its run directory
 * and any process still tied to it. Hooks die with their server already (their supervisors get a parent-death
 * signal); this sweep covers what that cannot: the directories, and processes of a server whose supervisors
 * were killed with it. Only directories whose name names an owner that is gone are touched: one without an
 * owner belongs to an older hookplay that may still be running, and is left alone.
 * Returns what was removed, for the log.
 */
export function sweepStaleRunDirs(parent: string): { dirs: number; processes: number } {
  let dirs = 0;
  let processes = 0;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return { dirs, processes };
  }
  for (const name of names) {
    if (!name.startsWith(RUN_DIR_PREFIX)) continue;
    const dir = join(parent, name);
    if (ownerAlive(name) !== false) continue;
    // Processes first: a stray writer would re-create what rm removes.
    processes += killProcessesUnder(dir);
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      dirs++;
    } catch (e) {
      process.stderr.write(`hookplay serve: could not remove the stale run directory ${dir}: ${(e as Error).message}\n`);
    }
  }
  return { dirs, processes };
}
