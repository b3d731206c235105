import { recordChanges } from '../boards/changes.ts';
import {
  type BoardItem,
  buildCalendar,
  buildFlowReport,
  buildIterationReport,
  computeItemTimelines,
  estimateWeights,
  filterBoard,
  itemsInIteration,
  iterationHistory,
  resolveIteration,
  type Transition,
} from '@fluxion/flow';
import {
  DEMO_COLUMNS,
  DEMO_PROJECT_ID,
  generateDemoBoard,
  generateDemoIterations,
} from '@fluxion/demo-board';
import type { IterationReportResponse, Project } from '@fluxion/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { appendIterationChanges } from '../iterations/queries.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

const cases = await dialectCases();
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const demo = encodeURIComponent(DEMO_PROJECT_ID);

/** The demo board and its iterations and estimates, straight from the generators (not from what the server stored). */
function demoInput() {
  const board = generateDemoBoard({ now: NOW });
  const generated = generateDemoIterations(board, { now: NOW });
  const transitions: Transition[] = board.items.flatMap((item) =>
    item.transitions.map((t) => ({ itemId: item.id, from: t.from, to: t.to, at: Date.parse(t.at) })),
  );
  const items: BoardItem[] = board.items.map((item) => {
    const last = item.transitions.at(-1);
    const { id, number, title, url, milestone, labels } = item;
    const column = last?.to ?? null;
    return {
      id,
      number,
      title,
      url,
      milestone,
      labels,
      column,
      enteredColumnAt: last ? Date.parse(last.at) : null,
    };
  });
  return { transitions, items, generated, history: iterationHistory(generated.changes) };
}

const flowOf = (input: Parameters<typeof buildFlowReport>[0]) =>
  JSON.parse(JSON.stringify(buildFlowReport(input)));

