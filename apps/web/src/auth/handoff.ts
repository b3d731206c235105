import type { TokenPair } from './tokens.ts';

/** The OAuth callback's redirect marks the URL with this parameter: a sign-in waits to be taken over. */
export const SIGNED_IN_PARAM = 'signed_in';
const HANDOFF_URL = '/api/token/handoff/';

let pending: Promise<TokenPair | null> | null = null;

/**
 * Trades the callback's one-time HttpOnly cookie for the token pair, once per page load: a second call
 * (React's StrictMode runs effects twice) gets the same answer instead of replaying the spent cookie,
 * which the server would take for a stolen one. Null when this browser has no sign-in to take over.
 */
export function takeHandoffOnce(
  fetcher: typeof fetch = window.fetch.bind(window),
): Promise<TokenPair | null> {
  pending ??= fetcher(HANDOFF_URL, { method: 'POST', credentials: 'same-origin' })
    .then(async (response) => (response.ok ? ((await response.json()) as TokenPair) : null))
    .catch(() => null);
  return pending;
}

/** For tests: forget the page load's handoff. */
export function resetHandoff(): void {
  pending = null;
}
