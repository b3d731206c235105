import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { createSqliteTestDatabase } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';

// The lookups read GitHub live and store nothing, so one database kind is enough.
const sim = await startGithubSim({ port: 0 });
const database = await createSqliteTestDatabase();
afterAll(async () => {
  await sim.close();
  await database.drop();
});
const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url });

const SIM_COLUMNS = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done'];
const [platform, webApp] = sim.world.projectsOf('fluxion-labs');
const [sideProject] = sim.world.projectsOf('octo-alice');
if (!platform || !webApp || !sideProject) throw new Error('the simulator is not seeded as expected');

type Auth = { authorization: string };

describe('GitHub lookups for the Add Project dialog', () => {
  it('lists the user first with value "" and then their organizations', async () => {
    const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');
    const response = await app.inject({ url: '/api/github-owner-options/', headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    const owners = response.json() as { value: string; display_name: string }[];
    expect(owners[0]).toEqual({ value: '', display_name: expect.stringContaining('octo-alice') });
    expect(owners.slice(1).map((o) => o.value)).toContain('fluxion-labs');
    expect(owners.slice(1).every((o) => o.value !== '' && o.display_name !== '')).toBe(true);
    expect((await app.inject({ url: '/api/github-owner-options/' })).statusCode).toBe(401);
  });

  it("lists an owner's boards, and the user's own boards without an owner", async () => {
    const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
    const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
    const byOwner = (auth: Auth, query: string) =>
      app.inject({ url: `/api/github-projects-by-owner/${query}`, headers: auth });

    const own = await byOwner(alice.auth, '');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual([
      { id: sideProject.nodeId, name: 'Side project', full_name: 'octo-alice/1', owner: 'octo-alice' },
    ]);
    expect((await byOwner(alice.auth, '?owner=')).json()).toEqual(own.json());
    const org = await byOwner(alice.auth, '?owner=fluxion-labs');
    expect(org.json()).toEqual([
      { id: platform.nodeId, name: 'Platform roadmap', full_name: 'fluxion-labs/1', owner: 'fluxion-labs' },
      { id: webApp.nodeId, name: 'Web app', full_name: 'fluxion-labs/2', owner: 'fluxion-labs' },
    ]);
    expect((await byOwner(bob.auth, '')).json()).toEqual([]);
  });

  it("lists a board's Status options in board order; an unknown board answers 404", async () => {
    const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');
    const columns = (query: string) =>
      app.inject({ url: `/api/github-project-columns/${query}`, headers: auth });
    const web = await columns(`?project_id=${webApp.nodeId}`);
    expect(web.statusCode, web.body).toBe(200);
    expect(web.json()).toEqual(['Todo', 'In Progress', 'QA', 'Done']);
    expect((await columns(`?project_id=${platform.nodeId}`)).json()).toEqual(SIM_COLUMNS);
    expect((await columns('?project_id=PVT_doesnotexist')).statusCode).toBe(404);
    const missing = await columns('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('project_id');
  });
});
