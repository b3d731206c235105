import type {
  BoardColumnStatsResponse,
  FlowResponse,
  IssuesResponse,
  ItemHistoryResponse,
  LeadTimeResponse,
  OverviewResponse,
  Project,
  TimeInStateResponse,
} from '@fluxion/contract';
import { digestForUser } from '../notifications/compose.ts';
import { DIGEST_WEEKS } from '../notifications/digest.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CollectorWorld, collectorWorldPerTest, DAY, HOUR, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';

/**
 * One set of numbers (docs/metrics.md §16): over random boards — full histories and histories GitHub
 * partly or wholly lost, working calendars, filters, estimates — every figure that two answers show is
 * the same, and no insight contradicts a tile. Few runs of small boards: a few seconds per dialect.
 */

const COLUMNS = ['Todo', 'Doing', 'Review', 'Done'];
const WINDOW = 30;

type ItemSpec = { startDay: number; path: number[]; bug: boolean; points: number | null };
type BoardSpec = {
  loss: 0 | 0.7 | 1;
  field: 'Status' | 'Stage';
  weekends: number[];
  timeZone: string;
  filtered: boolean;
  estimate: boolean;
  items: ItemSpec[];
};

const itemSpec = fc.record({
  startDay: fc.integer({ min: 1, max: 45 }),
  // Column indices visited after Todo: forward runs, a move back, or none.
  path: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
  bug: fc.boolean(),
  points: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
});
const boardSpec: fc.Arbitrary<BoardSpec> = fc.record({
  loss: fc.constantFrom(0 as const, 0.7 as const, 1 as const),
  field: fc.constantFrom('Status' as const, 'Stage' as const),
  weekends: fc.constantFrom([], [0, 6]),
  timeZone: fc.constantFrom('UTC', 'Pacific/Auckland'),
  filtered: fc.boolean(),
  estimate: fc.boolean(),
  items: fc.array(itemSpec, { minLength: 2, maxLength: 5 }),
});

let boards = 0;

/** The board on the simulator, added and imported as a user adds it. */
async function addBoard(world: CollectorWorld, spec: BoardSpec): Promise<string> {
  boards += 1;
  await world.control('/_sim/quirks', { timelineEventLoss: spec.loss });
  const project = await world.control<{ id: string; statusFieldId: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: `Random ${boards}`,
    columns: COLUMNS,
    statusField: spec.field,
    numberFields: ['Points'],
    at: START - 60 * DAY,
  });
  for (const [i, item] of spec.items.entries()) {
    const createdAt = START - item.startDay * DAY + i * HOUR;
    const created = await world.control<{ itemId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/random',
      title: `item ${i}`,
      projectId: project.id,
      status: 'Todo',
      labels: item.bug ? ['bug'] : [],
      ...(item.points === null ? {} : { fields: { Points: item.points } }),
      at: createdAt,
    });
    // Each move a day and a bit after the one before, never after now.
    for (const [step, column] of item.path.entries()) {
      const at = createdAt + (step + 1) * (DAY + 3 * HOUR);
      if (at >= START) break;
      await world.control(`/_sim/items/${created.itemId}/move`, { status: COLUMNS[column], at });
    }
  }
  await world.flush();
  const fields = await get<{ number_fields: { id: string }[] }>(
    world,
    `/api/github-project-fields/?project_id=${project.id}`,
  );
  const added = await world.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers: world.auth,
    payload: {
      project_id: project.id,
      iteration_length: 7,
      workflow_field_id: project.statusFieldId,
      cycle_time_start: 'Doing',
      calendar: { time_zone: spec.timeZone, weekends: spec.weekends, holidays: [] },
      ...(spec.estimate ? { estimate_field_id: fields.number_fields[0]?.id } : {}),
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  await world.collector({ backfill: true }).runOnce();
  return project.id;
}

