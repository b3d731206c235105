import {
  FALLBACK_INSIGHT,
  insightSchema,
  leadTimeMetricsSchema,
  projectSchema,
  timeInStateMetricsSchema,
} from '@fluxion/contract';
import {
  type BoardItem,
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  type Transition,
} from '@fluxion/flow';
import { DEMO_COLUMNS, DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { countedWork, demoEngineItems } from '../testing/demo-story.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { recordReportedMove } from '../testing/reported-moves.ts';
import { takeItemSeq } from '../boards/repository.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { insertTestBoard } from '../testing/boards.ts';

const cases = await dialectCases();
const DAY = 86_400_000;
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
/** Mid-afternoon, so that ages and windows are not aligned with midnight. */
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const DEMO_CYCLE_START = 'In Progress';
/** The demo board's GitHub Iteration field has 14-day iterations: its analyses read that length. */
const DEMO_ITERATION = 14;

/** The engine's input, built straight from the generator (not from the server's loader). */
type EngineData = { transitions: Transition[]; items: BoardItem[] };

function engineDataFromGenerator(now: number): EngineData {
  return countedWork(demoEngineItems(now));
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value));

function expectedLeadTime(data: EngineData, days: number, cycleStart: string, now: number) {
  return json(
    buildLeadTimeReport({
      columns: DEMO_COLUMNS,
      cycleStartColumn: cycleStart,
      transitions: data.transitions,
      days,
      now,
    }),
  );
}
function expectedTimeInState(data: EngineData, days: number, now: number) {
  return json(
    buildTimeInStateReport({
      columns: DEMO_COLUMNS,
      transitions: data.transitions,
      items: data.items,
      days,
      // The bottleneck reads the board's iteration whatever `days` the page asked for.
      storyDays: DEMO_ITERATION,
      now,
    }),
  );
}
function expectedIssues(data: EngineData, column: string, now: number) {
  return json(
    buildIssuesInColumnReport({
      columns: DEMO_COLUMNS,
      column,
      items: data.items,
      days: DEMO_ITERATION,
      now,
    }),
  );
}
function expectedColumnStats(data: EngineData, now: number) {
  return json({ column_stats: buildColumnStats({ columns: DEMO_COLUMNS, items: data.items, now }) });
}

const demo = encodeURIComponent(DEMO_PROJECT_ID);

