import type { Profile } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import type { useBillingActions } from './useBillingActions.ts';
import { stubLayoutApis } from '../../testing/layoutStubs.ts';

const TEAM = {
  org: 'acme',
  status: 'active',
  end: '2027-01-01T00:00:00Z',
  managers: ['octo-bob'],
  is_manager: false,
};

const paying = (over: Partial<Profile> = {}): Profile => ({
  username: 'octo-alice',
  avatar_url: null,
  subscription_status: 'active',
  subscription_end: '2026-12-29T00:00:00Z',
  is_active_user: true,
  cancel_at_period_end: false,
  covered_by: null,
  also_covered_by: TEAM,
  ...over,
});

function renderCard(user: Profile) {
  const actions = {
    busy: false,
    message: null,
    buy: vi.fn(),
    updatePayment: vi.fn(),
    cancel: vi.fn(),
    reactivate: vi.fn(),
  } as unknown as ReturnType<typeof useBillingActions>;
  render(<SubscriptionCard user={user} actions={actions} price={null} />);
  return actions;
}

beforeEach(() => {
  stubLayoutApis();
  if (!('adoptedStyleSheets' in document))
    Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a personal plan beside a team plan that covers the user too', () => {
  it('says so and offers to end the personal plan at its period end (the usual cancel, confirmed)', async () => {
    const actions = renderCard(paying());
    expect(screen.getByTestId('also-covered').textContent).toContain('The acme team plan covers you too.');
    await userEvent.click(screen.getByRole('button', { name: 'End my personal plan at its period end' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(actions.cancel).toHaveBeenCalledTimes(1);
  });

  it('once ended at its period end, says when the team plan takes over', () => {
    renderCard(paying({ cancel_at_period_end: true }));
    expect(screen.getByTestId('also-covered').textContent).toBe(
      'Your personal plan ends on Dec 29, 2026; from then on the acme team plan covers you.',
    );
    expect(screen.queryByRole('button', { name: 'End my personal plan at its period end' })).toBeNull();
  });

  it('says nothing when no team plan covers the user', () => {
    renderCard(paying({ also_covered_by: null }));
    expect(screen.queryByTestId('also-covered')).toBeNull();
  });
});
