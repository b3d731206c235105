import { createHash, randomBytes } from 'node:crypto';
import {
  deleteAuthorization,
  deleteToken,
  exchangeWebFlowCode,
  getWebFlowAuthorizationUrl,
  refreshToken,
} from '@octokit/oauth-methods';
import { request as octokitRequest } from '@octokit/request';
import { GithubError } from './errors.ts';
import { timedFetch } from './timed-fetch.ts';

/**
 * The scopes Fluxion asks for: the least that reads Projects (v2) boards and the user's organizations.
 * `read:project` covers projects; `read:org` lets GitHub list private organization memberships.
 */
export const GITHUB_SCOPES = ['read:project', 'read:org', 'user:email'];

export type OAuthEndpoint = {
  /**
   * 'oauth-app' (GITHUB_CLIENT_ID): scopes, tokens that never expire. 'github-app' (GITHUB_APP_CLIENT_ID):
   * no scopes (the App's permissions are its own), user access tokens that expire with a refresh token.
   */
  clientType?: 'oauth-app' | 'github-app';
  /** REST base: https://api.github.com (the OAuth host github.com is derived from it) or the simulator's URL. */
  apiUrl: string;
  clientId: string;
  /** The OAuth host when it is not derivable from apiUrl (e.g. config GITHUB_WEB_URL); wins over apiUrl. */
  webUrl?: string;
};

function oauthBase(input: OAuthEndpoint): string {
  return (input.webUrl ?? input.apiUrl).replace(/\/$/, '');
}

export type PkcePair = { verifier: string; challenge: string };

export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The URL to send the browser to: GitHub's authorize page, with state and (optionally) a PKCE challenge. */
export function buildAuthorizeUrl(
  input: OAuthEndpoint & {
    redirectUrl: string;
    state: string;
    scopes?: string[];
    login?: string;
    codeChallenge?: string;
  },
): string {
  const common = {
    clientId: input.clientId,
    redirectUrl: input.redirectUrl,
    state: input.state,
    login: input.login,
    request: octokitRequest.defaults({ baseUrl: oauthBase(input), request: { fetch: timedFetch() } }),
  };
  const { url } =
    input.clientType === 'github-app'
      ? getWebFlowAuthorizationUrl({ ...common, clientType: 'github-app' })
      : getWebFlowAuthorizationUrl({
          ...common,
          clientType: 'oauth-app',
          scopes: input.scopes ?? GITHUB_SCOPES,
        });
  if (!input.codeChallenge) return url;
  const withPkce = new URL(url);
  withPkce.searchParams.set('code_challenge', input.codeChallenge);
  withPkce.searchParams.set('code_challenge_method', 'S256');
  return withPkce.toString();
}

export type ExchangeInput = OAuthEndpoint & {
  clientSecret: string;
  code: string;
  redirectUrl?: string;
  codeVerifier?: string;
};
/**
 * A user token as GitHub answered it. `expiresInMs` and the refresh token come with a GitHub App whose
 * user tokens expire (GitHub's default: 8 hours, the refresh token 6 months); the caller dates them on its
 * own clock. Nothing is assumed of a token's length or prefix.
 */
export type ExchangedToken = {
  token: string;
  scopes: string[];
  expiresInMs: number | null;
  refreshToken: string | null;
  refreshExpiresInMs: number | null;
};

type TokenAnswer = {
  access_token: string;
  scope?: string;
  expires_in?: number | string;
  refresh_token?: string;
  refresh_token_expires_in?: number | string;
};

const seconds = (value: number | string | undefined) =>
  value === undefined || value === '' || !Number.isFinite(Number(value)) ? null : Number(value) * 1000;

function exchanged(data: TokenAnswer): ExchangedToken {
  return {
    token: data.access_token,
    // GitHub separates scopes with commas; an App's token has none.
    scopes: (data.scope ?? '').split(/[,\s]+/).filter(Boolean),
    expiresInMs: seconds(data.expires_in),
    refreshToken: data.refresh_token || null,
    refreshExpiresInMs: seconds(data.refresh_token_expires_in),
  };
}

