import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_PERMISSIONS, type GithubSim } from '../index.ts';
import { api, installationToken } from '../test/app-helpers.ts';
import { control, startSim } from '../test/helpers.ts';

/**
 * `GET /user/memberships/orgs/{org}` (the owner check of a team plan) by token kind: a GitHub App's user token
 * reads it only with the organization permission Members where the App is installed, as on github.com.
 */
let sim: GithubSim;
const ORG = 'fluxion-labs';
const MEMBERSHIP = `/user/memberships/orgs/${ORG}`;
const { members: _members, ...withoutMembers } = APP_PERMISSIONS;

const appUserToken = async (login: string) =>
  (await control<{ access_token: string }>(sim, '/_sim/app/user-tokens', { login })).access_token;

beforeEach(async () => {
  sim = await startSim({ clock: 'manual' });
});
afterEach(() => sim.close());

describe('the organization membership of the authenticated user', () => {
  it('answers an OAuth app token with the role: admin for an owner, member otherwise, 404 outside', async () => {
    const owner = await api(sim, MEMBERSHIP, sim.createToken('octo-alice'));
    expect(owner.body).toMatchObject({ state: 'active', role: 'admin' });
    expect((await api(sim, MEMBERSHIP, sim.createToken('octo-bob'))).body).toMatchObject({ role: 'member' });
    expect((await api(sim, '/user/memberships/orgs/elsewhere', sim.createToken('octo-bob'))).status).toBe(
      404,
    );
  });

  it('a user removed from the organization is no member: 404, as for anyone outside it', async () => {
    const token = sim.createToken('octo-bob');
    expect((await api(sim, MEMBERSHIP, token)).status).toBe(200);
    const removed = await fetch(`${sim.url}/_sim/orgs/${ORG}/members/octo-bob`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await api(sim, MEMBERSHIP, token)).status).toBe(404);
  });

  it('refuses an OAuth app token without read:org (or user) scope, naming the scopes it needs', async () => {
    const refused = await api<{ message: string }>(
      sim,
      MEMBERSHIP,
      sim.createToken('octo-alice', ['read:project']),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('read:org');
    expect((await api(sim, MEMBERSHIP, sim.createToken('octo-alice', ['user']))).status).toBe(200);
  });

  it('refuses an App user token where the App lacks Members: read, until the owner accepts it', async () => {
    await control(sim, '/_sim/app', { permissions: withoutMembers });
    const { id } = await control<{ id: number }>(sim, '/_sim/installations', { org: ORG });
    const refused = await api<{ message: string }>(sim, MEMBERSHIP, await appUserToken('octo-alice'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Resource not accessible by integration');

    // The App asks for Members: read; the owner accepts the new permissions on the installation.
    await control(sim, '/_sim/app', { permissions: APP_PERMISSIONS });
    await control(sim, `/_sim/installations/${id}/accept-permissions`);
    const owner = await api(sim, MEMBERSHIP, await appUserToken('octo-alice'));
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ role: 'admin' });
  });

  it('refuses an App user token where the App is not installed, and any installation token', async () => {
    expect((await api(sim, MEMBERSHIP, await appUserToken('octo-alice'))).status).toBe(403);
    const { id } = await control<{ id: number }>(sim, '/_sim/installations', { org: ORG });
    expect((await api(sim, MEMBERSHIP, await installationToken(sim, id))).status).toBe(403);
  });
});
