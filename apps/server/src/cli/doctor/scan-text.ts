import { matchesIn, type Position } from './position.js';

/** What a hook's command or script does that a reviewer must see, found in its text. */
export interface TextHit {
  id: 'security.download-exec' | 'security.eval-output' | 'security.network';
  at: Position;
  /** The matched text, trimmed for the message. */
  text: string;
}

const SHELLS = String.raw`(?:sudo\s+)?(?:env\s+)?(?:ba|da|z|k|fi)?sh|python3?|node|perl|ruby|bun|deno`;
/** `curl … | sh`, `wget -O- | bash`, `sh <(curl …)`, `bash -c "$(curl …)"`: code fetched and run unseen. */
const DOWNLOAD_EXEC = new RegExp(
  String.raw`\b(?:curl|wget)\b[^\n|;&]*\|\s*(?:${SHELLS})\b|\b(?:${SHELLS})\s+<\(\s*(?:curl|wget)\b|\b(?:${SHELLS})\s+-c\s+["']?\$\(\s*(?:curl|wget)\b|\bsource\s+<\(\s*(?:curl|wget)\b`,
  'g',
);
/** `eval $(…)` / eval "`…`": whatever a command prints is run as shell code. */
const EVAL_OUTPUT = /\beval\s+["']?(?:\$\(|`)/g;
/** Reaching the network: the usual clients, URLs, and the HTTP calls of the script languages hooks are written in. */
const NETWORK = /\b(?:curl|wget|nc|ncat|socat|ssh|scp|rsync|ftp|telnet)\b(?![-.\w])|https?:\/\/[^\s"')]+|\brequests\.(?:get|post|put)\b|\burllib\.request\b|\bfetch\(|\bhttps?\.request\(|\bInvoke-WebRequest\b/g;

const shorten = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s).replace(/\s+/g, ' ').trim();

/** Comment lines say nothing about what runs: their text is blanked, positions kept. */
function withoutComments(text: string): string {
  return text.replace(/^(\s*)#(?!!).*$/gm, (line, lead: string) => lead + ' '.repeat(line.length - lead.length));
}

export function scanText(text: string, options: { network: boolean }): TextHit[] {
  const body = withoutComments(text);
  const hits: TextHit[] = [];
  for (const { match, at } of matchesIn(body, DOWNLOAD_EXEC)) hits.push({ id: 'security.download-exec', at, text: shorten(match[0]) });
  for (const { match, at } of matchesIn(body, EVAL_OUTPUT)) hits.push({ id: 'security.eval-output', at, text: shorten(match[0]) });
  if (options.network) {
    // One per line is enough: `curl https://…` is one finding, not two.
    const lines = new Set<number>();
    for (const { match, at } of matchesIn(body, NETWORK)) {
      if (lines.has(at.line)) continue;
      lines.add(at.line);
      hits.push({ id: 'security.network', at, text: shorten(match[0]) });
    }
  }
  return hits;
}

/** Shell words a line starts with that are not programs to look for on PATH. */
const NOT_PROGRAMS = new Set(
  'if then else elif fi case esac for while until do done in function select time return exit break continue local export readonly declare typeset set unset shift trap eval exec source alias unalias read echo printf test true false cd pwd wait kill let command type hash umask ulimit getopts builtin enable shopt bg fg jobs disown suspend logout mapfile readarray caller dirs popd pushd compgen complete help history'.split(
    ' ',
  ),
);

/**
 * Programs a shell script runs, by the first word of each of its commands: enough to find a hook that needs `uv`,
 * `bun` or `jq` on a machine without them. Functions the script defines, heredoc bodies and case patterns are skipped.
 */
export function programsRun(text: string): { name: string; at: Position }[] {
  const defined = new Set([...text.matchAll(/^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\s*\)/gm)].map((m) => m[1]!));
  const out: { name: string; at: Position }[] = [];
  let heredoc: string | null = null;
  text.split('\n').forEach((line, i) => {
    if (heredoc !== null) {
      if (line.trim() === heredoc) heredoc = null;
      return;
    }
    const opened = /<<-?\s*['"]?(\w+)['"]?/.exec(line);
    // Each command of the line: the start, and after ; && || | ( { then do else.
    for (const m of line.matchAll(/(?:^|[;&|({]|\b(?:then|do|else)\s)\s*((?:[A-Za-z_][\w]*=\S*\s+)*)([A-Za-z][\w.+-]*)(?=\s|$|;)/g)) {
      const name = m[2]!;
      if (NOT_PROGRAMS.has(name) || defined.has(name) || line.trimStart().startsWith('#')) continue;
      out.push({ name, at: { line: i + 1, column: (m.index ?? 0) + m[0].length - name.length + 1 } });
    }
    if (opened) heredoc = opened[1]!;
  });
  return out;
}

/** JSON objects a script prints literally (`echo '{…}'`, `printf '{…}'`, a heredoc), with where each starts. */
export function printedAnswers(text: string): { json: Record<string, unknown>; at: Position }[] {
  const out: { json: Record<string, unknown>; at: Position }[] = [];
  const take = (raw: string, at: Position) => {
    try {
      const value = JSON.parse(raw) as unknown;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) out.push({ json: value as Record<string, unknown>, at });
    } catch {
      // not literal JSON (it has variables in it, or is not JSON at all): nothing to read statically
    }
  };
  for (const { match, at } of matchesIn(text, /\b(?:echo|printf)\s+(?:-[a-z]+\s+)?'(\{[^']*\})'/g)) take(match[1]!, at);
  for (const { match, at } of matchesIn(text, /\bcat\s+<<-?\s*['"]?(\w+)['"]?[^\n]*\n([\s\S]*?)\n\s*\1\s*(?:\n|$)/g)) {
    if (match[2]!.trim().startsWith('{')) take(match[2]!, at);
  }
  return out;
}
