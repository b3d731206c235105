import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerFactory } from '../collector/readers.ts';
import { createCollector } from '../collector/runner.ts';
import { buildTestApp, listenTestApp, type TestApp, testClock, testConfig } from '../testing/app.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { simAppConfig, simInstall } from '../testing/github-app.ts';
import { signedInAppUser } from '../testing/users.ts';
import { readGithubTokens } from '../users/github-tokens.ts';

const START = Date.UTC(2026, 10, 1, 9);
const MINUTE = 60_000;

/**
 * The webhooks GitHub sends that Fluxion had not modelled, from the simulator over real HTTP to
 * /webhooks/github: `projects_v2_item` reordered and converted, and `github_app_authorization` revoked.
 */
describe.each(await dialectCases())('reordered, converted and revoked deliveries on $name', ({ create }) => {
  let database: TestDatabase;
  let sim: GithubSim;
  let test: TestApp;
  let boardId: string;
  let projectId: string;

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
  const flush = () => control('/_sim/webhooks/flush');
  const board = () =>
    test.ctx.db.selectFrom('boards').selectAll().where('id', '=', boardId).executeTakeFirstOrThrow();
  const item = (itemId: string) =>
    test.ctx.db
      .selectFrom('items')
      .select(['item_id', 'title', 'url', 'number', 'content_type', 'column_name'])
      .where('board_id', '=', boardId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
  const movesOf = async (itemId: string) =>
    (
      await test.ctx.db
        .selectFrom('transitions')
        .select(['from_column', 'to_column'])
        .where('board_id', '=', boardId)
        .where('item_id', '=', itemId)
        .orderBy('at')
        .orderBy('id')
        .execute()
    ).map((m) => `${m.from_column ?? '∅'}→${m.to_column ?? '∅'}`);
  const sync = () =>
    createCollector(test.ctx, readerFactory(test.ctx, null, { retries: 1, retryDelayScale: 0 }), {
      backfill: false,
    }).runOnce();
  /** The last delivery of this action, with the server's answer to it. */
  const answered = (action: string) => {
    const found = sim.webhooks.deliveries.filter((d) => d.action === action).at(-1);
    return { status: found?.status, id: found?.id ?? '' };
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
    await simInstall(sim, 'fluxion-labs');
    await flush();
    const { auth } = await signedInAppUser(test.ctx, sim, 'octo-alice');
    const projects = await control<{ id: string; owner: string; number: number }[]>(
      '/_sim/projects',
      undefined,
      'GET',
    );
    projectId = projects.find((p) => p.owner === 'fluxion-labs' && p.number === 1)?.id ?? '';
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: auth,
      payload: { project_id: projectId, name: 'Roadmap', iteration_length: 7 },
    });
    expect(response.statusCode).toBe(201);
    boardId = (
      await test.ctx.db
        .selectFrom('boards')
        .select('id')
        .where('github_project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).id;
    await sync();
  });
  afterAll(async () => {
    await sim.close();
    await test.app.close();
    await database.drop();
  });

  it('a reordered item is acknowledged and changes nothing Fluxion keeps', async () => {
    const [first, second] = (
      await control<{ items: { id: string }[] }>(`/_sim/projects/${projectId}`, undefined, 'GET')
    ).items;
    const before = await movesOf(first?.id ?? '');
    const due = (await board()).next_sync_at;
    await control(`/_sim/items/${first?.id}/reorder`, { after: second?.id });
    await flush();
    expect(answered('reordered').status).toBe(200);
    expect(await movesOf(first?.id ?? '')).toEqual(before);
    expect((await board()).next_sync_at).toBe(due);
  });

  it('a draft converted to an issue keeps its item, its history and its column, with the issue as content', async () => {
    await test.clock.advance(MINUTE);
    await control('/_sim/clock/advance', { minutes: 1 });
    const draft = await control<{ itemId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/platform',
      kind: 'DraftIssue',
      title: 'Spike: caching',
      projectId,
      status: 'In Progress',
    });
    await flush();
    await test.clock.advance((await board()).next_sync_at - test.ctx.now());
    await sync();
    expect(await item(draft.itemId)).toMatchObject({
      title: 'Spike: caching',
      url: null,
      content_type: 'DraftIssue',
    });
    const history = await movesOf(draft.itemId);
    expect(history.at(-1)).toBe('∅→In Progress');

    await test.clock.advance(MINUTE);
    await control('/_sim/clock/advance', { minutes: 1 });
    await control(`/_sim/items/${draft.itemId}/convert`, { repo: 'fluxion-labs/platform' });
    await flush();
    expect(answered('converted').status).toBe(200);
    expect((await board()).next_sync_at).toBeLessThanOrEqual(test.ctx.now());
    await sync();
    const converted = await item(draft.itemId);
    expect(converted).toMatchObject({
      title: 'Spike: caching',
      content_type: 'Issue',
      column_name: 'In Progress',
    });
    expect(converted?.url).toMatch(/\/fluxion-labs\/platform\/issues\/\d+$/);
    expect(await movesOf(draft.itemId)).toEqual(history);
  });

  it("a revoked authorization ends the user's App token (sign in again); a late copy after a new sign-in ends nothing", async () => {
    // Bob as GitHub knows him: the revocation names his account's id.
    const bobId = sim.world.users.get('octo-bob')?.databaseId;
    const { user } = await signedInAppUser(test.ctx, sim, 'octo-bob', bobId);
    expect((await readGithubTokens(test.ctx.db, user.id))?.github_token_kind).toBe('github-app');
    await control('/_sim/app/authorizations/octo-bob', undefined, 'DELETE');
    await flush();
    const revoked = answered('revoked');
    expect(revoked.status).toBe(200);
    expect(await readGithubTokens(test.ctx.db, user.id)).toMatchObject({
      github_token_enc: null,
      github_refresh_token_enc: null,
      github_access_revoked_at: test.ctx.now(),
    });
    // Bob signs in again: GitHub's redelivery of the old revocation leaves the new token alone.
    await signedInAppUser(test.ctx, sim, 'octo-bob', bobId);
    const stored = (await readGithubTokens(test.ctx.db, user.id))?.github_token_enc;
    expect(stored).toBeTruthy();
    await control(`/_sim/webhooks/deliveries/${revoked.id}/redeliver`);
    await flush();
    expect((await readGithubTokens(test.ctx.db, user.id))?.github_token_enc).toBe(stored);
  });
});
