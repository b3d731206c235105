import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from './AuthProvider.tsx';
import { useAuth } from './context.ts';
import { clearTokenCookies } from './cookies.ts';
import { resetHandoff } from './handoff.ts';

const profile = {
  username: 'octocat',
  avatar_url: null,
  subscription_status: 'trial',
  subscription_end: null,
  is_active_user: true,
  cancel_at_period_end: false,
};

function Probe() {
  const { state, error, logout } = useAuth();
  return (
    <div>
      <span data-testid="status">{state.status}</span>
      <span data-testid="error">{error ?? ''}</span>
      <span data-testid="user">{state.status === 'authenticated' ? state.user.username : ''}</span>
      <button type="button" onClick={() => void logout()}>
        logout
      </button>
    </div>
  );
}

const renderAt = () =>
  render(
    <MemoryRouter>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </MemoryRouter>,
  );

function mockFetch(handler: (url: string, init?: RequestInit) => Response) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fn);
  return fn;
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('AuthProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    resetHandoff();
    clearTokenCookies();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('after the OAuth callback (?signed_in=1): takes the handoff once, keeps the tokens, loads the user', async () => {
    window.history.replaceState(null, '', '/?signed_in=1');
    const fetch = mockFetch((url) =>
      url === '/api/token/handoff/' ? json(200, { access: 'a1', refresh: 'r1' }) : json(200, profile),
    );
    renderAt();
    expect(screen.getByTestId('status').textContent).toBe('loadingUser');
    expect(window.location.pathname + window.location.search).toBe('/');
    await waitFor(() => expect(screen.getByTestId('user').textContent).toBe('octocat'));
    expect(localStorage.getItem('access_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    const handoffs = fetch.mock.calls.filter(([url]) => url === '/api/token/handoff/');
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    const profileCall = fetch.mock.calls.find(([url]) => url === '/api/me/');
    expect(new Headers(profileCall?.[1]?.headers).get('Authorization')).toBe('Bearer a1');
  });

  it('a refused handoff (a copied link): unauthenticated with the OAuth message', async () => {
    window.history.replaceState(null, '', '/?signed_in=1');
    mockFetch(() => json(401, { error: 'unauthorized', message: 'No sign-in' }));
    renderAt();
    await waitFor(() =>
      expect(screen.getByTestId('error').textContent).toBe('OAuth authentication failed. Please try again.'),
    );
    expect(screen.getByTestId('status').textContent).toBe('unauthenticated');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('tokens in the URL or in cookies sign nobody in, and leave the URL', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants token cookies
    document.cookie = 'access_token=a1; path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants token cookies
    document.cookie = 'refresh_token=r1; path=/';
    window.history.replaceState(null, '', '/lead-time?token=a&refresh=r&demo=1');
    const fetch = mockFetch(() => json(200, profile));
    renderAt();
    expect(window.location.pathname + window.location.search).toBe('/lead-time?demo=1');
    expect(screen.getByTestId('status').textContent).toBe('unauthenticated');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a profile 401 with a refused refresh: tokens cleared, authentication expired', async () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    mockFetch(() => json(401, {}));
    renderAt();
    await waitFor(() =>
      expect(screen.getByTestId('error').textContent).toBe('Authentication expired. Please log in again.'),
    );
    expect(screen.getByTestId('status').textContent).toBe('unauthenticated');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('a profile 500 says Failed to load user data; a network error says Connection error', async () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    mockFetch(() => json(500, {}));
    const first = renderAt();
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('Failed to load user data'));
    first.unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderAt();
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('Connection error'));
  });

  it('logout posts the refresh token, ignores errors and clears the tokens', async () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    const fetch = mockFetch((url) => (url === '/api/logout/' ? json(500, {}) : json(200, profile)));
    renderAt();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    await act(async () => screen.getByText('logout').click());
    const call = fetch.mock.calls.find(([url]) => url === '/api/logout/');
    expect(call?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"refresh_token":"r"}',
    });
    expect(screen.getByTestId('status').textContent).toBe('unauthenticated');
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
