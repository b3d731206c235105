import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { testClock, testConfig } from '../testing/app.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { simAppConfig, simInstall } from '../testing/github-app.ts';
import { appJwt } from './app-jwt.ts';
import { fetchInstallation } from './github-app.ts';
import { findInstallation, saveInstallation } from './store.ts';
import { InstallationUnavailableError, installationToken } from './tokens.ts';
import { advanceClocks } from '../testing/sim-control.ts';

const START = Date.UTC(2026, 10, 1, 9);
const MINUTE = 60_000;

describe('the App JWT', () => {
  it('is RS256, issued by the App id 60 s in the past, expiring nine minutes ahead', async () => {
    const sim = await startGithubSim({ port: 0, clock: 'manual', startAt: START, seed: false });
    try {
      const app = simAppConfig(sim);
      const jwt = await appJwt(app, START + 500);
      expect(decodeProtectedHeader(jwt).alg).toBe('RS256');
      expect(decodeJwt(jwt)).toEqual({ iss: app.appId, iat: START / 1000 - 60, exp: START / 1000 + 540 });
      // GitHub (the simulator) takes it: GET /app answers the App.
      const response = await fetch(`${sim.url}/app`, { headers: { authorization: `Bearer ${jwt}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { id: number }).id).toBe(Number(app.appId));
    } finally {
      await sim.close();
    }
  });
});

describe.each(await dialectCases())('installation access tokens on $name', ({ create }) => {
  let database: TestDatabase;
  let sim: GithubSim;
  const clock = testClock(START);
  /** One process (an API replica or a worker) over the shared database, with the same secrets. */
  const base = testConfig();
  const processCtx = (): AppContext => {
    return {
      config: { ...base, github: { ...base.github, apiUrl: sim.url, app: simAppConfig(sim) } },
      db: database.handle.db,
      dialect: database.handle.dialect,
      now: clock.now,
    };
  };
  let ctx: AppContext;
  /** Both clocks, the simulator's (GitHub's) and the app's, move together. */
  const advance = (ms: number) => advanceClocks(clock, sim.url, ms);
  const minted = () => sim.world.stats.installationTokensMinted;
  const install = async (org: string) => {
    const { id } = await simInstall(sim, org);
    const seen = await fetchInstallation(ctx, id);
    if (!seen) throw new Error('the installation is not there');
    await saveInstallation(ctx.db, seen, ctx.now());
    return id;
  };
  const repositoriesWith = async (token: string) =>
    (await fetch(`${sim.url}/installation/repositories`, { headers: { authorization: `token ${token}` } }))
      .status;

  beforeAll(async () => {
    database = await create();
    sim = await startGithubSim({ port: 0, clock: 'manual', startAt: START });
    ctx = processCtx();
  });
  afterAll(async () => {
    await sim.close();
    await database.drop();
  });

  it('mints once, reuses the token until 5 minutes before it expires, then renews it', async () => {
    const id = await install('fluxion-labs');
    const before = minted();
    const first = await installationToken(ctx, id);
    expect(first).toMatch(/^ghs_/);
    expect(await repositoriesWith(first)).toBe(200);
    expect(await installationToken(ctx, id)).toBe(first);
    await advance(54 * MINUTE);
    expect(await installationToken(ctx, id)).toBe(first);
    expect(minted() - before).toBe(1);
    // 4 minutes left of its hour: renewed.
    await advance(2 * MINUTE);
    const second = await installationToken(ctx, id);
    expect(second).not.toBe(first);
    expect(minted() - before).toBe(2);
    expect(await repositoriesWith(second)).toBe(200);
    const row = await findInstallation(ctx.db, id);
    // Sealed at rest with TOKEN_ENCRYPTION_KEY.
    expect(row?.token_enc).not.toContain('ghs_');
    expect(row?.token_expires_at).toBe(clock.now() + 60 * MINUTE);
    expect(row?.renewal_owner).toBeNull();
  });

  it('answers N concurrent requests from replicas and a worker with one mint', async () => {
    const id = await install('fluxion-demo');
    const processes = [processCtx(), processCtx(), processCtx()];
    const before = minted();
    const tokens = await Promise.all(
      Array.from({ length: 12 }, (_, i) => installationToken(processes[i % 3] as AppContext, id)),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(minted() - before).toBe(1);
    // Due for renewal: again one mint, however many ask at once.
    await advance(56 * MINUTE);
    const renewed = await Promise.all(
      Array.from({ length: 12 }, (_, i) => installationToken(processes[i % 3] as AppContext, id)),
    );
    expect(minted() - before).toBe(2);
    // Those that did not renew used the old token, still valid for 4 minutes, or the new one.
    for (const token of renewed) expect([tokens[0], ...renewed]).toContain(token);
    expect(await repositoriesWith(renewed.at(-1) as string)).toBe(200);
    expect(await installationToken(ctx, id)).not.toBe(tokens[0]);
  });

  it('reads a secondary rate limit (403 with retry-after) on minting as a wait, never as a suspension', async () => {
    const id = await install('fluxion-labs').catch(async () => {
      const [existing] = await fetch(`${sim.url}/_sim/installations`).then(
        (r) => r.json() as Promise<{ id: number }[]>,
      );
      return existing?.id ?? 0;
    });
    await advance(56 * MINUTE);
    await fetch(`${sim.url}/_sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'secondary-rate-limit', scope: 'rest', retryAfter: 30, count: 1 }),
    });
    const error = await installationToken(ctx, id).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(InstallationUnavailableError);
    expect((error as { status?: number }).status).toBe(403);
    expect((await findInstallation(ctx.db, id))?.suspended_at).toBeNull();
    expect(await installationToken(ctx, id)).toMatch(/^ghs_/);
  });

  it('marks an installation GitHub no longer has as removed when its token is due', async () => {
    const { id } = await simInstall(sim, 'octo-org-gone').catch(async () => {
      await fetch(`${sim.url}/_sim/orgs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'octo-org-gone', members: ['octo-alice'] }),
      });
      return simInstall(sim, 'octo-org-gone');
    });
    const seen = await fetchInstallation(ctx, id);
    await saveInstallation(ctx.db, seen as NonNullable<typeof seen>, ctx.now());
    await installationToken(ctx, id);
    // Uninstalled; the webhook never came (no webhook URL).
    await fetch(`${sim.url}/_sim/installations/${id}`, { method: 'DELETE' });
    expect(await fetchInstallation(ctx, id)).toBeNull();
    await advance(56 * MINUTE);
    const error = await installationToken(ctx, id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstallationUnavailableError);
    expect((error as InstallationUnavailableError).reason).toBe('removed');
    expect((await findInstallation(ctx.db, id))?.removed_at).toBe(clock.now());
  });
});
