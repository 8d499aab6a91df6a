import { stringify as toToml } from 'smol-toml';
import type { ConfigShape } from './types.js';

/** One hook as the target writes it: names already the target's, values as the port decided. */
export interface TargetHook {
  event: string;
  matcher: string | null;
  command: string;
  timeout: { key: string; value: number } | null;
  name?: string;
  extra: Record<string, unknown>;
}

/**
 * The text of one config file of the target's shape. Hooks keep their order; neighbours with the same event and
 * matcher share a group, as a user writing the file by hand would.
 */
export function writeConfig(shape: ConfigShape, hooks: TargetHook[], options: { version?: number } = {}): string {
  if (shape === 'mirri-toml') {
    const entries = hooks.map((h) => ({
      event: h.event,
      ...(h.matcher !== null ? { matcher: h.matcher } : {}),
      command: h.command,
      ...(h.timeout ? { [h.timeout.key]: h.timeout.value } : {}),
      ...h.extra,
    }));
    return toToml({ hooks: entries }) + '\n';
  }
  if (shape === 'strix') {
    const entries = hooks.map((h, i) => ({
      name: h.name ?? `ported-${i + 1}`,
      command: h.command,
      events: [h.event],
      ...(h.timeout ? { [h.timeout.key]: h.timeout.value } : {}),
      ...h.extra,
    }));
    return JSON.stringify({ hooks: entries }, null, 2) + '\n';
  }
  const byEvent: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> = {};
  let last: { event: string; matcher: string | null } | null = null;
  for (const h of hooks) {
    const groups = (byEvent[h.event] ??= []);
    const handler = { type: 'command', ...(h.name !== undefined ? { name: h.name } : {}), command: h.command, ...(h.timeout ? { [h.timeout.key]: h.timeout.value } : {}), ...h.extra };
    if (last && last.event === h.event && last.matcher === h.matcher && groups.length > 0) groups[groups.length - 1]!.hooks.push(handler);
    else groups.push({ ...(h.matcher !== null ? { matcher: h.matcher } : {}), hooks: [handler] });
    last = { event: h.event, matcher: h.matcher };
  }
  const doc = shape === 'copilot' ? { version: options.version ?? 1, hooks: byEvent } : { hooks: byEvent };
  return JSON.stringify(doc, null, 2) + '\n';
}
