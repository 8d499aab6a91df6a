import type { RealComparison } from '@hookplay/real-host';
import { bold, dim, green, red, yellow } from './style.js';

const WIDTH = 44;

/** A value on one line, cut to fit a column. */
function cell(value: unknown): string {
  const text = value === undefined ? '—' : typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value);
  const one = text.replace(/\\n/g, '⏎');
  return one.length > WIDTH ? `${one.slice(0, WIDTH - 1)}…` : one;
}

/** Leaf fields of a view, `a.b` paths, arrays kept whole (they compare as one value). */
function leaves(view: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(view)) {
    if (key === 'session' || key === 'unobserved') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of leaves(value as Record<string, unknown>, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

/**
 * The emulation and the real run side by side: each field both can show, `≠` where they part; then every difference
 * in full, and what the harness changed or could not see.
 */
export function formatReal(c: RealComparison): string {
  const lines: string[] = [];
  const label = `${c.host} ${c.version}`;
  lines.push(bold(`${c.focus ? `${c.focus} · ` : 'session · '}hookplay's emulation${c.emulatedVersion && c.emulatedVersion !== c.version ? ` (rules of ${c.emulatedVersion})` : ''} vs the real ${label}`));
  const e = leaves(c.emulatedView);
  const r = leaves(c.real);
  const keys = [...new Set([...e.keys(), ...r.keys()])];
  const pad = Math.max(12, ...keys.map((k) => k.length));
  lines.push(dim(`  ${'field'.padEnd(pad)}  ${'emulated'.padEnd(WIDTH)}  real`));
  for (const key of keys) {
    const a = e.get(key);
    const b = r.get(key);
    const differs = JSON.stringify(a) !== JSON.stringify(b);
    const mark = differs ? red('≠') : ' ';
    lines.push(`${mark} ${key.padEnd(pad)}  ${cell(a).padEnd(WIDTH)}  ${differs ? cell(b) : dim('same')}`);
  }
  lines.push('');
  if (c.differences.length === 0) lines.push(green(`✓ they agree on everything the harness observes (${c.cli.ms} ms for the real run)`));
  else {
    lines.push(red(`✗ ${c.differences.length} difference${c.differences.length > 1 ? 's' : ''}`));
    for (const d of c.differences) {
      lines.push(`  ≠ ${bold(d.path)} ${dim(`(${d.what})`)}`);
      lines.push(`      emulated: ${JSON.stringify(d.emulated)}`);
      lines.push(`      real:     ${JSON.stringify(d.real)}`);
    }
  }
  if (c.notes.length) {
    lines.push('');
    lines.push(yellow('notes'));
    for (const n of c.notes) lines.push(`  ${n}`);
  }
  if (c.kept) lines.push(dim(`\nthe real run's directory was kept: ${c.kept}`));
  return lines.join('\n');
}

/** `--json`: both sides and the differences; `real` holds only what the harness observed. */
export function realJson(c: RealComparison) {
  return {
    host: c.host,
    version: c.version,
    emulatedVersion: c.emulatedVersion,
    kind: c.kind,
    ...(c.focus ? { event: c.focus } : {}),
    emulated: c.emulated,
    real: c.real,
    differences: c.differences,
    notes: c.notes,
    cli: { exitCode: c.cli.exitCode, signal: c.cli.signal, ms: c.cli.ms },
  };
}
