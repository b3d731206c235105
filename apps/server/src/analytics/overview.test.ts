import type { BoardSummary, FlowResponse } from '@fluxion/contract';
import { DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { recordReportedMove } from '../collector/record.ts';
import type { AppContext } from '../context.ts';
import { ensureDemoBoard } from '../projects/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { byUrgency } from './overview.ts';

const cases = await dialectCases();
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const DAY = 86_400_000;

type Step = { item: string; from: string | null; to: string; daysAgo: number };

/** A board tracked by `userId`, with its moves recorded as a webhook would report them. */
async function board(ctx: AppContext, id: string, userId: string, steps: Step[], columnList?: string) {
  await insertTestBoard(ctx.db, {
    id,
    githubProjectId: `PVT_${id}`,
    title: id,
    addedAt: NOW - 60 * DAY,
    trackedBy: { userId, iterationLengthDays: 7 },
  });
  for (const s of steps) {
    const move = {
      itemId: s.item,
      from: s.from,
      to: s.to,
      at: NOW - s.daysAgo * DAY,
      source: 'webhook' as const,
    };
    await recordReportedMove(ctx.db, id, move, NOW);
  }
  if (columnList !== undefined) {
    await ctx.db.updateTable('boards').set({ column_list: columnList }).where('id', '=', id).execute();
  }
  return `PVT_${id}`;
}

/** An item that went Todo → Doing → Done, `cycle` days in Doing, finished `doneAgo` days ago. */
const finished = (item: string, doneAgo: number, cycle = 1): Step[] => [
  { item, from: null, to: 'Todo', daysAgo: doneAgo + cycle + 1 },
  { item, from: 'Todo', to: 'Doing', daysAgo: doneAgo + cycle },
  { item, from: 'Doing', to: 'Done', daysAgo: doneAgo },
];
const started = (item: string, ago: number): Step[] => [
  { item, from: null, to: 'Todo', daysAgo: ago + 1 },
  { item, from: 'Todo', to: 'Doing', daysAgo: ago },
];

/** The card the Flow report of the same board should give, written out field by field. */
function cardFromFlow(flow: FlowResponse) {
  const oldest = flow.aging.items[0];
  return {
    status: 'ok',
    throughput_per_week: flow.throughput.per_week,
    cycle_time_p85: flow.cycle_time.percentiles.p85,
    wip: flow.aging.items.length,
    wip_at_risk: flow.aging.at_risk,
    oldest_item: oldest
      ? {
          id: oldest.id,
          number: oldest.number,
          title: oldest.title,
          url: oldest.url,
          column: oldest.column,
          age_days: oldest.age_days,
          risk: oldest.risk,
        }
      : null,
    insight: flow.performance_insight,
  };
}

describe.each(cases)('GET /api/overview/ ($name)', async ({ name, create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });
  const me = await signedInUser(ctx);
  const someoneElse = await signedInUser(ctx);
  // Board ids differ per dialect: the analysis caches live in the module, shared by both runs.
  const stuck = await board(ctx, `${name}-stuck`, me.user.id, [
    ...['a', 'b', 'c', 'd'].flatMap((item, i) => finished(item, 2 + i)),
    ...started('old', 20),
    ...started('new', 0.5),
  ]);
  const calm = await board(ctx, `${name}-calm`, me.user.id, [...finished('x', 3), ...finished('y', 5)]);
  const empty = await board(ctx, `${name}-empty`, me.user.id, []);
  const broken = await board(ctx, `${name}-broken`, me.user.id, finished('z', 2), 'not json');
  const others = await board(ctx, `${name}-others`, someoneElse.user.id, started('theirs', 30));
  const get = (url: string, headers: Record<string, string> = me.auth) => app.inject({ url, headers });

  async function overview(headers = me.auth): Promise<BoardSummary[]> {
    const response = await get('/api/overview/', headers);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json().boards;
  }

  it('lists the user’s boards and the demo, never another user’s board', async () => {
    const ids = (await overview()).map((b) => b.project_id);
    expect(ids.sort()).toEqual([DEMO_PROJECT_ID, broken, calm, empty, stuck].sort());
    expect(ids).not.toContain(others);
  });

  it('gives each board the figures of its Flow report (the defaults: 30 days)', async () => {
    const ok = (await overview()).filter((b) => b.status === 'ok');
    expect(ok.map((b) => b.project_id).sort()).toEqual([DEMO_PROJECT_ID, calm, stuck].sort());
    for (const card of ok) {
      const flow = await get(`/api/flow/?project=${encodeURIComponent(card.project_id)}`);
      expect(flow.statusCode).toBe(200);
      const { project_id, title, is_demo, ...figures } = card;
      expect(figures, project_id).toEqual(cardFromFlow(flow.json()));
    }
    const stuckCard = ok.find((b) => b.project_id === stuck);
    expect(stuckCard).toMatchObject({ wip: 2, wip_at_risk: 1, insight: { severity: 'critical' } });
    expect(stuckCard).toMatchObject({
      oldest_item: { id: 'old', column: 'Doing', age_days: 20, risk: 'critical' },
    });
  });

  it('follows the window: days=7 equals the Flow report of 7 days', async () => {
    const response = await get('/api/overview/?days=7');
    expect(response.json().window_days).toBe(7);
    const card = response.json().boards.find((b: BoardSummary) => b.project_id === calm);
    // Both of the calm board's items finished within 7 days.
    const flow = (await get(`/api/flow/?project=${calm}&days=7`)).json();
    const { project_id, title, is_demo, ...figures } = card;
    expect(figures).toEqual(cardFromFlow(flow));
    expect(card.throughput_per_week).toBe(2);
  });

  it('shows a board without moves as no data, and a failing board as failed without failing the rest', async () => {
    const boards = await overview();
    expect(boards.find((b) => b.project_id === empty)).toEqual({
      project_id: empty,
      title: `${name}-empty`,
      is_demo: false,
      status: 'no_data',
    });
    expect(boards.find((b) => b.project_id === broken)).toMatchObject({ status: 'failed' });
    expect(boards.find((b) => b.project_id === DEMO_PROJECT_ID)).toMatchObject({
      status: 'ok',
      is_demo: true,
    });
  });

  it('puts the most urgent boards first: critical before calm, failed then empty last', async () => {
    const boards = await overview();
    const at = (id: string) => boards.findIndex((b) => b.project_id === id);
    expect(at(stuck)).toBeLessThan(at(calm));
    expect(boards.slice(-2).map((b) => b.project_id)).toEqual([broken, empty]);
    expect([...boards].sort(byUrgency)).toEqual(boards);
  });

  it('leaves out the demo for a user who removed it', async () => {
    const before = (await overview(someoneElse.auth)).map((b) => b.project_id);
    expect(before.sort()).toEqual([others, DEMO_PROJECT_ID].sort());
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/projects/${encodeURIComponent(DEMO_PROJECT_ID)}/`,
      headers: someoneElse.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect((await overview(someoneElse.auth)).map((b) => b.project_id)).toEqual([others]);
  });

  it('answers 400 naming days for a bad window, 401 signed out', async () => {
    for (const days of ['0', 'abc', '366', '1.5']) {
      const response = await get(`/api/overview/?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json().field, days).toBe('days');
    }
    expect((await get('/api/overview/', {})).statusCode).toBe(401);
  });
});

