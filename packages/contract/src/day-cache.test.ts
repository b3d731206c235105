import { describe, expect, it } from 'vitest';
import { DayCache } from './day-cache.ts';

describe('DayCache', () => {
  it('keeps values while it grows on both sides, NaN where nothing was set', () => {
    const cache = new DayCache();
    expect(cache.get(20_000)).toBeNaN();
    cache.set(20_000, 1);
    cache.set(18_000, 2);
    cache.set(22_500, 3);
    cache.set(-5, 4);
    expect([cache.get(20_000), cache.get(18_000), cache.get(22_500), cache.get(-5)]).toEqual([1, 2, 3, 4]);
    expect(cache.get(19_999)).toBeNaN();
  });

  it('starts afresh rather than spanning more than 200,000 days', () => {
    const cache = new DayCache();
    cache.set(0, 1);
    cache.set(1_000_000, 2);
    expect(cache.get(1_000_000)).toBe(2);
    expect(cache.get(0)).toBeNaN();
  });
});
