/**
 * Evidence about real processes, read from /proc: is a pid still running, which processes are in a group.
 * Zombies count as gone: they have exited and only wait to be reaped by their (new) parent.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Stat {
  pid: number;
  state: string;
  pgrp: number;
}

function stat(pid: number | string): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp ...": comm may contain spaces and parentheses, so split after the last ')'.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), state: rest[0]!, pgrp: Number(rest[2]) };
  } catch {
    return null;
  }
}

/** Running (not exited, not a zombie). */
export function alive(pid: number): boolean {
  const s = stat(pid);
  return s !== null && s.state !== 'Z' && s.state !== 'X';
}

/** The live (non-zombie) processes whose process group is `pgid`. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(name);
    if (s && s.pgrp === pgid && s.state !== 'Z' && s.state !== 'X') members.push(s.pid);
  }
  return members;
}

export function pgrpOf(pid: number): number | null {
  return stat(pid)?.pgrp ?? null;
}

/** Polls `check` until it holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean, ms = 2000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(20);
  }
  return check();
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Whole numbers found in a file the hook wrote (`echo $$ >> file`), [] when it does not exist. */
export function readPids(file: string): number[] {
  try {
    return readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A scratch directory outside any run workspace (which is deleted with the run); remove with the returned fn. */
export function scratchDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Cleanup after a failing test, so one failure cannot leak 30-second sleeps into a shared machine. Only kills
 * pids that are still alive and still run one of our test commands (a pid may have been reused by then).
 */
export function killLeftovers(pids: Iterable<number>): void {
  for (const pid of pids) {
    if (!alive(pid) || !/\b(sleep|sh|bash)\b/.test(cmdline(pid))) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
