import { request as octokitRequest } from '@octokit/request';
import type { Config } from '../config.ts';

export type GithubUser = { id: number; login: string; avatar_url: string | null };

/** Exchanges the OAuth web-flow code (with its PKCE verifier) for a user access token. */
export async function exchangeCode(
  config: Config,
  params: { code: string; redirectUri: string; codeVerifier: string },
): Promise<string> {
  const response = await octokitRequest('POST /login/oauth/access_token', {
    baseUrl: config.github.webUrl,
    headers: { accept: 'application/json' },
    client_id: config.github.clientId,
    client_secret: config.github.clientSecret,
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.codeVerifier,
  });
  // GitHub answers 200 with an `error` field when the code is bad or reused.
  const data = response.data as { access_token?: string; error?: string };
  if (!data.access_token) throw new Error(`GitHub refused the code: ${data.error ?? 'no access_token'}`);
  return data.access_token;
}

export async function fetchGithubUser(config: Config, token: string): Promise<GithubUser> {
  const response = await octokitRequest('GET /user', {
    baseUrl: config.github.apiUrl,
    headers: { authorization: `bearer ${token}` },
  });
  const { id, login, avatar_url } = response.data;
  return { id: Number(id), login, avatar_url: avatar_url || null };
}
