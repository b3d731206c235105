import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { createSqliteTestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

/** RFC 6749 §5.1: token answers are not to be stored; nor is anything answered to a signed-in call. */
describe('Cache-Control on token answers and signed-in answers', async () => {
  const database = await createSqliteTestDatabase();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { config: { authRateLimitPerMinute: 10_000 } });
  const noStore = (response: { headers: Record<string, unknown> }) => ({
    cacheControl: response.headers['cache-control'],
    pragma: response.headers.pragma,
  });

  it('token answers (refresh, handoff, the callback that sets the handoff cookie) carry no-store, refused ones too', async () => {
    const { refresh } = await signedInUser(ctx);
    const refreshed = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(refreshed.statusCode).toBe(200);
    expect(noStore(refreshed)).toEqual({ cacheControl: 'no-store', pragma: 'no-cache' });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: 'no-such-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(noStore(refused)).toEqual({ cacheControl: 'no-store', pragma: 'no-cache' });

    const handoff = (await signedInUser(ctx)).refresh;
    const handedOff = await app.inject({
      method: 'POST',
      url: '/api/token/handoff/',
      cookies: { fluxion_handoff: handoff },
    });
    expect(handedOff.statusCode).toBe(200);
    expect(noStore(handedOff)).toEqual({ cacheControl: 'no-store', pragma: 'no-cache' });

    const callback = await app.inject('/accounts/github/login/callback/?code=c&state=s');
    expect(callback.statusCode).toBe(302);
    expect(noStore(callback)).toEqual({ cacheControl: 'no-store', pragma: 'no-cache' });
  });

  it('answers to calls with an Authorization header are private, no-store: the profile, a list, a 401', async () => {
    const { auth } = await signedInUser(ctx);
    for (const url of ['/api/me/', '/api/projects/']) {
      const response = await app.inject({ url, headers: auth });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    const refused = await app.inject({ url: '/api/me/', headers: { authorization: 'Bearer nope' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('public answers keep their own caching', async () => {
    const document = await app.inject('/api/openapi.json');
    expect(document.statusCode).toBe(200);
    expect(document.headers['cache-control']).toBeUndefined();
  });
});
