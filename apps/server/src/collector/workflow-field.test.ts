import { type FlowResponse, type Project, projectFieldsSchema, projectSchema } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import {
  type CollectorWorld,
  collectorWorldPerTest,
  DAY,
  HOUR,
  MINUTE,
  START,
} from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';

const STAGES = ['Idea', 'Build', 'Review', 'Shipped'];

/** A board whose workflow field is "Stage" (no field is named Status), with a Priority field beside it. */
async function stageBoard(world: CollectorWorld, items: Record<string, string>) {
  const project = await world.control<{ id: string; statusFieldId: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Staged',
    columns: STAGES,
    statusField: 'Stage',
    singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
    at: START - 7 * DAY,
  });
  const ids: Record<string, string> = {};
  for (const [name, stage] of Object.entries(items)) {
    const created = await world.control<{ itemId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/staged',
      title: name,
      projectId: project.id,
      status: stage,
      at: START - 2 * DAY,
    });
    ids[name] = created.itemId;
  }
  await world.flush();
  return { projectId: project.id, stageFieldId: project.statusFieldId, items: ids };
}

async function api<T>(world: CollectorWorld, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await world.app.inject({
    method,
    url,
    headers: world.auth,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as T };
}

const itemsOf = (world: CollectorWorld, boardId: string) =>
  world.ctx.db
    .selectFrom('items')
    .select(['item_id', 'column_name', 'history_partial_before'])
    .where('board_id', '=', boardId)
    .execute();

describe.each(await dialectCases())('the workflow field on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it('a board grouped by "Stage" is added with its field, polled, and moved by webhook', async () => {
    const board = await stageBoard(world, { a: 'Idea', b: 'Build' });
    const fields = await api(world, 'GET', `/api/github-project-fields/?project_id=${board.projectId}`);
    expect(projectFieldsSchema.parse(fields.body)).toMatchObject({
      fields: [
        { id: board.stageFieldId, name: 'Stage', columns: STAGES },
        { id: expect.any(String), name: 'Priority', columns: ['High', 'Low'] },
      ],
      default_field_id: board.stageFieldId,
    });
    const columns = await api(world, 'GET', `/api/github-project-columns/?project_id=${board.projectId}`);
    expect(columns.body).toEqual(STAGES);

    const added = await api<Project>(world, 'POST', '/api/projects/', {
      project_id: board.projectId,
      iteration_length: 7,
      workflow_field_id: board.stageFieldId,
    });
    expect(added.status).toBe(201);
    expect(projectSchema.parse(added.body)).toMatchObject({
      column_list: STAGES,
      workflow_field: { id: board.stageFieldId, name: 'Stage' },
    });
    const boardId = (await world.ctx.db.selectFrom('boards').select('id').executeTakeFirstOrThrow()).id;

    await world.collector().runOnce();
    expect((await itemsOf(world, boardId)).map((i) => i.column_name).sort()).toEqual(['Build', 'Idea']);

    await world.advance(5 * MINUTE);
    await world.move(board.items.a ?? '', 'Review');
    await world.flush();
    const moves = await world.moves(boardId);
    expect(moves.at(-1)).toMatchObject({
      item: board.items.a,
      from: 'Idea',
      to: 'Review',
      source: 'webhook',
    });

    // A poll sees the same board: nothing more to record.
    await world.advance(15 * MINUTE);
    await world.collector().runOnce();
    expect(await world.moves(boardId)).toEqual(moves);
  });

  it('a workflow field renamed on GitHub between full listings: no item reads as leaving its column', async () => {
    const board = await stageBoard(world, { a: 'Idea', b: 'Build' });
    const added = await api<Project>(world, 'POST', '/api/projects/', {
      project_id: board.projectId,
      iteration_length: 7,
      workflow_field_id: board.stageFieldId,
    });
    expect(added.status).toBe(201);
    const boardId = (await world.ctx.db.selectFrom('boards').select('id').executeTakeFirstOrThrow()).id;
    await world.collector().runOnce();
    const before = await world.moves(boardId);

    // Renamed on GitHub; the next move's webhook is lost, so the minute's incremental poll must find it.
    const stage = world.sim.world.projects.get(board.projectId)?.statusField;
    if (!stage) throw new Error('the simulator has no Stage field');
    stage.name = 'Phase';
    await world.control('/_sim/faults', { type: 'drop-webhooks', count: 1 });
    await world.advance(5 * MINUTE);
    await world.move(board.items.a ?? '', 'Review');
    await world.flush();
    await world.advance(MINUTE);
    await world.collector().runOnce();

    const moves = await world.moves(boardId);
    expect(moves.slice(before.length)).toEqual([
      expect.objectContaining({ item: board.items.a, from: 'Idea', to: 'Review' }),
    ]);
    expect((await itemsOf(world, boardId)).map((i) => i.column_name).sort()).toEqual(['Build', 'Review']);
    const row = await world.ctx.db
      .selectFrom('boards')
      .select(['workflow_field_id', 'workflow_field_name'])
      .where('id', '=', boardId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ workflow_field_id: board.stageFieldId, workflow_field_name: 'Phase' });
  });

  it('refuses a field that is not a single-select field of the board, naming it', async () => {
    const board = await stageBoard(world, { a: 'Idea' });
    const refused = await api<{ error: string }>(world, 'POST', '/api/projects/', {
      project_id: board.projectId,
      iteration_length: 7,
      workflow_field_id: 'PVTSSF_nope',
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('workflow_field_id');
  });

  it('a renamed option keeps its history: a webhook naming it by its old name is matched by its id', async () => {
    const board = await stageBoard(world, { a: 'Idea', b: 'Build' });
    await api(world, 'POST', '/api/projects/', { project_id: board.projectId, iteration_length: 7 });
    const boardId = (await world.ctx.db.selectFrom('boards').select('id').executeTakeFirstOrThrow()).id;
    await world.collector().runOnce();
    const project = world.sim.world.projects.get(board.projectId);
    const build = project?.statusField.options.find((o) => o.name === 'Build');
    if (!build) throw new Error('no Build option');
    build.name = 'Building';
    await world.advance(5 * MINUTE);
    await world.move(board.items.b ?? '', 'Review');
    await world.flush();
    expect((await world.moves(boardId)).at(-1)).toMatchObject({
      from: 'Build',
      to: 'Review',
      source: 'webhook',
    });

    // Boards whose changes arrive by webhook are listed in full hourly.
    await world.advance(HOUR);
    await world.collector().runOnce();
    const row = await world.board(boardId);
    expect(JSON.parse(row.column_list)).toEqual(['Idea', 'Building', 'Review', 'Shipped']);
    const moves = await world.moves(boardId);
    expect(moves.some((m) => m.from === 'Build' || m.to === 'Build')).toBe(false);
    expect(moves.at(-1)).toMatchObject({ from: 'Building', to: 'Review' });
  });

  it('changing the field deletes the history recorded under the old one and reads the board again', async () => {
    const board = await stageBoard(world, { a: 'Idea' });
    const added = await api<Project>(world, 'POST', '/api/projects/', {
      project_id: board.projectId,
      iteration_length: 7,
      cycle_time_start: 'Build',
    });
    const boardId = (await world.ctx.db.selectFrom('boards').select('id').executeTakeFirstOrThrow()).id;
    await world.collector().runOnce();
    expect((await world.moves(boardId)).length).toBe(1);
    const fields = await api<{ fields: { id: string; name: string }[] }>(
      world,
      'GET',
      `/api/github-project-fields/?project_id=${board.projectId}`,
    );
    const priority = fields.body.fields.find((f) => f.name === 'Priority')?.id ?? '';
    await world.advance(10 * MINUTE);
    const changed = await api<Project>(world, 'POST', `/api/projects/${board.projectId}/workflow-field/`, {
      field_id: priority,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      column_list: ['High', 'Low'],
      workflow_field: { id: priority, name: 'Priority' },
      cycle_time_start_column: null,
      recording_since: new Date(START + 10 * MINUTE).toISOString(),
      history_import: 'pending',
    });
    expect(added.body.recording_since).toBe(new Date(START).toISOString());
    expect(await world.moves(boardId)).toEqual([]);
    expect(await itemsOf(world, boardId)).toEqual([]);
    const row = await world.board(boardId);
    expect(row.next_sync_at).toBe(START + 10 * MINUTE);
  });
});

