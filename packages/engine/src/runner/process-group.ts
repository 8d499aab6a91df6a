/**
 * Every hook runs as the leader of its own process group (spawned detached), so one signal to `-pid`
 * reaches the shell, the hook and anything the hook started. The set lets a server kill them all on shutdown.
 */
const liveGroups = new Set<number>();

export function trackGroup(pid: number): void {
  liveGroups.add(pid);
}

export function untrackGroup(pid: number): void {
  liveGroups.delete(pid);
}

/** Signals the whole group; false when no process of the group is left. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function groupAlive(pid: number): boolean {
  return signalGroup(pid, 0);
}

/** For process shutdown: SIGKILL every hook group still running. Returns how many were signalled. */
export function killAllHookGroups(): number {
  let n = 0;
  for (const pid of liveGroups) if (signalGroup(pid, 'SIGKILL')) n++;
  liveGroups.clear();
  return n;
}

export function liveHookGroupCount(): number {
  return liveGroups.size;
}
