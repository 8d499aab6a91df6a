/**
 * A small argv parser shared by every command, so each reports bad options the same way:
 * `--flag value`, `--flag=value`, boolean flags, `--` to end options, and a clear UsageError otherwise.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface OptionSpec {
  /** `value` options need an argument; `flag` options take none; `optional` take one only as `--name=value`. */
  kind: 'value' | 'flag' | 'optional';
}

export interface Parsed {
  positional: string[];
  values: Map<string, string | true>;
}

export function parseArgs(args: string[], spec: Record<string, OptionSpec>): Parsed {
  const positional: string[] = [];
  const values = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    // A lone "-" is a positional (stdin), like most CLIs.
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const option = spec[name];
    if (!option) {
      const known = Object.keys(spec);
      throw new UsageError(`unknown option "${name}"${known.length ? `; this command takes ${known.join(', ')}` : ''}`);
    }
    if (option.kind === 'flag') {
      if (inline !== undefined) throw new UsageError(`${name} takes no value, but was given "${inline}"`);
      values.set(name, true);
    } else if (option.kind === 'optional') {
      values.set(name, inline ?? true);
    } else {
      const value = inline ?? args[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`${name} needs a value`);
      values.set(name, value);
    }
  }
  return { positional, values };
}

/** A whole number in [min, max], or a UsageError saying what was expected. */
export function wholeNumber(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${name} needs a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return Number(raw);
}

export function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}, not "${raw}"`);
  return raw as T;
}

export const wantsHelp = (args: string[]) => args.includes('--help') || args.includes('-h');
