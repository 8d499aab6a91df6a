/** Identities of the editors' texts: one Monaco model per key keeps each text's undo history and cursor. */
import type { DialectId } from './catalog';

export function fileModelKey(path: string): string {
  return `files/${path}`;
}

export function payloadModelKey(dialect: DialectId, event: string): string {
  return `payload/${dialect}/${event || 'event'}.json`;
}

/** One session model per host: switching hosts keeps each host's session (and its undo history) apart. */
export function sessionModelKey(dialect: DialectId): string {
  return `session/${dialect}.json`;
}
