import { describe, expect, it } from 'vitest';
import {
  needsFullSync,
  nextAfterFailure,
  nextAfterSuccess,
  schedulePolicy,
  settledUpdatedAt,
  unchangedOnGithub,
  updatedAtLags,
  WEBHOOKS_HEARD_WITHIN_MS,
  webhookChangeAt,
} from './schedule.ts';

const policy = {
  ...schedulePolicy({ pollIntervalMs: 1000, fullSyncMs: 15_000, webhookFullSyncMs: 60_000 }),
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

  it('lists in full less often while changes arrive by webhook, and takes them to arrive for a day', () => {
    expect(needsFullSync(0, 15_000, policy, null)).toBe(true);
    expect(needsFullSync(0, 15_000, policy, 10_000)).toBe(false);
    expect(needsFullSync(0, 60_000, policy, 10_000)).toBe(true);
    expect(needsFullSync(0, 10_000 + WEBHOOKS_HEARD_WITHIN_MS + 1, policy, 10_000)).toBe(true);
    expect(needsFullSync(null, 1, policy, 0)).toBe(true);
  });

  it('dates a webhook change when the data version rose between two syncs', () => {
    const board = { data_version: 7, synced_data_version: 7, webhook_change_at: 100 };
    expect(webhookChangeAt(board, 500)).toBe(100);
    expect(webhookChangeAt({ ...board, data_version: 8 }, 500)).toBe(500);
    expect(webhookChangeAt({ ...board, synced_data_version: null, webhook_change_at: null }, 500)).toBeNull();
  });

  it('schedules from when GitHub was asked, and calls a board unchanged only on a known equal updatedAt', () => {
    expect(nextAfterSuccess(5_400, policy, null, 5_000)).toBe(6_000);
    expect(unchangedOnGithub('2026-11-01T09:00:00Z', '2026-11-01T09:00:00Z')).toBe(true);
    expect(unchangedOnGithub('2026-11-01T09:01:00Z', '2026-11-01T09:00:00Z')).toBe(false);
    expect(unchangedOnGithub(null, null)).toBe(false);
  });

  it('keeps an updatedAt to compare with only once its second has ended, a minute of skew aside', () => {
    const at = (iso: string) => Date.parse(iso);
    const updatedAt = '2026-11-01T09:00:00Z';
    expect(settledUpdatedAt({ updatedAt, askedAt: at('2026-11-01T09:00:00.400Z') })).toBeNull();
    expect(settledUpdatedAt({ updatedAt, askedAt: at('2026-11-01T09:00:59Z') })).toBeNull();
    expect(settledUpdatedAt({ updatedAt, askedAt: at('2026-11-01T09:01:00Z') })).toBe(updatedAt);
    expect(settledUpdatedAt({ updatedAt: null, askedAt: at('2026-11-01T10:00:00Z') })).toBeNull();
    expect(settledUpdatedAt(null)).toBeNull();
  });
});

describe('updatedAtLags', () => {
  const seen = { updatedAt: '2026-11-01T10:00:00Z', askedAt: Date.parse('2026-11-01T12:00:00Z') };
  const at = (iso: string) => Date.parse(iso);

  it('is true for a Status set after the board updatedAt and before the question', () => {
    expect(updatedAtLags([null, at('2026-11-01T09:00:00Z'), at('2026-11-01T11:00:00Z')], seen)).toBe(true);
  });

  it('judges nothing within a minute of either end (clock skew), nor without an answer', () => {
    expect(updatedAtLags([at('2026-11-01T10:00:30Z'), at('2026-11-01T11:59:30Z')], seen)).toBe(false);
    expect(updatedAtLags([at('2026-11-01T12:30:00Z')], seen)).toBe(false);
    expect(updatedAtLags([at('2026-11-01T11:00:00Z')], null)).toBe(false);
    expect(updatedAtLags([at('2026-11-01T11:00:00Z')], { ...seen, updatedAt: null })).toBe(false);
  });
});
