import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { GITHUB_SECONDARY_LIMITS } from '../model/secondary-limits.ts';
import { control, rawGraphql, startSim } from '../test/helpers.ts';

let sim: GithubSim;
const QUERY = '{ viewer { login } }';

beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
});
afterAll(() => sim.close());

const getUser = (token: string) => fetch(`${sim.url}/user`, { headers: { authorization: `token ${token}` } });

describe("GitHub's secondary rate limits, as rules", () => {
  it("are GitHub's documented figures unless a test lowers them, and refuse other values", async () => {
    expect(GITHUB_SECONDARY_LIMITS).toEqual({
      concurrentRequests: 100,
      restPointsPerMinute: 900,
      graphqlPointsPerMinute: 2000,
    });
    const refused = await fetch(`${sim.url}/_sim/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secondaryLimits: { graphqlPointsPerMinute: 0 } }),
    });
    expect(refused.status).toBe(400);
  });

  it("a minute's GraphQL points per user: a 403 with retry-after to the minute's end, then served again", async () => {
    await control(sim, '/_sim/options', { secondaryLimits: { graphqlPointsPerMinute: 3 } });
    const alice = sim.createToken('octo-alice');
    const bob = sim.createToken('octo-bob');
    for (let i = 0; i < 3; i += 1) expect((await rawGraphql(sim, QUERY, alice)).status).toBe(200);
    await control(sim, '/_sim/clock/advance', { seconds: 20 });
    const refused = await rawGraphql(sim, QUERY, alice);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(String(refused.body.message)).toMatch(/^You have exceeded a secondary rate limit/);
    // Per user, per endpoint: another user's queries and the same user's REST calls are not counted.
    expect((await rawGraphql(sim, QUERY, bob)).status).toBe(200);
    expect((await getUser(alice)).status).toBe(200);
    await control(sim, '/_sim/clock/advance', { seconds: 40 });
    expect((await rawGraphql(sim, QUERY, alice)).status).toBe(200);
    await control(sim, '/_sim/options', { secondaryLimits: null });
  });

  it('REST points: a GET is 1, another method 5', async () => {
    await control(sim, '/_sim/options', { secondaryLimits: { restPointsPerMinute: 2 } });
    const bob = sim.createToken('octo-bob');
    expect((await getUser(bob)).status).toBe(200);
    expect((await getUser(bob)).status).toBe(200);
    expect((await getUser(bob)).status).toBe(403);
    await control(sim, '/_sim/clock/advance', { seconds: 60 });
    const post = await fetch(`${sim.url}/user`, {
      method: 'POST',
      headers: { authorization: `token ${bob}` },
    });
    expect(post.status).toBe(403);
    await control(sim, '/_sim/options', { secondaryLimits: null });
  });

  it('concurrent requests: one over the limit is refused without retry-after, and the count frees as answers go', async () => {
    await control(sim, '/_sim/options', { secondaryLimits: { concurrentRequests: 2 } });
    const alice = sim.createToken('octo-alice');
    const slow = await control<{ id: string }>(sim, '/_sim/faults', { type: 'slow', delayMs: 800, count: 2 });
    const held = [rawGraphql(sim, QUERY, alice), rawGraphql(sim, QUERY, alice)];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const third = await getUser(alice);
    expect(third.status).toBe(403);
    expect(third.headers.get('retry-after')).toBeNull();
    expect(((await third.json()) as { message: string }).message).toContain('secondary rate limit');
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
    expect((await getUser(alice)).status).toBe(200);
    await control(sim, `/_sim/faults/${slow.id}`, undefined, 'DELETE').catch(() => undefined);
    await control(sim, '/_sim/options', { secondaryLimits: null });
  });
});
