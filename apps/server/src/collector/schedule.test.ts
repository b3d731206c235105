import { describe, expect, it } from 'vitest';
import { needsFullSync, nextAfterFailure, nextAfterSuccess, schedulePolicy } from './schedule.ts';

const policy = {
  ...schedulePolicy({ pollIntervalMs: 1000, fullSyncMs: 15_000 }),
  maxBackoffMs: 60_000,
  minRateLimitRemaining: 100,
};

describe('collector schedule', () => {
  it('polls again after the interval, or after the rate-limit reset when the budget is low', () => {
    expect(nextAfterSuccess(0, policy, null)).toBe(1000);
    expect(nextAfterSuccess(0, policy, { remaining: 5000, resetAt: 99_000 })).toBe(1000);
    expect(nextAfterSuccess(0, policy, { remaining: 50, resetAt: 99_000 })).toBe(99_000);
  });

  it('backs off exponentially up to the cap and honours a longer retry-after', () => {
    expect([1, 2, 3, 4].map((n) => nextAfterFailure(0, policy, n, null))).toEqual([2000, 4000, 8000, 16_000]);
    expect(nextAfterFailure(0, policy, 40, null)).toBe(60_000);
    expect(nextAfterFailure(0, policy, 1, 30_000)).toBe(30_000);
    expect(nextAfterFailure(0, policy, 5, 1_000)).toBe(32_000);
  });

  it('asks for a full sync first and then at the full-sync interval', () => {
    expect(needsFullSync(null, 0, policy)).toBe(true);
    expect(needsFullSync(0, policy.fullSyncIntervalMs - 1, policy)).toBe(false);
    expect(needsFullSync(0, policy.fullSyncIntervalMs, policy)).toBe(true);
  });
});
