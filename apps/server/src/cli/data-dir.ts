import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The data folder: --data, else $XDG_DATA_HOME/hookplay, else ~/.local/share/hookplay. */
export function dataDir(given: string | undefined): string {
  if (given) return resolve(given);
  return join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'hookplay');
}
