import { createHash } from 'node:crypto';

/**
 * Short links on a team server: "Copy link" stores the scenario and hands out `/s/<id>`. The id is the
 * content's own hash, so a link is immutable (the same id can never name other content), storing the same
 * scenario twice gives the same link, and no counter or lock is shared between servers.
 */
export interface ShortLinkStore {
  /** Which store this is, for the start line and errors. */
  readonly kind: 'sqlite' | 'postgres';
  /** Stores the canonical scenario text under its id (a no-op when it is already there). */
  put(id: string, scenario: string): Promise<void>;
  /** The stored text, or null when no link has this id. */
  get(id: string): Promise<string | null>;
  close(): Promise<void>;
}

/** 20 base64url characters (120 bits of SHA-256): short enough to paste, far beyond any collision. */
export const LINK_ID = /^[A-Za-z0-9_-]{20}$/;

/** JSON with object keys sorted at every level, so equal scenarios give equal text and equal ids. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function linkId(canonical: string): string {
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 20);
}

export class StoreError extends Error {}
