import type { BoardSummary } from '@fluxion/contract';
import { DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { recordReportedMove } from '../testing/reported-moves.ts';
import type { AppContext } from '../context.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
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

/** The stuck board's card: four items finished 2–5 days ago after a day in Doing; one started 20 days ago, one today. */
const stuckCard = (window: number) => ({
  status: 'ok',
  throughput_per_week: Number(((4 * 7) / window).toFixed(2)),
  cycle_time_p85: 1,
  wip: 2,
  wip_at_risk: 1,
  oldest_item: {
    id: 'old',
    number: null,
    title: '',
    url: null,
    column: 'Doing',
    age_days: 20,
    risk: 'critical',
  },
});

/** Most urgent first, as the product spec orders the cards: by insight severity, then failed, then no data. */
const URGENCY = ['critical', 'warning', 'mixed', 'info', 'stable', 'good', 'excellent', 'failed', 'no_data'];
const urgency = (card: BoardSummary) =>
  URGENCY.indexOf(card.status === 'ok' ? card.insight.severity : card.status);

describe.each(cases)('GET /api/overview/ ($name)', async ({ name, create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });
  const me = await signedInUser(ctx);
  const someoneElse = await signedInUser(ctx);
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

  it('gives each board its Flow figures over the last 30 days, and the Flow page’s insight', async () => {
    const ok = (await overview()).filter((b) => b.status === 'ok');
    expect(ok.map((b) => b.project_id).sort()).toEqual([DEMO_PROJECT_ID, calm, stuck].sort());
    const card = (id: string) => ok.find((b) => b.project_id === id);
    expect(card(stuck)).toMatchObject({ ...stuckCard(30), insight: { severity: 'critical' } });
    expect(card(calm)).toMatchObject({
      status: 'ok',
      throughput_per_week: 0.47,
      cycle_time_p85: 1,
      wip: 0,
      wip_at_risk: 0,
      oldest_item: null,
    });
    for (const { project_id, throughput_per_week, cycle_time_p85, wip, insight } of ok) {
      const flow = (await get(`/api/flow/?project=${encodeURIComponent(project_id)}`)).json();
      expect({ throughput_per_week, cycle_time_p85, wip, insight }, project_id).toEqual({
        throughput_per_week: flow.throughput.per_week,
        cycle_time_p85: flow.cycle_time.percentiles.p85,
        wip: flow.aging.items.length,
        insight: flow.performance_insight,
      });
    }
  });

  it('follows the window: days=7 counts what finished in the last 7 days', async () => {
    const response = await get('/api/overview/?days=7');
    expect(response.json().window_days).toBe(7);
    const card = (id: string) => response.json().boards.find((b: BoardSummary) => b.project_id === id);
    // All four of the stuck board's items and both of the calm board's finished within 7 days.
    expect(card(stuck)).toMatchObject(stuckCard(7));
    expect(card(stuck).throughput_per_week).toBe(4);
    expect(card(calm)).toMatchObject({ throughput_per_week: 2, wip: 0 });
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
    const ranks = boards.map(urgency);
    expect(ranks).not.toContain(-1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
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
    bottleneck: null,
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
