import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from './access-tokens.ts';
import { createHandoffToken, createRefreshToken, ROTATION_GRACE_MS } from './refresh-tokens.ts';
import { startSession } from './sessions.ts';

const cases = await dialectCases();

describe.each(cases)('sessions on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  // Rate limits have their own test (http/rate-limit.test.ts); here they would only get in the way.
  const { app, ctx, clock } = await buildTestApp(database, { config: { authRateLimitPerMinute: 10_000 } });
  const refreshWith = (token: string) =>
    app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const logout = (token: string) =>
    app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh_token: token } });
  const me = (access: string) =>
    app.inject({ url: '/api/me/', headers: { authorization: `Bearer ${access}` } });
  /** A second sign-in of the same user, as from another device. */
  const anotherSignIn = async (userId: string) => {
    const session = { userId, sessionId: await startSession(ctx.db, userId, clock.now()) };
    const refresh = (await createRefreshToken(ctx.db, session, clock.now())).token;
    const access = await issueAccessToken({ ...session, secret: ctx.config.jwtSecret, now: clock.now() });
    return { access, refresh };
  };

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
    const { user, sessionId } = await signedInUser(ctx);
    const expiring = await issueAccessToken({
      userId: user.id,
      sessionId,
      secret: ctx.config.jwtSecret,
      now: clock.now(),
    });
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

  it('a lagging tab: a token spent two rotations ago, within its grace, gets a pair of the same live sign-in', async () => {
    const { refresh: t0 } = await signedInUser(ctx);
    const first = await refreshWith(t0);
    clock.advance(5_000);
    const second = await refreshWith(first.json().refresh);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    clock.advance(ROTATION_GRACE_MS - 10_000);
    // The other tab still holds T0, whose successor T1 is spent too: answered, nobody logged out.
    const lagging = await refreshWith(t0);
    expect(lagging.statusCode).toBe(200);
    const late = lagging.json() as { access: string; refresh: string };
    const newest = second.json() as { access: string; refresh: string };
    expect((await me(late.access)).statusCode).toBe(200);
    expect((await me(newest.access)).statusCode).toBe(200);
    expect((await refreshWith(newest.refresh)).statusCode).toBe(200);
    expect((await refreshWith(late.refresh)).statusCode).toBe(200);
    // Past its grace, T0 is a copy again: refused, and the whole sign-in ends.
    clock.advance(10_001);
    expect((await refreshWith(t0)).statusCode).toBe(401);
    expect((await me(newest.access)).statusCode).toBe(401);
    expect((await refreshWith(late.refresh)).statusCode).toBe(401);
  });

  it('a lagging tab within the grace of a sign-in ended by a replay is refused', async () => {
    const { refresh: t0 } = await signedInUser(ctx);
    const t1 = (await refreshWith(t0)).json().refresh as string;
    clock.advance(ROTATION_GRACE_MS + 1);
    const t2 = (await refreshWith(t1)).json().refresh as string;
    expect((await refreshWith(t0)).statusCode, 'T0 replayed after its grace').toBe(401);
    // T1 was rotated a moment ago, but its sign-in ended with the replay.
    expect((await refreshWith(t1)).statusCode).toBe(401);
    expect((await refreshWith(t2)).statusCode).toBe(401);
  });

  /** A new sign-in as the OAuth callback makes it: its only token is the handoff cookie's. */
  const callbackSignIn = async () => {
    const { user } = await signedInUser(ctx);
    const session = { userId: user.id, sessionId: await startSession(ctx.db, user.id, clock.now()) };
    return (await createHandoffToken(ctx.db, session, clock.now())).token;
  };
  const handOff = (token: string) =>
    app.inject({ method: 'POST', url: '/api/token/handoff/', cookies: { fluxion_handoff: token } });

  it('the handoff token is single-use everywhere: once handed off, the refresh call refuses it and ends the sign-in', async () => {
    for (const handoff of [await callbackSignIn(), (await signedInUser(ctx)).refresh]) {
      const handedOff = await handOff(handoff);
      expect(handedOff.statusCode).toBe(200);
      const pair = handedOff.json() as { access: string; refresh: string };
      clock.advance(1_000);
      const replayed = await refreshWith(handoff);
      expect(replayed.statusCode, 'the spent handoff token within 30 s').toBe(401);
      expect((await me(pair.access)).statusCode).toBe(401);
      expect((await refreshWith(pair.refresh)).statusCode).toBe(401);
    }
  });

  it('the handoff token is taken at the handoff call only, and lives as long as its cookie', async () => {
    const handoff = await callbackSignIn();
    const atRefresh = await refreshWith(handoff);
    expect(atRefresh.statusCode).toBe(401);
    expect(atRefresh.json().message).toMatch(/invalid/);
    // Refused there without being spent: the browser that signed in still takes its pair.
    const handedOff = await handOff(handoff);
    expect(handedOff.statusCode).toBe(200);
    expect((await me(handedOff.json().access)).statusCode).toBe(200);
    const late = await callbackSignIn();
    clock.advance(60_001);
    expect((await handOff(late)).statusCode).toBe(401);
  });

  it('refuses access tokens in a non-canonical encoding (padding, spare bits) that decode to a valid one', async () => {
    const { access } = await signedInUser(ctx);
    expect((await me(access)).statusCode).toBe(200);
    const [header = '', payload = '', signature = ''] = access.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The signature's 32 bytes take 43 characters: the last one's low 2 bits are spare (zero when canonical).
    const last = alphabet.indexOf(signature.slice(-1));
    const spareBits = `${signature.slice(0, -1)}${alphabet[last | 1]}`;
    expect(Buffer.from(spareBits, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    for (const variant of [
      `${access}=`,
      `${access}==`,
      `${header}=.${payload}.${signature}`,
      `${header}.${payload}=.${signature}`,
      `${header}.${payload}.${spareBits}`,
      // Plain base64's alphabet for the same bytes (padded instead when the signature has neither `-` nor `_`).
      `${header}.${payload}.${signature.replace(/-/g, '+').replace(/_/g, '/')}${/[-_]/.test(signature) ? '' : '='}`,
      `${header}.${payload}.${signature}.`,
    ]) {
      expect((await me(variant)).statusCode, variant).toBe(401);
    }
    expect((await me(access)).statusCode).toBe(200);
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

  it('logout ends the whole sign-in: tokens refreshed in the grace, 20 parallel refreshes, rotated ones, access tokens', async () => {
    const { refresh, access } = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const first = await refreshWith(refresh);
    const inGrace = await refreshWith(refresh);
    expect([first.statusCode, inGrace.statusCode]).toEqual([200, 200]);
    const parallel = await Promise.all(Array.from({ length: 20 }, () => refreshWith(first.json().refresh)));
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const pairs = [first, inGrace, ...parallel].map((r) => r.json() as { access: string; refresh: string });
    expect(new Set(pairs.map((p) => p.refresh)).size).toBe(22);
    for (const pair of pairs) expect((await me(pair.access)).statusCode).toBe(200);

    expect((await logout(pairs[5]?.refresh ?? '')).statusCode).toBe(204);

    for (const token of [refresh, ...pairs.map((p) => p.refresh)]) {
      expect((await refreshWith(token)).statusCode, 'a refresh token of the ended sign-in').toBe(401);
    }
    for (const token of [access, ...pairs.map((p) => p.access)]) {
      expect((await me(token)).statusCode, 'an access token of the ended sign-in').toBe(401);
    }
    expect((await logout(pairs[6]?.refresh ?? '')).statusCode).toBe(401);
    // Another sign-in of someone else (or of the same user elsewhere) is not touched.
    expect((await me(other.access)).statusCode).toBe(200);
    expect((await refreshWith(other.refresh)).statusCode).toBe(200);
  });

  it('logout with a token that was already rotated ends the sign-in too', async () => {
    const { refresh } = await signedInUser(ctx);
    const next = (await refreshWith(refresh)).json() as { access: string; refresh: string };
    expect((await logout(refresh)).statusCode).toBe(204);
    expect((await refreshWith(next.refresh)).statusCode).toBe(401);
    expect((await me(next.access)).statusCode).toBe(401);
  });

  it('a replayed refresh token ends its own sign-in, not the user’s other sign-ins', async () => {
    const laptop = await signedInUser(ctx);
    const phone = await anotherSignIn(laptop.user.id);
    const next = (await refreshWith(laptop.refresh)).json() as { access: string; refresh: string };
    clock.advance(ROTATION_GRACE_MS + 1);
    expect((await refreshWith(laptop.refresh)).statusCode).toBe(401);
    expect((await me(next.access)).statusCode).toBe(401);
    expect((await refreshWith(next.refresh)).statusCode).toBe(401);
    expect((await me(phone.access)).statusCode).toBe(200);
    expect((await refreshWith(phone.refresh)).statusCode).toBe(200);
  });

  it('an access token without a sign-in (sid) is refused', async () => {
    const { user } = await signedInUser(ctx);
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('fluxion')
      .setAudience('fluxion-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await me(noSession)).statusCode).toBe(401);
  });
});
