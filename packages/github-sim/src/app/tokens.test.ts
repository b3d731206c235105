import { generateKeyPairSync } from 'node:crypto';
import { exchangeWebFlowCode, refreshToken } from '@octokit/oauth-methods';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PERMISSIONS, type GithubSim } from '../index.ts';
import { api, appJwt, installationToken, signJwt } from '../test/app-helpers.ts';
import { control, rawGraphql, startSim } from '../test/helpers.ts';
import { JWT_ERRORS } from './jwt.ts';

let sim: GithubSim;
let installationId = 0;
const HOUR = 3_600_000;
const nowS = () => Math.floor(sim.world.now() / 1000);
const advance = (ms: number) => control(sim, '/_sim/clock/advance', { ms });
const BOARD = 'query { organization(login: "fluxion-labs") { projectV2(number: 1) { title } } }';

beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
  installationId = (await control<{ id: number }>(sim, '/_sim/installations', { org: 'fluxion-labs' })).id;
});
afterAll(() => sim.close());

describe('App JWTs', () => {
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs1', format: 'pem' })
    .toString();
  const cases: { name: string; jwt: () => string; error?: string }[] = [
    { name: 'iss = the App id (a number)', jwt: () => appJwt(sim) },
    { name: 'iss = the App id as a string', jwt: () => appJwt(sim, { iss: String(sim.app().id) }) },
    { name: 'iss = the client id', jwt: () => appJwt(sim, { iss: sim.app().clientId }) },
    {
      name: 'iat 30 s ahead (within the drift GitHub forgives)',
      jwt: () => appJwt(sim, { iat: nowS() + 30 }),
    },
    { name: 'exp exactly 10 minutes ahead', jwt: () => appJwt(sim, { exp: nowS() + 600 }) },
    {
      name: 'expired',
      jwt: () => appJwt(sim, { iat: nowS() - 700, exp: nowS() - 1 }),
      error: JWT_ERRORS.expired,
    },
    {
      name: 'more than 10 minutes ahead',
      jwt: () => appJwt(sim, { exp: nowS() + 660 }),
      error: JWT_ERRORS.tooLong,
    },
    {
      name: 'iat in the future',
      jwt: () => appJwt(sim, { iat: nowS() + 120 }),
      error: JWT_ERRORS.issuedInFuture,
    },
    {
      name: 'iat not an integer',
      jwt: () => appJwt(sim, { iat: nowS() - 0.5 }),
      error: JWT_ERRORS.issuedInFuture,
    },
    { name: 'wrong iss', jwt: () => appJwt(sim, { iss: 4242 }), error: JWT_ERRORS.undecodable },
    {
      name: 'signed with another key',
      jwt: () => signJwt(otherKey, { iat: nowS() - 60, exp: nowS() + 540, iss: sim.app().id }),
      error: JWT_ERRORS.undecodable,
    },
    { name: 'not a JWT', jwt: () => 'eyJhbGciOi.not.a-jwt', error: JWT_ERRORS.undecodable },
  ];
  it.each(cases)('$name', async ({ jwt, error }) => {
    const answer = await api(sim, '/app', jwt());
    if (!error) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: sim.app().id,
        slug: sim.app().slug,
        permissions: APP_PERMISSIONS,
      });
      return;
    }
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ message: error, status: '401' });
  });

  it('expires on the simulator’s clock', async () => {
    const jwt = appJwt(sim);
    expect((await api(sim, '/app/installations', jwt)).status).toBe(200);
    await advance(9 * 60_000 + 1000);
    const late = await api(sim, '/app/installations', jwt);
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(JWT_ERRORS.expired);
  });

  it('is refused where a token is expected, and a token where a JWT is', async () => {
    expect((await rawGraphql(sim, BOARD, appJwt(sim))).status).toBe(401);
    const classic = sim.createToken('octo-alice');
    const answer = await api(sim, '/app', classic);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(JWT_ERRORS.undecodable);
  });
});

