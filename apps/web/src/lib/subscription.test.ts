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
    // An expired pilot is not a dead end: it can buy.
    ['pilot', false, buy],
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

  it('Update Payment Method for a paying, active subscriber (active or past due) and any past-due one', () => {
    expect(view({ subscription_status: 'past_due' }).updatePayment).toBe(true);
    expect(view({ subscription_status: 'active' }).updatePayment).toBe(true);
    expect(view({ cancel_at_period_end: true }).updatePayment).toBe(true);
    // Past due and the period over: paying what is due is the way forward (Renew shows too).
    expect(view({ subscription_status: 'past_due', is_active_user: false }).updatePayment).toBe(true);
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

describe('no dead ends', () => {
  const states: [string, Partial<SubscriptionFacts>][] = [
    ['trial running', { subscription_status: 'trial' }],
    ['trial ended', { subscription_status: 'trial', is_active_user: false }],
    ['pilot ended', { subscription_status: 'pilot', is_active_user: false }],
    ['active', {}],
    ['active, cancelled', { cancel_at_period_end: true }],
    ['active, expired', { is_active_user: false }],
    ['past due', { subscription_status: 'past_due' }],
    ['past due, period ended', { subscription_status: 'past_due', is_active_user: false }],
    ['canceled', { subscription_status: 'canceled', is_active_user: false }],
    ['inactive', { subscription_status: 'inactive', is_active_user: false }],
    ['incomplete', { subscription_status: 'incomplete', is_active_user: false }],
    ['incomplete_expired', { subscription_status: 'incomplete_expired', is_active_user: false }],
    ['none', { subscription_status: 'none', is_active_user: false }],
  ];
  it.each(states)('%s offers an action that moves it forward', (_name, over) => {
    const v = view(over);
    expect(Boolean(v.buyLabel) || v.updatePayment || v.cancel || v.reactivate).toBe(true);
  });

  it('a running pilot needs nothing and shows nothing', () => {
    const v = view({ subscription_status: 'pilot', subscription_end: '2025-06-11T00:00:00Z' });
    expect([v.buyLabel, v.updatePayment, v.cancel, v.reactivate]).toEqual([null, false, false, false]);
  });

  it('a trial bought at checkout says when the first charge comes, not "paid until"', () => {
    const trialing = facts({ subscription_trialing: true });
    expect(subscriptionView(trialing, now, '$12.00').text).toBe(
      'Trial — first charge of $12.00 on Jul 1, 2025.',
    );
    expect(subscriptionView(trialing, now).text).toBe('Trial — first charge on Jul 1, 2025.');
    expect(subscriptionView(trialing, now)).toMatchObject({
      cancel: true,
      updatePayment: true,
      buyLabel: null,
    });
    expect(view({ subscription_trialing: true, cancel_at_period_end: true }).text).toBe(
      'Cancelled — your subscription stays active until Jul 1, 2025.',
    );
  });

  it('a member covered by a team plan sees which plan and who manages it, and no buttons', () => {
    const covered = view({
      covered_by: { org: 'acme', status: 'active', end: null, managers: ['octo-alice'], is_manager: false },
    });
    expect(covered).toEqual({
      text: 'Covered by the acme team plan. Managed by @octo-alice.',
      tone: 'success',
      buyLabel: null,
      updatePayment: false,
      cancel: false,
      reactivate: false,
    });
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
    const covered = 'The fluxion-labs team plan already covers you';
    expect(interpretCheckout(409, { message: covered })).toEqual({ ok: false, error: covered });
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
