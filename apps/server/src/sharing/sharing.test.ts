import { startGithubSim } from '@fluxion/github-sim';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectCases } from '../testing/databases.ts';
import { twoViewersOfBoard, VAULT_SECRETS, vaultBoard } from '../testing/private-board.ts';
import { faultReached, simControl } from '../testing/sim-control.ts';
import { signedInUser } from '../testing/users.ts';
import { PRIVATE_ITEM_TITLE } from '../visibility/redact.ts';
import { ACCESS_TTL_MS } from '../visibility/repository-access.ts';
import { listShareLinks } from './service.ts';
import { hashShareToken } from './tokens.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const vault = await vaultBoard(sim);
const DAY = 86_400_000;

describe.each(cases)('share links ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, clock, alice, bob } = await twoViewersOfBoard(database, sim, vault);

  type Created = {
    id: string;
    token: string;
    path: string;
    status: string;
    expires_at: string;
    filters: Record<string, unknown>;
  };
  type User = { auth: Record<string, string> };
  const share = async (user: User, payload: Record<string, unknown> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/share-links/',
      headers: user.auth,
      payload: { project: vault, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Created;
  };
  const open = (token: string) => app.inject({ url: `/api/shared/?token=${encodeURIComponent(token)}` });
  const list = async (user: User) =>
    (await app.inject({ url: '/api/share-links/', headers: user.auth })).json() as Record<string, unknown>[];

  it('opens without sign-in: the board analyses with the link filters, for 30 days by default', async () => {
    const link = await share(alice, { filters: { days: 14 } });
    expect(link.path).toBe(`/share#${link.token}`);
    expect(Date.parse(link.expires_at)).toBe(clock.now() + 30 * DAY);
    const response = await open(link.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      project_title: 'Vault migration',
      filters: { days: 14 },
      time_zone: 'UTC',
      days_off: false,
    });
    expect(body.lead_time.metrics.performance_insight.message).toEqual(expect.any(String));
    expect(body.flow.window.days).toBe(14);
    expect(body.time_in_state.column_classification.waiting).toEqual(expect.any(Array));
  });

  it('shows what its creator sees and never the content of issues the creator cannot read', async () => {
    const alices = await open((await share(alice)).token);
    expect(VAULT_SECRETS.filter((secret) => alices.body.includes(secret))).toEqual([]);
    expect(alices.json().flow.aging.items[0]).toMatchObject({ title: PRIVATE_ITEM_TITLE, url: null });
    const bobs = (await open((await share(bob)).token)).json();
    expect(bobs.flow.aging.items[0].title).toBe('Move the HSM');
    // The figures are the board's, whoever made the link.
    expect(alices.json().flow.aging.items[0].age_days).toBe(bobs.flow.aging.items[0].age_days);
  });

  it('answers every filter it applies, the issue type too, and refuses one its board cannot apply', async () => {
    const filters = { days: 30, issue_type: ['Bug'] };
    const link = await share(bob, { filters });
    expect(link.filters).toMatchObject(filters);
    const opened = await open(link.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().filters).toMatchObject(filters);
    // Such a link would open nothing but a 400: refused when made, naming the filter, as the page's own.
    for (const [filter, value] of [
      ['iteration', 'current'],
      ['field_value', ['High']],
    ] as const) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/share-links/',
        headers: bob.auth,
        payload: { project: vault, filters: { [filter]: value } },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'bad_request', field: `filters.${filter}` });
    }
  });

  it("carries the page's filters: the figures of the filtered analyses, as its creator sees them", async () => {
    const filters = { days: 30, label: ['hsm-only'], type: ['issue'] };
    const asCreator = async (user: User, path: string) =>
      (
        await app.inject({
          url: `${path}?project=${vault}&days=30&label=hsm-only&type=issue`,
          headers: user.auth,
        })
      ).json();
    const bobs = (await open((await share(bob, { filters })).token)).json();
    expect(bobs.filters).toMatchObject({ days: 30, label: ['hsm-only'], type: ['issue'], milestone: [] });
    expect(bobs.flow.aging.items.map((item: { title: string }) => item.title)).toEqual(['Move the HSM']);
    expect(bobs.flow.wip).toEqual((await asCreator(bob, '/api/flow/')).wip);
    expect(bobs.lead_time.metrics).toEqual((await asCreator(bob, '/api/leadtime/')).metrics);
    // Alice cannot read the vault issue, so its label does not select it for her link either.
    const alicesLink = await share(alice, { filters });
    const alices = await open(alicesLink.token);
    const secrets = VAULT_SECRETS.filter((secret) => secret !== 'hsm-only');
    expect(secrets.filter((secret) => alices.body.includes(secret))).toEqual([]);
    expect(alices.json().flow.aging.items).toEqual((await asCreator(alice, '/api/flow/')).aging.items);
    expect(alices.json().flow.aging.items).not.toEqual(bobs.flow.aging.items);
    const listed = (await list(alice)).find((link) => link.id === alicesLink.id);
    expect(listed?.filters).toMatchObject({ label: ['hsm-only'], type: ['issue'] });
  });

  it('is unguessable: 256 random bits, only their hash stored, an unknown token a 404', async () => {
    const first = await share(alice);
    const second = await share(alice);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    const rows = await ctx.db.selectFrom('share_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(first.token);
    expect(rows.map((row) => row.token_hash)).toContain(hashShareToken(first.token));
    const unknown = await open(`${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('share_link_not_found');
    expect((await app.inject({ url: '/api/shared/' })).statusCode).toBe(400);
  });

  it('lists only its creator links, newest first, without tokens; each can be revoked, then is refused', async () => {
    clock.advance(1000);
    const link = await share(bob);
    const bobs = await list(bob);
    expect(bobs[0]).toMatchObject({
      id: link.id,
      project: vault,
      project_title: 'Vault migration',
      status: 'active',
    });
    expect(JSON.stringify(bobs)).not.toContain(link.token);
    expect((await list(alice)).map((l) => l.id)).not.toContain(link.id);
    const revokeAs = (user: User) =>
      app.inject({ method: 'DELETE', url: `/api/share-links/${link.id}/`, headers: user.auth });
    expect((await revokeAs(alice)).statusCode).toBe(404);
    expect((await open(link.token)).statusCode).toBe(200);
    expect((await revokeAs(bob)).statusCode).toBe(204);
    const refused = await open(link.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error).toBe('share_link_revoked');
    expect((await list(bob)).find((l) => l.id === link.id)).toMatchObject({ status: 'revoked' });
  });

  it('is refused once revoked, even by a request that was opening it then', async () => {
    const link = await share(alice);
    // Alice's answers from GitHub have aged out: the next view asks GitHub again, slowly.
    clock.advance(ACCESS_TTL_MS + 1);
    const slow = await simControl<{ id: string }>(sim.url, '/_sim/faults', {
      type: 'slow',
      delayMs: 600,
      scope: 'rest',
      count: 2,
    });
    const opening = open(link.token);
    // Revoked while the view waits on GitHub.
    await faultReached(sim.url, slow);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/share-links/${link.id}/`,
      headers: alice.auth,
    });
    expect(revoked.statusCode).toBe(204);
    const late = await opening;
    expect(late.statusCode, late.body.slice(0, 200)).toBe(410);
    expect(late.json().error).toBe('share_link_revoked');
  });

  it('expires after its lifetime', async () => {
    const link = await share(alice, { expires_in_days: 2 });
    clock.advance(2 * DAY - 1);
    expect((await open(link.token)).statusCode).toBe(200);
    clock.advance(1);
    const refused = await open(link.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error).toBe('share_link_expired');
    const links = await listShareLinks(ctx, alice.user.id);
    expect(links.find((l) => l.id === link.id)).toMatchObject({ status: 'expired' });
    clock.advance(-2 * DAY);
  });

  it('refuses bad input, strangers and other people boards', async () => {
    const post = (headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/share-links/', headers, payload: payload as object });
    expect((await post({}, { project: vault })).statusCode).toBe(401);
    const tooLong = await post(alice.auth, { project: vault, expires_in_days: 366 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('expires_in_days');
    expect((await post(alice.auth, { project: vault, filters: { days: 0 } })).statusCode).toBe(400);
    const badType = await post(alice.auth, { project: vault, filters: { type: ['epic'] } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain('filters.type');
    const stranger = await signedInUser(ctx);
    expect((await post(stranger.auth, { project: vault })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/share-links/' })).statusCode).toBe(401);
  });

  it('refuses, when it is made, a date range that ends before it starts: such a link would open nothing', async () => {
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/share-links/',
      headers: bob.auth,
      payload: { project: vault, filters: { from: '2026-02-01', to: '2026-01-31' } },
    });
    expect(backwards.statusCode, backwards.body).toBe(400);
    expect(backwards.json()).toMatchObject({ error: 'bad_request', field: 'filters.from' });
    expect(backwards.json().message).toContain('filters.from');
    // One day (from = to) is a range.
    const oneDay = await share(bob, { filters: { from: '2026-01-31', to: '2026-01-31' } });
    expect((await open(oneDay.token)).statusCode).toBe(200);
  });

  it('answers a failure to read the board as a server error, not as a link that is gone for good', async () => {
    const link = await share(bob);
    // The link is found, then reading its creator's boards fails (a database fault, not a missing board).
    await sql`ALTER TABLE tracked_projects RENAME TO tracked_projects_away`.execute(ctx.db);
    try {
      const failed = await open(link.token);
      expect(failed.statusCode, failed.body).toBe(500);
      expect(failed.json().error).toBe('internal_error');
    } finally {
      await sql`ALTER TABLE tracked_projects_away RENAME TO tracked_projects`.execute(ctx.db);
    }
    expect((await open(link.token)).statusCode).toBe(200);
  });

  it("follows its creator's paywall: no analyses while their trial has ended", async () => {
    const link = await share(bob);
    const { subscription_end: end } = await ctx.db
      .selectFrom('users')
      .select('subscription_end')
      .where('id', '=', bob.user.id)
      .executeTakeFirstOrThrow();
    const setEnd = (value: number | null) =>
      ctx.db.updateTable('users').set({ subscription_end: value }).where('id', '=', bob.user.id).execute();
    // In App mode the organization's team plan (its trial from its first board) covers Bob too: it ends
    // as well, so that nothing lets him in.
    const orgPlan = await ctx.db
      .selectFrom('org_plans')
      .selectAll()
      .where('org_login', '=', 'fluxion-labs')
      .executeTakeFirst();
    const endOrgTrial = () =>
      orgPlan
        ? ctx.db
            .updateTable('org_plans')
            .set({ trial_end: clock.now() - 1 })
            .where('org_login', '=', 'fluxion-labs')
            .execute()
        : ctx.db
            .insertInto('org_plans')
            .values({
              org_login: 'fluxion-labs',
              status: 'trial',
              trial_end: clock.now() - 1,
              subscription_end: null,
              period_start: null,
              stripe_customer_id: null,
              stripe_subscription_id: null,
              created_at: clock.now(),
              updated_at: clock.now(),
            })
            .execute();
    const restoreOrgPlan = () =>
      orgPlan
        ? ctx.db
            .updateTable('org_plans')
            .set({ trial_end: orgPlan.trial_end })
            .where('org_login', '=', 'fluxion-labs')
            .execute()
        : ctx.db.deleteFrom('org_plans').where('org_login', '=', 'fluxion-labs').execute();
    await endOrgTrial();
    await setEnd(clock.now() - 1);
    try {
      const locked = await open(link.token);
      expect(locked.statusCode).toBe(402);
      expect(locked.body).not.toContain('Move the HSM');
    } finally {
      await setEnd(end);
      await restoreOrgPlan();
    }
    expect((await open(link.token)).statusCode).toBe(200);
  });

  it('is revoked when its creator stops tracking the board, and stays so if they track it again', async () => {
    const carol = await signedInUser(ctx, 'octo-carol');
    const track = () =>
      ctx.db
        .insertInto('tracked_projects')
        .columns(['user_id', 'board_id', 'iteration_length_days', 'cycle_time_start_column', 'added_at'])
        .expression((eb) =>
          eb
            .selectFrom('boards')
            .select([
              eb.val(carol.user.id).as('user_id'),
              'id',
              eb.val(7).as('iteration_length_days'),
              eb.val(null).as('cycle_time_start_column'),
              eb.val(clock.now()).as('added_at'),
            ])
            .where('github_project_id', '=', vault),
        )
        .execute();
    await track();
    const link = await share(carol);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/projects/${encodeURIComponent(vault)}/`,
      headers: carol.auth,
    });
    expect(removed.statusCode).toBe(204);
    const refused = await open(link.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error).toBe('share_link_revoked');
    expect((await list(carol)).find((l) => l.id === link.id)).toMatchObject({ status: 'revoked' });
    await track();
    expect((await open(link.token)).json().error).toBe('share_link_revoked');
  });

  it("names the board's own time zone, and says when its durations are in working days", async () => {
    const calendar = { time_zone: 'Asia/Kolkata', weekends: [5, 6], holidays: ['2027-01-06'] };
    const payload = { project_id: vault, iteration_length: 7, calendar };
    const saved = await app.inject({ method: 'POST', url: '/api/projects/', headers: bob.auth, payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = (await open((await share(alice)).token)).json();
    expect(body).toMatchObject({ time_zone: 'Asia/Kolkata', days_off: true });
    expect(JSON.stringify(body)).not.toContain('2027-01-06');
  });
});
