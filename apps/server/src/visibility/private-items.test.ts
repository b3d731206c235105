import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '../users/secret-box.ts';
import { trackAndCollect } from '../testing/tracking.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { everyBoardCall } from '../testing/board-calls.ts';
import { dialectCases } from '../testing/databases.ts';
import { simInstall } from '../testing/github-app.ts';
import { signedInAppUser, signedInUser } from '../testing/users.ts';
import { PRIVATE_ITEM_TITLE } from './redact.ts';
import { ACCESS_TTL_MS, RETRY_AFTER_FAILURE_MS } from './repository-access.ts';
import { vaultBoard } from '../testing/private-board.ts';

/**
 * A board shared by two users is read with the token of whoever added it first; what each user is shown
 * of its items must be only what GitHub shows that user (docs/operations.md, Per-user visibility).
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());

const PLATFORM_COLUMNS = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done'];
const VAULT_COLUMNS = ['Todo', 'In Progress', 'Done'];
const SECRET_TITLE = 'Rotate production keys';
/** What of Bob's private items must never reach Alice (the seeded one and the scenario's). */
const SECRETS = [SECRET_TITLE, 'secret-infra', 'Move the HSM', 'fluxion-labs/vault', 'hsm-only', 'Q4 vault'];

const [platform] = sim.world.projectsOf('fluxion-labs');
if (!platform) throw new Error('the simulator is not seeded as expected');
const vault = await vaultBoard(sim);
// As on GitHub, only a token that may read private repositories shows each user their private items: the
// GitHub App's (installed on the organization), through each user's App sign-in. A classic token without
// `repo`, which Fluxion's OAuth app never asks for, reads them REDACTED for everybody.
await simInstall(sim, 'fluxion-labs');

