import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { testConfig } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { readIterationFields } from '../iterations/queries.ts';
import { ensureDemoBoard } from './demo.ts';

const cases = await dialectCases();
const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 10, 1, 9);

/**
 * Every process runs `ensureDemoBoard` at start-up; API replicas start together. Concurrent calls stand
 * for them here (on PostgreSQL each on its own pooled connection, as separate processes would be).
 */
describe.each(cases)('ensureDemoBoard from processes starting together ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const config = testConfig();
  const ctxAt = (now: number): AppContext => ({
    config,
    db: database.handle.db,
    dialect: database.handle.dialect,
    now: () => now,
  });
  const demoBoards = () =>
    database.handle.db.selectFrom('boards').selectAll().where('is_demo', '=', 1).execute();
  const demoMoves = async (boardId: string) => {
    const row = await database.handle.db
      .selectFrom('transitions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('board_id', '=', boardId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('creates one demo board when several processes start on an empty database', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => ensureDemoBoard(ctxAt(START), { live: false })));
    const boards = await demoBoards();
    expect(boards).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set([boards[0]?.id]));
  });

  it('regenerates the history once when several processes start on a later day', async () => {
    const [before] = await demoBoards();
    const movesBefore = await demoMoves(before?.id ?? '');
    const ids = await Promise.all([1, 2].map(() => ensureDemoBoard(ctxAt(START + DAY), { live: false })));
    const boards = await demoBoards();
    expect(boards).toHaveLength(1);
    expect(ids).toEqual([before?.id, before?.id]);
    expect(Number(boards[0]?.data_version)).toBe(Number(before?.data_version) + 1);
    expect(await demoMoves(before?.id ?? '')).toBe(movesBefore);
  });

  it('gives a demo stored before iterations and estimates its iterations and estimates, with one new data version', async () => {
    const db = database.handle.db;
    const [before] = await demoBoards();
    const boardId = before?.id ?? '';
    await db.deleteFrom('item_iteration_changes').where('board_id', '=', boardId).execute();
    await db.deleteFrom('board_iteration_fields').where('board_id', '=', boardId).execute();
    await Promise.all([1, 2].map(() => ensureDemoBoard(ctxAt(START + DAY), { live: false })));
    const [after] = await demoBoards();
    expect(Number(after?.data_version)).toBe(Number(before?.data_version) + 1);
    expect((await readIterationFields(db, boardId)).iterationField).not.toBeNull();
  });
});