/** The true moves of one scripted item, as the simulator made them. */
type TrueMove = { to: string; at: number };

/**
 * Ten items, each moved through the board before it is added; GitHub loses `loss` of the timeline events.
 * Answers each item's true moves.
 */
async function movedBoard(world: CollectorWorld, loss: number) {
  await world.control('/_sim/quirks', { timelineEventLoss: loss });
  const board = await world.createBoard('fluxion-labs', {});
  const truth = new Map<string, TrueMove[]>();
  const path = ['Todo', 'In Progress', 'In Review', 'Done'];
  for (let i = 0; i < 10; i++) {
    const addedAt = START - 5 * DAY + i * HOUR;
    const created = await world.control<{ itemId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/scripted',
      title: `item ${i}`,
      projectId: board.projectId,
      status: 'Todo',
      at: addedAt,
    });
    const moves: TrueMove[] = [{ to: 'Todo', at: addedAt }];
    for (const [step, column] of path.slice(1, 1 + (i % 4)).entries()) {
      const at = addedAt + (step + 1) * DAY;
      await world.control(`/_sim/items/${created.itemId}/move`, { status: column, at });
      moves.push({ to: column, at });
    }
    truth.set(created.itemId, moves);
  }
  await world.flush();
  return { projectId: board.projectId, truth };
}

