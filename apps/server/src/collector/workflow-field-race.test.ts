import { describe, expect, it } from 'vitest';
import type { BoardReader } from '../github/board-reader.ts';
import type { Board } from '../db/schema.ts';
import { type CollectorWorld, collectorWorldPerTest, DAY, MINUTE, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

/** A promise the test opens, and one the collector resolves when it reaches the gate. */
function gate() {
  let open = () => {};
  let reached = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const pass = async () => {
    reached();
    await opened;
  };
  return { open, arrived, pass };
}

type Gated = 'listProjectItems' | 'getStatusHistory';

/** A collector whose reader, once it has read `step` from GitHub, waits at the gate before answering. */
function gatedCollector(world: CollectorWorld, step: Gated, at: ReturnType<typeof gate>) {
  const readers = readerFactory(world.ctx, null, { retries: 1, retryDelayScale: 0 });
  return createCollector(
    world.ctx,
    async (board: Board) => {
      const reader = await readers(board);
      if (!reader) return null;
      const wrapped: BoardReader = { ...reader };
      if (step === 'listProjectItems')
        wrapped.listProjectItems = async (...args) => {
          const listing = await reader.listProjectItems(...args);
          await at.pass();
          return listing;
        };
      else
        wrapped.getStatusHistory = async (...args) => {
          const history = await reader.getStatusHistory(...args);
          await at.pass();
          return history;
        };
      return wrapped;
    },
    { backfill: step === 'getStatusHistory' },
  );
}

/** A board by Status (timeline events kept) with a Priority field beside it, its items in Status columns. */
async function boardWithPriority(world: CollectorWorld) {
  const project = await world.control<{ id: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Two fields',
    columns: ['Todo', 'Doing', 'Done'],
    singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
    at: START - 7 * DAY,
  });
  for (const [title, status] of [
    ['a', 'Todo'],
    ['b', 'Doing'],
  ]) {
    await world.control('/_sim/issues', {
      repo: 'fluxion-labs/two-fields',
      title,
      projectId: project.id,
      status,
      at: START - 2 * DAY,
    });
  }
  await world.flush();
  const row = await world.register(project.id);
  const fields = await world.app.inject({
    url: `/api/github-project-fields/?project_id=${project.id}`,
    headers: world.auth,
  });
  const priority = (fields.json() as { fields: { id: string; name: string }[] }).fields.find(
    (f) => f.name === 'Priority',
  );
  if (!priority) throw new Error('no Priority field');
  return { projectId: project.id, boardId: row.id, priorityId: priority.id };
}

