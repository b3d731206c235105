import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoBoardAccessError, readerFactory } from '../collector/readers.ts';
import { createCollector } from '../collector/runner.ts';
import type { AppContext } from '../context.ts';
import { PERSONAL_BOARDS_NOT_CONNECTED } from '../github/for-user.ts';
import { buildTestApp, listenTestApp, type TestApp, testConfig } from '../testing/app.ts';
import { CookieJar, location, visit } from '../testing/browser.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { simAppConfig } from '../testing/github-app.ts';
import { decryptSecret } from '../users/secret-box.ts';

/**
 * "Connect personal boards" (docs/github.md) over real HTTP against the simulator: a user signed in through
 * the GitHub App reads no user-owned board (GitHub answers an empty list to App tokens) until they connect
 * the OAuth app with `read:project`, which then lists, adds and collects their own boards; disconnecting
 * deletes that token at GitHub.
 */
describe.each(await dialectCases())('connect personal boards ($name)', ({ create }) => {
  let database: TestDatabase;
  let sim: GithubSim;
  let testApp: TestApp;
  let ctx: AppContext;
  let appUrl: string;

  const api = (path: string, access: string, init: RequestInit = {}) =>
    visit(`${appUrl}${path}`, undefined, {
      ...init,
      headers: { authorization: `Bearer ${access}`, ...(init.headers ?? {}) },
    });
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const personalRow = (login: string) =>
    ctx.db
      .selectFrom('users')
      .select(['id', 'github_personal_token_enc', 'github_personal_connected_at'])
      .where('username', '=', login)
      .executeTakeFirstOrThrow();

  /** Sign-in through the App, as a browser: back with a token pair, and the browser's cookies. */
  async function signIn(login: string) {
    const browser = new CookieJar();
    const toGithub = location(await visit(`${appUrl}/accounts/github/login/?login=${login}`, browser));
    const callback = location(await visit(toGithub));
    expect(location(await visit(callback, browser))).toBe('/?signed_in=1');
    const pair = await json<{ access: string }>(
      await visit(`${appUrl}/api/token/handoff/`, browser, { method: 'POST' }),
    );
    return { access: pair.access, browser };
  }

  /** "Connect personal boards": POST for GitHub's page, which (approved) comes straight back to the callback. */
  async function connect(session: { access: string; browser: CookieJar }, asLogin?: string) {
    const started = await api('/api/github/personal-connection/', session.access, { method: 'POST' });
    session.browser.store(started);
    const { authorize_url } = await json<{ authorize_url: string }>(started);
    const toGithub = new URL(authorize_url);
    if (asLogin) toGithub.searchParams.set('login', asLogin);
    const callback = location(await visit(toGithub.toString()));
    return location(await visit(callback, session.browser));
  }

  beforeAll(async () => {
    database = await create();
    sim = await startGithubSim({ port: 0 });
    const base = testConfig();
    testApp = await buildTestApp(database, {
      githubUrl: sim.url,
      config: { github: { ...base.github, app: simAppConfig(sim) } },
    });
    ctx = testApp.ctx;
    appUrl = await listenTestApp(testApp);
  });
  afterAll(async () => {
    await testApp.app.close();
    await sim.close();
    await database.drop();
  });

  it('an App sign-in reads no personal board until connected; the Add dialog and the collector then read them', async () => {
    const alice = await signIn('octo-alice');
    const [side] = sim.world.projectsOf('octo-alice');
    if (!side) throw new Error('the simulator is not seeded as expected');
    const connections = () =>
      api('/api/github/connections/', alice.access).then((r) => json<Record<string, unknown>>(r));
    expect(await connections()).toEqual({
      sign_in: 'github_app',
      personal_boards: 'not_connected',
      installed_on: [],
    });
    // What GitHub answers an App token: nothing, which Fluxion does not pass off as "no boards" (the dialog
    // asks /connections/); the board itself is not found, and cannot be added.
    expect(await json(await api('/api/github-projects-by-owner/', alice.access))).toEqual([]);
    expect((await api(`/api/github-project-columns/?project_id=${side.nodeId}`, alice.access)).status).toBe(
      404,
    );
    expect((await api(`/api/github-project-fields/?project_id=${side.nodeId}`, alice.access)).status).toBe(
      404,
    );
    const add = () =>
      api('/api/projects/', alice.access, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ project_id: side.nodeId, iteration_length: '14' }),
      });
    expect((await add()).status).toBe(400);

    // Connect: the OAuth app, read:project only (never repo), then straight back to Manage Projects.
    const started = await json<{ authorize_url: string }>(
      await api('/api/github/personal-connection/', alice.access, { method: 'POST' }),
    );
    const authorize = new URL(started.authorize_url);
    expect(authorize.searchParams.get('client_id')).toBe(ctx.config.github.clientId);
    expect(authorize.searchParams.get('scope')).toBe('read:project');
    expect(await connect(alice)).toBe('/manage-projects?github_personal=connected');
    const row = await personalRow('octo-alice');
    const token = decryptSecret(row.github_personal_token_enc ?? '', ctx.config.tokenEncryptionKey);
    expect(sim.world.tokens.get(token)?.scopes).toEqual(['read:project']);
    expect(row.github_personal_token_enc).not.toContain(token);
    expect((await connections()).personal_boards).toBe('connected');

    expect(await json(await api('/api/github-projects-by-owner/', alice.access))).toEqual([
      { id: side.nodeId, name: 'Side project', full_name: 'octo-alice/1', owner: 'octo-alice' },
    ]);
    expect(
      await json(await api(`/api/github-project-columns/?project_id=${side.nodeId}`, alice.access)),
    ).toEqual(['Backlog', 'Todo', 'In Progress', 'In Review', 'Done']);
    const fields = await json<{ fields: { name: string }[] }>(
      await api(`/api/github-project-fields/?project_id=${side.nodeId}`, alice.access),
    );
    expect(fields.fields.map((f) => f.name)).toContain('Status');
    const added = await add();
    expect(added.status, await added.clone().text()).toBe(201);
    const board = await ctx.db
      .selectFrom('boards')
      .selectAll()
      .where('github_project_id', '=', side.nodeId)
      .executeTakeFirstOrThrow();
    const reader = await readerFactory(ctx, null)(board);
    expect((await reader?.listProjectItems(side.nodeId, {}))?.length).toBe(12);

    // Disconnected: the token is deleted at GitHub, and the collector says what to do.
    expect((await api('/api/github/personal-connection/', alice.access, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect(sim.world.tokens.has(token)).toBe(false);
    expect((await personalRow('octo-alice')).github_personal_token_enc).toBeNull();
    expect((await connections()).personal_boards).toBe('not_connected');
    await expect(readerFactory(ctx, null)(board)).rejects.toThrow(
      new NoBoardAccessError(PERSONAL_BOARDS_NOT_CONNECTED),
    );
    // The board says why it stopped, and what to do, in Manage Projects.
    await ctx.db.updateTable('boards').set({ next_sync_at: 0 }).where('id', '=', board.id).execute();
    await createCollector(ctx, readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 }), {
      backfill: false,
    }).runOnce();
    const listed = await json<{ project_id: string; sync_status: string; sync_message?: string }[]>(
      await api('/api/projects/', alice.access),
    );
    const shown = listed.find((p) => p.project_id === side.nodeId);
    expect(shown?.sync_status).toBe('inaccessible');
    expect(shown?.sync_message).toBe(PERSONAL_BOARDS_NOT_CONNECTED);
  });

  it('refuses a connection approved by another GitHub user, and a callback without its state', async () => {
    const bob = await signIn('octo-bob');
    const refused = new URL(await connect(bob, 'octo-alice'), appUrl);
    expect(refused.pathname).toBe('/manage-projects');
    expect(refused.searchParams.get('github_personal')).toBe('failed');
    expect(refused.searchParams.get('message')).toContain('octo-alice');
    expect((await personalRow('octo-bob')).github_personal_token_enc).toBeNull();

    const forged = new URL(
      location(await visit(`${appUrl}/accounts/github/login/callback/personal/?code=x&state=y`)),
      appUrl,
    );
    expect(forged.searchParams.get('github_personal')).toBe('failed');
    expect((await personalRow('octo-bob')).github_personal_token_enc).toBeNull();
  });

  it('a user signed in with the OAuth app needs no second connection', async () => {
    const classic = await buildTestApp(database, { githubUrl: sim.url });
    try {
      const { signedInGithubUser } = await import('../testing/users.ts');
      const user = await signedInGithubUser(classic.ctx, sim, 'octo-alice');
      const answer = await classic.app.inject({ url: '/api/github/connections/', headers: user.auth });
      expect(answer.json()).toMatchObject({ sign_in: 'oauth_app', personal_boards: 'not_needed' });
      const refused = await classic.app.inject({
        method: 'POST',
        url: '/api/github/personal-connection/',
        headers: user.auth,
      });
      expect(refused.statusCode).toBe(400);
    } finally {
      await classic.app.close();
    }
  });
});
