// The oracle's generators pick variants with a seeded generator, so a case's definition (and its hash) never changes
// between runs: the same seed gives the same cases on every machine.

/** mulberry32: small, fast, and good enough to pick samples reproducibly. Returns numbers in [0, 1). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
