import {
  type BoardItem,
  buildLeadTimeReport,
  buildTimeInStateReport,
  fromTransitionColumns,
  keepTimelines,
  latestMove,
  type Transition,
} from '@fluxion/flow';
import { DEMO_COLUMNS, DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { BoardStore } from '../analytics/board-store.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { countedWork } from '../testing/demo-story.ts';
import { dialectCases } from '../testing/databases.ts';
import { recordReportedMove } from '../testing/reported-moves.ts';
import { signedInUser } from '../testing/users.ts';
import { migrateTo, migrateToLatest } from '../db/migrate.ts';
import { type BoardData, loadBoardData } from './load-moves.ts';
import {
  decodeBoardMoves,
  encodeBoardMoves,
  loadBoard,
  snapshotBoard,
  snapshotItemsQuery,
} from './board-snapshots.ts';
import { encodeItems } from './item-snapshots.ts';
import { loadBoardItems } from './items.ts';
import { allItems, SnapshotItems } from './item-snapshots.ts';
import { markMovesRewritten } from './segments.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const NOW = Date.UTC(2026, 10, 1, 15, 30);
const HOUR = 3_600_000;
const SMALL = { minMoves: 10, refreshMs: HOUR };

const byMove = (a: Transition, b: Transition) =>
  a.itemId.localeCompare(b.itemId) || a.at - b.at || String(a.to).localeCompare(String(b.to));
const movesOf = (data: BoardData) => fromTransitionColumns(data.transitions).sort(byMove);
const json = (value: unknown) => JSON.parse(JSON.stringify(value));
const sortedItems = (items: readonly BoardItem[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe.each(await dialectCases())('a snapshot of the whole board ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const db = ctx.db;
  const boardId = await ensureDemoBoard(ctx, { live: false });

  /** A load through the snapshot holds exactly the moves and items a load of rows alone holds. */
  async function expectLoadEqualsRows(partBytes?: number) {
    const loaded = await loadBoard(db, boardId, partBytes);
    const data = await loaded.data;
    const rows = await loadBoardData(db, boardId, undefined, false);
    expect(movesOf(data)).toEqual(movesOf(rows));
    expect(data.count).toBe(rows.count);
    expect(data.lastId).toBe(rows.lastId);
    expect([...data.partial]).toEqual([...rows.partial]);
    const items = loaded.items ? await loaded.items() : await loadBoardItems(db, boardId);
    expect(sortedItems(await allItems(items.items))).toEqual(
      sortedItems((await loadBoardItems(db, boardId, false)).items),
    );
    return { data, fromSnapshot: loaded.items !== null };
  }

  const moveOne = async (from: string, to: string, n: number) => {
    const chosen = (await loadBoardItems(db, boardId, false)).items.find((i) => i.column === from);
    if (!chosen) throw new Error(`no item in ${from}`);
    const move = { itemId: chosen.id, from, to, at: NOW - HOUR + n, source: 'webhook' as const };
    expect(await recordReportedMove(db, boardId, move, NOW)).toBe(true);
    return chosen.id;
  };

  it('encodes and decodes the moves as the server holds them', async () => {
    const data = await loadBoardData(db, boardId, undefined, false);
    const decoded = decodeBoardMoves(encodeBoardMoves(data));
    expect(fromTransitionColumns(decoded.transitions)).toEqual(fromTransitionColumns(data.transitions));
    expect(decoded.partial).toEqual(data.partial);
    expect(decoded.estimated).toEqual(data.estimated);
    expect(() => decodeBoardMoves(Uint8Array.of(1, 2, 3))).toThrow();
  });

  it('stores the latest move, which a decoded board then reads from it rather than from its rows', async () => {
    const data = await loadBoardData(db, boardId, undefined, false);
    const latest = latestMove(data.transitions);
    expect(Number.isFinite(latest)).toBe(true);
    const bytes = encodeBoardMoves(data);
    const [, , jsonLength = 0, room = 0] = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
    const jsonAt = 16 + room * 20;
    expect(JSON.parse(bytes.subarray(jsonAt, jsonAt + jsonLength).toString('utf8')).latest).toBe(latest);
    const decoded = decodeBoardMoves(bytes);
    // A row later than the stored latest, written after decoding: not read.
    decoded.transitions.at[0] = latest + HOUR;
    expect(latestMove(decoded.transitions)).toBe(latest);
  });

  it('stores spare rows the first refresh appends into, and reads snapshots stored without them', async () => {
    const data = await loadBoardData(db, boardId, undefined, false);
    const n = data.transitions.count;
    const bytes = encodeBoardMoves(data);
    const { transitions, room } = decodeBoardMoves(bytes);
    expect(room?.at.length).toBeGreaterThan(n);
    expect(room?.at.buffer).toBe(transitions.at.buffer);
    // As taken before the spare rows: the columns back to back, header word 3 zero.
    const [, , jsonLength = 0, stored = 0] = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
    const old = new Uint8Array(16 + n * 20 + jsonLength);
    old.set(bytes.subarray(0, 12));
    old.set(bytes.subarray(16, 16 + n * 8), 16);
    for (let k = 0; k < 3; k++) {
      const at = 16 + stored * (8 + 4 * k);
      old.set(bytes.subarray(at, at + n * 4), 16 + n * (8 + 4 * k));
    }
    old.set(bytes.subarray(16 + stored * 20), 16 + n * 20);
    const before = decodeBoardMoves(old);
    expect(before.room).toBeNull();
    expect(fromTransitionColumns(before.transitions)).toEqual(fromTransitionColumns(data.transitions));
  });

  it('is not taken for a board with fewer moves than the threshold', async () => {
    expect(await snapshotBoard(db, boardId, { now: NOW, minMoves: 1_000_000 })).toBe(false);
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(false);
  });

  it('serves a first load without reading a move row, and the moves recorded since with the next', async () => {
    // Text beyond ASCII in the items' snapshot, whose parts then cut through characters of several bytes.
    await db
      .updateTable('items')
      .set({ labels: JSON.stringify(['révision 🚧', 'ünïcode']), milestone: 'Étape — 2' })
      .where('board_id', '=', boardId)
      .execute();
    expect(await snapshotBoard(db, boardId, { ...SMALL, now: NOW })).toBe(true);
    const first = await expectLoadEqualsRows();
    expect(first).toMatchObject({ fromSnapshot: true, data: { movesRead: 0, segmentMoves: 0 } });
    // PostgreSQL sends the moves and the items' text in parts: several of them read the same.
    expect(encodeBoardMoves(first.data).byteLength).toBeGreaterThan(3 * 999);
    expect(await expectLoadEqualsRows(999)).toMatchObject({ fromSnapshot: true, data: { movesRead: 0 } });
    // In a transaction PostgreSQL cannot COPY on the pool (db/copy-out.ts): the parts come as base64.
    const inTransaction = await db
      .transaction()
      .execute(async (trx) => (await loadBoard(trx, boardId, 999)).data);
    expect(inTransaction).toMatchObject({ movesRead: 0, segmentMoves: 0 });
    expect(movesOf(inTransaction)).toEqual(movesOf(first.data));
    // Up to date: not taken again.
    expect(await snapshotBoard(db, boardId, { ...SMALL, now: NOW + 2 * HOUR })).toBe(false);

    const moved = await moveOne('Ready', 'In Progress', 1);
    const after = await expectLoadEqualsRows();
    expect(after).toMatchObject({ fromSnapshot: true, data: { movesRead: 1 } });
    // Appended into the snapshot's spare rows: the moves are still views on the bytes read, not a copy.
    const { at } = after.data.transitions;
    expect(at.buffer.byteLength).toBeGreaterThan(encodeBoardMoves(after.data).byteLength - 1000);
    expect(movesOf(after.data).some((m) => m.itemId === moved && m.to === 'In Progress')).toBe(true);
    // Stale but younger than refreshMs: a load refreshes from it; older: taken again.
    expect(await snapshotBoard(db, boardId, { ...SMALL, now: NOW + HOUR / 2 })).toBe(false);
    expect(await snapshotBoard(db, boardId, { ...SMALL, now: NOW + 2 * HOUR })).toBe(true);
    expect(await expectLoadEqualsRows()).toMatchObject({ fromSnapshot: true, data: { movesRead: 0 } });
  });

  it('a server started on a snapshot answers with a move recorded after it', async () => {
    const demo = encodeURIComponent(DEMO_PROJECT_ID);
    /** Lead time and time in state as a server started now answers them, and as the engine does on rows. */
    let restarts = 0;
    const expectRestartAnswersRows = async (movesRead: number) => {
      const started = await buildTestApp(database, { clock: testClock(NOW) });
      const { app } = started;
      const { auth } = await signedInUser(started.ctx, `restart-${++restarts}`);
      const rows = await loadBoardData(db, boardId, undefined, false);
      const items = (await loadBoardItems(db, boardId, false)).items;
      const input = {
        columns: DEMO_COLUMNS,
        ...countedWork({ items, transitions: fromTransitionColumns(rows.transitions) }),
        now: NOW,
        days: 7,
      };
      const answer = async (url: string) => {
        const response = await app.inject({ url, headers: auth });
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        return response.json();
      };
      expect(await answer(`/api/leadtime/?project=${demo}&days=7`)).toEqual(
        json(buildLeadTimeReport({ ...input, cycleStartColumn: 'In Progress' })),
      );
      expect(await answer(`/api/timeinstate/?project=${demo}&days=7`)).toEqual(
        // Its bottleneck reads the demo's 14-day iteration, as Flow's and Home's do.
        json(buildTimeInStateReport({ ...input, storyDays: 14 })),
      );
      // Read from the snapshot: no move read as a row but those recorded since it.
      expect(await app.analytics.boards.get(db, boardId, 0)).toMatchObject({ movesRead, segmentMoves: 0 });
      await app.close();
    };
    expect(await snapshotBoard(db, boardId, { ...SMALL, now: NOW + 4 * HOUR })).toBe(false); // up to date
    await expectRestartAnswersRows(0);
    await moveOne('In Progress', 'Done', 2);
    await expectRestartAnswersRows(1);
  });

  it("lets a version's moves go once the next is read, its items never asked for", async () => {
    const store = new BoardStore({ maxEntries: 4, ttlMs: HOUR }, () => NOW);
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('boards')
            .select('data_version')
            .where('id', '=', boardId)
            .executeTakeFirstOrThrow()
        ).data_version,
      );
    const firstMoves = async () => new WeakRef((await store.get(db, boardId, await version())).transitions);
    const first = await firstMoves();
    await moveOne('In Progress', 'Done', 3);
    const next = await store.get(db, boardId, await version());
    // Its lead time takes the kept timeline over from the first version's, which then holds nothing.
    keepTimelines(next.transitions);
    buildLeadTimeReport({ columns: DEMO_COLUMNS, transitions: next.transitions, now: NOW, days: 7 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(first.deref()).toBeUndefined();
  });

  it('is set aside after a rewrite of the moves, and when it does not read', async () => {
    await markMovesRewritten(db, boardId);
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(false);
    expect(await snapshotBoard(db, boardId, { ...SMALL, now: NOW })).toBe(true);
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(true);
    // Moves that read beside items that do not, or beside none: the items are read as rows.
    await db.updateTable('board_snapshot_items').set({ items: '{"not": "items"}' }).execute();
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(true);
    await db.deleteFrom('board_snapshot_items').execute();
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(true);
    await db
      .updateTable('board_snapshots')
      .set({ moves: Uint8Array.of(0, 1, 2, 3) })
      .execute();
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(false);
  });

  it("reads the items without reaching the moves' row (SQLite: no page of board_snapshots)", async () => {
    await markMovesRewritten(db, boardId);
    expect(await snapshotBoard(db, boardId, { ...SMALL, now: NOW })).toBe(true);
    const loaded = await loadBoard(db, boardId);
    const items = await loaded.items?.();
    // From the snapshot's own row, up to date: no item read as a row.
    expect(items).toMatchObject({ read: 0, items: expect.any(SnapshotItems) });
    expect(items?.items.length).toBeGreaterThan(0);
    if (database.handle.dialect !== 'sqlite') return;
    const query = snapshotItemsQuery(db, boardId).compile();
    const steps = await db.executeQuery<{ opcode: string; p2: number }>(
      CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
    );
    const opened = steps.rows.filter((s) => s.opcode === 'OpenRead').map((s) => s.p2);
    const pages = await sql<{ tbl_name: string; rootpage: number }>`
      SELECT tbl_name, rootpage FROM sqlite_master WHERE tbl_name IN ('board_snapshots', 'board_snapshot_items')`.execute(
      db,
    );
    const rootsOf = (table: string) =>
      pages.rows.filter((r) => r.tbl_name === table).map((r) => Number(r.rootpage));
    expect(opened.some((page) => rootsOf('board_snapshot_items').includes(page))).toBe(true);
    expect(opened.filter((page) => rootsOf('board_snapshots').includes(page))).toEqual([]);
  });

  it('reads a snapshot stored before migration 045 after it, and keeps it when migrated back', async () => {
    const handle = database.handle;
    const data = await loadBoardData(db, boardId, undefined, false);
    const items = await loadBoardItems(db, boardId, false);
    await migrateTo(handle, '044_items_column_counts');
    // The row as 038 stored it: moves and items in one.
    await sql`DELETE FROM board_snapshots`.execute(db);
    await sql`INSERT INTO board_snapshots (board_id, data_version, rewrite_version, item_seq, last_id,
        move_count, moves, item_count, items, created_at)
      VALUES (${boardId}, ${data.dataVersion}, ${data.rewriteVersion}, ${items.seq}, ${data.lastId},
        ${data.count}, ${encodeBoardMoves(data)}, ${items.items.length}, ${encodeItems(items.items)}, ${NOW})`.execute(
      db,
    );
    await migrateToLatest(handle);
    const copied = await snapshotItemsQuery(db, boardId).executeTakeFirstOrThrow();
    expect(Number(copied.item_count)).toBe(items.items.length);
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(true);
    expect(await (await loadBoard(db, boardId)).items?.()).toMatchObject({ read: 0 });
    // Down: the items go back into the moves' row; up again: out of it.
    await migrateTo(handle, '044_items_column_counts');
    const back = await sql<{ item_count: number }>`SELECT item_count FROM board_snapshots`.execute(db);
    expect(back.rows.map((r) => Number(r.item_count))).toEqual([items.items.length]);
    await migrateToLatest(handle);
    expect(await (await loadBoard(db, boardId)).items?.()).toMatchObject({ read: 0 });
    expect((await expectLoadEqualsRows()).fromSnapshot).toBe(true);
  });
});
