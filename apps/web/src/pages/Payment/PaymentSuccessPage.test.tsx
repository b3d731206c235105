import type { Profile } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, useMemo, useState } from 'react';
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

/**
 * As the app's AuthProvider does: each reload changes the auth state, and with it `reloadProfile`'s identity
 * (a page that reloads whenever it changes floods the server). Answers how many reloads were asked.
 */
function renderReloading(url: string, fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  let reloads = 0;
  function Provider({ children }: { children: ReactNode }) {
    const [version, setVersion] = useState(0);
    const value = useMemo(() => {
      const base = auth();
      return {
        ...base,
        reloadProfile: () => {
          reloads += 1;
          setVersion((v) => v + 1);
        },
        version,
      };
    }, [version]);
    return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Provider>
          <PaymentSuccessPage />
        </Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => reloads;
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

  it('a session Stripe has not completed: asks with backoff, at most 10 requests in 30 s, then says what to do', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetch = renderAt(
        '/payment-success?session_id=cs_test_1',
        200,
        profile({ subscription_status: 'trial' }),
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await screen.findByText(/Stripe has not confirmed the payment yet/)).toBeTruthy();
      expect(fetch.mock.calls.length).toBeGreaterThan(1);
      expect(fetch.mock.calls.length).toBeLessThanOrEqual(10);
      const asked = fetch.mock.calls.length;
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetch.mock.calls.length).toBe(asked);
      expect(screen.queryByText(/Your account has been activated/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Back to account' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('confirmed on a later ask: activated, the profile reloaded once though the auth state changes with it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let asks = 0;
      const fetch = vi.fn(async () => {
        asks += 1;
        const body = profile(asks < 3 ? { subscription_status: 'trial' } : {});
        return new Response(JSON.stringify(body), { status: 200 });
      });
      const reloads = renderReloading('/payment-success?session_id=cs_test_2', fetch);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await screen.findByText(/Your account has been activated/)).toBeTruthy();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(reloads()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
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