describe.each(await dialectCases())('history import with lost timeline events on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it.each([0, 0.7, 1])(
    'loss %s: no invented move, every gap marked, the counts as the page shows them',
    async (loss) => {
      const { projectId, truth } = await movedBoard(world, loss);
      const row = await world.register(projectId);
      await world.collector({ backfill: true }).runOnce();

      const moves = await world.moves(row.id);
      const items = await itemsOf(world, row.id);
      let partial = 0;
      for (const item of items) {
        const real = truth.get(item.item_id) ?? [];
        const imported = moves.filter((m) => m.item === item.item_id && m.source === 'backfill');
        // No invented move: each imported move is a real one, at its real time.
        for (const m of imported) expect(real, item.item_id).toContainEqual({ to: m.to, at: m.at });
        const complete = real.every((r) => imported.some((m) => m.to === r.to && m.at === r.at));
        const last = real.at(-1) as TrueMove;
        // Every gap marked: an item missing any real move is partial before its known entry, the last one.
        expect(
          item.history_partial_before === null ? null : Number(item.history_partial_before),
          item.item_id,
        ).toBe(complete ? null : last.at);
        if (!complete) partial += 1;
        expect(imported.at(-1)).toMatchObject({ to: last.to, at: last.at });
      }
      if (loss === 0) expect(partial).toBe(0);
      // Items that moved after they were added lose every event; those that never moved stay complete.
      if (loss === 1)
        expect(partial).toBe(items.filter((i) => (truth.get(i.item_id)?.length ?? 0) > 1).length);
      if (loss === 0.7) expect(partial).toBeGreaterThan(0);

      // The rule of docs/metrics.md §16: completions counted, cycle times only from a known start, WIP counted.
      const flow = await api<FlowResponse>(world, 'GET', `/api/flow/?project=${projectId}&days=7`);
      const partialIds = new Set(
        items.filter((i) => i.history_partial_before !== null).map((i) => i.item_id),
      );
      const done = items.filter((i) => i.column_name === 'Done').map((i) => i.item_id);
      expect(flow.body.throughput.total).toBe(done.length);
      expect(flow.body.cycle_time.points.map((p) => p.id).sort()).toEqual(
        done.filter((id) => !partialIds.has(id)).sort(),
      );
      const inProgress = items.filter(
        (i) => i.column_name === 'In Progress' || i.column_name === 'In Review',
      );
      expect(flow.body.aging.items.map((a) => a.id).sort()).toEqual(inProgress.map((i) => i.item_id).sort());

      const listed = await api<Project[]>(world, 'GET', '/api/projects/');
      const shown = listed.body.find((p) => p.project_id === projectId);
      // The partial items reconstructed (docs/metrics.md, "Reconstructed histories"): each estimated step
      // before the item's known entry, none for a complete item.
      const estimated = moves.filter((m) => m.source === 'estimated');
      for (const m of estimated) {
        const before = items.find((i) => i.item_id === m.item)?.history_partial_before;
        expect(before, m.item).not.toBeNull();
        expect(m.at).toBeLessThan(Number(before));
      }
      // Reconstructed with a start; an item of which only the joining was (added_only) counts as unknown.
      const joinedOnly = await world.ctx.db
        .selectFrom('transitions')
        .select('item_id')
        .where('board_id', '=', row.id)
        .where('basis', '=', 'added_only')
        .execute();
      const only = new Set(joinedOnly.map((m) => m.item_id));
      const estimatedItems = new Set(estimated.map((m) => m.item).filter((id) => !only.has(id))).size;
      if (loss === 1) expect(only.size).toBeGreaterThan(0);
      expect(shown?.history).toEqual({
        imported_items: 10,
        partial_items: partial,
        estimated_items: estimatedItems,
      });
    },
  );
});