describe('installation access tokens', () => {
  it('are ghs_ tokens of one hour with the installation’s permissions, counted, then refused', async () => {
    await control(sim, '/_sim/stats', undefined, 'DELETE');
    const before = sim.world.now();
    const answer = await api<Record<string, unknown>>(
      sim,
      `/app/installations/${installationId}/access_tokens`,
      appJwt(sim),
      {
        method: 'POST',
      },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.token).toMatch(/^ghs_\d+_ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Date.parse(String(answer.body.expires_at))).toBe(Math.floor((before + HOUR) / 1000) * 1000);
    expect(answer.body).toMatchObject({ permissions: APP_PERMISSIONS, repository_selection: 'all' });
    expect(answer.body.repositories).toBeUndefined();
    const token = String(answer.body.token);
    await installationToken(sim, installationId);
    const stats = await control<Record<string, unknown>>(sim, '/_sim/stats', undefined, 'GET');
    expect(stats).toMatchObject({
      installationTokensMinted: 2,
      installationTokensByInstallation: { [installationId]: 2 },
      jwtsAccepted: 2,
    });
    expect((await rawGraphql(sim, BOARD, token)).status).toBe(200);
    await advance(HOUR - 60_000);
    expect((await rawGraphql(sim, BOARD, token)).status).toBe(200);
    await advance(60_000);
    const expired = await rawGraphql(sim, BOARD, token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Bad credentials');
  });

  it('can be narrowed to repositories and permissions the installation has, and no further', async () => {
    const url = `/app/installations/${installationId}/access_tokens`;
    const post = (body: unknown) =>
      api<Record<string, unknown>>(sim, url, appJwt(sim), { method: 'POST', body });
    const narrowed = await post({ repositories: ['platform'], permissions: { issues: 'read' } });
    expect(narrowed.status).toBe(201);
    expect(narrowed.body.permissions).toEqual({ issues: 'read' });
    expect((narrowed.body.repositories as { full_name: string }[]).map((r) => r.full_name)).toEqual([
      'fluxion-labs/platform',
    ]);
    // Without organization_projects the board is out of reach.
    const board = await rawGraphql(sim, BOARD, String(narrowed.body.token));
    expect((board.body.errors as { type: string }[])[0]?.type).toBe('NOT_FOUND');
    const repos = await api<{ repositories: { full_name: string }[] }>(
      sim,
      '/installation/repositories',
      String(narrowed.body.token),
    );
    expect(repos.body.repositories.map((r) => r.full_name)).toEqual(['fluxion-labs/platform']);
    for (const body of [{ repositories: ['not-there'] }, { repository_ids: [1] }]) {
      const refused = await post(body);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
      );
    }
    for (const permissions of [{ issues: 'write' }, { contents: 'read' }]) {
      const refused = await post({ permissions });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('The permissions requested are not granted to this installation.');
    }
  });

  it('are refused for a suspended installation (403) and an unknown one (404); revoked with DELETE /installation/token', async () => {
    await control(sim, `/_sim/installations/${installationId}/suspend`);
    const suspended = await api(sim, `/app/installations/${installationId}/access_tokens`, appJwt(sim), {
      method: 'POST',
    });
    expect(suspended.status).toBe(403);
    expect(suspended.body.message).toBe('This installation has been suspended');
    await control(sim, `/_sim/installations/${installationId}/unsuspend`);
    expect(
      (await api(sim, '/app/installations/999/access_tokens', appJwt(sim), { method: 'POST' })).status,
    ).toBe(404);
    const token = await installationToken(sim, installationId);
    expect((await api(sim, '/installation/token', token, { method: 'DELETE' })).status).toBe(204);
    expect((await rawGraphql(sim, BOARD, token)).status).toBe(401);
  });

  it('spend one budget per installation, apart from the users’', async () => {
    const first = await installationToken(sim, installationId);
    const second = await installationToken(sim, installationId);
    const used = async (token: string) =>
      Number((await rawGraphql(sim, BOARD, token)).headers.get('x-ratelimit-used'));
    const a = await used(first);
    expect(await used(second)).toBe(a + 1);
    const alice = sim.createToken('octo-alice');
    const aliceUsed = await used(alice);
    expect(await used(first)).toBe(a + 2);
    expect(await used(alice)).toBe(aliceUsed + 1);
    await control(sim, '/_sim/rate-limit', { installationId, remaining: 0 });
    const limited = await rawGraphql(sim, BOARD, second);
    expect((limited.body.errors as { type: string; message: string }[])[0]).toEqual({
      type: 'RATE_LIMITED',
      message: `API rate limit exceeded for installation ID ${installationId}.`,
    });
    expect((await rawGraphql(sim, BOARD, alice)).body.errors).toBeUndefined();
    await control(sim, '/_sim/rate-limit', { installationId, remaining: 5000 });
  });

  it('lists installations as the App: all, one per organization, 404 where it is not installed', async () => {
    const all = await api<{ id: number; account: { login: string } }[]>(
      sim,
      '/app/installations',
      appJwt(sim),
    );
    expect(all.body.map((i) => [i.id, i.account.login])).toEqual([[installationId, 'fluxion-labs']]);
    const org = await api(sim, '/orgs/fluxion-labs/installation', appJwt(sim));
    expect(org.body).toMatchObject({
      id: installationId,
      target_type: 'Organization',
      app_slug: sim.app().slug,
    });
    expect((await api(sim, '/orgs/fluxion-demo/installation', appJwt(sim))).status).toBe(404);
    const repo = await api(sim, '/repos/fluxion-labs/platform/installation', appJwt(sim));
    expect(repo.body).toMatchObject({ id: installationId });
    expect((await api(sim, '/repos/fluxion-demo/storefront/installation', appJwt(sim))).status).toBe(404);
    expect((await api(sim, '/users/octo-alice/installation', appJwt(sim))).status).toBe(404);
  });
});