describe.each(cases)('iterations and estimates on the demo project ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });
  const { auth, user } = await signedInUser(ctx);
  const get = (url: string) => app.inject({ url, headers: auth });
  const input = demoInput();
  const flowBase = {
    columns: DEMO_COLUMNS,
    cycleStartColumn: 'In Progress',
    now: NOW,
    days: 30,
    horizon: 14,
    targetItems: 10,
  };

  it('answers the iteration report as the engine computes it, in items and in estimate units', async () => {
    const completedAt = new Map(
      computeItemTimelines({ columns: DEMO_COLUMNS, transitions: input.transitions }).map((t) => [
        t.itemId,
        t.completedAt,
      ]),
    );
    for (const unit of ['items', 'estimate'] as const) {
      const response = await get(`/api/iterations/?project=${demo}&unit=${unit}`);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const body = response.json();
      const engine = buildIterationReport({
        iterations: input.generated.iterations,
        history: input.history,
        completedAt,
        unit,
        now: NOW,
        knownSince: Math.min(...input.generated.changes.map((c) => c.at)),
        calendar: buildCalendar(),
      });
      expect(body).toMatchObject({ ...engine, iteration_field: 'Iteration', estimate_field: 'Estimate' });
      expect(body.recent).toHaveLength(6);
      expect(body.current.days.length).toBe(7);
      expect(body.iterations.length).toBe(input.generated.iterations.length);
    }
    const items = (await get(`/api/iterations/?project=${demo}`)).json();
    expect(items.unit).toBe('items');
  });

  it('answers the Flow page in estimate units: each item weighs its latest estimate', async () => {
    const response = await get(`/api/flow/?project=${demo}&unit=estimate`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const body = response.json();
    const estimates = estimateWeights(input.history);
    // What the unit changes (the demo's flow policies, set by the server, are another matter).
    const engine = flowOf({ ...flowBase, ...input, unit: 'estimate', estimates });
    for (const part of ['unit', 'window', 'cfd', 'throughput', 'forecast', 'cycle_time'] as const)
      expect(body[part], part).toEqual(engine[part]);
    const items = (await get(`/api/flow/?project=${demo}`)).json();
    expect(items.unit).toBe('items');
    expect(body.throughput.total).toBeGreaterThan(items.throughput.total);
  });

  it('filters every analysis by iteration: current, previous, or by title', async () => {
    const today = buildCalendar().dayOf(NOW);
    for (const selector of ['current', 'previous', 'Iteration 3']) {
      const iteration = resolveIteration(input.generated.iterations, selector, today);
      expect(iteration, selector).not.toBeNull();
      const ids = itemsInIteration(input.history, iteration?.id as string);
      expect(ids.size, selector).toBeGreaterThan(0);
      const kept = filterBoard(input, { ids }, { doneColumn: 'Done' });
      const response = await get(`/api/flow/?project=${demo}&iteration=${encodeURIComponent(selector)}`);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const body = response.json();
      const engine = flowOf({ ...flowBase, ...kept });
      expect(body.throughput, selector).toEqual(engine.throughput);
      expect(body.cfd, selector).toEqual(engine.cfd);
      expect(body.cycle_time, selector).toEqual(engine.cycle_time);
      expect(body.performance_insight.message).toContain(`(Filter on: iteration "${iteration?.title}".)`);
    }
    const lead = await get(`/api/leadtime/?project=${demo}&days=14&iteration=previous`);
    expect(lead.statusCode, lead.body.slice(0, 300)).toBe(200);
    const issues = await get(`/api/issues/?project=${demo}&column=Done&iteration=current`);
    expect(issues.statusCode).toBe(200);
    const current = itemsInIteration(
      input.history,
      resolveIteration(input.generated.iterations, 'current', today)?.id as string,
    );
    for (const issue of issues.json().issues) expect(current.has(issue.id)).toBe(true);
  });

  it('answers 400 naming the parameter for a bad unit or an unknown iteration', async () => {
    const bad: [string, string][] = [
      [`/api/flow/?project=${demo}&unit=points`, 'unit'],
      [`/api/iterations/?project=${demo}&unit=points`, 'unit'],
      [`/api/flow/?project=${demo}&iteration=Sprint%2099`, 'iteration'],
      [`/api/flow/?project=${demo}&iteration=`, 'iteration'],
      ['/api/iterations/', 'project'],
    ];
    for (const [url, field] of bad) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().field, url).toBe(field);
    }
  });

  it('says a board without an Iteration or estimate field has none, and sees recorded scope changes at once', async () => {
    await insertTestBoard(ctx.db, {
      id: 'plain-board',
      githubProjectId: 'PVT_plain',
      columns: ['Todo', 'Doing', 'Done'],
      addedAt: NOW - 86_400_000,
      trackedBy: { userId: user.id, iterationLengthDays: 7 },
    });
    expect((await get('/api/flow/?project=PVT_plain&unit=estimate')).json().field).toBe('unit');
    expect((await get('/api/flow/?project=PVT_plain&iteration=current')).json().field).toBe('iteration');
    const empty = (await get('/api/iterations/?project=PVT_plain')).json();
    expect(empty).toMatchObject({
      iteration_field: null,
      estimate_field: null,
      iterations: [],
      current: null,
      recent: [],
    });

    const before = (await get(`/api/iterations/?project=${demo}`)).json().current;
    const boardId = (
      await ctx.db.selectFrom('boards').select('id').where('is_demo', '=', 1).executeTakeFirstOrThrow()
    ).id;
    await recordChanges(ctx.db, boardId, (changes) =>
      appendIterationChanges(
        changes,
        [{ itemId: 'PVTI_new', at: NOW - 60_000, iteration: before.id, estimate: 5 }],
        'poll',
      ),
    );
    const after = (await get(`/api/iterations/?project=${demo}`)).json().current;
    expect(after.added).toBe(before.added + 1);
    expect(after.scope).toBe(before.scope + 1);
  });

  it('reads the iteration length from the board’s GitHub Iteration field, the typed one where there is none', async () => {
    const projects = (await get('/api/projects/')).json() as Project[];
    const demoProject = projects.find((p) => p.is_demo);
    // The demo's field has 14-day iterations; the length typed for it (none: the default) is 7.
    expect(demoProject?.iteration_length_days).toBe(14);
    expect(demoProject?.iteration).toMatchObject({
      source: 'github_field',
      field: 'Iteration',
      typed_days: 7,
      current: { running: true },
    });
    const current = resolveIteration(input.generated.iterations, 'current', buildCalendar().dayOf(NOW));
    expect(demoProject?.iteration?.current?.title).toBe(current?.title);
    expect(demoProject?.iteration?.current?.start).toBe(current?.startDate);
    const plain = projects.find((p) => p.project_id === 'PVT_plain');
    expect(plain?.iteration_length_days).toBe(7);
    expect(plain?.iteration).toEqual({ source: 'typed', field: null, current: null, typed_days: 7 });
    // The analyses read it: "Over 1x Iteration" means over 14 days on the demo.
    const issues = (await get(`/api/issues/?project=${demo}&column=In%20Progress`)).json();
    expect(issues.column_stats.iteration_length_days).toBe(14);
    expect(issues.column_stats.thresholds).toEqual({ '1x_iteration': 14, '2x_iteration': 28 });
  });

  it('says of each finished iteration what of its scope at the end was not done', async () => {
    const report = (await get(`/api/iterations/?project=${demo}`)).json() as IterationReportResponse;
    for (const i of report.recent) expect(i.not_done).toBe(i.scope - i.completed);
    expect(report.recent.some((i) => i.not_done > 0)).toBe(true);
  });
});
