/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence on every
 * machine, so Monte Carlo forecasts are reproducible. Returns floats in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let state = (Number.isFinite(seed) ? Math.trunc(seed) : 0) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A uniformly drawn element of a non-empty array. */
export function draw(sample: ArrayLike<number>, random: () => number): number {
  return sample[Math.floor(random() * sample.length)] ?? 0;
}
