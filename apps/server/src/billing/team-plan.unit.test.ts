import { describe, expect, it } from 'vitest';
import { coveringTeamPlan, teamPlanState } from './team-plan.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20);
const row = (over: Partial<Parameters<typeof teamPlanState>[1] & object>) => ({
  org_login: 'acme',
  status: 'trial',
  trial_end: NOW + 5 * DAY,
  subscription_end: null,
  cancel_at_period_end: 0,
  stripe_trialing: 0,
  ...over,
});

describe('an organization plan as it stands', () => {
  it('before anything is stored: a 30-day trial from the first board, none without a board', () => {
    expect(teamPlanState('acme', undefined, NOW - 10 * DAY, [])).toMatchObject({
      status: 'trial',
      end: NOW + 20 * DAY,
    });
    expect(teamPlanState('acme', undefined, null, [])).toBeNull();
  });

  it('stored: the trial keeps its end even if the first board changes; a bought plan ends with its period', () => {
    expect(teamPlanState('acme', row({}), NOW, [])?.end).toBe(NOW + 5 * DAY);
    const bought = row({ status: 'active', subscription_end: NOW + 40 * DAY, stripe_trialing: 1 });
    expect(teamPlanState('acme', bought, NOW, ['owner'])).toEqual({
      org: 'acme',
      status: 'active',
      end: NOW + 40 * DAY,
      cancelAtPeriodEnd: false,
      trialing: true,
      managers: ['owner'],
    });
  });

  it('of two plans, reports one that lets the user in, a paid one before a trial', () => {
    const trial = teamPlanState('trial-org', row({ trial_end: NOW + 20 * DAY }), null, []);
    const paid = teamPlanState(
      'paid-org',
      row({ status: 'active', subscription_end: NOW + 3 * DAY }),
      null,
      [],
    );
    const ended = teamPlanState(
      'old-org',
      row({ status: 'canceled', subscription_end: NOW - DAY }),
      null,
      [],
    );
    const plans = [trial, paid, ended].flatMap((plan) => (plan ? [plan] : []));
    expect(coveringTeamPlan(plans, NOW)?.org).toBe('paid-org');
    expect(coveringTeamPlan(plans, NOW + 4 * DAY)?.org).toBe('trial-org');
    expect(coveringTeamPlan(plans, NOW + 30 * DAY)).toBeNull();
  });
});
