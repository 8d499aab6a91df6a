/**
 * shell-quote's `quote([arg])`, which Gemini CLI uses to put $GEMINI_PROJECT_DIR and friends into a hook command
 * before bash sees it (hookRunner.expandCommand).
 */
export function shellQuote(s: string): string {
  if (s === '') return "''";
  if (/["\s]/.test(s) && !/'/.test(s)) return `'${s.replace(/(['\\])/g, '\\$1')}'`;
  if (/["'\s]/.test(s)) return `"${s.replace(/(["\\$`!])/g, '\\$1')}"`;
  return s.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g, '$1\\$2');
}

/** Gemini CLI's settings loader replaces $VAR, ${VAR} and ${VAR:-default} in every string with its own environment. */
export function resolveEnvVars(value: string, env: Record<string, string>): string {
  return value.replace(/\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g, (match, v1: string | undefined, v2: string | undefined, fallback: string | undefined) => {
    const name = v1 || v2 || '';
    if (!name) return match;
    if (typeof env[name] === 'string') return env[name]!;
    if (fallback !== undefined) return fallback;
    return match;
  });
}

/** Node's setTimeout delay: anything that is not a number in [1, 2^31-1] after `* 1` becomes 1 ms. */
export function nodeTimerDelay(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return n >= 1 && n <= 2147483647 ? n : 1;
}
