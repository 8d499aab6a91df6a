import { sep } from 'node:path';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Error messages from a run (an I/O failure while writing the scenario's files) name the run's workspace, an
 * internal temp path the user never wrote: `/tmp/hookplay-server-x/hookplay-y/project/a/b` becomes `a/b`, and the
 * home side becomes `~/...`, the way the scenario names files.
 */
export function scrubRunPaths(message: string, runParent: string): string {
  const root = new RegExp(`${escape(runParent)}${escape(sep)}hookplay-[^${escape(sep)}\\s'"]+(?:${escape(sep)}(project|home|tmp))?(${escape(sep)}?)`, 'g');
  return message.replace(root, (_m, part: string | undefined, slash: string) => {
    if (part === 'home') return slash ? '~/' : '~';
    if (part === 'tmp') return `$TMPDIR${slash}`;
    if (part === 'project') return slash ? '' : '.';
    return '<run directory>';
  });
}
