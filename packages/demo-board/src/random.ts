import { seededRandom as mulberry32 } from '@fluxion/flow';

/** The flow engine's seeded generator with the draws seeding needs, so seeded boards are the same on every run. */
export type Random = {
  next(): number;
  chance(p: number): boolean;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** An exponential wait with the given mean. */
  exp(mean: number): number;
};

export function seededRandom(seed: number): Random {
  const next = mulberry32(seed);
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