/** Trades the callback's `code` for a user token (GitHub's errors, e.g. bad_verification_code, become GithubError). */
export async function exchangeOAuthCode(input: ExchangeInput): Promise<ExchangedToken> {
  // oauth-methods has no PKCE option; a request default adds code_verifier to the token request's body.
  const defaults = {
    baseUrl: oauthBase(input),
    request: { fetch: timedFetch() },
    ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
  };
  try {
    const common = {
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      code: input.code,
      redirectUrl: input.redirectUrl,
      request: octokitRequest.defaults(defaults),
    };
    const { data } =
      input.clientType === 'github-app'
        ? await exchangeWebFlowCode({ ...common, clientType: 'github-app' })
        : await exchangeWebFlowCode({ ...common, clientType: 'oauth-app' });
    return exchanged(data as TokenAnswer);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new GithubError(
      `GitHub OAuth code exchange failed: ${message}`,
      (error as { status?: number }).status ?? null,
    );
  }
}

/** GitHub refused a refresh token: spent, expired, or the user revoked the App's authorization. */
export class RefreshTokenRefusedError extends GithubError {
  override readonly name = 'RefreshTokenRefusedError';
}

/**
 * Spends a GitHub App's single-use refresh token (`grant_type=refresh_token`) for a new user access token
 * and refresh token. GitHub's `bad_refresh_token` (answered with HTTP 200) is RefreshTokenRefusedError;
 * any other failure (GitHub down, a network error) is GithubError, and the refresh token may still be good.
 */
export async function refreshUserToken(
  input: Omit<OAuthEndpoint, 'clientType'> & { clientSecret: string; refreshToken: string },
): Promise<ExchangedToken> {
  try {
    const { data } = await refreshToken({
      clientType: 'github-app',
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      refreshToken: input.refreshToken,
      request: octokitRequest.defaults({ baseUrl: oauthBase(input), request: { fetch: timedFetch() } }),
    });
    return exchanged(data as TokenAnswer);
  } catch (error) {
    const code = (error as { response?: { data?: { error?: unknown } } }).response?.data?.error;
    const message = error instanceof Error ? error.message : String(error);
    const status = (error as { status?: number }).status ?? null;
    if (code === 'bad_refresh_token')
      throw new RefreshTokenRefusedError(`GitHub refused the refresh token: ${message}`, status);
    throw new GithubError(`GitHub token refresh failed: ${message}`, status);
  }
}

/**
 * Deletes a user token at GitHub (`DELETE /applications/{client_id}/token`, Basic auth with the app's
 * client id and secret), on the REST API base: the token stops working, and for a GitHub App's user token
 * its refresh token too. `revoke: 'grant'` deletes the user's whole authorization of the app instead
 * (`DELETE /applications/{client_id}/grant`): every token of the app for that user, and the app leaves the
 * user's authorized applications. A token GitHub no longer knows (404) is already gone: no error.
 */
export async function deleteUserToken(
  input: Required<Pick<OAuthEndpoint, 'clientType'>> & {
    apiUrl: string;
    clientId: string;
    clientSecret: string;
    token: string;
    revoke?: 'token' | 'grant';
  },
): Promise<void> {
  const request = octokitRequest.defaults({
    baseUrl: input.apiUrl.replace(/\/$/, ''),
    request: { fetch: timedFetch() },
  });
  try {
    const common = {
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      token: input.token,
      request,
    };
    const remove = input.revoke === 'grant' ? deleteAuthorization : deleteToken;
    if (input.clientType === 'github-app') await remove({ ...common, clientType: 'github-app' });
    else await remove({ ...common, clientType: 'oauth-app' });
  } catch (error) {
    const status = (error as { status?: number }).status ?? null;
    if (status === 404) return;
    const message = error instanceof Error ? error.message : String(error);
    throw new GithubError(`GitHub token deletion failed: ${message}`, status);
  }
}
