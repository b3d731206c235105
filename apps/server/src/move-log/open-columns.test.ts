import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { columnsOfBoardItems, countsByColumn, loadBoardItems } from './items.ts';
import { isPostgres } from './rows.ts';

const NOW = Date.UTC(2026, 10, 1, 15, 30);

/**
 * A board's first time in state waits for the count of its items by column (time-in-state-service.ts):
 * on 100,000 items, read through each item's row it cost SQLite 150-180 ms of the server's own thread,
 * read off the partial index of the items on the board by column 26-33 ms (migration 044).
 */
describe.each(await dialectCases())('items counted by column ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const db = ctx.db;
  const boardId = await ensureDemoBoard(ctx, { live: false });

  it('counts the columns of the items on the board that are in one', async () => {
    const items = (await loadBoardItems(db, boardId, false)).items;
    await db
      .updateTable('items')
      .set({ removed_at: NOW })
      .where('item_id', '=', items[0]?.id ?? '')
      .execute();
    await db
      .updateTable('items')
      .set({ column_name: null })
      .where('item_id', '=', items[1]?.id ?? '')
      .execute();
    const expected = items.slice(2).flatMap((item) => (item.column ? [item.column] : []));
    const counted = (await columnsOfBoardItems(db, boardId)).map((item) => item.column);
    expect(counted.sort()).toEqual(expected.sort());
  });

  it('reads them off the index of the items on the board alone', async () => {
    const { sql: text, parameters } = countsByColumn(db, boardId).compile();
    // EXPLAIN takes no parameters: the board's id written in (a test's own id, no quote in it).
    let next = 0;
    const statement = text.replace(/\$\d+|\?/g, () => `'${String(parameters[next++])}'`);
    if (isPostgres(db)) {
      // A demo board's few items make a sequential scan cheaper: asked for without one, the plan says whether the index serves.
      const plan = await db.transaction().execute(async (tx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
        const { rows } = await sql.raw<Record<string, string>>(`EXPLAIN ${statement}`).execute(tx);
        return rows.map((row) => Object.values(row).join(' ')).join('\n');
      });
      expect(plan).toContain('Index Only Scan using items_column_counts');
    } else {
      const { rows } = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement}`).execute(db);
      // The table's row is never sought (the index's condition is the statement's): one search, no sort.
      expect(rows.map((row) => row.detail)).toEqual([
        'SEARCH items USING INDEX items_column_counts (board_id=? AND column_name>?)',
      ]);
    }
  });

  it('leaves the read of all the items on the board in the order of their changes', async () => {
    if (isPostgres(db)) return;
    // loadBoardItems's statement: an index of the open items by column, which it could read too, made it come in the columns' order.
    const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT item_id, title FROM items
      WHERE board_id = ${boardId} AND removed_at IS NULL`.execute(db);
    expect(rows.map((row) => row.detail)).toEqual([
      'SEARCH items USING INDEX items_board_change (board_id=?)',
    ]);
  });
});
