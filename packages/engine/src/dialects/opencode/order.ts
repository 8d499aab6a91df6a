import type { OpenCodeEntry } from './config.js';

/**
 * Puts the plugins of each folder in the order OpenCode 1.18.33 loads them: the folders `plugin/` and `plugins/`
 * as the file system lists the config folder, the files of each in the reverse of the order the file system lists
 * them (recorded: order-folders). That order is the disk's (readdir), not the names': the same files can load in
 * another order on another file system, so the engine reads it from the run's own directory. Without a way to list
 * folders (a browser), name order stands in.
 */
export function folderOrder(entries: OpenCodeEntry[], abs: (key: string) => string, listDir?: (path: string) => string[] | null): OpenCodeEntry[] {
  if (!listDir) return entries;
  const out = [...entries];
  // Each config folder's files sit together in the load list; reorder within each run of one config folder.
  let i = 0;
  while (i < out.length) {
    const folder = out[i]!.folder;
    if (!folder) {
      i++;
      continue;
    }
    const parent = folder.slice(0, folder.lastIndexOf('/'));
    let j = i;
    while (j < out.length && out[j]!.folder && out[j]!.folder!.slice(0, out[j]!.folder!.lastIndexOf('/')) === parent) j++;
    const group = out.slice(i, j);
    const parentList = listDir(abs(parent)) ?? [];
    const folderRank = (f: string) => {
      const k = parentList.indexOf(f.slice(f.lastIndexOf('/') + 1));
      return k < 0 ? Number.MAX_SAFE_INTEGER : k;
    };
    const listings = new Map<string, string[]>();
    const fileRank = (e: OpenCodeEntry) => {
      let list = listings.get(e.folder!);
      if (!list) listings.set(e.folder!, (list = listDir(abs(e.folder!)) ?? []));
      const k = list.indexOf(e.key!.slice(e.key!.lastIndexOf('/') + 1));
      return k < 0 ? -1 : k;
    };
    group.sort((a, b) => folderRank(a.folder!) - folderRank(b.folder!) || fileRank(b) - fileRank(a));
    out.splice(i, group.length, ...group);
    i = j;
  }
  return out;
}
