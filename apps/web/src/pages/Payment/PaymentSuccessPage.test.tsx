import type { Profile } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/context.ts';
import { PaymentSuccessPage } from './PaymentSuccessPage.tsx';

const profile = (over: Partial<Profile>): Profile => ({
  username: 'octo-alice',
  avatar_url: null,
  subscription_status: 'active',
  subscription_end: '2026-12-01T09:00:00.000Z',
  is_active_user: true,
  cancel_at_period_end: false,
  ...over,
});

function auth(): AuthContextValue {
  const user = profile({ subscription_status: 'trial' });
  return {
    state: { status: 'authenticated', user },
    user,
    isAuthenticated: true,
    error: null,
    login: vi.fn(),
    logout: vi.fn(),
    reloadProfile: vi.fn(),
  };
}

/** The page at `url`, the server answering the confirmation with `status` and `body`. */
function renderAt(url: string, status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  // jsdom has no matchMedia; Primer's Spinner asks it about reduced motion.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AuthContext.Provider value={auth()}>
          <PaymentSuccessPage />
        </AuthContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('PaymentSuccessPage: back from Checkout before the webhooks', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the account is activated only once the server applied the session', async () => {
    const fetch = renderAt('/payment-success?session_id=cs_test_1', 200, profile({}));
    expect(await screen.findByText(/Your account has been activated/)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/confirm-checkout-session/');
    expect(JSON.parse(String(init.body))).toEqual({ session_id: 'cs_test_1' });
  });

  it('a session Stripe has not completed: no claim of activation, a way to the account', async () => {
    renderAt('/payment-success?session_id=cs_test_1', 200, profile({ subscription_status: 'trial' }));
    expect(await screen.findByText(/Stripe has not confirmed the payment yet/)).toBeTruthy();
    expect(screen.queryByText(/Your account has been activated/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to account' })).toBeTruthy();
  });

  it('the server refusing the session shows its message', async () => {
    renderAt('/payment-success?session_id=cs_test_x', 404, {
      error: 'not_found',
      message: 'Checkout session not found',
    });
    expect(
      await screen.findByText(
        'Your subscription could not be confirmed just now: Checkout session not found',
      ),
    ).toBeTruthy();
  });

  it('without a session id (an older link), the page thanks as the spec says and asks nothing', async () => {
    const fetch = renderAt('/payment-success', 200, {});
    expect(await screen.findByText(/Your account has been activated/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