describe('user access tokens (sign-in through the App)', () => {
  const oauthRequest = () => request.defaults({ baseUrl: sim.url });

  async function signIn(login: string): Promise<{ token: string; refreshToken: string }> {
    const app = sim.app();
    const authorize = await fetch(
      `${sim.url}/login/oauth/authorize?client_id=${app.clientId}&login=${login}&state=st&redirect_uri=${encodeURIComponent('http://127.0.0.1:9/cb')}`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(302);
    const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const { data, authentication } = await exchangeWebFlowCode({
      clientType: 'github-app',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      code,
      request: oauthRequest(),
    });
    expect(data).toMatchObject({
      expires_in: 28_800,
      refresh_token_expires_in: 15_897_600,
      scope: '',
      token_type: 'bearer',
    });
    expect(authentication.token).toMatch(/^ghu_[A-Za-z0-9]{36}$/);
    const refresh = (authentication as { refreshToken: string }).refreshToken;
    expect(refresh).toMatch(/^ghr_/);
    return { token: authentication.token, refreshToken: refresh };
  }

  it('come from the OAuth web flow told apart by the client id, and expire after 8 hours', async () => {
    const { token } = await signIn('octo-alice');
    const me = await api(sim, '/user', token);
    expect(me.status).toBe(200);
    expect(me.body.login).toBe('octo-alice');
    expect(me.headers.get('x-oauth-scopes')).toBeNull();
    await advance(8 * HOUR - 1000);
    expect((await api(sim, '/user', token)).status).toBe(200);
    await advance(1000);
    const expired = await api(sim, '/user', token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Bad credentials');
  });

  it('refresh once: a new pair, and the old refresh token and access token stop working', async () => {
    const app = sim.app();
    const first = await signIn('octo-bob');
    const refreshed = await refreshToken({
      clientType: 'github-app',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      refreshToken: first.refreshToken,
      request: oauthRequest(),
    });
    expect(refreshed.authentication.token).not.toBe(first.token);
    expect(refreshed.authentication.refreshToken).not.toBe(first.refreshToken);
    expect((await api(sim, '/user', first.token)).status).toBe(401);
    expect((await api(sim, '/user', refreshed.authentication.token)).status).toBe(200);
    const again = await fetch(`${sim.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: first.refreshToken,
      }),
    });
    expect(await again.json()).toMatchObject({ error: 'bad_refresh_token' });
    expect(sim.world.stats.userTokensRefreshed).toBeGreaterThanOrEqual(1);
    // A refresh token lives six months.
    await advance(185 * 24 * HOUR);
    await expect(
      refreshToken({
        clientType: 'github-app',
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        refreshToken: refreshed.authentication.refreshToken,
        request: oauthRequest(),
      }),
    ).rejects.toThrow(/bad_refresh_token|incorrect or expired/);
  });

  it('lose everything when the user revokes the App’s authorization', async () => {
    const { token, refreshToken: refresh } = await signIn('octo-alice');
    expect((await api(sim, '/user/installations', token)).status).toBe(200);
    await control(sim, '/_sim/app/authorizations/octo-alice', undefined, 'DELETE');
    const answer = await rawGraphql(sim, BOARD, token);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Bad credentials');
    expect(sim.world.refreshTokens.has(refresh)).toBe(false);
  });

  it('are deleted by the App with DELETE /applications/{client_id}/token and /grant (Basic auth)', async () => {
    const app = sim.app();
    const basic = (secret: string) => `Basic ${Buffer.from(`${app.clientId}:${secret}`).toString('base64')}`;
    const remove = (what: string, token: string, secret = app.clientSecret) =>
      fetch(`${sim.url}/applications/${app.clientId}/${what}`, {
        method: 'DELETE',
        headers: { authorization: basic(secret), 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: token }),
      });
    // Revoked in the test before: authorized again, as a sign-in with a click would.
    sim.world.users.get('octo-alice')?.approvals.set(app.clientId, new Set(['*']));
    const one = await signIn('octo-alice');
    const two = await signIn('octo-alice');
    expect((await remove('token', one.token, 'wrong')).status).toBe(401);
    expect((await remove('token', sim.createToken('octo-alice'))).status).toBe(404);
    expect((await remove('token', one.token)).status).toBe(204);
    expect((await api(sim, '/user', one.token)).status).toBe(401);
    expect(sim.world.refreshTokens.has(one.refreshToken)).toBe(false);
    expect((await api(sim, '/user', two.token)).status).toBe(200);
    expect((await remove('grant', two.token)).status).toBe(204);
    expect((await api(sim, '/user', two.token)).status).toBe(401);
    expect(sim.world.users.get('octo-alice')?.approvals.has(app.clientId)).toBe(false);
    sim.world.users.get('octo-alice')?.approvals.set(app.clientId, new Set(['*']));
  });

  it('list the installations and repositories the user may reach; classic tokens may not ask', async () => {
    const bob = (await control<{ access_token: string }>(sim, '/_sim/app/user-tokens', { login: 'octo-bob' }))
      .access_token;
    const alice = (
      await control<{ access_token: string }>(sim, '/_sim/app/user-tokens', { login: 'octo-alice' })
    ).access_token;
    const listed = await api<{ total_count: number; installations: { id: number }[] }>(
      sim,
      '/user/installations',
      bob,
    );
    expect(listed.body.total_count).toBe(1);
    expect(listed.body.installations[0]?.id).toBe(installationId);
    const repos = async (token: string) =>
      (
        await api<{ repositories: { full_name: string }[] }>(
          sim,
          `/user/installations/${installationId}/repositories`,
          token,
        )
      ).body.repositories.map((r) => r.full_name);
    expect(await repos(bob)).toContain('fluxion-labs/secret-infra');
    expect(await repos(alice)).not.toContain('fluxion-labs/secret-infra');
    expect(await repos(alice)).toContain('fluxion-labs/platform');
    const classic = await api(sim, '/user/installations', sim.createToken('octo-bob'));
    expect(classic.status).toBe(403);
  });
});
