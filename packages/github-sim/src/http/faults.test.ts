import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, rawGraphql, startSim } from '../test/helpers.ts';

let sim: GithubSim;
let token: string;
const QUERY = '{ viewer { login } }';

beforeAll(async () => {
  sim = await startSim({ seed: true });
  token = sim.createToken('octo-alice');
});
afterAll(() => sim.close());

async function getUser(): Promise<Response> {
  return fetch(`${sim.url}/user`, { headers: { authorization: `token ${token}` } });
}

describe('faults', () => {
  it('answers 5xx while a 5xx fault is on, and normally once it is cleared', async () => {
    const fault = await control<{ id: string }>(sim, '/_sim/faults', {
      type: '5xx',
      status: 503,
      scope: 'graphql',
    });
    expect((await rawGraphql(sim, QUERY, token)).status).toBe(503);
    expect((await getUser()).status).toBe(200);
    await control(sim, `/_sim/faults/${fault.id}`, undefined, 'DELETE');
    expect((await rawGraphql(sim, QUERY, token)).status).toBe(200);
  });

  it("fails only the named accounts' requests when a fault names them", async () => {
    const bob = sim.createToken('octo-bob');
    const fault = await control<{ id: string }>(sim, '/_sim/faults', {
      type: '5xx',
      status: 502,
      accounts: ['octo-bob'],
    });
    expect((await rawGraphql(sim, QUERY, bob)).status).toBe(502);
    expect((await rawGraphql(sim, QUERY, token)).status).toBe(200);
    expect((await fetch(`${sim.url}/user`)).status).toBe(401);
    await control(sim, `/_sim/faults/${fault.id}`, undefined, 'DELETE');
    expect((await rawGraphql(sim, QUERY, bob)).status).toBe(200);
  });

  it('answers a secondary rate limit 403 with retry-after, for a number of requests', async () => {
    await control(sim, '/_sim/faults', { type: 'secondary-rate-limit', retryAfter: 7, count: 2 });
    const first = await rawGraphql(sim, QUERY, token);
    expect(first.status).toBe(403);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(String(first.body.message)).toContain('secondary rate limit');
    expect((await getUser()).status).toBe(403);
    expect((await rawGraphql(sim, QUERY, token)).status).toBe(200);
  });

  it('slows answers down while a slow fault is on', async () => {
    await control(sim, '/_sim/faults', { type: 'slow', delayMs: 300 });
    const started = Date.now();
    expect((await getUser()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await control(sim, '/_sim/faults', undefined, 'DELETE');
    expect(await control(sim, '/_sim/faults', undefined, 'GET')).toEqual([]);
  });

  it('reports RATE_LIMITED when the point budget is spent', async () => {
    await control(sim, '/_sim/rate-limit', { login: 'octo-alice', remaining: 0 });
    const { body, headers } = await rawGraphql(sim, QUERY, token);
    expect(body.errors).toMatchObject([{ type: 'RATE_LIMITED' }]);
    expect(headers.get('x-ratelimit-remaining')).toBe('0');
    await control(sim, '/_sim/rate-limit', { login: 'octo-alice', remaining: 5000 });
  });
});

describe('REST', () => {
  it('serves GET /user and GET /user/orgs with GitHub field names', async () => {
    const user = await (await getUser()).json();
    expect(user).toMatchObject({ login: 'octo-alice', type: 'User', node_id: expect.stringMatching(/^U_/) });
    const orgs = await (
      await fetch(`${sim.url}/user/orgs`, { headers: { authorization: `token ${token}` } })
    ).json();
    expect(orgs).toMatchObject([
      { login: 'fluxion-labs', node_id: expect.any(String), avatar_url: expect.any(String) },
    ]);
    const anonymous = await fetch(`${sim.url}/user`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: 'Requires authentication' });
  });
});
