import { describe, expect, it } from 'vitest';
import { cancelMessage, interpretCheckout, publishableKeyError, RELOAD_DELAY_MS } from './checkout.ts';
import { formatDate } from './format.ts';
import { daysUntil, type SubscriptionFacts, subscriptionView } from './subscription.ts';

const now = new Date('2025-06-01T00:00:00Z');
const facts = (over: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  subscription_status: 'active',
  subscription_end: '2025-07-01T00:00:00Z',
  is_active_user: true,
  cancel_at_period_end: false,
  ...over,
});
const view = (over: Partial<SubscriptionFacts>) => subscriptionView(facts(over), now);

describe('subscription status texts', () => {
  it.each([
    [{}, 'Fluxion Analytics Pro — paid until Jul 1, 2025.'],
    [{ is_active_user: false }, 'Your subscription has expired.'],
    [{ cancel_at_period_end: true }, 'Cancelled — your subscription stays active until Jul 1, 2025.'],
    [
      { subscription_status: 'pilot', subscription_end: '2025-06-11T00:00:00Z' },
      'Pilot access — 10 days remaining.',
    ],
    [
      { subscription_status: 'pilot', subscription_end: '2025-05-01T00:00:00Z' },
      'Your pilot access has expired.',
    ],
    [{ subscription_status: 'trial', subscription_end: '2025-06-02T00:00:00Z' }, 'Free trial — 1 day left.'],
    [
      { subscription_status: 'trial', subscription_end: '2025-05-31T00:00:00Z' },
      'Your free trial has ended.',
    ],
    [{ subscription_status: 'past_due' }, 'Payment overdue. Please update your payment method.'],
    [{ subscription_status: 'canceled' }, 'Your subscription has ended.'],
    [{ subscription_status: 'inactive' }, 'Your subscription has ended.'],
    [{ subscription_status: 'incomplete' }, 'Payment failed. Please try again.'],
    [{ subscription_status: 'incomplete_expired' }, 'Payment failed. Please try again.'],
    [{ subscription_status: 'none' }, 'No active subscription.'],
  ] as const)('%j → %s', (over, text) => expect(view(over).text).toBe(text));

  it('counts whole days remaining, never negative', () => {
    expect(daysUntil('2025-06-01T12:00:00Z', now)).toBe(1);
    expect(daysUntil('2025-05-01T00:00:00Z', now)).toBe(0);
    expect(daysUntil(null, now)).toBe(0);
  });
});

describe('subscription buttons', () => {
  const buy = 'Buy Fluxion Analytics Pro';
  const renew = 'Renew Subscription';
  it.each([
    ['active', true, null],
    ['past_due', true, null],
    ['pilot', true, null],
    ['pilot', false, null],
    ['active', false, renew],
    ['past_due', false, renew],
    ['canceled', true, renew],
    ['inactive', false, renew],
    ['incomplete_expired', true, renew],
    ['incomplete', true, buy],
    ['trial', true, buy],
    ['none', false, buy],
  ] as const)('buy for %s (active user %s) → %s', (status, active, label) => {
    expect(view({ subscription_status: status, is_active_user: active }).buyLabel).toBe(label);
  });

  it('Update Payment Method for a paying, active subscriber (active or past due)', () => {
    expect(view({ subscription_status: 'past_due' }).updatePayment).toBe(true);
    expect(view({ subscription_status: 'active' }).updatePayment).toBe(true);
    expect(view({ cancel_at_period_end: true }).updatePayment).toBe(true);
    expect(view({ subscription_status: 'past_due', is_active_user: false }).updatePayment).toBe(false);
    expect(view({ subscription_status: 'active', is_active_user: false }).updatePayment).toBe(false);
    expect(view({ subscription_status: 'trial' }).updatePayment).toBe(false);
    expect(view({ subscription_status: 'canceled', is_active_user: false }).updatePayment).toBe(false);
  });

  it.each([
    ['active', {}, { cancel: true, reactivate: false }],
    ['cancelled, still in its period', { cancel_at_period_end: true }, { cancel: false, reactivate: true }],
    ['expired', { is_active_user: false }, { cancel: false, reactivate: false }],
    [
      'ended',
      { subscription_status: 'canceled', is_active_user: false },
      { cancel: false, reactivate: false },
    ],
    ['trial', { subscription_status: 'trial' }, { cancel: false, reactivate: false }],
  ] as const)('%s: Cancel and Reactivate never show together', (_name, over, expected) => {
    expect(view(over)).toMatchObject(expected);
  });
});

describe('checkout and billing helpers', () => {
  it('accepts only cs_ session ids and needs a URL', () => {
    expect(interpretCheckout(200, { id: 'cs_test_1', url: 'https://pay/x' })).toEqual({
      ok: true,
      url: 'https://pay/x',
    });
    expect(interpretCheckout(200, { id: 'sess_1', url: 'u' })).toEqual({
      ok: false,
      error: 'Invalid checkout session format',
    });
    expect(interpretCheckout(200, null)).toEqual({ ok: false, error: 'Invalid checkout session format' });
    expect(interpretCheckout(500, {})).toEqual({ ok: false, error: 'Server error: 500' });
    expect(interpretCheckout(200, { id: 'cs_1' })).toEqual({
      ok: false,
      error: 'Stripe not available - payment disabled',
    });
  });

  it('checks the publishable key prefix and rejects test keys in production', () => {
    expect(publishableKeyError('pk_live_x', true)).toBeNull();
    expect(publishableKeyError('pk_test_x', false)).toBeNull();
    expect(publishableKeyError('pk_test_x', true)).toBe('Stripe not available - payment disabled');
    expect(publishableKeyError('sk_live_x', false)).toBe('Stripe failed to initialize');
    expect(publishableKeyError(undefined, true)).toBeNull();
  });

  it('formats the cancel message from a seconds timestamp; reload after 1.8 s', () => {
    expect(cancelMessage(1751328000, formatDate)).toBe('Subscription will end at: Jul 1, 2025');
    expect(RELOAD_DELAY_MS).toBe(1800);
  });
});
