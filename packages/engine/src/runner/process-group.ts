/**
 * Every hook runs as the leader of its own process group under its supervisor (supervisor.ts), so one signal
 * to `-group` reaches the shell, the hook and anything the hook started in that group, while the supervisor
 * (outside the group) lives on to clean up what escaped. The set lets a server kill them all on shutdown.
 */
interface Tracked {
  /** The supervisor, or the hook's shell itself when it runs unsupervised. */
  parent: number;
  /** The hook's process group, once known. */
  group: number | null;
  supervised: boolean;
}

const live = new Map<number, Tracked>();

export function trackGroup(parent: number, supervised: boolean): void {
  live.set(parent, { parent, group: supervised ? null : parent, supervised });
}

export function setTrackedGroup(parent: number, group: number): void {
  const t = live.get(parent);
  if (t) t.group = group;
}

export function untrackGroup(parent: number): void {
  live.delete(parent);
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

export function signalProcess(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
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
  for (const t of live.values()) {
    // The group first (its shell dies of SIGKILL, as the result says), then the supervisor is told to sweep
    // whatever left the group. Never SIGKILL a supervisor: what escaped would be orphaned to init.
    const hit = t.group !== null && signalGroup(t.group, 'SIGKILL');
    const told = t.supervised && signalProcess(t.parent, 'SIGUSR1');
    if (hit || told) n++;
  }
  live.clear();
  return n;
}

export function liveHookGroupCount(): number {
  return live.size;
}
