import { describe, expect, it } from 'vitest';
import { onePerInterval } from './log-throttle.ts';

describe('onePerInterval', () => {
  it('lets the first call through, holds back the rest of the interval, then reports how many', () => {
    let now = 1_000;
    const due = onePerInterval(5_000, () => now);
    expect(due()).toBe(0);
    now += 1_000;
    expect(due()).toBeNull();
    now += 3_999;
    expect(due()).toBeNull();
    now += 1;
    expect(due()).toBe(2);
    now += 10_000;
    expect(due()).toBe(0);
  });
});
