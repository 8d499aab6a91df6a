import { readdirSync, readFileSync } from 'node:fs';

/**
 * Kills processes that escaped their hook's process group (`setsid`, a double fork into a new session)
 * but still carry the run's simulated HOME in their environment. Process groups cannot reach them;
 * /proc can. Returns how many were killed. Linux only: elsewhere there is no /proc to read.
 */
export function killStrays(home: string): number {
  const needle = Buffer.from(`\0HOME=${home}\0`);
  let killed = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (name.charCodeAt(0) > 57 || name === String(process.pid)) continue;
    let environ: Buffer;
    try {
      // Prefix a NUL so the first variable matches the same pattern as the others.
      environ = Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${name}/environ`), Buffer.from([0])]);
    } catch {
      continue;
    }
    if (environ.includes(needle)) {
      try {
        process.kill(Number(name), 'SIGKILL');
        killed++;
      } catch {
        // already gone
      }
    }
  }
  return killed;
}