describe.each(cases)('private items on a shared board ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, clock } = await buildTestApp(database, {
    githubUrl: sim.url,
    clock: testClock(Date.now()),
  });
  const bob = await signedInAppUser(ctx, sim, 'octo-bob');
  const alice = await signedInAppUser(ctx, sim, 'octo-alice');
  // Bob adds both boards first: his token reads them, and sees his private items.
  await trackAndCollect({ app, ctx }, [platform.nodeId, vault], [bob, alice]);

  const get = async (user: { auth: Record<string, string> }, url: string) => {
    const response = await app.inject({ url, headers: user.auth });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };
  const inProgress = (id: string) => `/api/issues/?project=${encodeURIComponent(id)}&column=In%20Progress`;
  const flow = (id: string) => `/api/flow/?project=${encodeURIComponent(id)}`;
  type Row = { id: string; number: number | null; title: string; url: string | null; labels: unknown[] };

  it("shows Bob his private item, and Alice the same item as a private placeholder (Bob's answers cached first)", async () => {
    const bobs = (await get(bob, inProgress(platform.nodeId))).json() as { issues: Row[] };
    const secret = bobs.issues.find((i) => i.title === SECRET_TITLE);
    expect(secret?.url).toContain('secret-infra');

    const alices = (await get(alice, inProgress(platform.nodeId))).json() as { issues: Row[] };
    expect(alices.issues.map((i) => i.id).sort()).toEqual(bobs.issues.map((i) => i.id).sort());
    expect(alices.issues.find((i) => i.id === secret?.id)).toMatchObject({
      title: PRIVATE_ITEM_TITLE,
      url: null,
      number: null,
      labels: [],
      milestone: null,
    });
    const visible = alices.issues.filter((i) => i.id !== secret?.id);
    expect(visible).toEqual(bobs.issues.filter((i) => i.id !== secret?.id));
  });

  it("counts a private item in time in state's queue health as it counts Bob's: one answer for both", async () => {
    const tis = (user: typeof bob) =>
      get(user, `/api/timeinstate/?project=${encodeURIComponent(vault)}&days=30`).then((r) => r.json());
    const alices = await tis(alice);
    // The private item in In Progress is the open work the ratio reads: without it there is none (null).
    expect(alices.metrics.queue_health_ratio).not.toBeNull();
    expect(alices).toEqual(await tis(bob));
  });

  it('keeps the counts and times of private items: the column figures are the same for both', async () => {
    const bobs = (await get(bob, inProgress(vault))).json();
    const alices = (await get(alice, inProgress(vault))).json();
    expect(alices.issues).toMatchObject([{ title: PRIVATE_ITEM_TITLE, days_in_current_column: 20 }]);
    const { performance_insight: insight, ...figures } = alices.column_stats;
    expect({ ...bobs.column_stats, performance_insight: insight }).toEqual(alices.column_stats);
    expect(figures.avg_days).toBe(20);
    // The insight names the oldest issue as the viewer may see it.
    expect(bobs.column_stats.performance_insight.message).toContain('oldest #1 at 20 days');
    expect(insight.message).toContain(`oldest '${PRIVATE_ITEM_TITLE}' at 20 days`);
    expect(alices.column_stats.issues_over_2x_iteration).toBe(1);
    const todo = `/api/issues/?project=${encodeURIComponent(vault)}&column=Todo`;
    // A draft belongs to the board, and the other issue to a repository Alice reads: both shown as they are.
    expect(
      (await get(alice, todo))
        .json()
        .issues.map((i: Row) => i.title)
        .sort(),
    ).toEqual(['Vault notes', 'Write the runbook']);
    const stats = (user: typeof bob) => get(user, `/api/projects/${encodeURIComponent(vault)}/column-stats/`);
    expect((await stats(alice)).json()).toEqual((await stats(bob)).json());
    const aliceFlow = (await get(alice, flow(vault))).json();
    const bobFlow = (await get(bob, flow(vault))).json();
    expect(aliceFlow.aging.items[0]).toMatchObject({ title: PRIVATE_ITEM_TITLE, url: null, number: null });
    expect(aliceFlow.aging.items[0].age_days).toBe(bobFlow.aging.items[0].age_days);
    expect(bobFlow.aging.items[0].title).toBe('Move the HSM');
  });

  it("reads Alice's items ahead after an answer that needed none: her Flow report is the same", async () => {
    // A second app on the same database, clock and secrets, which reads items ahead as the server's start turns on.
    const ahead = await buildTestApp(database, { githubUrl: sim.url, clock, config: ctx.config });
    ahead.app.analytics.viewsAhead.start();
    try {
      const { id } = await ctx.db
        .selectFrom('boards')
        .select('id')
        .where('github_project_id', '=', vault)
        .executeTakeFirstOrThrow();
      const leadTime = await ahead.app.inject({
        url: `/api/leadtime/?project=${encodeURIComponent(vault)}&days=30`,
        headers: alice.auth,
      });
      expect(leadTime.statusCode).toBe(200);
      await ahead.app.analytics.viewsAhead.settled();
      expect(ahead.app.analytics.boards.has(id)).toEqual({ moves: true, items: true });
      const aheadFlow = await ahead.app.inject({ url: flow(vault), headers: alice.auth });
      expect(aheadFlow.body).toBe((await get(alice, flow(vault))).body);
      expect(aheadFlow.json().aging.items[0]).toMatchObject({ title: PRIVATE_ITEM_TITLE, url: null });
    } finally {
      ahead.app.analytics.viewsAhead.stop();
      await ahead.app.close();
    }
  });

  it("never sends Alice a private item's title, URL, label or milestone, in any answer", async () => {
    const calls = [
      ...everyBoardCall({
        project: platform.nodeId,
        columns: PLATFORM_COLUMNS,
        days: 90,
        org: 'fluxion-labs',
      }),
      ...everyBoardCall({ project: vault, columns: VAULT_COLUMNS, days: 90, org: 'fluxion-labs' }),
    ];
    // Every signed-in GET of the contract, so a call added later is covered too; these at least:
    for (const path of ['/api/issues/', '/api/flow/', '/api/overview/', '/api/timeinstate/'])
      expect(
        calls.some((call) => call.startsWith(path)),
        path,
      ).toBe(true);
    for (const url of calls) {
      const response = await app.inject({ url, headers: alice.auth });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(
        SECRETS.filter((secret) => response.body.includes(secret)),
        url,
      ).toEqual([]);
    }
    const overview = (await get(alice, '/api/overview/')).json();
    const card = overview.boards.find((b: { project_id: string }) => b.project_id === vault);
    expect(card.oldest_item).toMatchObject({ title: PRIVATE_ITEM_TITLE, url: null, number: null });
    const bobsCard = (await get(bob, '/api/overview/'))
      .json()
      .boards.find((b: { project_id: string }) => b.project_id === vault);
    expect(bobsCard.oldest_item.title).toBe('Move the HSM');
  });

  it('shows nothing of a repository when GitHub cannot be asked (a token GitHub refuses): fails closed', async () => {
    const carol = await signedInUser(
      ctx,
      'octo-carol',
      encryptSecret('gho_revoked', ctx.config.tokenEncryptionKey),
    );
    const board = await ctx.db
      .selectFrom('boards')
      .select('id')
      .where('github_project_id', '=', vault)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('tracked_projects')
      .values({
        user_id: carol.user.id,
        board_id: board.id,
        iteration_length_days: 7,
        cycle_time_start_column: null,
        added_at: ctx.now(),
      })
      .execute();
    const todo = async () =>
      (await get(carol, `/api/issues/?project=${encodeURIComponent(vault)}&column=Todo`))
        .json()
        .issues.map((i: Row) => i.title)
        .sort();
    expect(await todo()).toEqual([PRIVATE_ITEM_TITLE, 'Vault notes']);
    // Signed in again with a working token: asked again once RETRY_AFTER_FAILURE_MS has passed, not before.
    const token = encryptSecret(sim.createToken('octo-alice'), ctx.config.tokenEncryptionKey);
    await ctx.db
      .updateTable('users')
      .set({ github_token_enc: token })
      .where('id', '=', carol.user.id)
      .execute();
    expect(await todo()).toEqual([PRIVATE_ITEM_TITLE, 'Vault notes']);
    clock.advance(RETRY_AFTER_FAILURE_MS);
    expect(await todo()).toEqual(['Vault notes', 'Write the runbook']);
  });

  it('follows access granted or taken on GitHub within ACCESS_TTL_MS', async () => {
    const hsm = [...sim.world.contents.values()].find((c) => c.title === 'Move the HSM');
    if (!hsm?.visibleTo) throw new Error('the scenario has no private issue');
    const titles = async (user: typeof bob) =>
      (await get(user, flow(vault))).json().aging.items.map((i: Row) => i.title);
    hsm.visibleTo.add('octo-alice');
    hsm.visibleTo.delete('octo-bob');
    try {
      expect(await titles(alice)).toEqual([PRIVATE_ITEM_TITLE]);
      expect(await titles(bob)).toEqual(['Move the HSM']);
      clock.advance(ACCESS_TTL_MS);
      expect(await titles(alice)).toEqual(['Move the HSM']);
      expect(await titles(bob)).toEqual([PRIVATE_ITEM_TITLE]);
    } finally {
      hsm.visibleTo.add('octo-bob');
      hsm.visibleTo.delete('octo-alice');
    }
  });
});
