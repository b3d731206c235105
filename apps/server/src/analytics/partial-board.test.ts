import type {
  BoardStoryResponse,
  FlowResponse,
  IssuesResponse,
  LeadTimeResponse,
  OverviewResponse,
  TimeInStateResponse,
} from '@fluxion/contract';
import { keptWalks } from '@fluxion/flow';
import { describe, expect, it } from 'vitest';
import { type CollectorWorld, collectorWorldPerTest, DAY, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import { issueAccessToken } from '../auth/access-tokens.ts';

const STAGES = ['Inbox', 'Doing', 'Verify', 'Shipped'];

/** The issue's board: "Stage" columns, nine items moved over 30 days (six to Shipped), all events lost. */
async function partialBoard(world: CollectorWorld) {
  await world.control('/_sim/quirks', { timelineEventLoss: 1 });
  const project = await world.control<{ id: string; statusFieldId: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Partial',
    columns: STAGES,
    statusField: 'Stage',
    at: START - 40 * DAY,
  });
  const paths = [
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing'],
    ['Doing', 'Verify'],
    [],
  ];
  for (const [i, path] of paths.entries()) {
    const created = await world.control<{ itemId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/partial',
      title: `item ${i}`,
      projectId: project.id,
      status: 'Inbox',
      at: START - 30 * DAY + i * DAY,
    });
    for (const [step, column] of path.entries()) {
      await world.control(`/_sim/items/${created.itemId}/move`, {
        status: column,
        at: START - 27 * DAY + i * 2 * DAY + step * 2 * DAY,
      });
    }
  }
  await world.flush();
  const added = await world.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers: world.auth,
    payload: {
      project_id: project.id,
      iteration_length: 7,
      workflow_field_id: project.statusFieldId,
      cycle_time_start: 'Doing',
    },
  });
  expect(added.statusCode).toBe(201);
  await world.collector({ backfill: true }).runOnce();
  return project.id;
}

/** A fresh access token of the signed-in user's session, for calls after the clock moved past its 15 minutes. */
async function freshAuth(world: CollectorWorld) {
  const session = await world.ctx.db
    .selectFrom('auth_sessions')
    .select(['id', 'user_id'])
    .executeTakeFirstOrThrow();
  const access = await issueAccessToken({
    userId: session.user_id,
    sessionId: session.id,
    secret: world.ctx.config.jwtSecret,
    now: world.ctx.now(),
  });
  return { authorization: `Bearer ${access}` };
}

async function get<T>(world: CollectorWorld, url: string, headers = world.auth): Promise<T> {
  const response = await world.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return response.json() as T;
}

