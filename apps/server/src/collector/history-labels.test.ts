import type { ItemHistoryResponse } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { type CollectorWorld, collectorWorldPerTest, DAY, HOUR, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import { issueAccessToken } from '../auth/access-tokens.ts';

const COLUMNS = ['Todo', 'In Progress', 'In Review', 'Done'];

/**
 * Work labels as evidence of a lost start (docs/metrics.md, "Reconstructed histories"), through GitHub as
 * the simulator serves it: every Status event lost, the label and assignment events kept.
 */
async function labelledBoard(world: CollectorWorld) {
  await world.control('/_sim/quirks', { timelineEventLoss: 1 });
  const project = await world.control<{ id: string; statusFieldId: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Labelled',
    columns: COLUMNS,
    at: START - 40 * DAY,
  });
  const issue = async (title: string, at: number) =>
    world.control<{ itemId: string; contentId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/labelled',
      title,
      projectId: project.id,
      status: 'Todo',
      at,
    });
  const edit = (contentId: string, body: object) => world.control(`/_sim/issues/${contentId}`, body, 'PATCH');
  const move = (itemId: string, status: string, at: number) =>
    world.control(`/_sim/items/${itemId}/move`, { status, at });
  const t0 = START - 30 * DAY;
  // Assigned when written, labelled "In Progress" when picked up three days later: the label is the start.
  const picked = await issue('picked up', t0);
  await edit(picked.contentId, { labels: ['bug'], at: t0 + HOUR });
  await edit(picked.contentId, { assignees: ['octo-alice'], at: t0 + 2 * HOUR });
  await edit(picked.contentId, { labels: ['bug', 'In Progress'], at: t0 + 3 * DAY });
  await move(picked.itemId, 'In Progress', t0 + 3 * DAY + HOUR);
  await edit(picked.contentId, { labels: ['bug'], at: t0 + 5 * DAY });
  await move(picked.itemId, 'In Review', t0 + 5 * DAY);
  await move(picked.itemId, 'Done', t0 + 6 * DAY);
  // Only a type label, never assigned: nothing says when its work started.
  const unknown = await issue('unknown start', t0 + DAY);
  await edit(unknown.contentId, { labels: ['enhancement'], at: t0 + DAY + HOUR });
  await move(unknown.itemId, 'In Progress', t0 + 4 * DAY);
  await move(unknown.itemId, 'In Review', t0 + 7 * DAY);
  await world.flush();
  const added = await world.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers: world.auth,
    payload: {
      project_id: project.id,
      iteration_length: 7,
      workflow_field_id: project.statusFieldId,
      cycle_time_start: 'In Progress',
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  await world.collector({ backfill: true }).runOnce();
  return { projectId: project.id, picked, unknown, t0 };
}

describe.each(await dialectCases())('work labels as evidence of a lost start, on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it('starts the work when the label was put on; the item page and the audit log name the basis', async () => {
    world.sim.webhooks.urls = [];
    const { projectId, picked, unknown, t0 } = await labelledBoard(world);
    const get = async <T>(url: string) => {
      const response = await world.app.inject({ method: 'GET', url, headers: world.auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const item = (id: string) => get<ItemHistoryResponse>(`/api/item/?project=${projectId}&item=${id}`);

    const page = await item(picked.itemId);
    expect(page.moves.map((m) => [m.to, m.at, m.source, m.basis])).toEqual([
      ['Todo', new Date(t0).toISOString(), 'estimated', 'added'],
      ['In Progress', new Date(t0 + 3 * DAY).toISOString(), 'estimated', 'labeled'],
      ['Done', new Date(t0 + 6 * DAY).toISOString(), 'import', undefined],
    ]);
    expect(page.cycle_time_days).toBe(3);
    // A type label is no evidence: the other item's start stays unknown; only its joining is estimated.
    const other = await item(unknown.itemId);
    expect(other.moves.map((m) => [m.to, m.at, m.source, m.basis])).toEqual([
      ['Todo', new Date(t0 + DAY).toISOString(), 'estimated', 'added_only'],
      ['In Review', new Date(t0 + 7 * DAY).toISOString(), 'import', undefined],
    ]);
    expect([other.started_at, other.age_is_minimum]).toEqual([null, true]);

    const audit = await get<{ moves: { item_id: string; basis: string | null; source: string }[] }>(
      `/api/export/moves.json?project=${projectId}`,
    );
    const bases = audit.moves.filter((m) => m.item_id === picked.itemId).map((m) => m.basis);
    expect(bases).toEqual(expect.arrayContaining(['added', 'labeled', null]));
    const csv = await world.app.inject({
      method: 'GET',
      url: `/api/export/moves.csv?project=${projectId}`,
      headers: world.auth,
    });
    expect(csv.body).toMatch(/,estimated,[^,]*,labeled\r?\n/);

    // A move recorded later (the poll) comes after the known entry: the estimated steps stay as they were.
    const stored = async (itemId: string) =>
      (
        await world.ctx.db
          .selectFrom('transitions')
          .select(['to_column', 'at', 'source', 'basis'])
          .where('item_id', '=', itemId)
          .orderBy('at')
          .execute()
      ).map((m) => [m.to_column, Number(m.at), m.source, m.basis]);
    const before = await stored(picked.itemId);
    await world.advance(HOUR);
    await world.control(`/_sim/items/${unknown.itemId}/move`, { status: 'Done' });
    await world.advance(2 * HOUR);
    await world.collector().runOnce();
    expect((await stored(unknown.itemId)).map(([to, , source]) => [to, source])).toEqual([
      ['Todo', 'estimated'],
      ['In Review', 'backfill'],
      ['Done', 'poll'],
    ]);
    expect(await stored(picked.itemId)).toEqual(before);
    // Finished after the import, it has a lead time from its estimated joining, and still no cycle time.
    const session = await world.ctx.db
      .selectFrom('auth_sessions')
      .select(['id', 'user_id'])
      .executeTakeFirstOrThrow();
    const token = await issueAccessToken({
      userId: session.user_id,
      sessionId: session.id,
      secret: world.ctx.config.jwtSecret,
      now: world.ctx.now(),
    });
    const finished = await world.app.inject({
      method: 'GET',
      url: `/api/item/?project=${projectId}&item=${unknown.itemId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const done = finished.json() as ItemHistoryResponse;
    expect(done.completed_at).not.toBeNull();
    expect(done.lead_time_days).toBeCloseTo((START + HOUR - (t0 + DAY)) / DAY, 1);
    expect(done.cycle_time_days).toBeNull();
  }, 60_000);
});
