import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, startSim } from '../test/helpers.ts';

let sim: GithubSim;
const CALLBACK = 'http://127.0.0.1:9/accounts/github/callback/';

beforeAll(async () => {
  sim = await startSim({
    oauthApps: [
      {
        clientId: 'strict-app',
        clientSecret: 'strict-secret',
        callbackUrl: 'https://fluxion.example/accounts/github/callback/',
      },
    ],
  });
});
afterAll(() => sim.close());

async function authorize(params: Record<string, string>): Promise<URL> {
  const url = `${sim.url}/login/oauth/authorize?${new URLSearchParams(params)}`;
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function exchange(body: Record<string, string>, accept = 'application/json'): Promise<Response> {
  return fetch(`${sim.url}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
}

const app = { client_id: 'fluxion-local', client_secret: 'fluxion-local-secret' };

describe('OAuth web flow', () => {
  it('redirects a seeded user straight back with code and state, and the login parameter picks the user', async () => {
    const back = await authorize({
      client_id: 'fluxion-local',
      redirect_uri: CALLBACK,
      state: 's-1',
      scope: 'read:project read:org',
      login: 'octo-bob',
    });
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('s-1');
    const answer = await (
      await exchange({ ...app, code: back.searchParams.get('code') ?? '', redirect_uri: CALLBACK })
    ).json();
    expect(answer).toMatchObject({
      token_type: 'bearer',
      scope: 'read:project,read:org',
      access_token: expect.stringMatching(/^gho_/),
    });
    const user = await (
      await fetch(`${sim.url}/user`, { headers: { authorization: `token ${answer.access_token}` } })
    ).json();
    expect(user.login).toBe('octo-bob');
  });

  it('answers form-encoded without Accept: application/json, and codes work once', async () => {
    const back = await authorize({ client_id: 'fluxion-local', redirect_uri: CALLBACK, state: 's-2' });
    const code = back.searchParams.get('code') ?? '';
    const form = new URLSearchParams(await (await exchange({ ...app, code }, '*/*')).text());
    expect(form.get('access_token')).toMatch(/^gho_/);
    expect(await (await exchange({ ...app, code })).json()).toMatchObject({ error: 'bad_verification_code' });
  });

  it("gives GitHub's errors for a wrong redirect_uri, wrong secret and unknown client", async () => {
    const back = await authorize({ client_id: 'fluxion-local', redirect_uri: CALLBACK, state: 's-3' });
    const code = back.searchParams.get('code') ?? '';
    expect(
      await (await exchange({ ...app, code, redirect_uri: 'http://127.0.0.1:9/elsewhere' })).json(),
    ).toMatchObject({ error: 'redirect_uri_mismatch' });
    expect(await (await exchange({ ...app, client_secret: 'nope', code })).json()).toMatchObject({
      error: 'incorrect_client_credentials',
    });
    const mismatch = await authorize({
      client_id: 'strict-app',
      redirect_uri: 'https://evil.example/cb',
      state: 's-4',
    });
    expect(mismatch.searchParams.get('error')).toBe('redirect_uri_mismatch');
    expect(mismatch.searchParams.get('state')).toBe('s-4');
    expect((await fetch(`${sim.url}/login/oauth/authorize?client_id=unknown`)).status).toBe(404);
  });

  it('checks a PKCE verifier against the S256 challenge', async () => {
    const verifier = 'a-verifier-that-is-long-enough-to-be-valid-0123456789';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = {
      client_id: 'fluxion-local',
      redirect_uri: CALLBACK,
      state: 's-5',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const bad = (await authorize(params)).searchParams.get('code') ?? '';
    expect(await (await exchange({ ...app, code: bad, code_verifier: 'wrong' })).json()).toMatchObject({
      error: 'bad_verification_code',
    });
    const good = (await authorize(params)).searchParams.get('code') ?? '';
    expect(await (await exchange({ ...app, code: good, code_verifier: verifier })).json()).toHaveProperty(
      'access_token',
    );
  });

  it('shows an approval page to a user who has not approved the app yet', async () => {
    await control(sim, '/_sim/users', { login: 'octo-new' });
    const page = await fetch(
      `${sim.url}/login/oauth/authorize?client_id=fluxion-local&login=octo-new&redirect_uri=${encodeURIComponent(CALLBACK)}`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Authorize octo-new');
  });
});
