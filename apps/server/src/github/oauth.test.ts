import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGithubClient } from './client.ts';
import { GithubError } from './errors.ts';
import { buildAuthorizeUrl, createPkcePair, exchangeOAuthCode } from './oauth.ts';

let sim: GithubSim;
const redirectUrl = 'http://127.0.0.1:3000/accounts/github/callback/';
const app = { clientId: 'fluxion-local', clientSecret: 'fluxion-local-secret' };

beforeAll(async () => {
  sim = await startGithubSim({ port: 0 });
});
afterAll(() => sim.close());

async function codeFrom(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  return new URL(response.headers.get('location') ?? '');
}

describe('OAuth helpers against the simulator', () => {
  it('builds the authorize URL, exchanges the code with PKCE and reads the user', async () => {
    const pkce = createPkcePair();
    const url = buildAuthorizeUrl({
      apiUrl: sim.url,
      clientId: app.clientId,
      redirectUrl,
      state: 'st',
      login: 'octo-bob',
      codeChallenge: pkce.challenge,
    });
    expect(url.startsWith(`${sim.url}/login/oauth/authorize?`)).toBe(true);
    const back = await codeFrom(url);
    expect(back.searchParams.get('state')).toBe('st');
    const { token, scopes } = await exchangeOAuthCode({
      apiUrl: sim.url,
      ...app,
      code: back.searchParams.get('code') ?? '',
      redirectUrl,
      codeVerifier: pkce.verifier,
    });
    expect(scopes).toEqual(['read:project', 'read:org', 'user:email']);
    expect((await createGithubClient({ apiUrl: sim.url, token }).getAuthenticatedUser()).login).toBe(
      'octo-bob',
    );
  });

  it('derives github.com for OAuth when the API is api.github.com', () => {
    const url = buildAuthorizeUrl({
      apiUrl: 'https://api.github.com',
      clientId: 'abc',
      redirectUrl,
      state: 's',
    });
    expect(url.startsWith('https://github.com/login/oauth/authorize?')).toBe(true);
  });

  it("turns GitHub's OAuth errors into GithubError", async () => {
    await expect(
      exchangeOAuthCode({ apiUrl: sim.url, ...app, code: 'not-a-code', redirectUrl }),
    ).rejects.toThrow(/bad_verification_code/);
    const pkce = createPkcePair();
    const back = await codeFrom(
      buildAuthorizeUrl({
        apiUrl: sim.url,
        clientId: app.clientId,
        redirectUrl,
        state: 's',
        codeChallenge: pkce.challenge,
      }),
    );
    const wrong = exchangeOAuthCode({
      apiUrl: sim.url,
      ...app,
      code: back.searchParams.get('code') ?? '',
      redirectUrl,
      codeVerifier: 'nope',
    });
    await expect(wrong).rejects.toBeInstanceOf(GithubError);
  });
});
