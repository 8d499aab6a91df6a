import { readdirSync, readFileSync } from 'node:fs';

/** Pids of live processes whose command line contains `marker` (zombies excluded). */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const state = /State:\s+(\w)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      if (cmdline.includes(marker) && state !== 'Z') found.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

export async function eventually(check: () => boolean, timeoutMs = 3000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}