describe.each(await dialectCases())(
  'changing the workflow field while a sync runs on $name',
  ({ create }) => {
    const world = collectorWorldPerTest(create);

    const changeField = (projectId: string, fieldId: string) =>
      world.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/workflow-field/`,
        headers: world.auth,
        payload: { field_id: fieldId },
      });
    const columnsWritten = async (boardId: string) => {
      const items = await world.ctx.db
        .selectFrom('items')
        .select('column_name')
        .where('board_id', '=', boardId)
        .execute();
      const moves = await world.moves(boardId);
      return new Set([...items.map((i) => i.column_name), ...moves.flatMap((m) => [m.from, m.to])]);
    };
    /** The board as the change left it: read by Priority, never synced since, due now, nobody's lease. */
    const expectSwitched = async (boardId: string, priorityId: string, changedAt: number) => {
      const row = await world.board(boardId);
      expect(row).toMatchObject({
        workflow_field_id: priorityId,
        workflow_field_name: 'Priority',
        column_list: JSON.stringify(['High', 'Low']),
        last_synced_at: null,
        last_full_sync_at: null,
        backfilled_at: null,
        history_items: null,
        lease_owner: null,
      });
      expect(Number(row.next_sync_at)).toBe(changedAt);
      expect(await world.moves(boardId)).toEqual([]);
      expect(await columnsWritten(boardId)).toEqual(new Set());
    };

    it('a sync that listed the items by the old field records none of them once the field changed', async () => {
      const board = await boardWithPriority(world);
      await world.advance(MINUTE);
      const listed = gate();
      const run = gatedCollector(world, 'listProjectItems', listed).runOnce();
      await listed.arrived;
      // The listing (by Status) is read; the field changes before it is recorded.
      const changed = await changeField(board.projectId, board.priorityId);
      expect(changed.statusCode).toBe(200);
      listed.open();
      expect(await run).toBe(1);
      await expectSwitched(board.boardId, board.priorityId, START + MINUTE);

      // The next sync reads the board by Priority: no Status column comes back.
      expect(await world.collector().runOnce()).toBe(1);
      const row = await world.board(board.boardId);
      expect(row.workflow_field_name).toBe('Priority');
      expect(JSON.parse(row.column_list)).toEqual(['High', 'Low']);
      expect(row.last_synced_at).toBe(START + MINUTE);
      expect(await columnsWritten(board.boardId)).toEqual(new Set([null]));
    });

    it("a sync importing the old field's history imports none of it once the field changed", async () => {
      const board = await boardWithPriority(world);
      await world.advance(MINUTE);
      const imported = gate();
      const run = gatedCollector(world, 'getStatusHistory', imported).runOnce();
      await imported.arrived;
      // The first snapshot (by Status) is stored already: the change forgets it.
      expect([...(await columnsWritten(board.boardId))]).toContain('Doing');
      const changed = await changeField(board.projectId, board.priorityId);
      expect(changed.statusCode).toBe(200);
      imported.open();
      expect(await run).toBe(1);
      await expectSwitched(board.boardId, board.priorityId, START + MINUTE);

      // Imported again, by Priority: the timelines' Status events are not its moves, and no item has a
      // Priority value to check, so nothing is imported and no Status column comes back.
      expect(await world.collector({ backfill: true }).runOnce()).toBe(1);
      const row = await world.board(board.boardId);
      expect(row.backfilled_at).toBe(START + MINUTE);
      expect(row.history_items).toBe(0);
      expect(await world.moves(board.boardId)).toEqual([]);
      expect(await columnsWritten(board.boardId)).toEqual(new Set([null]));
    });
  },
);

describe.each(await dialectCases())('a full listing asked for while a sync runs on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  /** A board whose items have Priority values, registered split by issue type (no breakdown field). */
  async function prioritisedBoard() {
    const project = await world.control<{ id: string }>('/_sim/projects', {
      owner: 'fluxion-labs',
      title: 'Prioritised',
      columns: ['Todo', 'Doing', 'Done'],
      singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
      at: START - 7 * DAY,
    });
    for (const [title, priority] of [
      ['a', 'High'],
      ['b', 'Low'],
    ]) {
      await world.control('/_sim/issues', {
        repo: 'fluxion-labs/prioritised',
        title,
        projectId: project.id,
        status: 'Doing',
        at: START - 2 * DAY,
        fields: { Priority: priority },
      });
    }
    await world.flush();
    const row = await world.register(project.id);
    const fields = await world.app.inject({
      url: `/api/github-project-fields/?project_id=${project.id}`,
      headers: world.auth,
    });
    const priority = (fields.json() as { fields: { id: string; name: string }[] }).fields.find(
      (f) => f.name === 'Priority',
    );
    if (!priority) throw new Error('no Priority field');
    return { projectId: project.id, boardId: row.id, priorityId: priority.id };
  }

  const priorityValues = (boardId: string) =>
    world.ctx.db
      .selectFrom('field_value_changes')
      .select(['item_id', 'value'])
      .where('board_id', '=', boardId)
      .execute();

  it('the breakdown field saved during the first sync still gets its full listing at once', async () => {
    const board = await prioritisedBoard();
    await world.advance(MINUTE);
    const listed = gate();
    const run = gatedCollector(world, 'listProjectItems', listed).runOnce();
    await listed.arrived;
    // The first listing (asked without Priority) is read; the team picks Priority before it is recorded.
    const saved = await world.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: world.auth,
      payload: { project_id: board.projectId, iteration_length: 7, breakdown_field_id: board.priorityId },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    listed.open();
    expect(await run).toBe(1);

    // The save's request outlives the sync that was running: due now, and for a full listing.
    const row = await world.board(board.boardId);
    expect(row.lease_owner).toBeNull();
    expect(Number(row.next_sync_at)).toBe(START + MINUTE);
    expect(row.last_full_sync_at).toBeNull();
    expect(row.last_synced_at).toBe(START + MINUTE);
    expect(await priorityValues(board.boardId)).toEqual([]);

    // The next tick lists the board by its new breakdown field: the values arrive.
    expect(await world.collector().runOnce()).toBe(1);
    expect((await priorityValues(board.boardId)).map((v) => v.value).sort()).toEqual(['High', 'Low']);
    const after = await world.board(board.boardId);
    expect(Number(after.last_full_sync_at)).toBe(START + MINUTE);
    expect(Number(after.next_sync_at)).toBeGreaterThan(START + MINUTE);
  });

  it('a sync that nothing interrupted schedules the board as before', async () => {
    const board = await prioritisedBoard();
    await world.advance(MINUTE);
    expect(await world.collector().runOnce()).toBe(1);
    const row = await world.board(board.boardId);
    expect(Number(row.last_full_sync_at)).toBe(START + MINUTE);
    expect(Number(row.next_sync_at)).toBeGreaterThan(START + MINUTE);
    expect(await world.collector().runOnce()).toBe(0);
  });
});