describe('byUrgency', () => {
  const ref = { title: 't', is_demo: false };
  const ok = (
    id: string,
    severity: 'critical' | 'warning' | 'excellent',
    atRisk: number,
    age = 1,
  ): BoardSummary => ({
    ...ref,
    project_id: id,
    status: 'ok',
    throughput_per_week: 1,
    cycle_time_p85: 2,
    wip: 5,
    wip_at_risk: atRisk,
    oldest_item: {
      id: 'i',
      number: 1,
      title: 'i',
      url: null,
      column: 'Doing',
      age_days: age,
      risk: 'at_risk',
    },
    insight: { severity, message: 'm', confidence: 1 },
  });
  const order = (boards: BoardSummary[]) => [...boards].sort(byUrgency).map((b) => b.project_id);

  it('ranks by severity, then WIP at risk, then the oldest item; failed and empty boards last', () => {
    const boards: BoardSummary[] = [
      { ...ref, project_id: 'empty', status: 'no_data' },
      ok('calm', 'excellent', 0),
      { ...ref, project_id: 'failed', status: 'failed', message: 'x' },
      ok('warn', 'warning', 1),
      ok('crit-few', 'critical', 1),
      ok('crit-many', 'critical', 3),
      ok('crit-few-older', 'critical', 1, 9),
    ];
    expect(order(boards)).toEqual([
      'crit-many',
      'crit-few-older',
      'crit-few',
      'warn',
      'calm',
      'failed',
      'empty',
    ]);
  });

  it('keeps the project list’s order between equally urgent boards', () => {
    expect(order([ok('b', 'warning', 1), ok('a', 'warning', 1)])).toEqual(['b', 'a']);
  });
});
