export function formatMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function formatTimeout(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : formatMs(ms);
}

/** Hooks are numbered from 1 on screen, as the engine's messages say ("hook #1"); `index` counts from 0. */
export function hookLabel(index: number): string {
  return `#${index + 1}`;
}

/** A compact one-line preview of any JSON value. */
export function preview(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
