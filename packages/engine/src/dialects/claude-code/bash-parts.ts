/**
 * How Claude Code 2.1.332 reads a Bash command for its permission check, as far as the recordings show it: the
 * parts it checks one by one, which of them only read, which change files (and where), which read outside the
 * project. Pure text work; permissions.ts decides with it.
 */

/** Drops a trailing shell comment (` # …` outside quotes): the CLI never names it as a part (x-suggest-two-nodes). */
export function withoutComment(command: string): string {
  let quote: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(command[i - 1]!))) return command.slice(0, i).trimEnd();
  }
  return command;
}

/** The parts of a compound command Claude Code checks one by one (split on ;, &&, ||, |). */
export function subcommands(command: string): string[] {
  return withoutComment(command)
    .split(/;|&&|\|\||\|/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Commands Claude Code's Bash tool runs without asking (only those recorded; its own list is longer): grep and
 * false too (the session sweep, oracle/recorded/claude-code/2.1.332: *--read-only, *--failing), `exit` not
 * (post-continue-false--failing asks for "exit 3").
 */
const READ_ONLY = new Set(['echo', 'ls', 'cat', 'grep', 'false']);
/** Commands acceptEdits (and auto) lets change files in the project without asking (recorded: touch, mkdir). */
export const FILE_WRITE_COMMANDS = new Set(['touch', 'mkdir']);

export const firstWord = (part: string) => part.split(/\s+/)[0]!;

/** The files a part sends its output to (`> f`, `>> f`; not `>&2` nor /dev/null). */
export function redirectTargets(part: string): string[] {
  const out: string[] = [];
  for (const m of part.matchAll(/(?:^|[^0-9&>])\d?>>?\s*([^\s&|;<>][^\s|;<>]*)/g)) {
    if (m[1] !== '/dev/null') out.push(m[1]!);
  }
  return out;
}

/** A part with its output redirections taken out. */
export const withoutRedirects = (part: string) => part.replace(/\s*\d?>>?\s*(?!&)[^\s|;<>]+/g, '').trim();

/** A part that writes a file: `touch f`, `mkdir d`, or any command redirected into a file. */
export interface FileWrite {
  /** The CLI's name for the change: the command, or "Output redirection". */
  verb: string;
  file: string;
  redirect: boolean;
}

/** The subcommands that write a file, each with the file it names (recorded: touch, mkdir, `> file`). */
export function fileWrites(command: string): FileWrite[] {
  const out: FileWrite[] = [];
  for (const p of subcommands(command)) {
    for (const file of redirectTargets(p)) out.push({ verb: 'Output redirection', file, redirect: true });
    if (FILE_WRITE_COMMANDS.has(firstWord(p))) out.push({ verb: firstWord(p), file: p.split(/\s+/).slice(1).find((w) => !w.startsWith('-')) ?? '', redirect: false });
  }
  return out;
}

/** A part that only reads: a read-only command with no output redirected into a file (x-suggest-redirect asks). */
export const isReadOnly = (part: string) => READ_ONLY.has(firstWord(part)) && redirectTargets(part).length === 0;

/** Whether a part changes files only as acceptEdits allows: touch or mkdir, or a redirection into a file. */
export const isFileWrite = (part: string) => FILE_WRITE_COMMANDS.has(firstWord(part)) || (READ_ONLY.has(firstWord(part)) && redirectTargets(part).length > 0);

/**
 * The absolute paths a read-only subcommand names outside the project: Claude Code asks before reading there
 * (recorded on 2.1.332: `ls /no/such/risky-dir`, `grep -c risky /etc/hostname` ask, and claude -p refuses them
 * with "was blocked", headless.ts). Redirections (`>&2`) are no paths.
 */
export function pathsOutside(part: string, project: string | undefined): string[] {
  if (!project) return [];
  return withoutRedirects(part)
    .split(/\s+/)
    .slice(1)
    .filter((w) => w.startsWith('/') && w !== project && !w.startsWith(`${project}/`));
}

/** Where a file a part names is, as an absolute path: relative ones are in the project. */
export const absolute = (file: string, project: string) => (file.startsWith('/') ? file : `${project}/${file}`);

/** Whether the files a part writes are all in the project (acceptEdits and auto allow only those). */
export function writesInProject(part: string, project: string | undefined): boolean {
  if (!project) return true;
  const writes = fileWrites(part);
  return writes.length > 0 && writes.every((w) => absolute(w.file, project).startsWith(`${project}/`));
}
