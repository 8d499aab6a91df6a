/**
 * What a hook's command and the scripts it names read from their input, found in their text: jq paths
 * (`.tool_input.command`), subscripts and getters (`["tool_input"]`, `.get("command")`), and raw text patterns
 * grepped out of the JSON (`'"command":"rm -rf'`). A reading, not a proof: it only feeds warnings.
 */
export interface ScriptReads {
  /** Dotted paths a jq filter or accessor chain names, e.g. `tool_input.command`. */
  paths: string[];
  /** Raw JSON text the script searches the input for, e.g. `"command":"rm -rf`. */
  patterns: string[];
}

/** The files a command names (by their scenario key, a path ending in it, or after $VAR/). */
export function scriptsOf(command: string, files: Record<string, string>): string[] {
  return Object.keys(files).filter((key) => {
    const rest = key.startsWith('~/') ? key.slice(2) : key;
    return command.includes(rest) || (rest.includes('/') && command.includes(`/${rest.split('/').pop()}`));
  });
}

export function readsOf(command: string, files: Record<string, string>): ScriptReads {
  const texts = [command, ...scriptsOf(command, files).map((k) => files[k]!)];
  const paths = new Set<string>();
  const patterns = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/\bjq\b[^|;\n]*?(['"])(.*?)\1/g)) {
      for (const p of m[2]!.matchAll(/(?<![\w\])])\.([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)/g)) paths.add(p[1]!);
    }
    for (const m of text.matchAll(/(?:\[\s*|\.get\(\s*)(['"])([A-Za-z_]\w*)\1/g)) paths.add(m[2]!);
    for (const m of text.matchAll(/\bgrep\b[^'"\n]*'([^']*"[A-Za-z_]\w*"\s*:[^']*)'/g)) patterns.add(m[1]!);
  }
  return { paths: [...paths], patterns: [...patterns] };
}

/** Whether a dotted path resolves in a JSON value; a single name counts when it is a key anywhere in it. */
export function hasPath(value: unknown, path: string): boolean {
  const parts = path.split('.');
  if (parts.length === 1) return hasKeyAnywhere(value, parts[0]!);
  let current: unknown = value;
  for (const part of parts) {
    if (typeof current !== 'object' || current === null || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

function hasKeyAnywhere(value: unknown, key: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (!Array.isArray(value) && key in value) return true;
  return Object.values(value).some((v) => hasKeyAnywhere(v, key));
}
