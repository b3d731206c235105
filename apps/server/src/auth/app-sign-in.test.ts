import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoBoardAccessError, readerFactory } from '../collector/readers.ts';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/connection.ts';
import { githubForUser } from '../github/for-user.ts';
import { RENEWAL } from '../leases/renewal.ts';
import { buildTestApp, listenTestApp, type TestApp, testClock, testConfig } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { CookieJar, location, visit } from '../testing/browser.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { simAppConfig } from '../testing/github-app.ts';
import { decryptSecret } from '../users/secret-box.ts';
import { advanceClocks } from '../testing/sim-control.ts';

/**
 * Sign-in through the GitHub App (docs/github.md, Sign-in through the App) as a browser does it, over real
 * HTTP against the simulator: user access tokens that expire in 8 hours, refreshed 5 minutes before (once,
 * however many uses and processes want it at once), and a revoked authorization that ends the user's Fluxion
 * sign-ins.
 */
const START = Date.UTC(2026, 10, 2, 9);
const HOUR = 60 * 60_000;
const USER_TOKEN_MS = 8 * HOUR;

describe.each(await dialectCases())('sign-in through the GitHub App ($name)', ({ create }) => {
  let database: TestDatabase;
  let sim: GithubSim;
  let testApp: TestApp;
  let ctx: AppContext;
  let appUrl: string;
  const clock = testClock(START);
  const opened: { close(): Promise<void> }[] = [];

  /** GitHub's clock (the simulator's) and the app's move together. */
  const advance = (ms: number) => advanceClocks(clock, sim.url, ms);
  const stats = async () =>
    (await (await fetch(`${sim.url}/_sim/stats`)).json()) as {
      userTokensMinted: number;
      userTokensRefreshed: number;
    };
  const userRow = (login: string) =>
    ctx.db.selectFrom('users').selectAll().where('username', '=', login).executeTakeFirstOrThrow();
  const api = (path: string, access: string, init: RequestInit = {}) =>
    visit(`${appUrl}${path}`, undefined, {
      ...init,
      headers: { authorization: `Bearer ${access}`, ...(init.headers ?? {}) },
    });
  const refreshCall = (refresh: string) =>
    visit(`${appUrl}/api/token/refresh/`, undefined, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
  /** Fluxion's own access tokens live 15 minutes: after the clocks moved, the web app refreshes first. */
  const renewed = async (pair: { refresh: string }) => {
    const answer = await refreshCall(pair.refresh);
    expect(answer.status).toBe(200);
    return (await answer.json()) as { access: string; refresh: string };
  };
  /** Another process (API replica or worker) on the same database: its own connections, same settings. */
  const otherProcess = (): AppContext => {
    const handle = openDatabase({ databaseUrl: database.url, dataDir: database.dataDir });
    opened.push(handle);
    return { ...ctx, db: handle.db, dialect: handle.dialect };
  };

  /** login → GitHub's authorize page (already approved: straight back) → callback → handoff → token pair. */
  async function signIn(login: string): Promise<{ access: string; refresh: string }> {
    const browser = new CookieJar();
    const toGithub = new URL(
      location(await visit(`${appUrl}/accounts/github/login/?login=${login}`, browser)),
    );
    expect(`${toGithub.origin}${toGithub.pathname}`).toBe(`${sim.url}/login/oauth/authorize`);
    // The App's client id, and no scopes: an App's permissions are its own.
    expect(toGithub.searchParams.get('client_id')).toBe(sim.app().clientId);
    expect(toGithub.searchParams.get('scope') ?? '').toBe('');
    const callback = location(await visit(toGithub.toString()));
    expect(location(await visit(callback, browser))).toBe('/?signed_in=1');
    const handoff = await visit(`${appUrl}/api/token/handoff/`, browser, { method: 'POST' });
    expect(handoff.status).toBe(200);
    return (await handoff.json()) as { access: string; refresh: string };
  }

  beforeAll(async () => {
    database = await create();
    sim = await startGithubSim({ port: 0, clock: 'manual', startAt: START });
    const base = testConfig();
    testApp = await buildTestApp(database, {
      clock,
      githubUrl: sim.url,
      config: { github: { ...base.github, app: simAppConfig(sim) } },
    });
    ctx = testApp.ctx;
    appUrl = await listenTestApp(testApp);
  });
  afterAll(async () => {
    await testApp.app.close();
    await Promise.all(opened.map((handle) => handle.close()));
    await sim.close();
    await database.drop();
  });

  it('signs in with the App: an expiring user token and its refresh token, sealed at rest', async () => {
    const before = await stats();
    const { access } = await signIn('octo-bob');
    expect((await stats()).userTokensMinted).toBe(before.userTokensMinted + 1);
    const row = await userRow('octo-bob');
    expect(row.github_token_kind).toBe('github-app');
    expect(row.github_token_expires_at).toBe(START + USER_TOKEN_MS);
    expect(row.github_refresh_expires_at).toBeGreaterThan(START + 180 * 24 * HOUR);
    const token = decryptSecret(row.github_token_enc ?? '', ctx.config.tokenEncryptionKey);
    const refresh = decryptSecret(row.github_refresh_token_enc ?? '', ctx.config.tokenEncryptionKey);
    expect(token).not.toBe(refresh);
    expect(`${row.github_token_enc}${row.github_refresh_token_enc}`).not.toContain(token);
    expect(`${row.github_token_enc}${row.github_refresh_token_enc}`).not.toContain(refresh);
    // The token reads GitHub as bob.
    const owners = await api('/api/github-owner-options/', access);
    expect(owners.status).toBe(200);
    expect(((await owners.json()) as { display_name: string }[])[0]?.display_name).toBe(
      'octo-bob (personal)',
    );
    expect((await stats()).userTokensRefreshed).toBe(before.userTokensRefreshed);
  });

  it('refreshes the token before use once it expires within 5 minutes, not earlier', async () => {
    let session = await signIn('octo-bob');
    const signedInToken = (await userRow('octo-bob')).github_token_enc;
    const before = (await stats()).userTokensRefreshed;
    await advance(USER_TOKEN_MS - RENEWAL.renewBeforeMs - 1_000);
    session = await renewed(session);
    const { access } = session;
    expect((await api('/api/github-owner-options/', access)).status).toBe(200);
    expect((await stats()).userTokensRefreshed).toBe(before);
    expect((await userRow('octo-bob')).github_token_enc).toBe(signedInToken);

    await advance(2_000);
    expect((await api('/api/github-owner-options/', access)).status).toBe(200);
    expect((await stats()).userTokensRefreshed).toBe(before + 1);
    const row = await userRow('octo-bob');
    expect(row.github_token_enc).not.toBe(signedInToken);
    expect(row.github_token_expires_at).toBe(clock.now() + USER_TOKEN_MS);
    expect(row.github_refresh_owner).toBeNull();
    // Used again: the new token, no second refresh.
    expect((await api('/api/github-owner-options/', access)).status).toBe(200);
    expect((await stats()).userTokensRefreshed).toBe(before + 1);
  });

  it('concurrent uses in three processes refresh exactly once, and all of them read GitHub', async () => {
    const signedIn = await signIn('octo-bob');
    const bob = (await userRow('octo-bob')).id;
    await advance(USER_TOKEN_MS - RENEWAL.renewBeforeMs + 1_000);
    const { access } = await renewed(signedIn);
    const before = (await stats()).userTokensRefreshed;
    const processes = [otherProcess(), otherProcess()];
    const [answers, viewers] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => api('/api/github-owner-options/', access))),
      Promise.all(
        Array.from({ length: 10 }, async (_, i) =>
          (await githubForUser(processes[i % 2] as AppContext, bob, { retries: 0 })).getViewer(),
        ),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(viewers.map((v) => v.login)).toEqual(Array(10).fill('octo-bob'));
    expect((await stats()).userTokensRefreshed).toBe(before + 1);
  });

  it('a revoked authorization ends the sign-in: the next /api/me/ is 401, refresh refused, the collector stops', async () => {
    const { access, refresh } = await signIn('octo-bob');
    const bob = await userRow('octo-bob');
    await insertTestBoard(ctx.db, {
      id: 'bob-board',
      githubProjectId: 'PVT_bob',
      // An organization's board where the App is not installed: read with bob's own token. (A user-owned
      // board is read by no App token; see personal-boards/.)
      owner: { login: 'fluxion-labs', type: 'Organization' },
      addedAt: clock.now(),
      trackedBy: { userId: bob.id, iterationLengthDays: 7 },
    });
    expect((await api('/api/me/', access)).status).toBe(200);
    const revoked = await fetch(`${sim.url}/_sim/app/authorizations/octo-bob`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);

    // GitHub answers Bad credentials to the token: this answer says so, and the sign-in is over.
    const owners = await api('/api/github-owner-options/', access);
    expect(owners.status).toBe(403);
    expect(((await owners.json()) as { error: string }).error).toBe('github_auth');
    expect((await api('/api/me/', access)).status).toBe(401);
    expect((await refreshCall(refresh)).status).toBe(401);
    const row = await userRow('octo-bob');
    expect(row.github_token_enc).toBeNull();
    expect(row.github_refresh_token_enc).toBeNull();
    expect(row.github_access_revoked_at).toBe(clock.now());
    const sessions = await ctx.db
      .selectFrom('auth_sessions')
      .select('ended_at')
      .where('user_id', '=', bob.id)
      .execute();
    expect(sessions.filter((s) => s.ended_at === null)).toEqual([]);
    // The collector no longer reads with bob's token: the board waits for a sign-in.
    const board = await ctx.db
      .selectFrom('boards')
      .selectAll()
      .where('id', '=', 'bob-board')
      .executeTakeFirstOrThrow();
    await expect(readerFactory(ctx, null)(board)).rejects.toBeInstanceOf(NoBoardAccessError);

    // Signing in again (bob approves the App anew) works, and the old sign-in stays ended.
    sim.world.users.get('octo-bob')?.approvals.set(sim.app().clientId, new Set());
    const again = await signIn('octo-bob');
    expect((await api('/api/me/', again.access)).status).toBe(200);
    expect((await api('/api/me/', access)).status).toBe(401);
    expect((await userRow('octo-bob')).github_access_revoked_at).toBeNull();
    expect(await readerFactory(ctx, null)(board)).not.toBeNull();
  });

  it('a refresh GitHub refuses (authorization revoked while the token aged) ends the sign-in too', async () => {
    const signedIn = await signIn('octo-alice');
    await advance(USER_TOKEN_MS - RENEWAL.renewBeforeMs + 1_000);
    const { access, refresh } = await renewed(signedIn);
    await fetch(`${sim.url}/_sim/app/authorizations/octo-alice`, { method: 'DELETE' });
    const before = (await stats()).userTokensRefreshed;
    expect((await api('/api/github-owner-options/', access)).status).toBe(401);
    expect((await stats()).userTokensRefreshed).toBe(before);
    expect((await api('/api/me/', access)).status).toBe(401);
    expect((await refreshCall(refresh)).status).toBe(401);
    expect((await userRow('octo-alice')).github_token_enc).toBeNull();
  });
  it("logout of the user's last sign-in deletes the App's user token at GitHub; an earlier logout keeps it", async () => {
    // Alice's authorization was revoked above: she approves the App again.
    sim.world.users.get('octo-alice')?.approvals.set(sim.app().clientId, new Set());
    const laptop = await signIn('octo-alice');
    const phone = await signIn('octo-alice');
    const logout = (refresh: string) =>
      visit(`${appUrl}/api/logout/`, undefined, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refresh }),
      });
    const tokenOf = async () => {
      const sealed = (await userRow('octo-alice')).github_token_enc;
      return sealed === null ? null : decryptSecret(sealed, ctx.config.tokenEncryptionKey);
    };
    const githubSays = async (token: string) =>
      (await fetch(`${sim.url}/user`, { headers: { authorization: `Bearer ${token}` } })).status;
    const token = (await tokenOf()) as string;
    expect(await githubSays(token)).toBe(200);

    expect((await logout(laptop.refresh)).status).toBe(204);
    // The phone is still signed in: it keeps reading GitHub with the same token.
    expect(await tokenOf()).toBe(token);
    expect((await api('/api/github-owner-options/', phone.access)).status).toBe(200);

    expect((await logout(phone.refresh)).status).toBe(204);
    expect(await tokenOf()).toBeNull();
    expect(await githubSays(token)).toBe(401);
    const row = await userRow('octo-alice');
    expect(row.github_refresh_token_enc).toBeNull();
    // Signing out is not a revocation by GitHub: signing in again simply works.
    expect(row.github_access_revoked_at).toBeNull();
    const again = await signIn('octo-alice');
    expect((await api('/api/github-owner-options/', again.access)).status).toBe(200);
  });
});
