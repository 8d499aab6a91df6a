import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh per-launch token: 32 random bytes, hex. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** Constant-time comparison; hashing first makes the lengths equal so length leaks nothing either. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
