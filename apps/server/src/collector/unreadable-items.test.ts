import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import type { Project } from '@fluxion/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenTestApp, type TestApp, testClock, testConfig } from '../testing/app.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { simAppConfig } from '../testing/github-app.ts';
import { signedInUser } from '../testing/users.ts';
import { encryptSecret } from '../users/secret-box.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

const START = Date.UTC(2026, 10, 1, 9);

/**
 * What GitHub hides, said out loud (docs/api.md, Projects: `unreadable_items`): items GitHub answers as
 * REDACTED are not silently dropped; each full listing counts them and the projects API says how many and
 * why (the App's installation leaves their repositories out, no installation, or a user-owned board),
 * against the simulator over real HTTP.
 */
describe.each(await dialectCases())('unreadable items on $name', ({ create }) => {
  let database: TestDatabase;
  let sim: GithubSim;
  let test: TestApp;
  let auth: { authorization: string };
  let roadmapId: string;
  let sideId: string;

  const control = async <T = unknown>(path: string, body?: unknown, method = 'POST'): Promise<T> => {
    const response = await fetch(`${sim.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const collect = () =>
    createCollector(test.ctx, readerFactory(test.ctx, null, { retries: 1, retryDelayScale: 0 }), {
      backfill: false,
    }).runOnce();
  const project = async (id: string) => {
    const response = await test.app.inject({ method: 'GET', url: '/api/projects/', headers: auth });
    return (response.json() as Project[]).find((p) => p.project_id === id);
  };
  const add = async (id: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: auth,
      payload: { project_id: id, iteration_length: 7 },
    });
    expect(response.statusCode).toBe(201);
  };

  beforeAll(async () => {
    database = await create();
    sim = await startGithubSim({ port: 0, clock: 'manual', startAt: START });
    const base = testConfig();
    test = await buildTestApp(database, {
      clock: testClock(START),
      config: { github: { ...base.github, apiUrl: sim.url, webUrl: sim.url, app: simAppConfig(sim) } },
    });
    const url = await listenTestApp(test);
    await control('/_sim/app', { webhookUrl: `${url}/webhooks/github` });
    // alice's classic token has no `repo` scope: she reads private repositories' items as REDACTED.
    await control('/_sim/options', { classicScopesEnforced: true });
    const token = encryptSecret(sim.createToken('octo-alice'), test.ctx.config.tokenEncryptionKey);
    ({ auth } = await signedInUser(test.ctx, 'octo-alice', token));
    const projects = await control<{ id: string; owner: string; number: number }[]>(
      '/_sim/projects',
      undefined,
      'GET',
    );
    roadmapId = projects.find((p) => p.owner === 'fluxion-labs' && p.number === 1)?.id ?? '';
    sideId = projects.find((p) => p.owner === 'octo-alice' && p.number === 1)?.id ?? '';
    for (const title of ['Private note 1', 'Private note 2'])
      await control('/_sim/issues', {
        repo: 'octo-alice/private-notes',
        title,
        visibleTo: ['octo-alice'],
        projectId: sideId,
        status: 'Todo',
      });
    await add(roadmapId);
    await add(sideId);
  });
  afterAll(async () => {
    await sim.close();
    await test.app.close();
    await database.drop();
  });

  it('says nothing before a full listing counted them', async () => {
    const roadmap = await project(roadmapId);
    expect(roadmap).toBeDefined();
    expect(roadmap?.unreadable_items).toBeUndefined();
    expect(roadmap?.unreadable_reason).toBeUndefined();
  });

  it("counts what a user's token may not read: an organization's board without the App, a user-owned board", async () => {
    await collect();
    // fluxion-labs/secret-infra's item: only bob may read it.
    expect(await project(roadmapId)).toMatchObject({
      sync_status: 'active',
      unreadable_items: 1,
      unreadable_reason: 'no_installation',
    });
    // The two private notes: the token lacks the repo scope, and the App cannot read a user's board.
    expect(await project(sideId)).toMatchObject({ unreadable_items: 2, unreadable_reason: 'user_owned' });
  });

  it('counts the items of repositories the App installation does not cover', async () => {
    const installed = await control<{ id: number }>('/_sim/installations', {
      org: 'fluxion-labs',
      repositorySelection: 'selected',
      repositories: ['platform'],
    });
    await control('/_sim/webhooks/flush');
    await collect();
    expect(sim.world.stats.requests.installation).toBeGreaterThan(0);
    expect(await project(roadmapId)).toMatchObject({
      unreadable_items: 1,
      unreadable_reason: 'repositories_not_selected',
    });

    // The owner adds the repository to the installation: the next full listing reads everything.
    await control(`/_sim/installations/${installed.id}/repositories`, { repositorySelection: 'all' }, 'PUT');
    await control('/_sim/webhooks/flush');
    await collect();
    const roadmap = await project(roadmapId);
    expect(roadmap?.unreadable_items).toBe(0);
    expect(roadmap?.unreadable_reason).toBeUndefined();
    // Still read with alice's token.
    expect(await project(sideId)).toMatchObject({ unreadable_items: 2, unreadable_reason: 'user_owned' });
  });
});
