/**
 * Checks on untrusted JSON text before anything recursive touches it. JSON.parse copes with any depth, but
 * JSON.stringify, zod and every walk over the value recurse: an 8.5 KB array nested 4,100 deep used to
 * overflow the stack on the size check and take the whole server down. One linear pass over the text, with
 * no recursion, finds the depth first.
 */
export const MAX_JSON_DEPTH = 64;

/** Why `text` nests deeper than `max`, with the character offset where it does; null when it does not. */
export function nestingProblem(text: string, max = MAX_JSON_DEPTH): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return `JSON nested deeper than ${max} levels (at character ${i + 1}); this server takes at most ${max}`;
    } else if (c === 93 || c === 125) depth--;
  }
  return null;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** JSON.parse behind the depth check; the message says what is wrong, never echoes the input. */
export function parseUntrusted(text: string, max = MAX_JSON_DEPTH): Parsed {
  const deep = nestingProblem(text, max);
  if (deep) return { ok: false, message: deep };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: `not JSON: ${(e as Error).message.slice(0, 200)}` };
  }
}

/** Cuts a string an attacker may control to what a reply can carry. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/**
 * A scenario's JSON config files are parsed (and walked) by the engine: the same depth limit applies to them.
 * Only `.json`/`.jsonc` files: a shell script's brackets are not nesting.
 */
export function deepFileProblem(files: Record<string, string>, max = MAX_JSON_DEPTH): { path: string; message: string } | null {
  for (const [key, text] of Object.entries(files)) {
    if (!/\.jsonc?$/i.test(key)) continue;
    const deep = nestingProblem(text, max);
    if (deep) return { path: `files[${JSON.stringify(clip(key, 200))}]`, message: deep };
  }
  return null;
}
