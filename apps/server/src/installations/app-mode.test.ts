import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollector } from '../collector/runner.ts';
import { readerFactory } from '../collector/readers.ts';
import { buildTestApp, listenTestApp, type TestApp, testClock, testConfig } from '../testing/app.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { simAppConfig, simInstall } from '../testing/github-app.ts';
import { signedInAppUser, signedInUser } from '../testing/users.ts';
import { encryptSecret } from '../users/secret-box.ts';
import { findInstallation } from './store.ts';
import { reconcileInstallations, reconcilingEvery } from './sync.ts';

const START = Date.UTC(2026, 10, 1, 9);
const MINUTE = 60_000;
/** The collector process that reconciles the installations on its turn. */
const WORKER = 'worker-1';

/**
 * GitHub App mode end to end against the simulator over real HTTP: its installation webhooks to
 * /webhooks/github, the collector reading an organization's board with the installation token, and a
 * later look at GitHub correcting what webhooks that never came left behind.
 */
describe.each(await dialectCases())('GitHub App mode on $name', ({ create }) => {
  let database: TestDatabase;
  let sim: GithubSim;
  let test: TestApp;
  let auth: { authorization: string };
  let boardId: string;
  let installationId: number;

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
  const collector = () =>
    createCollector(test.ctx, readerFactory(test.ctx, null, { retries: 1, retryDelayScale: 0 }), {
      backfill: false,
    });
  const secretItem = () =>
    test.ctx.db
      .selectFrom('items')
      .select(['title', 'url'])
      .where('board_id', '=', boardId)
      .where('url', 'like', '%secret-infra%')
      .execute();
  const moveCount = async () =>
    (await test.ctx.db.selectFrom('transitions').select('item_id').where('board_id', '=', boardId).execute())
      .length;

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
    const token = encryptSecret(sim.createToken('octo-alice'), test.ctx.config.tokenEncryptionKey);
    ({ auth } = await signedInUser(test.ctx, 'octo-alice', token));
    const projects = await control<{ id: string; owner: string; number: number }[]>(
      '/_sim/projects',
      undefined,
      'GET',
    );
    const roadmap = projects.find((p) => p.owner === 'fluxion-labs' && p.number === 1);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: auth,
      payload: { project_id: roadmap?.id, name: 'Roadmap', iteration_length: 7 },
    });
    expect(response.statusCode).toBe(201);
    boardId = (
      await test.ctx.db
        .selectFrom('boards')
        .select('id')
        .where('github_project_id', '=', roadmap?.id ?? '')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await sim.close();
    await test.app.close();
    await database.drop();
  });

  it('reads an organization board with the user token while the App is not installed there', async () => {
    await collector().runOnce();
    expect((await board()).sync_status).toBe('active');
    // alice may not read fluxion-labs/secret-infra: GitHub redacts its item, so it is not stored.
    expect(await secretItem()).toEqual([]);
    expect(sim.world.stats.requests.installation).toBe(0);
  });

  it('stores an installation its created webhook announces and reads the board with its token', async () => {
    installationId = (await control<{ id: number }>('/_sim/installations', { org: 'fluxion-labs' })).id;
    await flush();
    const row = await findInstallation(test.ctx.db, installationId);
    expect(row).toMatchObject({
      account_login: 'fluxion-labs',
      repository_selection: 'all',
      removed_at: null,
    });
    // Due for a full sync now, which reads with the installation token.
    expect(await board()).toMatchObject({ next_sync_at: test.clock.now(), last_full_sync_at: null });
    await collector().runOnce();
    expect(sim.world.stats.installationTokensMinted).toBe(1);
    expect(sim.world.stats.requests.installation).toBeGreaterThan(0);
    // The private repository's item now comes with its content.
    const items = await secretItem();
    expect(items.length).toBe(1);
    expect(items[0]?.title).not.toBe('');
  });

  it('marks the boards "access lost" on suspend, keeps their history, and restores them on unsuspend', async () => {
    const moves = await moveCount();
    expect(moves).toBeGreaterThan(0);
    await control(`/_sim/installations/${installationId}/suspend`, {});
    await flush();
    const lost = await board();
    expect(lost.sync_status).toBe('inaccessible');
    expect(lost.last_error).toContain('Re-install the Fluxion GitHub App on fluxion-labs');
    expect(await moveCount()).toBe(moves);
    const listed = await test.app.inject({ method: 'GET', url: '/api/projects/', headers: auth });
    const project = (listed.json() as { sync_status?: string; sync_message?: string | null }[]).find(
      (p) => p.sync_status === 'inaccessible',
    );
    expect(project?.sync_message).toContain('Re-install the Fluxion GitHub App on fluxion-labs');
    // The collector does not read it with alice's token instead.
    test.clock.advance(2 * 60 * MINUTE);
    await control('/_sim/clock/advance', { ms: 2 * 60 * MINUTE });
    await collector().runOnce();
    expect((await board()).sync_status).toBe('inaccessible');
    expect((await board()).last_error).toContain('suspended on fluxion-labs');

    // The same delivery again, and the suspend delivered late after the unsuspend: GitHub's view wins.
    const deliveries = await control<{ id: string; event: string; action: string }[]>(
      '/_sim/webhooks/deliveries',
      undefined,
      'GET',
    );
    const suspend = deliveries.find((d) => d.action === 'suspend');
    await control(`/_sim/webhooks/deliveries/${suspend?.id}/redeliver`);
    await flush();
    expect((await board()).sync_status).toBe('inaccessible');
    await control(`/_sim/installations/${installationId}/unsuspend`, {});
    await flush();
    expect(await board()).toMatchObject({
      sync_status: 'active',
      last_error: null,
      next_sync_at: test.clock.now(),
    });
    await control(`/_sim/webhooks/deliveries/${suspend?.id}/redeliver`);
    await flush();
    expect((await board()).sync_status).toBe('active');
    await collector().runOnce();
    expect((await board()).sync_status).toBe('active');
    expect(await moveCount()).toBeGreaterThanOrEqual(moves);
  });

  it('answers an uninstall with "access lost" and a re-install with an active board', async () => {
    await control(`/_sim/installations/${installationId}`, undefined, 'DELETE');
    await flush();
    expect((await findInstallation(test.ctx.db, installationId))?.removed_at).not.toBeNull();
    expect((await board()).last_error).toContain('uninstalled from fluxion-labs');
    installationId = (await control<{ id: number }>('/_sim/installations', { org: 'fluxion-labs' })).id;
    await flush();
    expect((await board()).sync_status).toBe('active');
    await collector().runOnce();
    expect((await board()).sync_status).toBe('active');
    expect((await secretItem()).length).toBe(1);
  });

  it('corrects what missed webhooks left behind from GitHub (GET /app/installations)', async () => {
    await control('/_sim/faults', { type: 'drop-webhooks', count: 10 });
    await control(`/_sim/installations/${installationId}/suspend`, {});
    await flush();
    expect((await board()).sync_status).toBe('active');
    expect(await reconcileInstallations(test.ctx)).toMatchObject({ [installationId]: 'suspended' });
    expect((await board()).sync_status).toBe('inaccessible');
    await control(`/_sim/installations/${installationId}/unsuspend`, {});
    await control('/_sim/faults', undefined, 'DELETE');
    expect(await reconcileInstallations(test.ctx)).toMatchObject({ [installationId]: 'updated' });
    expect((await board()).sync_status).toBe('active');
    // A collector process does it on its own, every 10 minutes of the app's clock.
    await control('/_sim/faults', { type: 'drop-webhooks', count: 10 });
    await control(`/_sim/installations/${installationId}/suspend`, {});
    const reconciling = reconcilingEvery(test.ctx, collector(), { turnOwner: WORKER });
    await reconciling.runOnce();
    expect((await board()).sync_status).toBe('inaccessible');
    await control(`/_sim/installations/${installationId}/unsuspend`, {});
    await reconciling.runOnce();
    expect((await board()).sync_status).toBe('inaccessible');
    test.clock.advance(10 * MINUTE);
    await control('/_sim/clock/advance', { ms: 10 * MINUTE });
    await reconciling.runOnce();
    expect((await board()).sync_status).toBe('active');
    await control('/_sim/faults', undefined, 'DELETE');
  });

  it('refuses an installation delivery signed with neither secret, and takes one signed with the App secret', async () => {
    const body = JSON.stringify({
      action: 'new_permissions_accepted',
      installation: { id: installationId, account: { login: 'fluxion-labs', type: 'Organization' } },
    });
    const post = async (secret: string) =>
      fetch(`${test.ctx.config.publicUrl}/webhooks/github`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'installation',
          'x-github-delivery': crypto.randomUUID(),
          'x-hub-signature-256': await sign(secret, body),
        },
        body,
      });
    expect((await post('not-the-secret')).status).toBe(401);
    // Only the App's own secret can make this delivery pass: not the OAuth-mode webhook's.
    expect(sim.app().webhookSecret).not.toBe(test.ctx.config.github.webhookSecret);
    const accepted = await post(sim.app().webhookSecret);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { status: string }).status).toBe(
      'installation new_permissions_accepted: unchanged',
    );
  });

  const installationDelivery = async (event: string, action: string, secret: string) => {
    const body = JSON.stringify({
      action,
      installation: { id: installationId, account: { login: 'fluxion-labs', type: 'Organization' } },
    });
    const response = await fetch(`${test.ctx.config.publicUrl}/webhooks/github`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': event,
        'x-github-delivery': crypto.randomUUID(),
        'x-hub-signature-256': await sign(secret, body),
      },
      body,
    });
    return { status: response.status, body: (await response.json()) as { status?: string } };
  };

  it('applies an installation change only as GitHub confirms it, and asks again within a minute', async () => {
    // The organization webhooks' secret cannot speak for the App.
    const orgSigned = await installationDelivery(
      'installation',
      'deleted',
      test.ctx.config.github.webhookSecret ?? '',
    );
    expect(orgSigned.status).toBe(401);
    // A delete nobody made, while GitHub cannot be asked: nothing changes.
    await control('/_sim/faults', { type: '5xx', status: 502, count: 50, scope: 'rest' });
    const forged = await installationDelivery('installation', 'deleted', sim.app().webhookSecret);
    expect(forged.body.status).toBe('installation deleted: deferred');
    expect((await findInstallation(test.ctx.db, installationId))?.removed_at).toBeNull();
    expect((await board()).sync_status).toBe('active');
    // What GitHub says a minute later is applied then, not ten minutes later.
    await control('/_sim/faults', undefined, 'DELETE');
    await control('/_sim/faults', { type: 'drop-webhooks', count: 10 });
    await control(`/_sim/installations/${installationId}/suspend`, {});
    await control('/_sim/faults', undefined, 'DELETE');
    test.clock.advance(MINUTE);
    await control('/_sim/clock/advance', { ms: MINUTE });
    await reconcilingEvery(test.ctx, collector(), { turnOwner: WORKER }).runOnce();
    expect((await board()).sync_status).toBe('inaccessible');
    expect((await findInstallation(test.ctx.db, installationId))?.removed_at).toBeNull();
    await control(`/_sim/installations/${installationId}/unsuspend`, {});
    await flush();
    expect((await board()).sync_status).toBe('active');
  });

  it('applies an installation.deleted under a 502 only once GitHub confirms the uninstall, by the background pass', async () => {
    // The background pass alone (no board sync, which would read GitHub's answer for the board itself).
    const reconcilingOnly = reconcilingEvery(test.ctx, { runOnce: async () => 0 }, { turnOwner: WORKER });
    await control('/_sim/faults', { type: '5xx', status: 502, count: 50, scope: 'rest' });
    const early = await installationDelivery('installation', 'deleted', sim.app().webhookSecret);
    expect(early.body.status).toBe('installation deleted: deferred');
    expect((await findInstallation(test.ctx.db, installationId))?.removed_at).toBeNull();
    expect((await board()).sync_status).toBe('active');
    // The uninstall really happened (its own delivery lost); GitHub is still failing at the next pass.
    await control('/_sim/faults', undefined, 'DELETE');
    await control('/_sim/faults', { type: 'drop-webhooks', count: 10 });
    await control(`/_sim/installations/${installationId}`, undefined, 'DELETE');
    await control('/_sim/faults', undefined, 'DELETE');
    await control('/_sim/faults', { type: '5xx', status: 502, count: 50, scope: 'rest' });
    test.clock.advance(MINUTE);
    await control('/_sim/clock/advance', { ms: MINUTE });
    await reconcilingOnly.runOnce();
    expect((await findInstallation(test.ctx.db, installationId))?.removed_at).toBeNull();
    expect((await board()).sync_status).toBe('active');
    // GitHub answers again: the next pass applies what it says, the uninstall.
    await control('/_sim/faults', undefined, 'DELETE');
    test.clock.advance(10 * MINUTE);
    await control('/_sim/clock/advance', { ms: 10 * MINUTE });
    await reconcilingOnly.runOnce();
    expect((await findInstallation(test.ctx.db, installationId))?.removed_at).not.toBeNull();
    expect((await board()).sync_status).toBe('inaccessible');
    installationId = (await control<{ id: number }>('/_sim/installations', { org: 'fluxion-labs' })).id;
    await flush();
    expect((await board()).sync_status).toBe('active');
  });

  it('syncs at once when a repository rejoins a selected installation, and its items keep their age meanwhile', async () => {
    const secret = () =>
      test.ctx.db
        .selectFrom('items')
        .select(['item_id', 'column_name', 'entered_column_at', 'removed_at'])
        .where('board_id', '=', boardId)
        .where('url', 'like', '%secret-infra%')
        .executeTakeFirstOrThrow();
    const before = await secret();
    expect(before).toMatchObject({ column_name: 'In Progress', removed_at: null });
    const movesOf = async (itemId: string) =>
      (
        await test.ctx.db
          .selectFrom('transitions')
          .select('item_id')
          .where('board_id', '=', boardId)
          .where('item_id', '=', itemId)
          .execute()
      ).length;
    const recorded = await movesOf(before.item_id);
    const repositories = (names: string[]) =>
      control(
        `/_sim/installations/${installationId}/repositories`,
        { repositorySelection: 'selected', repositories: names },
        'PUT',
      );
    // The repository leaves the App's reach: GitHub hides its item (REDACTED), which is unknown, not gone.
    await repositories(['fluxion-labs/platform']);
    await flush();
    await collector().runOnce();
    expect((await board()).next_sync_at).toBeGreaterThan(test.clock.now());
    expect(await secret()).toEqual(before);
    // It comes back: the selection type and permissions are as they were, and the boards sync at once.
    await repositories(['fluxion-labs/platform', 'fluxion-labs/secret-infra']);
    await flush();
    expect(await board()).toMatchObject({ next_sync_at: test.clock.now(), last_full_sync_at: null });
    await collector().runOnce();
    expect(await secret()).toEqual(before);
    expect(await movesOf(before.item_id)).toBe(recorded);
  });
});

