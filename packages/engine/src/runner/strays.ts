import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dirname, sep } from 'node:path';

/**
 * The last resort behind the supervisor (supervisor.ts), which catches escapes by ancestry: a process that
 * is still tied to a run directory after the run, found in /proc by what ties it there: HOME (or any
 * environment value) inside the run directory, a cwd inside it, or an open file inside it. It is needed when
 * the supervisor could not act (no perl, prctl refused, the supervisor itself killed by the hook) and by a
 * server start sweeping what a killed server left. Linux only: elsewhere there is no /proc to read.
 */
export function killProcessesUnder(root: string): number {
  const inside = (p: string) => p === root || p.startsWith(root + sep);
  const envNeedle = Buffer.from(`=${root}`);
  let killed = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (name.charCodeAt(0) > 57 || name.charCodeAt(0) < 48 || name === String(process.pid)) continue;
    if (!tiedTo(name, inside, envNeedle)) continue;
    try {
      process.kill(Number(name), 'SIGKILL');
      killed++;
    } catch {
      // already gone
    }
  }
  return killed;
}

function tiedTo(pid: string, inside: (p: string) => boolean, envNeedle: Buffer): boolean {
  try {
    if (inside(readlinkSync(`/proc/${pid}/cwd`))) return true;
  } catch {
    return false; // gone, or not ours to read
  }
  try {
    if (readFileSync(`/proc/${pid}/environ`).includes(envNeedle)) return true;
  } catch {
    // unreadable
  }
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (inside(readlinkSync(`/proc/${pid}/fd/${fd}`))) return true;
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // unreadable
  }
  return false;
}

/** Kills what is still tied to the run whose simulated HOME is `home` (its run directory is HOME's parent). */
export function killStrays(home: string): number {
  return killProcessesUnder(dirname(home));
}
