import type { OrgPlan } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamPlanCard } from './TeamPlanCard.tsx';

const PLAN: OrgPlan = {
  org: 'acme',
  status: 'trial',
  end: '2026-12-01T00:00:00Z',
  trialing: false,
  is_active: true,
  cancel_at_period_end: false,
  purchased: false,
  seats: 2,
  billed_seats: 0,
  managers: ['octo-alice'],
  is_manager: true,
  app_removed_at: null,
  owner_unverifiable: false,
  is_owner: true,
};

/** Answers the naming of a manager with `answer` (the plan, or a refusal); records the requests. */
function stubFetch(answer: { status: number; body: unknown }) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ url: new URL(url, 'http://localhost').pathname, method: init?.method ?? 'GET', body });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderCard(plan: OrgPlan) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <TeamPlanCard plan={plan} price={null} />
    </QueryClientProvider>,
  );
  return invalidated;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('naming a billing manager on the team plan’s card', () => {
  it('sends the login, says so, clears the field and reloads the plans', async () => {
    const calls = stubFetch({ status: 200, body: { ...PLAN, managers: ['octo-alice', 'octo-bob'] } });
    const invalidated = renderCard(PLAN);
    const field = screen.getByLabelText('Name a billing manager');
    const add = screen.getByRole('button', { name: 'Add manager' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field, '  octo-bob ');
    await userEvent.click(add);
    expect(await screen.findByText('@octo-bob can now manage this team plan — updated.')).toBeTruthy();
    expect(calls).toEqual([
      { url: '/api/org-plans/acme/managers/', method: 'POST', body: { login: 'octo-bob' } },
    ]);
    expect((field as HTMLInputElement).value).toBe('');
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['org-plans'] });
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const refusal = 'Only an owner of acme on GitHub names its billing managers';
    stubFetch({ status: 403, body: { error: 'forbidden', message: refusal } });
    const invalidated = renderCard({ ...PLAN, managers: [] });
    const field = screen.getByLabelText('Name a billing manager');
    await userEvent.type(field, 'octo-bob{Enter}');
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('octo-bob');
    expect(invalidated).not.toHaveBeenCalled();
  });

  it('offers a billing manager the manager buttons but not the form: only owners name managers', () => {
    stubFetch({ status: 200, body: { invoices: [] } });
    renderCard({ ...PLAN, managers: ['octo-bob'], is_owner: false });
    expect(screen.getByRole('button', { name: /Buy the team plan/ })).toBeTruthy();
    expect(screen.queryByLabelText('Name a billing manager')).toBeNull();
  });

  it('offers a member no form, and says what to do when GitHub cannot tell the owners', () => {
    stubFetch({ status: 500, body: {} });
    renderCard({ ...PLAN, is_manager: false, owner_unverifiable: true });
    expect(screen.queryByLabelText('Name a billing manager')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy the team plan' })).toBeNull();
    expect(
      screen.getByText(/Fluxion cannot check who owns acme on GitHub: .*“Members: read”.*Review request/),
    ).toBeTruthy();
  });
});

describe('a team plan whose members already pay for themselves', () => {
  it('tells its managers before Buy who pays personally and what happens to them', () => {
    stubFetch({ status: 200, body: { invoices: [] } });
    renderCard({
      ...PLAN,
      paying_personally: [
        { login: 'octo-alice', until: '2026-12-29T00:00:00Z', cancel_at_period_end: false },
      ],
    });
    const note = screen.getByTestId('paying-personally');
    expect(note.textContent).toContain('Already paying for a personal plan: @octo-alice (until');
    expect(note.textContent).toContain('They hold no seat of this plan, and are not charged twice');
    expect(screen.getByRole('button', { name: 'Buy the team plan' })).toBeTruthy();
  });

  it('says nothing when no member pays personally', () => {
    stubFetch({ status: 200, body: { invoices: [] } });
    renderCard({ ...PLAN, paying_personally: [] });
    expect(screen.queryByTestId('paying-personally')).toBeNull();
  });
});
