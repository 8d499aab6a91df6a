/** One field where the emulation and the real host part: its path in the compared view, in words, and both values. */
export interface Difference {
  path: string;
  what: string;
  emulated: unknown;
  real: unknown;
}