describe.each(await dialectCases())('a board whose history GitHub lost, on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it('every page tells the same story: six finished, none with a known start, and why', async () => {
    const id = await partialBoard(world);
    const q = `project=${id}`;
    const flow = await get<FlowResponse>(world, `/api/flow/?${q}&days=30`);
    const overview = await get<OverviewResponse>(world, '/api/overview/?days=30');
    const lead = await get<LeadTimeResponse>(world, `/api/leadtime/?${q}&days=30`);
    const tis = await get<TimeInStateResponse>(world, `/api/timeinstate/?${q}&days=30`);
    const shipped = await get<IssuesResponse>(world, `/api/issues/?${q}&column=Shipped`);
    // The story and the iterations read the history as the others do: from the timeline they keep, with
    // no walk of their own.
    const walks = keptWalks.rows;
    const story = await get<BoardStoryResponse>(world, `/api/story/?${q}`);
    await get(world, `/api/iterations/?${q}`);
    expect(keptWalks.rows - walks).toBe(0);

    // Nothing tells when their work started; when they joined the board, the import reconstructed (basis
    // added_only): their lead times count, their cycle times stay unknown (docs/metrics.md).
    const gaps = { finished: 6, without_cycle_start: 6, without_board_entry: 0 };
    expect(flow.throughput.total).toBe(6);
    expect(shipped.issues).toHaveLength(6);
    expect(flow.history_gaps).toEqual(gaps);
    expect(lead.metrics.history_gaps).toEqual(gaps);
    expect(tis.metrics.history_gaps).toEqual(gaps);
    const card = overview.boards.find((b) => b.project_id === id);
    expect(card).toMatchObject({
      status: 'ok',
      history_gaps: gaps,
      throughput_per_week: flow.throughput.per_week,
    });

    // One bottleneck: the story (the Issues page's default column) and Flow's.
    expect(story.bottleneck).toEqual(flow.bottleneck);
    expect(lead.metrics.lead_time_p50).not.toBeNull();
    // No sentence says nothing finished while the tile counts six; each says why the cycle times are unknown.
    const why = 'GitHub lost the history of all 6 items finished';
    for (const message of [
      flow.performance_insight.message,
      card?.status === 'ok' ? card.insight.message : '',
      tis.metrics.performance_insight.message,
    ]) {
      expect(message).not.toMatch(/No item finished|no completions|Analysis unavailable/);
    }
    expect(flow.performance_insight.message).toContain(why);
    expect(lead.metrics.performance_insight.message).toMatch(/^Average lead time is [\d.]+ days/);
    expect(lead.metrics.performance_insight.message).not.toContain('GitHub lost');
    // Asked without estimates, the partial rule alone holds: no lead time either.
    const leadWithout = await get<LeadTimeResponse>(world, `/api/leadtime/?${q}&days=30&estimated=leave_out`);
    expect(leadWithout.metrics.history_gaps).toEqual({ ...gaps, without_board_entry: 6 });
    expect(leadWithout.metrics.performance_insight.message).toContain(why);
    expect(flow.performance_insight.message).toContain('6 items finished in the last 30 days.');
    // The ages in progress are lower bounds where GitHub lost when their cycle started. The item in Doing
    // entered it when its value was set: with its reconstructed entry on the board (the default) its age is
    // known from then; asked without estimates, it is a lower bound too (docs/metrics.md).
    // The reconstructed one says so (the aging chart draws it hollow); without estimates nothing is marked.
    expect(flow.aging.items.map((a) => [a.column, a.age_at_least, a.estimated])).toEqual([
      ['Doing', undefined, true],
      ['Verify', true, undefined],
    ]);
    const without = await get<FlowResponse>(world, `/api/flow/?${q}&days=30&estimated=leave_out`);
    expect(without.aging.items.map((a) => [a.column, a.age_at_least, a.estimated])).toEqual([
      ['Doing', true, undefined],
      ['Verify', true, undefined],
    ]);
    // The items CSV says the same: the reconstructed item's figures rest on its estimated entry.
    const csv = async (extra: string) => {
      const url = `/api/export/items.csv?${q}${extra}`;
      const response = await world.app.inject({ method: 'GET', url, headers: world.auth });
      expect(response.statusCode).toBe(200);
      const rows = response.body.trimEnd().split('\n').slice(1);
      return rows.filter((row) => row.includes(',Doing,')).map((row) => row.split(',').slice(-2));
    };
    expect(await csv('')).toEqual([['yes', 'added']]);
    expect(await csv('&estimated=leave_out')).toEqual([['', '']]);
  }, 60_000);

  it('an item GitHub hid until now counts once seen, partial, and the history counts follow', async () => {
    const board = await world.createBoard('fluxion-labs', { a: 'Todo' });
    // Finished 10 days ago in a repository the reader cannot see: GitHub lists it as REDACTED.
    const hidden = await world.control<{ itemId: string; contentId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/secret',
      title: 'hidden',
      projectId: board.projectId,
      status: 'Done',
      visibleTo: ['octo-bob'],
      at: START - 10 * DAY,
    });
    await world.flush();
    const row = await world.register(board.projectId);
    await world.collector({ backfill: true }).runOnce();
    const history = async (headers = world.auth) =>
      (await get<{ project_id: string; history?: unknown }[]>(world, '/api/projects/', headers)).find(
        (p) => p.project_id === board.projectId,
      )?.history;
    expect(await history()).toEqual({ imported_items: 1, partial_items: 0, estimated_items: 0 });

    // The repository becomes readable: the next full listing sees the item where GitHub says it has been.
    const content = world.sim.world.contents.get(hidden.contentId);
    if (!content) throw new Error('no such issue in the simulator');
    content.visibleTo = null;
    await world.advance(16 * 60_000);
    await world.collector().runOnce();

    const auth = await freshAuth(world);
    expect(await history(auth)).toEqual({ imported_items: 2, partial_items: 1, estimated_items: 0 });
    const moves = (await world.moves(row.id)).filter((m) => m.item === hidden.itemId);
    expect(moves).toEqual([expect.objectContaining({ to: 'Done', at: START - 10 * DAY })]);
    const flow = await get<FlowResponse>(world, `/api/flow/?project=${board.projectId}&days=30`, auth);
    // Finished ten days ago, not today; and no lead or cycle time of a few minutes invented for it.
    expect(flow.throughput.daily.find((d) => d.count > 0)?.date).toBe('2026-10-22');
    expect(flow.history_gaps).toEqual({ finished: 1, without_cycle_start: 1, without_board_entry: 1 });
    expect(flow.cycle_time.points).toEqual([]);
  }, 60_000);
});