describe.each(await dialectCases())('the GitHub App install flow on $name', ({ create }) => {
  let database: TestDatabase;
  let sim: GithubSim;
  let test: TestApp;
  let url: string;

  beforeAll(async () => {
    database = await create();
    sim = await startGithubSim({ port: 0, clock: 'manual', startAt: START });
    const base = testConfig();
    test = await buildTestApp(database, {
      clock: testClock(START),
      config: { github: { ...base.github, apiUrl: sim.url, webUrl: sim.url, app: simAppConfig(sim) } },
    });
    url = await listenTestApp(test);
    await fetch(`${sim.url}/_sim/app`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ setupUrl: `${url}/accounts/github/app/setup/` }),
    });
  });
  afterAll(async () => {
    await sim.close();
    await test.app.close();
    await database.drop();
  });

  /** Follows redirects by hand until one leaves for the app's own pages; answers that address. */
  const browse = async (start: string): Promise<URL> => {
    let next = new URL(start);
    for (let hop = 0; hop < 6; hop += 1) {
      const response = await fetch(next, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (!location) return next;
      next = new URL(location, next);
      if (next.origin === url && !next.pathname.startsWith('/accounts/')) return next;
    }
    return next;
  };

  it('answers the install URL to a signed-in user', async () => {
    const { auth } = await signedInUser(test.ctx, 'octo-alice');
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/github-app/install-url/',
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      install_url: `${sim.url}/apps/${sim.app().slug}/installations/new`,
    });
    expect((await test.app.inject({ method: 'GET', url: '/api/github-app/install-url/' })).statusCode).toBe(
      401,
    );
  });

  const confirm = (auth: { authorization: string } | undefined, installationId: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/github-app/installations/',
      ...(auth ? { headers: auth } : {}),
      payload: { installation_id: installationId },
    });
  const installations = () => test.ctx.db.selectFrom('github_installations').selectAll().execute();
  const findInstallationOf = async (login: string) =>
    (await installations()).find((row) => row.account_login === login)?.id;
  const connections = async (auth: { authorization: string }) =>
    (await test.app.inject({ method: 'GET', url: '/api/github/connections/', headers: auth })).json() as {
      installed_on: string[];
    };

  it('installs through GitHub: the setup URL asks GitHub nothing, and the signed-in user confirms the installation with their own token', async () => {
    const alice = await signedInAppUser(test.ctx, sim, 'octo-alice');
    const install = `${sim.url}/apps/${sim.app().slug}/installations/new?login=octo-alice`;
    const landed = await browse(install);
    expect(landed.pathname).toBe('/manage-projects');
    const id = landed.searchParams.get('github_app_installation') ?? '';
    expect(id).toMatch(/^\d+$/);
    // The unauthenticated redirect stored nothing (it made no App JWT call to GitHub).
    expect(await installations()).toHaveLength(0);
    expect((await confirm(undefined, id)).statusCode).toBe(401);
    const confirmed = await confirm(alice.auth, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ result: 'installed' });
    expect(confirmed.json().message).toContain('installed on fluxion-labs');
    expect((await installations()).map((r) => r.account_login)).toEqual(['fluxion-labs']);
    // Again (GitHub: already installed, setup_action=update): the same installation, nothing doubled.
    const again = await browse(install);
    expect(again.searchParams.get('github_app_installation')).toBe(id);
    expect((await confirm(alice.auth, id)).json()).toMatchObject({ result: 'installed' });
    expect(await installations()).toHaveLength(1);
  });

  it("refuses an installation GitHub does not list among the user's own, and shows each user only their organizations' installations", async () => {
    sim.world.createUser({ login: 'octo-mallory', name: 'Mallory' });
    sim.world.createOrg({ login: 'mallory-co', members: ['octo-mallory'], owners: ['octo-mallory'] });
    const mallory = await signedInAppUser(test.ctx, sim, 'octo-mallory');
    const alice = await signedInAppUser(test.ctx, sim, 'octo-alice');
    const labs = await findInstallationOf('fluxion-labs');
    const theirs = await simInstall(sim, 'mallory-co');
    // Mallory names fluxion-labs' real installation: GitHub does not list it to her, so nothing is linked.
    expect((await confirm(mallory.auth, String(labs))).json()).toMatchObject({ result: 'failed' });
    // A setup redirect naming an installation stores nothing by itself, whoever sends it.
    await browse(`${url}/accounts/github/app/setup/?installation_id=${theirs.id}&setup_action=install`);
    expect((await installations()).map((r) => r.account_login)).toEqual(['fluxion-labs']);
    expect((await confirm(mallory.auth, String(theirs.id))).json()).toMatchObject({ result: 'installed' });
    expect((await connections(alice.auth)).installed_on).toEqual(['fluxion-labs']);
    expect((await connections(mallory.auth)).installed_on).toEqual(['mallory-co']);
    const stranger = await signedInAppUser(test.ctx, sim, 'octo-bob');
    sim.world.orgs.get('fluxion-labs')?.members.delete('octo-bob');
    try {
      expect((await connections(stranger.auth)).installed_on).toEqual([]);
    } finally {
      sim.world.orgs.get('fluxion-labs')?.members.add('octo-bob');
    }
  });

  it('limits how many installs a user confirms an hour (429 with Retry-After)', async () => {
    const alice = await signedInAppUser(test.ctx, sim, 'octo-alice');
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await confirm(alice.auth, '987654')).statusCode);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    const limited = await confirm(alice.auth, '987654');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    test.clock.advance(61 * MINUTE);
  });

  it('says an owner has been asked when a member requests the install', async () => {
    const landed = await browse(`${url}/accounts/github/app/setup/?setup_action=request`);
    expect(landed.searchParams.get('github_app')).toBe('requested');
    expect(landed.searchParams.get('message')).toContain('An owner of the organization has been asked');
  });

  it('stores nothing for an installation GitHub does not confirm', async () => {
    const alice = await signedInAppUser(test.ctx, sim, 'octo-alice');
    const landed = await browse(
      `${url}/accounts/github/app/setup/?installation_id=987654&setup_action=install`,
    );
    expect(landed.searchParams.get('github_app_installation')).toBe('987654');
    expect((await confirm(alice.auth, '987654')).json()).toMatchObject({ result: 'failed' });
    expect(await installations()).toHaveLength(2);
  });
});