describe.each(cases)('analysis API on the demo project ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const clock = testClock(NOW);
  const { app, ctx } = await buildTestApp(database, { clock });
  await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInUser(ctx);
  const data = engineDataFromGenerator(NOW);

  const call = async (url: string) => {
    const response = await app.inject({ url, headers: auth });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };

  /**
   * A demo board in a database of its own, for a test that changes it: every test stays independent of
   * the others' order, and the shared board keeps the generated data.
   */
  async function withOwnDemo(
    test: (own: {
      ctx: typeof ctx;
      boardId: string;
      call: typeof call;
      clock: typeof clock;
    }) => Promise<void>,
  ) {
    const own = await create();
    const ownClock = testClock(NOW);
    const built = await buildTestApp(own, { clock: ownClock });
    try {
      const ownBoard = await ensureDemoBoard(built.ctx, { live: false });
      const ownCall = async (url: string) => {
        // Access tokens are short-lived: a test that moves the clock on days signs in on the new day.
        const signedIn = await signedInUser(built.ctx);
        const response = await built.app.inject({ url, headers: signedIn.auth });
        expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
        return response.json();
      };
      await test({ ctx: built.ctx, boardId: ownBoard, call: ownCall, clock: ownClock });
    } finally {
      await built.app.close();
      await own.drop();
    }
  }

  it('has a demo board big enough to make the comparison meaningful', async () => {
    const project = projectSchema.parse(await call(`/api/projects/${demo}/`));
    expect(project).toMatchObject({
      is_demo: true,
      column_list: DEMO_COLUMNS,
      iteration_length_days: DEMO_ITERATION,
      cycle_time_start_column: DEMO_CYCLE_START,
    });
    expect(data.items.length).toBeGreaterThanOrEqual(150);
    // Every column but Blocked holds items now (nothing happens to be blocked at the end of the history).
    const occupied = DEMO_COLUMNS.filter((column) => data.items.some((i) => i.column === column));
    expect(occupied.length).toBeGreaterThanOrEqual(5);
  });

  it('GET /api/leadtime/ equals the engine for several windows and cycle-start columns', async () => {
    for (const days of [1, 7, 14, 28]) {
      const body = await call(`/api/leadtime/?project=${demo}&days=${days}`);
      expect(body, `days=${days}`).toEqual(expectedLeadTime(data, days, DEMO_CYCLE_START, NOW));
    }
    for (const column of ['Backlog', 'Ready', 'In Review']) {
      const body = await call(
        `/api/leadtime/?project=${demo}&days=7&cycle_time=${encodeURIComponent(column)}`,
      );
      expect(body, column).toEqual(expectedLeadTime(data, 7, column, NOW));
    }
    // The series is not trivial: most days have a lead time, cycle times exist.
    const body = await call(`/api/leadtime/?project=${demo}&days=7`);
    const points = Object.entries(body).filter(([key]) => key !== 'metrics');
    expect(points.length).toBeGreaterThan(60);
    expect(
      points.some(([, p]) => typeof (p as { average_cycle_time: unknown }).average_cycle_time === 'number'),
    ).toBe(true);
  });

  it('concurrent first requests share one computation and all answer the same JSON', async () => {
    // days=3 is asked nowhere else, so these requests start cold.
    const url = `/api/timeinstate/?project=${demo}&days=3`;
    const responses = await Promise.all(Array.from({ length: 8 }, () => app.inject({ url, headers: auth })));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(responses[0]?.body);
    }
    expect(JSON.parse(responses[0]?.body ?? '')).toEqual(expectedTimeInState(data, 3, NOW));
  });

  it('sends an analysis compressed to a browser that accepts it, the same JSON inside', async () => {
    const url = `/api/timeinstate/?project=${demo}&days=7`;
    const plain = await app.inject({ url, headers: auth });
    const br = await app.inject({ url, headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await app.inject({ url, headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("GET /api/leadtime/ answers the endpoint table's shape", async () => {
    const body = await call(`/api/leadtime/?project=${demo}&days=7`);
    const { metrics, ...series } = body;
    expect(Object.keys(leadTimeMetricsSchema.strict().parse(metrics)).sort()).toEqual(
      [
        'avg_lead_time',
        'cycle_time_trend',
        'lead_time_trend',
        'performance_insight',
        'stability',
        'stability_sample',
        'trend_known',
        'window_days',
        'lead_time_p50',
        'lead_time_p85',
        'cycle_time_p50',
        'cycle_time_p85',
        'lead_time_change',
        'cycle_time_change',
        'history_gaps',
      ].sort(),
    );
    expect(insightSchema.strict().parse(metrics.performance_insight).message).not.toBe('');
    const keys = Object.keys(series);
    expect(keys.length).toBeGreaterThan(0);
    expect(
      keys.every((k) => DATE_KEY.test(k)),
      keys.join(),
    ).toBe(true);
    expect([...keys].sort()).toEqual(keys);
    expect(keys.at(-1)).toBe('2026-11-01');
    for (const point of Object.values(series) as Record<string, unknown>[]) {
      expect(Object.keys(point).sort()).toEqual(['average_cycle_time', 'average_lead_time']);
      for (const value of Object.values(point)) {
        expect(value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0)).toBe(
          true,
        );
      }
    }
  });

  it("GET /api/timeinstate/ equals the engine and answers the endpoint table's shape", async () => {
    for (const days of [1, 7, 14]) {
      const body = await call(`/api/timeinstate/?project=${demo}&days=${days}`);
      expect(body, `days=${days}`).toEqual(expectedTimeInState(data, days, NOW));
    }
    const { metrics, column_classification, ...series } = await call(
      `/api/timeinstate/?project=${demo}&days=7`,
    );
    timeInStateMetricsSchema.strict().parse(metrics);
    expect(metrics.time_intensive_column).not.toBeNull();
    expect(Object.keys(column_classification).sort()).toEqual(['productive', 'waiting']);
    const classified = [...column_classification.productive, ...column_classification.waiting];
    expect(classified.every((c: string) => DEMO_COLUMNS.includes(c))).toBe(true);
    const keys = Object.keys(series);
    expect(keys.length).toBeGreaterThan(60);
    expect(
      keys.every((k) => DATE_KEY.test(k)),
      keys.join(),
    ).toBe(true);
    for (const point of Object.values(series) as { timeinstate: Record<string, number> }[]) {
      expect(Object.keys(point)).toEqual(['timeinstate']);
      for (const [column, value] of Object.entries(point.timeinstate)) {
        expect(DEMO_COLUMNS).toContain(column);
        expect(Number.isFinite(value) && value >= 0).toBe(true);
      }
    }
  });

  it('GET /api/issues/ equals the engine for every column, sorted by days in column', async () => {
    let total = 0;
    for (const column of DEMO_COLUMNS) {
      const body = await call(`/api/issues/?project=${demo}&column=${encodeURIComponent(column)}`);
      expect(body, column).toEqual(expectedIssues(data, column, NOW));
      const ages = body.issues.map((i: { days_in_current_column: number }) => i.days_in_current_column);
      expect(ages).toEqual([...ages].sort((a, b) => b - a));
      total += body.issues.length;
    }
    expect(total).toBe(data.items.length);
    const { issues, column_stats } = await call(
      `/api/issues/?project=${demo}&column=${encodeURIComponent('In Progress')}`,
    );
    expect(Object.keys(issues[0]).sort()).toEqual(
      [
        'days_in_current_column',
        'entered_column_at',
        'id',
        'labels',
        'milestone',
        'number',
        'title',
        'url',
      ].sort(),
    );
    expect(column_stats.thresholds).toEqual({
      '1x_iteration': DEMO_ITERATION,
      '2x_iteration': 2 * DEMO_ITERATION,
    });
    expect(column_stats.iteration_length_days).toBe(DEMO_ITERATION);
    insightSchema.strict().parse(column_stats.performance_insight);
  });

  it('GET /api/projects/{id}/column-stats/ equals the engine', async () => {
    const body = await call(`/api/projects/${demo}/column-stats/`);
    expect(body).toEqual(expectedColumnStats(data, NOW));
    expect(Object.keys(body.column_stats)).toEqual(DEMO_COLUMNS);
    const counted = Object.values(body.column_stats as Record<string, { count: number }>).reduce(
      (sum, s) => sum + s.count,
      0,
    );
    expect(counted).toBe(data.items.length);
  });

  it('answers 400 naming the parameter for bad or missing parameters, 404 for an unknown project', async () => {
    const bad: [string, string][] = [
      [`/api/leadtime/?project=${demo}&days=0`, 'days'],
      [`/api/leadtime/?project=${demo}&days=abc`, 'days'],
      [`/api/leadtime/?project=${demo}&days=1.5`, 'days'],
      [`/api/leadtime/?project=${demo}`, 'days'],
      ['/api/leadtime/?days=7', 'project'],
      [`/api/leadtime/?project=${demo}&days=7&cycle_time=Nope`, 'cycle_time'],
      [`/api/timeinstate/?project=${demo}&days=0`, 'days'],
      [`/api/timeinstate/?project=${demo}&days=abc`, 'days'],
      ['/api/timeinstate/?days=7', 'project'],
      ['/api/timeinstate/?project=&days=7', 'project'],
      [`/api/issues/?project=${demo}&column=Nope`, 'column'],
      [`/api/issues/?project=${demo}`, 'column'],
      ['/api/issues/?column=Done', 'project'],
    ];
    for (const [url, field] of bad) {
      const response = await app.inject({ url, headers: auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain(field);
      expect(response.json().field, url).toBe(field);
    }
    for (const url of [
      '/api/leadtime/?project=PVT_unknown&days=7',
      '/api/timeinstate/?project=PVT_unknown&days=7',
      '/api/issues/?project=PVT_unknown&column=Done',
      '/api/projects/PVT_unknown/column-stats/',
    ]) {
      expect((await app.inject({ url, headers: auth })).statusCode, url).toBe(404);
      expect((await app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it('reflects a newly recorded move in the next answer of every call (cache invalidation)', () =>
    withOwnDemo(async ({ ctx, boardId, call }) => {
      const urls = {
        lead: `/api/leadtime/?project=${demo}&days=7`,
        tis: `/api/timeinstate/?project=${demo}&days=7`,
        issues: `/api/issues/?project=${demo}&column=Done`,
        stats: `/api/projects/${demo}/column-stats/`,
      };
      const before = {
        lead: await call(urls.lead),
        tis: await call(urls.tis),
        issues: await call(urls.issues),
        stats: await call(urls.stats),
      };
      // An item in progress is finished an hour ago, as a webhook would report it.
      const moved = data.items.find((i) => i.column === 'In Review');
      if (!moved) throw new Error('no item in review on the demo board');
      const at = NOW - 3_600_000;
      const move = { itemId: moved.id, from: 'In Review', to: 'Done', at };
      expect(await recordReportedMove(ctx.db, boardId, { ...move, source: 'webhook' }, NOW)).toBe(true);
      const after: EngineData = {
        transitions: [...data.transitions, move],
        items: data.items.map((i) => (i.id === moved.id ? { ...i, column: 'Done', enteredColumnAt: at } : i)),
      };
      const now = {
        lead: await call(urls.lead),
        tis: await call(urls.tis),
        issues: await call(urls.issues),
        stats: await call(urls.stats),
      };
      expect(now.lead).toEqual(expectedLeadTime(after, 7, DEMO_CYCLE_START, NOW));
      expect(now.tis).toEqual(expectedTimeInState(after, 7, NOW));
      expect(now.issues).toEqual(expectedIssues(after, 'Done', NOW));
      expect(now.stats).toEqual(expectedColumnStats(after, NOW));
      expect(now.lead).not.toEqual(before.lead);
      expect(now.tis).not.toEqual(before.tis);
      expect(now.issues.issues.length).toBe(before.issues.issues.length + 1);
      expect(now.stats.column_stats.Done.count).toBe(before.stats.column_stats.Done.count + 1);

      // A move written straight to the tables shows once the board's data version is bumped, the item
      // carrying a value of the board's item counter as every writer's does (boards/repository takeItemSeq).
      const second = data.items.find((i) => i.column === 'Ready');
      if (!second) throw new Error('no ready item on the demo board');
      const at2 = NOW - 1_800_000;
      await ctx.db
        .insertInto('transitions')
        .values({
          board_id: boardId,
          item_id: second.id,
          from_column: 'Ready',
          to_column: 'In Progress',
          at: at2,
          source: 'poll',
          recorded_at: NOW,
        })
        .execute();
      await ctx.db
        .updateTable('items')
        .set({
          column_name: 'In Progress',
          entered_column_at: at2,
          change_seq: await takeItemSeq(ctx.db, boardId),
        })
        .where('board_id', '=', boardId)
        .where('item_id', '=', second.id)
        .execute();
      const version = await ctx.db
        .selectFrom('boards')
        .select('data_version')
        .where('id', '=', boardId)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('boards')
        .set({ data_version: Number(version.data_version) + 1 })
        .where('id', '=', boardId)
        .execute();
      const third: EngineData = {
        transitions: [...after.transitions, { itemId: second.id, from: 'Ready', to: 'In Progress', at: at2 }],
        items: after.items.map((i) =>
          i.id === second.id ? { ...i, column: 'In Progress', enteredColumnAt: at2 } : i,
        ),
      };
      expect(await call(urls.stats)).toEqual(expectedColumnStats(third, NOW));
      expect(await call(urls.tis)).toEqual(expectedTimeInState(third, 7, NOW));
    }));

  it('drops an item that left the board from the issues and column stats, as the engine does', () =>
    withOwnDemo(async ({ ctx, boardId, call }) => {
      const leaving = data.items.find((i) => i.column === 'Backlog');
      if (!leaving) throw new Error('no backlog item on the demo board');
      const at = NOW - 600_000;
      const move = { itemId: leaving.id, from: 'Backlog', to: null, at };
      expect(await recordReportedMove(ctx.db, boardId, { ...move, source: 'webhook' }, NOW)).toBe(true);
      const left: EngineData = {
        transitions: [...data.transitions, move],
        items: data.items.filter((i) => i.id !== leaving.id),
      };
      const backlog = await call(`/api/issues/?project=${demo}&column=Backlog`);
      expect(backlog).toEqual(expectedIssues(left, 'Backlog', NOW));
      expect(backlog.issues.map((i: { id: string }) => i.id)).not.toContain(leaving.id);
      expect(await call(`/api/projects/${demo}/column-stats/`)).toEqual(expectedColumnStats(left, NOW));
      expect(await call(`/api/timeinstate/?project=${demo}&days=7`)).toEqual(
        expectedTimeInState(left, 7, NOW),
      );
      expect(await call(`/api/leadtime/?project=${demo}&days=7`)).toEqual(
        expectedLeadTime(left, 7, DEMO_CYCLE_START, NOW),
      );
    }));

  it('answers for the new day once the clock moves on (results expire, ages grow)', () =>
    withOwnDemo(async ({ call, clock }) => {
      const stats = `/api/projects/${demo}/column-stats/`;
      const backlog = `/api/issues/?project=${demo}&column=Backlog`;
      expect(await call(stats)).toEqual(expectedColumnStats(data, NOW));
      expect(await call(backlog)).toEqual(expectedIssues(data, 'Backlog', NOW));
      clock.set(NOW + 2 * DAY);
      expect(await call(stats)).toEqual(expectedColumnStats(data, NOW + 2 * DAY));
      expect(await call(backlog)).toEqual(expectedIssues(data, 'Backlog', NOW + 2 * DAY));
    }));

  it('treats a cycle-start column removed from the board since it was chosen as unset, not as an error', async () => {
    const { user, auth: own } = await signedInUser(ctx);
    const id = 'PVT_lost_column';
    await insertTestBoard(ctx.db, {
      id: 'lost-column',
      githubProjectId: id,
      addedAt: NOW,
      trackedBy: { userId: user.id, iterationLengthDays: 7 },
    });
    await ctx.db
      .updateTable('tracked_projects')
      .set({ cycle_time_start_column: 'QA' }) // the board's columns: Todo, Doing, Done
      .where('board_id', '=', 'lost-column')
      .execute();
    const project = await app.inject({ url: `/api/projects/${id}/`, headers: own });
    expect(project.json()).toMatchObject({ cycle_time_start_column: null });
    const lead = await app.inject({ url: `/api/leadtime/?project=${id}&days=7`, headers: own });
    expect(lead.statusCode, lead.body).toBe(200);
    const flow = await app.inject({ url: `/api/flow/?project=${id}`, headers: own });
    expect(flow.statusCode, flow.body).toBe(200);
    // Asked for by name, an unknown column is still refused.
    const asked = await app.inject({
      url: `/api/leadtime/?project=${id}&days=7&cycle_time=QA`,
      headers: own,
    });
    expect(asked.statusCode).toBe(400);
  });

  it('answers a board with no recorded moves yet with the fallback insight, not an error', async () => {
    const { user, auth: own } = await signedInUser(ctx);
    const id = 'PVT_empty_board';
    await insertTestBoard(ctx.db, {
      id: 'empty-board',
      githubProjectId: id,
      title: 'Just added',
      addedAt: NOW,
      trackedBy: { userId: user.id, iterationLengthDays: 14 },
    });
    const get = async (url: string) => {
      const response = await app.inject({ url, headers: own });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
      return response.json();
    };
    const lead = await get(`/api/leadtime/?project=${id}&days=14`);
    expect(Object.keys(lead)).toEqual(['metrics']);
    expect(lead.metrics.performance_insight).toEqual(FALLBACK_INSIGHT);
    const tis = await get(`/api/timeinstate/?project=${id}&days=14`);
    expect(Object.keys(tis).sort()).toEqual(['column_classification', 'metrics']);
    expect(tis.metrics.performance_insight).toEqual(FALLBACK_INSIGHT);
    const issues = await get(`/api/issues/?project=${id}&column=Doing`);
    expect(issues.issues).toEqual([]);
    expect(issues.column_stats).toMatchObject({
      avg_days: 0,
      issues_over_1x_iteration: 0,
      thresholds: { '1x_iteration': 14, '2x_iteration': 28 },
      iteration_length_days: 14,
    });
    expect(await get(`/api/projects/${id}/column-stats/`)).toEqual({
      column_stats: Object.fromEntries(
        ['Todo', 'Doing', 'Done'].map((c) => [c, { count: 0, avg_days: 0, over_7_days: 0, over_14_days: 0 }]),
      ),
    });
    // Somebody else's board: 404 on all four.
    for (const url of [
      `/api/leadtime/?project=${id}&days=14`,
      `/api/timeinstate/?project=${id}&days=14`,
      `/api/issues/?project=${id}&column=Doing`,
      `/api/projects/${id}/column-stats/`,
    ]) {
      expect((await app.inject({ url, headers: auth })).statusCode, url).toBe(404);
    }
  });
});
