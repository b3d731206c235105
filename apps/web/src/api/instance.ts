import { createTokenStore } from '../auth/tokens.ts';
import { createApiClient } from './client.ts';

/** The one API client of the app. The auth provider replaces the session-expired handler. */
export const tokenStore = createTokenStore(window.localStorage);

export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  onSessionExpired: () => window.location.assign('/login'),
});
