import { createHash, randomBytes } from 'node:crypto';
import { exchangeWebFlowCode, getWebFlowAuthorizationUrl } from '@octokit/oauth-methods';
import { request as octokitRequest } from '@octokit/request';
import { GithubError } from './errors.ts';

/**
 * The scopes Fluxion asks for: the least that reads Projects (v2) boards and the user's organizations.
 * `read:project` covers projects; `read:org` lets GitHub list private organization memberships.
 */
export const GITHUB_SCOPES = ['read:project', 'read:org'];

export type OAuthEndpoint = {
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
  const { url } = getWebFlowAuthorizationUrl({
    clientType: 'oauth-app',
    clientId: input.clientId,
    redirectUrl: input.redirectUrl,
    state: input.state,
    scopes: input.scopes ?? GITHUB_SCOPES,
    login: input.login,
    request: octokitRequest.defaults({ baseUrl: oauthBase(input) }),
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
export type ExchangedToken = { token: string; scopes: string[] };

/** Trades the callback's `code` for a user token (GitHub's errors, e.g. bad_verification_code, become GithubError). */
export async function exchangeOAuthCode(input: ExchangeInput): Promise<ExchangedToken> {
  // oauth-methods has no PKCE option; a request default adds code_verifier to the token request's body.
  const defaults = {
    baseUrl: oauthBase(input),
    ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
  };
  try {
    const { authentication } = await exchangeWebFlowCode({
      clientType: 'oauth-app',
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      code: input.code,
      redirectUrl: input.redirectUrl,
      request: octokitRequest.defaults(defaults),
    });
    // GitHub separates scopes with commas; oauth-methods splits on spaces only.
    return {
      token: authentication.token,
      scopes: authentication.scopes.flatMap((s) => s.split(',')).filter(Boolean),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new GithubError(
      `GitHub OAuth code exchange failed: ${message}`,
      (error as { status?: number }).status ?? null,
    );
  }
}
