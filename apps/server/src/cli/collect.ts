import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const SCENARIO_SUFFIX = '.hookplay.json';

/** Every scenario file under the targets, directories searched recursively in name order. */
export async function collectScenarioFiles(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => null);
  if (!info) throw new Error(`${target}: no such file or directory`);
  if (info.isFile()) return [target];
  const found: string[] = [];
  for (const entry of (await readdir(target, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(target, entry.name);
    if (entry.isDirectory()) found.push(...(await collectScenarioFiles(path)));
    else if (entry.name.endsWith(SCENARIO_SUFFIX)) found.push(path);
  }
  return found;
}

/** `--filter`: a substring of the path or title, or `/regex/flags`. */
export function makeFilter(pattern: string): (path: string, title: string | undefined) => boolean {
  const re = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (re) {
    let regex: RegExp;
    try {
      regex = new RegExp(re[1]!, re[2]);
    } catch (e) {
      throw new Error(`--filter ${pattern}: not a valid regular expression (${(e as Error).message})`);
    }
    return (path, title) => regex.test(path) || (title !== undefined && regex.test(title));
  }
  const needle = pattern.toLowerCase();
  return (path, title) => path.toLowerCase().includes(needle) || (title?.toLowerCase().includes(needle) ?? false);
}
