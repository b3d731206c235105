import { describe, expect, it } from 'vitest';
import { type SubscriptionFacts, shouldApply, statusFromStripe, userSubscription } from './status.ts';

const facts = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  id: 'sub_1',
  status: 'active',
  cancelAtPeriodEnd: false,
  periodEnd: 1_800_000_000,
  endedAt: null,
  ...over,
});

describe('statusFromStripe', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'inactive'],
    ['paused', 'inactive'],
    ['canceled', 'canceled'],
    ['incomplete', 'incomplete'],
    ['incomplete_expired', 'incomplete_expired'],
    ['something_new', 'inactive'],
  ])('%s → %s', (stripe, ours) => {
    expect(statusFromStripe(stripe)).toBe(ours);
  });
});

describe('userSubscription', () => {
  it.each([
    [
      'active',
      facts(),
      { subscription_status: 'active', subscription_end: 1_800_000_000_000, cancel_at_period_end: 0 },
    ],
    [
      'cancelling',
      facts({ cancelAtPeriodEnd: true }),
      { subscription_status: 'active', cancel_at_period_end: 1 },
    ],
    [
      'past due',
      facts({ status: 'past_due' }),
      { subscription_status: 'past_due', subscription_end: 1_800_000_000_000 },
    ],
    [
      'canceled: ends when it ended, flag cleared',
      facts({ status: 'canceled', cancelAtPeriodEnd: true, endedAt: 1_700_000_000 }),
      { subscription_status: 'canceled', subscription_end: 1_700_000_000_000, cancel_at_period_end: 0 },
    ],
    ['no period', facts({ periodEnd: null }), { subscription_end: null }],
  ])('%s', (_name, input, expected) => {
    expect(userSubscription(input)).toMatchObject({ ...expected, stripe_subscription_id: 'sub_1' });
  });
});

describe('shouldApply', () => {
  const user = (status: string, sub: string | null) => ({
    subscription_status: status,
    stripe_subscription_id: sub,
  });
  it.each([
    [
      'the user’s own subscription, whatever its state',
      user('active', 'sub_1'),
      facts({ status: 'canceled' }),
      true,
    ],
    ['a first purchase during the trial', user('trial', null), facts(), true],
    [
      'a failed first payment does not end the trial',
      user('trial', null),
      facts({ status: 'incomplete' }),
      false,
    ],
    ['…nor a pilot', user('pilot', null), facts({ status: 'incomplete_expired' }), false],
    [
      'a failed first payment after the trial ended',
      user('canceled', null),
      facts({ status: 'incomplete' }),
      true,
    ],
    ['a new live subscription replaces an ended one', user('canceled', 'sub_0'), facts(), true],
    ['a past-due one is live too', user('canceled', 'sub_0'), facts({ status: 'past_due' }), true],
    [
      'an old one ending late does not cancel the current',
      user('active', 'sub_0'),
      facts({ status: 'canceled' }),
      false,
    ],
  ])('%s', (_name, current, incoming, expected) => {
    expect(shouldApply(current, incoming)).toBe(expected);
  });
});
