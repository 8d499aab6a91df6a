/**
 * How the Cline CLI starts a hook file: it never runs the file itself (so its mode does not matter) but an
 * interpreter with the file's path: the shebang's, else one chosen by the extension, else bash (recorded:
 * exec-not-executable-*, exec-shebang-*, exec-js-no-shebang). The CLI spawns that argv directly, without a shell.
 */

/** Extensions a hook file may have (and none): any other is not a hook. */
export const HOOK_EXTENSIONS: ReadonlySet<string> = new Set(['', '.sh', '.bash', '.zsh', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.py', '.ps1']);

/** The shebang's words, as the CLI splits them (first line, after `#!`, on whitespace). */
function shebang(text: string): string[] | null {
  const first = text.split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (!first.startsWith('#!')) return null;
  const words = first.slice(2).trim().split(/\s+/).filter(Boolean);
  return words.length ? words : null;
}

/**
 * The CLI's reading of a shebang: `env` is skipped, and sh/bash/zsh/python are looked up on PATH by name
 * (`#!/bin/sh` runs `sh`); any other interpreter is spawned by the path as written.
 */
function normalize(words: string[]): string[] {
  const [first, ...rest] = words;
  if (first === undefined) return words;
  const name = first.replace(/\\/g, '/').toLowerCase().split('/').at(-1) ?? first;
  if (name === 'env') return rest.length ? normalize(rest) : rest;
  if (name === 'bash' || name === 'sh' || name === 'zsh' || name === 'python' || name === 'python3') return [name, ...rest];
  return words;
}

/** The interpreter argv the CLI puts before the hook file's path. */
export function interpreterOf(fileName: string, text: string): string[] {
  const bang = shebang(text);
  if (bang) {
    const argv = normalize(bang);
    if (argv.length) return argv;
  }
  const lower = fileName.toLowerCase();
  if (/\.(sh|bash|zsh)$/.test(lower)) return ['bash'];
  if (/\.(js|mjs|cjs)$/.test(lower)) return ['node'];
  if (/\.(ts|mts|cts)$/.test(lower)) return ['bun', 'run'];
  if (lower.endsWith('.py')) return ['python3'];
  if (lower.endsWith('.ps1')) return ['pwsh', '-File'];
  return ['bash'];
}

const quote = (word: string) => (/^[A-Za-z0-9_./:=+~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The argv as one line for people (and for `sh -c`, which execs it: hookplay's runner needs a shell line). */
export function commandLine(argv: readonly string[]): string {
  return argv.map(quote).join(' ');
}

/** Whether the CLI starts this hook with sh or bash (the shells the real-host harness can count). */
export const isShellInterpreter = (argv: readonly string[]) => argv[0] === 'sh' || argv[0] === 'bash';
