import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { startSim } from '../test/helpers.ts';

let sim: GithubSim;
beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
});
afterAll(() => sim.close());

const getRepo = (name: string, token?: string) =>
  fetch(`${sim.url}/repos/${name}`, { headers: token ? { authorization: `token ${token}` } : {} });

describe('GET /repos/{owner}/{repo}', () => {
  it('answers a repository its viewer may read, and 404 for a private one they may not (as GitHub)', async () => {
    const alice = sim.createToken('octo-alice');
    // A classic token reads a private repository only with `repo` (as GitHub), and only one its user sees.
    const bob = sim.createToken('octo-bob', ['read:org', 'read:project', 'repo']);
    const platform = await getRepo('fluxion-labs/platform', alice);
    expect(platform.status).toBe(200);
    expect(await platform.json()).toMatchObject({ full_name: 'fluxion-labs/platform', private: false });
    expect(platform.headers.get('x-ratelimit-resource')).toBe('core');
    expect((await getRepo('fluxion-labs/secret-infra', alice)).status).toBe(404);
    const secret = await getRepo('fluxion-labs/secret-infra', bob);
    expect(secret.status).toBe(200);
    expect(await secret.json()).toMatchObject({ private: true });
    expect((await getRepo('fluxion-labs/secret-infra', sim.createToken('octo-bob'))).status).toBe(404);
    expect((await getRepo('fluxion-labs/nothing-here', bob)).status).toBe(404);
    expect((await getRepo('fluxion-labs/platform')).status).toBe(401);
  });
});
