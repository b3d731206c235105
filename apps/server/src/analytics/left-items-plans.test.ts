import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import { leftItemsQuery, loadBoardItems } from '../move-log/items.ts';
import { isPostgres } from '../move-log/rows.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { archivedIdsQuery } from './item-filter.ts';

const NOW = Date.UTC(2026, 10, 1, 15, 30);

/** The plan of a compiled statement, its parameters written in (EXPLAIN takes none; a test's own ids, no quote). */
async function planOf(db: Db, query: { compile(): { sql: string; parameters: readonly unknown[] } }) {
  const { sql: text, parameters } = query.compile();
  let next = 0;
  const statement = text.replace(/\$\d+|\?/g, () => `'${String(parameters[next++])}'`);
  if (!isPostgres(db)) {
    const { rows } = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement}`).execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  // A demo board's few items make a sequential scan cheaper: asked for without one, the plan says whether the index serves.
  return db.transaction().execute(async (tx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
    const { rows } = await sql.raw<Record<string, string>>(`EXPLAIN ${statement}`).execute(tx);
    return rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

/**
 * A board's first Flow report reads the items that left it, and its archived items when it leaves them
 * out: on 100,000 items each statement read every item of the board with its content (20-36 ms of
 * SQLite in the server's own thread), off the partial indexes of migration 046 only the few that match.
 */
describe.each(await dialectCases())(
  'items that left the board, archived items ($name)',
  async ({ create }) => {
    const database = await create();
    afterAll(() => database.drop());
    const { ctx } = await buildTestApp(database, { clock: testClock(NOW) });
    const db = ctx.db;
    const boardId = await ensureDemoBoard(ctx, { live: false });
    const [gone, archived] = (await loadBoardItems(db, boardId, false)).items;
    await db
      .updateTable('items')
      .set({ removed_at: NOW })
      .where('item_id', '=', gone?.id ?? '')
      .execute();
    await db
      .updateTable('items')
      .set({ removed_at: NOW, archived_at: NOW })
      .where('item_id', '=', archived?.id ?? '')
      .execute();

    it('reads them, and only them', async () => {
      const left = await leftItemsQuery(db, boardId).execute();
      expect(left.map((r) => r.item_id).sort()).toEqual([gone?.id, archived?.id].sort());
      expect(await archivedIdsQuery(db, boardId).execute()).toEqual([{ item_id: archived?.id }]);
    });

    it('reads them off their partial indexes', async () => {
      const expected = isPostgres(db)
        ? ['Index Scan using items_left', 'Index Scan using items_archived']
        : [
            'SEARCH items USING INDEX items_left (board_id=?)',
            'SEARCH items USING INDEX items_archived (board_id=?)',
          ];
      expect(await planOf(db, leftItemsQuery(db, boardId))).toContain(expected[0]);
      expect(await planOf(db, archivedIdsQuery(db, boardId))).toContain(expected[1]);
    });

    it('leaves the read of all the items on the board to the index of their changes', async () => {
      if (isPostgres(db)) return;
      const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT item_id, title FROM items
      WHERE board_id = ${boardId} AND removed_at IS NULL`.execute(db);
      expect(rows.map((row) => row.detail)).toEqual([
        'SEARCH items USING INDEX items_board_change (board_id=?)',
      ]);
    });
  },
);
