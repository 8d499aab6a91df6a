// The few POSIX path operations the Cline dialect needs, on plain strings: the engine also runs in the browser (the
// web playground and the viewer bundle it), where node:path is an empty stub, so importing it there breaks every Cline
// scenario. Each behaves as node:path's posix one does for the paths a scenario can hold.

/** The last segment, trailing slashes ignored (posix.basename). */
export function basename(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** From the last dot of the last segment; '' when that dot starts the segment, or for `..` (posix.extname). */
export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 || base === '..' ? '' : base.slice(dot);
}

/** A relative path with `.` and empty segments dropped and `..` applied where it can be (posix.normalize). */
export function normalize(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (part !== '..' || !absolute) out.push(part);
  }
  const joined = (absolute ? '/' : '') + out.join('/');
  const trailing = path.endsWith('/') && out.length ? '/' : '';
  return (joined || (absolute ? '/' : '.')) + trailing;
}
