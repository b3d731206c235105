import type { OrgPlan } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { seatsCharge, teamPlanView } from './teamPlan.ts';

const now = new Date('2026-11-10T00:00:00Z');
const price = { amount: 1200, currency: 'usd', interval: 'month' as const, display: '$12.00', tax_note: '' };
const plan = (over: Partial<OrgPlan>): OrgPlan => ({
  org: 'acme',
  status: 'trial',
  end: '2026-12-01T00:00:00Z',
  trialing: false,
  is_active: true,
  cancel_at_period_end: false,
  purchased: false,
  seats: 2,
  billed_seats: 0,
  managers: [],
  is_manager: true,
  app_removed_at: null,
  owner_unverifiable: false,
  is_owner: true,
  ...over,
});
const paid = { status: 'active', purchased: true, billed_seats: 2 };

describe('the team plan on the Account page', () => {
  it.each([
    ['trial', {}, 'Team trial — 21 days left (until Dec 1, 2026). No card needed.', 'Buy the team plan'],
    ['trial ended', { is_active: false }, 'The team trial has ended.', 'Buy the team plan'],
    [
      'bought in the trial',
      { ...paid, trialing: true },
      'Trial — first charge of $24.00 (2 seats × $12.00) on Dec 1, 2026.',
      null,
    ],
    ['paid', paid, 'Team plan — paid until Dec 1, 2026.', null],
    [
      'cancelled',
      { ...paid, cancel_at_period_end: true },
      'Cancelled — the team plan stays active until Dec 1, 2026.',
      null,
    ],
    [
      'past due',
      { ...paid, status: 'past_due' },
      'Payment overdue. A manager must update the payment method.',
      null,
    ],
    [
      'past due, period over',
      { ...paid, status: 'past_due', is_active: false },
      'Payment overdue. A manager must update the payment method.',
      'Renew the team plan',
    ],
    [
      'ended',
      { ...paid, status: 'canceled', is_active: false },
      'The team plan has ended.',
      'Renew the team plan',
    ],
  ] as const)('%s: text and buy label', (_name, over, text, buy) => {
    const view = teamPlanView(plan(over), now, price);
    expect(view.text).toBe(text);
    expect(view.buyLabel).toBe(buy);
    // Every state gives a manager a way forward.
    expect(Boolean(view.buyLabel) || view.cancel || view.reactivate || view.updatePayment).toBe(true);
  });

  it('offers Cancel, or Reactivate once cancelled, and the card to a manager of a paid plan', () => {
    expect(teamPlanView(plan(paid), now)).toMatchObject({
      cancel: true,
      reactivate: false,
      updatePayment: true,
    });
    expect(teamPlanView(plan({ ...paid, cancel_at_period_end: true }), now)).toMatchObject({
      cancel: false,
      reactivate: true,
    });
    expect(teamPlanView(plan({ ...paid, status: 'past_due', is_active: false }), now).updatePayment).toBe(
      true,
    );
  });

  it('gives a member who does not manage the plan no button in any state', () => {
    for (const over of [{}, { is_active: false }, paid, { ...paid, cancel_at_period_end: true }]) {
      const view = teamPlanView(plan({ ...over, is_manager: false }), now, price);
      expect([view.buyLabel, view.cancel, view.reactivate, view.updatePayment]).toEqual([
        null,
        false,
        false,
        false,
      ]);
    }
  });

  it('charges at least one seat', () => {
    expect(seatsCharge({ billed_seats: 0 }, price)).toBe('$12.00 (1 seat × $12.00)');
    expect(seatsCharge({ billed_seats: 3 }, null)).toBeNull();
  });
});