async function get<T>(world: CollectorWorld, url: string): Promise<T> {
  const response = await world.app.inject({ method: 'GET', url, headers: world.auth });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

/** What a sentence must not say beside a tile that counts `finished` items. */
function expectNoContradiction(message: string, flow: FlowResponse) {
  const finished = flow.throughput.total;
  if (finished > 0) {
    expect(message).not.toMatch(/No item finished|Analysis unavailable/);
    const said = /(\d+) items? finished in the last (\d+) days/.exec(message);
    if (said) expect([Number(said[1]), Number(said[2])]).toEqual([finished, flow.window.days]);
  }
  if (flow.cycle_time.percentiles.p85 === null)
    expect(message).not.toMatch(/85% of (past cycle times|items)/);
}

async function checkBoard(world: CollectorWorld, spec: BoardSpec) {
  const id = await addBoard(world, spec);
  const filter = spec.filtered ? '&label=bug' : '';
  const q = `project=${id}${filter}`;
  const flow = await get<FlowResponse>(world, `/api/flow/?${q}&days=${WINDOW}`);
  const lead = await get<LeadTimeResponse>(world, `/api/leadtime/?${q}&days=${WINDOW}`);
  const tis = await get<TimeInStateResponse>(world, `/api/timeinstate/?${q}&days=${WINDOW}`);
  const stats = await get<BoardColumnStatsResponse>(
    world,
    `/api/projects/${id}/column-stats/?${filter.slice(1)}`,
  );
  const done = await get<IssuesResponse>(world, `/api/issues/?${q}&column=Done`);

  // One count of the window's finished items and of those whose start GitHub lost.
  const gaps = flow.history_gaps;
  expect(gaps).toBeDefined();
  expect(lead.metrics.history_gaps).toEqual(gaps);
  expect(tis.metrics.history_gaps).toEqual(gaps);
  expect(flow.throughput.total).toBe(gaps?.finished);
  // The scatter holds every finished item whose cycle start is known, and only those.
  expect(flow.cycle_time.points).toHaveLength((gaps?.finished ?? 0) - (gaps?.without_cycle_start ?? 0));
  if (spec.loss === 0 && spec.field === 'Status') expect(gaps?.without_board_entry).toBe(0);
  // Issues in a column and the column's count.
  expect(done.issues).toHaveLength(stats.column_stats.Done?.count ?? 0);

  if (spec.estimate) {
    const byEstimate = await get<FlowResponse>(world, `/api/flow/?${q}&days=${WINDOW}&unit=estimate`);
    expect(byEstimate.history_gaps).toEqual(gaps);
    expect(byEstimate.cycle_time).toEqual(flow.cycle_time);
    expect(byEstimate.aging).toEqual(flow.aging);
  }

  for (const message of [
    flow.performance_insight.message,
    lead.metrics.performance_insight.message,
    tis.metrics.performance_insight.message,
  ]) {
    expectNoContradiction(message, flow);
  }

  // The WIP-at-risk tile counts on the insight's and the at-risk list's line: the SLE where there is one.
  if (flow.sle) expect(flow.aging).toMatchObject({ at_risk: flow.sle.at_risk.length, at_risk_line: 'sle' });
  else expect(flow.aging.at_risk_line).toBe('p85');

  // The item page tells each item in progress's age as Flow's aging chart does ("at least" included).
  for (const aging of flow.aging.items) {
    const item = await get<ItemHistoryResponse>(world, `/api/item/?project=${id}&item=${aging.id}`);
    expect([item.age_days, item.age_is_minimum], aging.id).toEqual([
      aging.age_days,
      aging.age_at_least ?? false,
    ]);
  }

  // Home's card, the digest and the CSV export are the unfiltered answers' figures.
  if (!spec.filtered) {
    await checkUnfiltered(world, id, flow);
  }
}

/** Home's card, the digest and the CSV export against the Flow answers of their windows. */
async function checkUnfiltered(world: CollectorWorld, id: string, flow: FlowResponse) {
  const gaps = flow.history_gaps;
  const overview = await get<OverviewResponse>(world, `/api/overview/?days=${WINDOW}`);
  const card = overview.boards.find((b) => b.project_id === id);
  if (card?.status === 'ok') {
    expect(card).toMatchObject({
      throughput_per_week: flow.throughput.per_week,
      cycle_time_p85: flow.cycle_time.percentiles.p85,
      wip: flow.aging.items.length,
      wip_at_risk: flow.aging.at_risk,
      insight: flow.performance_insight,
      history_gaps: gaps,
    });
    expect(card.sle_at_risk_count ?? 0).toBe(card.sle ? card.wip_at_risk : 0);
  } else {
    expect(card?.status).toBe('no_data');
    expect([flow.throughput.total, flow.aging.items.length]).toEqual([0, 0]);
  }

  // The digest: the Flow answer over its own window (DIGEST_WEEKS weeks, which its lines name).
  const flow28 = await get<FlowResponse>(world, `/api/flow/?project=${id}&days=${DIGEST_WEEKS * 7}`);
  const board = await world.ctx.db
    .selectFrom('boards')
    .selectAll()
    .where('github_project_id', '=', id)
    .executeTakeFirstOrThrow();
  const user = await world.ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'octo-alice')
    .executeTakeFirstOrThrow();
  const api = { ...world.ctx, analytics: world.app.analytics };
  const digest = await digestForUser(api, user.id, board, '2026-11-23');
  expect(digest).toMatchObject({
    wip: flow28.aging.items.length,
    atRisk: flow28.aging.at_risk,
    windowDays: DIGEST_WEEKS * 7,
    historyGaps: flow28.history_gaps,
    completed: { thisWeek: flow28.throughput.weekly.at(-1)?.count ?? 0 },
  });
  expect(digest?.sle?.breached.length ?? 0).toBe(
    flow28.aging.items.filter((i) => i.sle_risk === 'breached').length,
  );

  // The CSV names each item whose history GitHub partly lost, as many as the board's history counts.
  const projects = await get<Project[]>(world, '/api/projects/');
  const partial = projects.find((p) => p.project_id === id)?.history?.partial_items ?? 0;
  const csv = await world.app.inject({ url: `/api/export/items.csv?project=${id}`, headers: world.auth });
  // "History known from" is the third cell from the end (the estimates follow it); none of the three holds a comma.
  const rows = csv.body.trimEnd().split('\n').slice(1);
  const knownFrom = rows.map((row) => row.trimEnd().split(',').at(-3) ?? '');
  expect(knownFrom.filter((cell) => cell !== '')).toHaveLength(partial);
}

describe.each(await dialectCases())('one set of numbers on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it('every figure two answers show is equal, and no sentence contradicts a tile (property)', async () => {
    await fc.assert(
      fc.asyncProperty(boardSpec, (spec) => checkBoard(world, spec)),
      {
        numRuns: Number(process.env.FC_RUNS ?? 4),
        seed: Number(process.env.FC_SEED ?? 31),
        endOnFailure: true,
      },
    );
  }, 120_000);
});
