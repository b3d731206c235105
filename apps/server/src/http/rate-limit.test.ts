import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';

const cases = await dialectCases();
const LIMIT = 3;

/** The authentication routes, each called as a client would (answers other than 429 do not matter here). */
const AUTH_ROUTES = [
  { method: 'GET', url: '/accounts/github/login/' },
  { method: 'GET', url: '/accounts/github/login/callback/?code=c&state=s' },
  { method: 'POST', url: '/api/token/refresh/', payload: { refresh: 'not-a-token' } },
  { method: 'POST', url: '/api/token/handoff/' },
  { method: 'POST', url: '/api/logout/', payload: { refresh_token: 'not-a-token' } },
] as const;

describe.each(cases)('rate limits on the authentication routes ($name)', async ({ create }) => {
  const database = await create();
  const clock = testClock();
  const config = { authRateLimitPerMinute: LIMIT };
  // Two replicas of the app on one database.
  const a = await buildTestApp(database, { clock, config });
  const b = await buildTestApp(database, { clock, config });
  afterAll(async () => {
    await Promise.all([a.app.close(), b.app.close()]);
    await database.drop();
  });
  const call = (
    replica: typeof a,
    route: (typeof AUTH_ROUTES)[number],
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) => replica.app.inject({ ...route, remoteAddress, headers });

  it('answers 429 with Retry-After past AUTH_RATE_LIMIT a minute per address, counted across replicas', async () => {
    for (const route of AUTH_ROUTES) {
      const address = '198.51.100.7';
      const answers = [];
      for (let i = 0; i < LIMIT; i++) answers.push(await call(i % 2 ? b : a, route, address));
      expect(answers.map((r) => r.statusCode).includes(429), route.url).toBe(false);
      for (const replica of [a, b]) {
        const limited = await call(replica, route, address);
        expect(limited.statusCode, route.url).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(limited.json()).toMatchObject({ error: 'too_many_requests' });
      }
      // Another address has its own budget, and so has another route (the next one in the loop).
      expect((await call(a, route, '198.51.100.8')).statusCode, route.url).not.toBe(429);
    }
  });

  it('a forged X-Forwarded-For does not buy a new budget (TRUST_PROXY is off by default)', async () => {
    const route = AUTH_ROUTES[0];
    for (let i = 0; i < LIMIT; i++) await call(a, route, '203.0.113.1');
    const spoofed = await call(a, route, '203.0.113.1', { 'x-forwarded-for': '192.0.2.99' });
    expect(spoofed.statusCode).toBe(429);
  });

  it('the budget comes back when the minute is over', async () => {
    const route = AUTH_ROUTES[2];
    for (let i = 0; i < LIMIT; i++) await call(a, route, '203.0.113.2');
    expect((await call(b, route, '203.0.113.2')).statusCode).toBe(429);
    clock.advance(60_001);
    expect((await call(b, route, '203.0.113.2')).statusCode).toBe(401);
  });

  it('leaves other routes alone', async () => {
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await a.app.inject({ url: '/api/me/', remoteAddress: '203.0.113.3' })).statusCode).toBe(401);
    }
  });
});
