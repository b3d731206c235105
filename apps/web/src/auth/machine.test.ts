import type { Profile } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import {
  handoffFailed,
  loggedOut,
  loginStarted,
  logoutRequest,
  pickTokens,
  profileFailed,
  profileLoaded,
  sessionExpired,
  startup,
  type StartupInput,
} from './machine.ts';

const none = { access: null, refresh: null };
function input(over: Partial<StartupInput> & { url?: string } = {}): StartupInput {
  const url = new URL(over.url ?? '/', 'http://localhost');
  return {
    stored: over.stored ?? none,
    cookies: over.cookies ?? {},
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
  };
}
const user: Profile = {
  username: 'octocat',
  avatar_url: null,
  subscription_status: 'trial',
  subscription_end: null,
  is_active_user: true,
  cancel_at_period_end: false,
};

describe('token pick-up', () => {
  it('takes local storage only: token cookies and query parameters cannot pick the session', () => {
    const all = input({
      stored: { access: 'ls-a', refresh: 'ls-r' },
      cookies: { access_token: 'c-a', refresh_token: 'c-r' },
      url: '/?token=q-a&refresh=q-r',
    });
    expect(pickTokens(all)).toEqual({ access: 'ls-a', refresh: 'ls-r' });
    expect(pickTokens({ ...all, stored: none })).toEqual({ access: null, refresh: null });
  });
});

describe('startup', () => {
  it('without tokens: unauthenticated, no error, no effects', () => {
    expect(startup(input())).toEqual({
      state: { status: 'unauthenticated', error: null },
      effects: [],
      handoff: false,
    });
  });

  it('stored tokens: saved again, token cookies cleared, waits for the user', () => {
    const t = startup(input({ stored: { access: 'a', refresh: 'r' }, url: '/lead-time' }));
    expect(t.state).toEqual({ status: 'loadingUser', error: null });
    expect(t.effects).toEqual([
      { type: 'saveTokens', tokens: { access: 'a', refresh: 'r' } },
      { type: 'clearCookies' },
    ]);
  });

  it('tokens in the query or in cookies do not sign in; the query parameters are removed from the URL', () => {
    const t = startup(
      input({
        url: '/time-in-state?token=a&refresh=r&demo=1#top',
        cookies: { access_token: 'a', refresh_token: 'r' },
      }),
    );
    expect(t.state).toEqual({ status: 'unauthenticated', error: null });
    expect(t.effects).toEqual([{ type: 'replaceUrl', url: '/time-in-state?demo=1#top' }]);
  });

  it('signed_in=1 (the OAuth callback): takes over the handoff first, even over stored tokens', () => {
    for (const stored of [none, { access: 'old-a', refresh: 'old-r' }]) {
      const t = startup(input({ stored, url: '/?signed_in=1' }));
      expect(t.handoff).toBe(true);
      expect(t.state).toEqual({ status: 'loadingUser', error: null });
      expect(t.effects).toEqual([{ type: 'clearCookies' }, { type: 'replaceUrl', url: '/' }]);
    }
    expect(handoffFailed()).toEqual({
      state: { status: 'unauthenticated', error: 'OAuth authentication failed. Please try again.' },
      effects: [{ type: 'navigate', path: '/login' }],
    });
  });

  it('on /login with both tokens: goes to / with a reload', () => {
    const t = startup(input({ stored: { access: 'a', refresh: 'r' }, url: '/login?token=a&refresh=r' }));
    expect(t.effects).toContainEqual({ type: 'reload', url: '/' });
    expect(t.effects.some((e) => e.type === 'replaceUrl')).toBe(false);
  });

  it('only one token: the incomplete-token error, leftovers cleared', () => {
    for (const variant of [
      input({ stored: { access: 'a', refresh: null } }),
      input({ stored: { access: null, refresh: 'r' }, url: '/login?token=a' }),
    ]) {
      const t = startup(variant);
      expect(t.state).toEqual({
        status: 'unauthenticated',
        error: 'Authentication error: Incomplete token data. Please try logging in again.',
      });
      expect(t.effects).toContainEqual({ type: 'clearTokens' });
    }
    expect(
      startup(input({ stored: { access: 'a', refresh: null }, url: '/login?token=a' })).effects,
    ).toContainEqual({
      type: 'replaceUrl',
      url: '/login',
    });
  });

  it('error=oauth_failed: the OAuth message, then the parameter is removed from the URL', () => {
    const t = startup(input({ url: '/login?error=oauth_failed' }));
    expect(t.state).toEqual({
      status: 'unauthenticated',
      error: 'OAuth authentication failed. Please try again.',
    });
    expect(t.effects).toEqual([{ type: 'replaceUrl', url: '/login' }]);
  });

  it('other error values are left alone', () => {
    expect(startup(input({ url: '/login?error=other' }))).toEqual({
      state: { status: 'unauthenticated', error: null },
      effects: [],
      handoff: false,
    });
  });
});

describe('profile fetch', () => {
  it('success: authenticated with the user', () => {
    expect(profileLoaded(user)).toEqual({ state: { status: 'authenticated', user }, effects: [] });
  });
  it('401: tokens cleared, back to unauthenticated with the expiry message', () => {
    expect(profileFailed({ kind: 'status', status: 401 })).toEqual({
      state: { status: 'unauthenticated', error: 'Authentication expired. Please log in again.' },
      effects: [{ type: 'clearTokens' }],
    });
  });
  it('other non-OK answer: Failed to load user data', () => {
    expect(profileFailed({ kind: 'status', status: 500 }).state).toEqual({
      status: 'loadingUser',
      error: 'Failed to load user data',
    });
  });
  it('network failure: Connection error', () => {
    expect(profileFailed({ kind: 'network' }).state).toEqual({
      status: 'loadingUser',
      error: 'Connection error',
    });
  });
});

describe('session end, logout and login', () => {
  it('refresh refused: unauthenticated with the session message, to /login', () => {
    expect(sessionExpired()).toEqual({
      state: { status: 'unauthenticated', error: 'Session abgelaufen. Bitte neu einloggen.' },
      effects: [{ type: 'navigate', path: '/login' }],
    });
  });
  it('logout clears tokens and cookies and goes to /login', () => {
    expect(loggedOut().effects).toEqual([
      { type: 'clearTokens' },
      { type: 'clearCookies' },
      { type: 'navigate', path: '/login' },
    ]);
    expect(loggedOut().state).toEqual({ status: 'unauthenticated', error: null });
  });
  it('logout request: credentials included, JSON {refresh_token}, bearer header', () => {
    expect(logoutRequest('a', 'r')).toEqual({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer a' },
      body: JSON.stringify({ refresh_token: 'r' }),
    });
  });
  it('login clears state and redirects to the provider login path', () => {
    expect(loginStarted()).toEqual({
      state: { status: 'unauthenticated', error: null },
      effects: [
        { type: 'clearTokens' },
        { type: 'clearCookies' },
        { type: 'redirect', url: '/accounts/github/login/' },
      ],
    });
  });
});
