import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from './access-tokens.ts';
import { ROTATION_GRACE_MS } from './refresh-tokens.ts';

const cases = await dialectCases();

describe.each(cases)('sessions on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, clock } = await buildTestApp(database);

  it('GET /api/me/ answers the profile of a new user: a 30-day trial, active', async () => {
    const { auth } = await signedInUser(ctx, 'octo-profile');
    const response = await app.inject({ url: '/api/me/', headers: auth });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      username: 'octo-profile',
      subscription_status: 'trial',
      is_active_user: true,
      cancel_at_period_end: false,
    });
    const daysLeft = (Date.parse(profile.subscription_end) - clock.now()) / 86_400_000;
    expect(daysLeft).toBe(30);
  });

  it('refuses missing, forged, tampered and expired access tokens with 401', async () => {
    const { access } = await signedInUser(ctx);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setIssuer('fluxion')
      .setAudience('fluxion-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const [header, payload, signature] = access.split('.');
    const tamperedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        sub: 'other-user',
      }),
    ).toString('base64url');
    const tampered = `${header}.${tamperedPayload}.${signature}`;
    for (const authorization of [
      undefined,
      'Bearer',
      `Bearer ${forged}`,
      `Bearer ${tampered}`,
      'Basic abc',
    ]) {
      const response = await app.inject({ url: '/api/me/', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
    const expiring = await issueAccessToken({ userId: 'x', secret: ctx.config.jwtSecret, now: clock.now() });
    clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const expired = await app.inject({ url: '/api/me/', headers: { authorization: `Bearer ${expiring}` } });
    expect(expired.statusCode).toBe(401);
  });

  it('rotates refresh tokens: the new pair works, the old token is refused, replaying it revokes all', async () => {
    const { refresh } = await signedInUser(ctx);
    const first = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(first.statusCode).toBe(200);
    const { access, refresh: next } = first.json();
    expect(
      (await app.inject({ url: '/api/me/', headers: { authorization: `Bearer ${access}` } })).statusCode,
    ).toBe(200);

    clock.advance(ROTATION_GRACE_MS + 1);
    const replay = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(replay.statusCode).toBe(401);
    // The replay revealed a copied token: the successor is revoked too.
    const successor = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: next },
    });
    expect(successor.statusCode).toBe(401);
  });

  it('two tabs refreshing with one token at once both succeed; a spent token is refused after the grace', async () => {
    const { refresh } = await signedInUser(ctx);
    const refreshWith = (token: string) =>
      app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
    const [a, b] = [await refreshWith(refresh), await refreshWith(refresh)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refresh).not.toBe(b.json().refresh);
    clock.advance(ROTATION_GRACE_MS + 1);
    expect((await refreshWith(a.json().refresh)).statusCode).toBe(200);
    expect((await refreshWith(refresh)).statusCode).toBe(401);
  });

  it('a token rotated and then logged out does not refresh even within the grace window', async () => {
    const { refresh } = await signedInUser(ctx);
    const first = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    await app.inject({
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh_token: first.json().refresh },
    });
    const again = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(again.statusCode).toBe(401);
  });

  it('logout revokes the refresh token, which is refused afterwards', async () => {
    const { refresh, auth } = await signedInUser(ctx);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: auth,
      payload: { refresh_token: refresh },
    });
    expect(logout.statusCode).toBe(204);
    const after = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(after.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh_token: refresh },
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses an expired refresh token and answers 400 naming the field for malformed bodies', async () => {
    const { refresh } = await signedInUser(ctx);
    clock.advance(31 * 86_400_000);
    const expired = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(expired.statusCode).toBe(401);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { token: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/refresh/);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
