import type { Profile } from '@fluxion/contract';
import { T } from '../frameTexts.ts';
import { SIGNED_IN_PARAM } from './handoff.ts';
import type { TokenPair } from './tokens.ts';

/** Unauthenticated; authenticated with a token but no user yet; authenticated with the user. */
export type AuthState =
  | { status: 'unauthenticated'; error: string | null }
  | { status: 'loadingUser'; error: string | null }
  | { status: 'authenticated'; user: Profile };

export type AuthEffect =
  | { type: 'saveTokens'; tokens: TokenPair }
  | { type: 'clearTokens' }
  | { type: 'clearCookies' }
  | { type: 'replaceUrl'; url: string }
  | { type: 'reload'; url: string }
  | { type: 'navigate'; path: string }
  | { type: 'redirect'; url: string };

export type Transition = { state: AuthState; effects: AuthEffect[] };

/** `handoff`: the OAuth callback just signed this browser in; its tokens are to be taken over first. */
export type StartupTransition = Transition & { handoff: boolean };

export type StartupInput = {
  stored: { access: string | null; refresh: string | null };
  cookies: Record<string, string>;
  location: { pathname: string; search: string; hash: string };
};

export type ProfileFailure = { kind: 'status'; status: number } | { kind: 'network' };

export const OAUTH_LOGIN_PATH = '/accounts/github/login/';
/**
 * Tokens in the address bar are never used (a link would sign anyone in as whoever made it), only removed:
 * a sign-in arrives by the callback's one-time handoff (handoff.ts).
 */
const AUTH_PARAMS = ['token', 'refresh', SIGNED_IN_PARAM];

function urlWithout(location: StartupInput['location'], names: string[]): string {
  const params = new URLSearchParams(location.search);
  for (const name of names) params.delete(name);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/**
 * Token pick-up on load: local storage only. Token cookies and query parameters, which the spec also
 * reads, are ignored: whoever can plant them (a link, a sibling subdomain) could pick the session.
 */
export function pickTokens(input: StartupInput): { access: string | null; refresh: string | null } {
  return { access: input.stored.access || null, refresh: input.stored.refresh || null };
}

export function startup(input: StartupInput): StartupTransition {
  const params = new URLSearchParams(input.location.search);
  const handoff = params.get(SIGNED_IN_PARAM) === '1';
  const oauthFailed = params.get('error') === 'oauth_failed';
  const strip = oauthFailed ? [...AUTH_PARAMS, 'error'] : AUTH_PARAMS;
  const cleanUrl = urlWithout(input.location, strip);
  const current = `${input.location.pathname}${input.location.search}${input.location.hash}`;
  const urlEffects: AuthEffect[] = cleanUrl === current ? [] : [{ type: 'replaceUrl', url: cleanUrl }];
  const { access, refresh } = pickTokens(input);

  if (handoff) {
    return {
      state: { status: 'loadingUser', error: null },
      effects: [{ type: 'clearCookies' }, ...urlEffects],
      handoff,
    };
  }
  if (access && refresh) {
    const effects: AuthEffect[] = [
      { type: 'saveTokens', tokens: { access, refresh } },
      { type: 'clearCookies' },
    ];
    if (input.location.pathname === '/login') effects.push({ type: 'reload', url: '/' });
    else effects.push(...urlEffects);
    return { state: { status: 'loadingUser', error: null }, effects, handoff };
  }
  if (access || refresh) {
    return {
      state: { status: 'unauthenticated', error: T.auth.incomplete },
      effects: [{ type: 'clearTokens' }, { type: 'clearCookies' }, ...urlEffects],
      handoff,
    };
  }
  return {
    state: { status: 'unauthenticated', error: oauthFailed ? T.auth.oauthFailed : null },
    effects: urlEffects,
    handoff,
  };
}

/** No sign-in to take over (a copied link, an expired or spent handoff), and no earlier session either. */
export function handoffFailed(): Transition {
  return {
    state: { status: 'unauthenticated', error: T.auth.oauthFailed },
    effects: [{ type: 'navigate', path: '/login' }],
  };
}

export function profileLoaded(user: Profile): Transition {
  return { state: { status: 'authenticated', user }, effects: [] };
}

export function profileFailed(failure: ProfileFailure): Transition {
  if (failure.kind === 'network')
    return { state: { status: 'loadingUser', error: T.auth.connection }, effects: [] };
  if (failure.status === 401) {
    return {
      state: { status: 'unauthenticated', error: T.auth.expired },
      effects: [{ type: 'clearTokens' }],
    };
  }
  return { state: { status: 'loadingUser', error: T.auth.failedUser }, effects: [] };
}

/** The API client's refresh was refused: it already cleared the tokens. */
export function sessionExpired(): Transition {
  return {
    state: { status: 'unauthenticated', error: T.auth.sessionExpired },
    effects: [{ type: 'navigate', path: '/login' }],
  };
}

/** After the backend logout call (whose errors are ignored). */
export function loggedOut(): Transition {
  return {
    state: { status: 'unauthenticated', error: null },
    effects: [{ type: 'clearTokens' }, { type: 'clearCookies' }, { type: 'navigate', path: '/login' }],
  };
}

export function loginStarted(): Transition {
  return {
    state: { status: 'unauthenticated', error: null },
    effects: [{ type: 'clearTokens' }, { type: 'clearCookies' }, { type: 'redirect', url: OAUTH_LOGIN_PATH }],
  };
}

/** POST /api/logout/ with credentials, JSON {refresh_token} and the bearer header. */
export function logoutRequest(access: string | null, refresh: string | null): RequestInit {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (access) headers.Authorization = `Bearer ${access}`;
  return {
    method: 'POST',
    credentials: 'include',
    headers,
    body: JSON.stringify({ refresh_token: refresh }),
  };
}
