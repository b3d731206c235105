/** A small seeded PRNG (mulberry32) so that seeded boards are the same on every run. */
export type Random = {
  next(): number;
  chance(p: number): boolean;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** An exponential wait with the given mean. */
  exp(mean: number): number;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => {
      const value = list[Math.floor(next() * list.length)];
      if (value === undefined) throw new Error('pick from an empty list');
      return value;
    },
    exp: (mean) => -Math.log(1 - next()) * mean,
  };
}

/** Picks a key by weight: `{ a: 0.8, b: 0.2 }`. */
export function weighted(random: Random, weights: Record<string, number>): string {
  const entries = Object.entries(weights);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [key, w] of entries) {
    roll -= w;
    if (roll <= 0) return key;
  }
  return entries[entries.length - 1]?.[0] ?? '';
}
