import type { ItemHistoryResponse } from '@fluxion/contract';
import { moveItem, startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { startSession } from '../auth/sessions.ts';
import { dialectCases } from '../testing/databases.ts';
import { twoViewersOfBoard, vaultBoard } from '../testing/private-board.ts';
import { collectOnce } from '../testing/tracking.ts';
import { signedInUser } from '../testing/users.ts';

/**
 * GET /api/item/ (docs/metrics.md, "The item page") on a board two users track, where one item lives in
 * a repository only Bob may read: its moves with their source, its time per column, access like every
 * analysis, and a 404 for the item a viewer may not see.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const vault = await vaultBoard(sim);
const DAY = 86_400_000;

describe.each(cases)('the item page ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, clock, bob, alice } = await twoViewersOfBoard(database, sim, vault);
  const url = (item: string, project = vault) =>
    `/api/item/?project=${encodeURIComponent(project)}&item=${encodeURIComponent(item)}`;
  /** A sign-in at the app's clock now (the test moves it past the access tokens' minutes). */
  const as = async (user: { user: { id: string } }) => {
    const now = clock.now();
    const sessionId = await startSession(ctx.db, user.user.id, now);
    const token = await issueAccessToken({
      userId: user.user.id,
      sessionId,
      secret: ctx.config.jwtSecret,
      now,
    });
    return { authorization: `Bearer ${token}` };
  };
  const get = async (user: { user: { id: string } }, item: string, project?: string) =>
    app.inject({ url: url(item, project), headers: await as(user) });
  const idsByTitle = async () => {
    const answer = await app.inject({
      url: `/api/issues/?project=${encodeURIComponent(vault)}&column=Todo`,
      headers: await as(bob),
    });
    const inProgress = await app.inject({
      url: `/api/issues/?project=${encodeURIComponent(vault)}&column=In%20Progress`,
      headers: await as(bob),
    });
    const rows = [...answer.json().issues, ...inProgress.json().issues] as { id: string; title: string }[];
    return Object.fromEntries(rows.map((r) => [r.title, r.id]));
  };

  it('gives an item’s moves with their source, its time per column and its age, as the viewer sees it', async () => {
    const ids = await idsByTitle();
    const runbook = ids['Write the runbook'] as string;
    // Two days after the first listing, the runbook is started on GitHub; the next poll records it.
    const moved = sim.world.now();
    moveItem(sim.world, { itemId: runbook, status: 'In Progress', at: moved });
    clock.set(moved + 2 * DAY);
    await collectOnce(ctx);
    const answer = await get(alice, runbook);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const h = answer.json() as ItemHistoryResponse;
    expect(h.item).toMatchObject({ title: 'Write the runbook', column: 'In Progress' });
    expect(h.item.url).toContain('fluxion-labs/platform');
    expect(h.moves.map((m) => [m.from, m.to, m.source])).toEqual([
      [null, 'Todo', 'listing'],
      ['Todo', 'In Progress', 'poll'],
    ]);
    expect(h.time_in_column.map((c) => c.column)).toEqual(['Todo', 'In Progress']);
    expect(h.time_in_column[1]).toMatchObject({ stays: 1 });
    expect(h.completed_at).toBeNull();
    expect(h.age_days).toBe(h.time_in_column[1]?.days);
    expect(h.columns).toEqual(['Todo', 'In Progress', 'Done']);
    // Bob reads the same figures.
    expect((await get(bob, runbook)).json()).toEqual(h);
  });

  it('is a 404 for an item the viewer may not see, for an unknown item, and for a board they do not track', async () => {
    const ids = await idsByTitle();
    const hsm = ids['Move the HSM'] as string;
    const bobs = await get(bob, hsm);
    expect(bobs.statusCode).toBe(200);
    expect((bobs.json() as ItemHistoryResponse).item.title).toBe('Move the HSM');
    const alices = await get(alice, hsm);
    expect(alices.statusCode).toBe(404);
    expect(alices.body).not.toContain('Move the HSM');
    expect(alices.body).not.toContain('hsm-only');
    expect((await get(alice, 'PVTI_nothing')).statusCode).toBe(404);
    // A user who does not track the board sees none of its items.
    const stranger = await signedInUser(ctx);
    expect((await get(stranger, hsm)).statusCode).toBe(404);
  });

  it('refuses a request without an item, naming the parameter', async () => {
    const answer = await app.inject({
      url: `/api/item/?project=${encodeURIComponent(vault)}`,
      headers: await as(bob),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('item is required');
    const anonymous = await app.inject({ url: url('x') });
    expect(anonymous.statusCode).toBe(401);
  });
});
