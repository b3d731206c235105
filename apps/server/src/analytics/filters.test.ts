import {
  type BoardItem,
  buildFlowReport,
  filterBoard,
  type ItemFilter,
  keptItemCount,
  type Transition,
} from '@fluxion/flow';
import { DEMO_COLUMNS, DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { countedWork, demoEngineItems, demoEngineStory } from '../testing/demo-story.ts';

const cases = await dialectCases();
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const demo = encodeURIComponent(DEMO_PROJECT_ID);

/** The engine's input from the generator, not from the server's loader. */
function engineInput(): { transitions: Transition[]; items: BoardItem[] } {
  return demoEngineItems(NOW);
}

function expectedFlow(filter: ItemFilter) {
  const leaves = countedWork(engineInput());
  const input = filterBoard(leaves, filter, { doneColumn: DEMO_COLUMNS.at(-1) ?? null });
  const report = buildFlowReport({
    columns: DEMO_COLUMNS,
    cycleStartColumn: 'In Progress',
    ...input,
    now: NOW,
    days: 30,
    horizon: 14,
    targetItems: 10,
    ...demoEngineStory(NOW),
    // The bottleneck's window: the demo's GitHub Iteration field has 14-day iterations.
    storyDays: 14,
  });
  return JSON.parse(JSON.stringify(report));
}

type ColumnStats = Record<string, { count: number }>;
const total = (stats: ColumnStats) => Object.values(stats).reduce((sum, s) => sum + s.count, 0);

describe.each(cases)('item filters on every analysis ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInUser(ctx);
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: auth });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };

  it('computes the Flow figures on the filtered items only, as the engine does, and says so', async () => {
    const body = await get(`/api/flow/?project=${demo}&label=bug&label=ux`);
    const { performance_insight: insight, ...figures } = expectedFlow({ labels: ['bug', 'ux'] });
    expect(body).toMatchObject(figures);
    expect(body.performance_insight.message).toBe(`${insight.message} (Filter on: label "bug" or "ux".)`);
    const all = await get(`/api/flow/?project=${demo}`);
    expect(body.throughput.total).toBeLessThan(all.throughput.total);
    const without = await get(`/api/flow/?project=${demo}&not_label=bug&not_label=ux`);
    expect(body.throughput.total + without.throughput.total).toBe(all.throughput.total);
    expect(body.aging.items.length + without.aging.items.length).toBe(all.aging.items.length);
    expect(all.performance_insight.message).not.toContain('Filter on');
  });

  it('counts the items a filter keeps in every answer it filters: 0 when none matches, absent without a filter', async () => {
    const kept = async (query: string) => [
      (await get(`/api/flow/?project=${demo}${query}`)).kept_items,
      (await get(`/api/leadtime/?project=${demo}&days=30${query}`)).metrics.kept_items,
      (await get(`/api/timeinstate/?project=${demo}&days=30${query}`)).metrics.kept_items,
    ];
    expect(await kept('&label=no-item-has-this')).toEqual([0, 0, 0]);
    const bugs = keptItemCount(
      filterBoard(
        countedWork(engineInput()),
        { labels: ['bug'] },
        { doneColumn: DEMO_COLUMNS.at(-1) ?? null },
      ),
    );
    expect(bugs).toBeGreaterThan(0);
    expect(await kept('&label=bug')).toEqual([bugs, bugs, bugs]);
    expect(await kept('')).toEqual([undefined, undefined, undefined]);
  });

  it("names the date range in the board's own days", async () => {
    const setCalendar = (calendar: string | null) =>
      ctx.db
        .updateTable('boards')
        .set({ calendar, data_version: (eb) => eb('data_version', '+', 1) })
        .where('github_project_id', '=', DEMO_PROJECT_ID)
        .execute();
    await setCalendar(JSON.stringify({ time_zone: 'America/New_York', weekends: [], holidays: [] }));
    try {
      const range = 'from=2026-10-07&to=2026-10-10';
      const notes = [
        (await get(`/api/flow/?project=${demo}&${range}`)).performance_insight.message,
        (await get(`/api/leadtime/?project=${demo}&days=30&${range}`)).metrics.performance_insight.message,
      ];
      for (const note of notes) expect(note).toContain('(Filter on: from 2026-10-07 to 2026-10-10.)');
    } finally {
      await setCalendar(null);
    }
  });

  it('filters lead time, time in state, issues and column stats, each part adding up to the whole', async () => {
    const filters = ['label=bug', 'milestone=v1.0', 'type=issue', 'from=2026-10-01&to=2026-10-15'];
    for (const filter of filters) {
      const lead = await get(`/api/leadtime/?project=${demo}&days=30&${filter}`);
      expect(lead.metrics.performance_insight.message, filter).toContain('(Filter on: ');
      const tis = await get(`/api/timeinstate/?project=${demo}&days=30&${filter}`);
      expect(tis.metrics.performance_insight.message, filter).toContain('(Filter on: ');
      const issues = await get(`/api/issues/?project=${demo}&column=In%20Progress&${filter}`);
      expect(issues.column_stats.performance_insight.message, filter).toContain('(Filter on: ');
    }
    const stats = async (query: string) =>
      (await get(`/api/projects/${demo}/column-stats/?${query}`)).column_stats as ColumnStats;
    const all = await stats('');
    const bugs = await stats('label=bug');
    const others = await stats('not_label=bug');
    for (const column of DEMO_COLUMNS) {
      expect((bugs[column]?.count ?? 0) + (others[column]?.count ?? 0), column).toBe(all[column]?.count);
    }
    expect(total(bugs)).toBeLessThan(total(all));
    // The demo's items are all issues: no pull request, no draft.
    expect(total(await stats('type=pull_request&type=draft'))).toBe(0);
    expect(total(await stats('type=issue'))).toBe(total(all));
  });

  it('caches each filter apart, and answers the unfiltered figures as before', async () => {
    const bugs = await get(`/api/issues/?project=${demo}&column=In%20Progress&label=bug`);
    const all = await get(`/api/issues/?project=${demo}&column=In%20Progress`);
    expect(
      bugs.issues.every((i: { labels: { name: string }[] | string[] }) =>
        JSON.stringify(i.labels).includes('bug'),
      ),
    ).toBe(true);
    expect(all.issues.length).toBeGreaterThan(bugs.issues.length);
    expect(all.column_stats.performance_insight.message).not.toContain('Filter on');
  });

  it('answers 400 naming the parameter for a bad filter', async () => {
    const bad: [string, string][] = [
      ['type=epic', 'type'],
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-10-02&to=2026-10-01', 'from'],
      ['label=', 'label'],
    ];
    for (const [query, field] of bad) {
      for (const path of [`/api/flow/?project=${demo}&`, `/api/projects/${demo}/column-stats/?`]) {
        const response = await app.inject({ url: `${path}${query}`, headers: auth });
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(response.json().field, `${path}${query}`).toBe(field);
      }
    }
  });
});
