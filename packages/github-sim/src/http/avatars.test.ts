import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GithubSim, SEEDED } from '../index.ts';
import { control, startSim } from '../test/helpers.ts';

describe('avatars served by the simulator itself', () => {
  let sim: GithubSim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  it('GET /user names an avatar on the simulator, which answers it as SVG even while the API fails', async () => {
    const token = sim.createToken(SEEDED.users[0]);
    const user = await (
      await fetch(`${sim.url}/user`, { headers: { authorization: `token ${token}` } })
    ).json();
    expect(user.avatar_url).toBe(`${sim.url}/avatars/u/${user.id}?v=4`);

    await control(sim, '/_sim/faults', { type: '5xx', status: 502, count: 5, scope: 'all' });
    const avatar = await fetch(user.avatar_url);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('>O</text>');
    await control(sim, '/_sim/faults', undefined, 'DELETE');

    expect((await fetch(`${sim.url}/avatars/u/999999`)).status).toBe(404);
  });
});
