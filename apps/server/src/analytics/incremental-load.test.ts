import {
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  fromTransitionColumns,
  keptWalks,
  type BoardItem,
  type Transition,
} from '@fluxion/flow';
import { DEMO_COLUMNS, DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { recordBackfill } from '../collector/backfill.ts';
import { takeItemSeq } from '../boards/repository.ts';
import { insertMoves, upsertItemMetadata } from '../move-log/writes.ts';
import { recordObservation } from '../collector/record.ts';
import { recordReportedMove } from '../testing/reported-moves.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { countedWork } from '../testing/demo-story.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { loadBoardItems, refreshBoardItems } from '../move-log/items.ts';
import { itemsOf } from '../move-log/item-snapshots.ts';
import { type BoardData, loadBoardData, refreshBoardData } from '../move-log/load-moves.ts';
import { preloadBoards } from './preload.ts';

const cases = await dialectCases();
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const HOUR = 3_600_000;
const CYCLE_START = 'In Progress';
const demo = encodeURIComponent(DEMO_PROJECT_ID);

const json = (value: unknown) => JSON.parse(JSON.stringify(value));
const byMove = (a: Transition, b: Transition) =>
  a.itemId.localeCompare(b.itemId) || a.at - b.at || String(a.to).localeCompare(String(b.to));
/** The held moves as objects, in the order held. */
const moves = (data: BoardData) => fromTransitionColumns(data.transitions);
const sortedMoves = (data: BoardData) => moves(data).sort(byMove);
/** A board's moves and the items now on it, as the analyses see them. */
type Board = BoardData & { items: BoardItem[] };
const sortedItems = (data: Board) => [...data.items].sort((a, b) => a.id.localeCompare(b.id));

describe.each(cases)('a loaded board follows appended and rewritten moves ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const boardId = await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInUser(ctx);

  const call = async (url: string) => {
    const response = await app.inject({ url, headers: auth });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };

  const dataVersion = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('boards')
          .select('data_version')
          .where('id', '=', boardId)
          .executeTakeFirstOrThrow()
      ).data_version,
    );

  /** What the server holds for the board now (loading it if needed). */
  const held = async (): Promise<Board> => {
    const version = await dataVersion();
    return {
      ...(await app.analytics.boards.get(ctx.db, boardId, version)),
      items: await app.analytics.boards.items(ctx.db, boardId, version),
    };
  };

  /** The board read afresh from the database. */
  const freshLoad = async (): Promise<Board> => ({
    ...(await loadBoardData(ctx.db, boardId)),
    items: itemsOf((await loadBoardItems(ctx.db, boardId)).items),
  });

  /** Every endpoint answers what the engine answers on the board read afresh from the database. */
  async function expectApiEqualsFreshLoad(): Promise<Board> {
    const fresh = await freshLoad();
    // The engine on objects: the server's columns are checked against the reference form of the input.
    const input = {
      columns: DEMO_COLUMNS,
      ...countedWork({ ...fresh, transitions: moves(fresh) }),
      now: NOW,
    };
    expect(await call(`/api/leadtime/?project=${demo}&days=7`)).toEqual(
      json(buildLeadTimeReport({ ...input, cycleStartColumn: CYCLE_START, days: 7 })),
    );
    expect(await call(`/api/timeinstate/?project=${demo}&days=7`)).toEqual(
      // Its bottleneck reads the board's iteration (14 days), as Flow's and Home's do.
      json(buildTimeInStateReport({ ...input, days: 7, storyDays: 14 })),
    );
    for (const column of DEMO_COLUMNS) {
      expect(await call(`/api/issues/?project=${demo}&column=${encodeURIComponent(column)}`), column).toEqual(
        // The demo board's GitHub Iteration field has 14-day iterations: Issues in Columns reads that length.
        json(buildIssuesInColumnReport({ ...input, column, days: 14 })),
      );
    }
    expect(await call(`/api/projects/${demo}/column-stats/`)).toEqual(
      json({ column_stats: buildColumnStats(input) }),
    );
    const now = await held();
    expect(sortedMoves(now)).toEqual(sortedMoves(fresh));
    expect(sortedItems(now)).toEqual(sortedItems(fresh));
    return now;
  }

  /** An item's recorded moves, latest last. */
  const movesOf = async (itemId: string) =>
    moves(await loadBoardData(ctx.db, boardId))
      .filter((t) => t.itemId === itemId)
      .sort(byMove);

  const bumpDataVersion = () =>
    ctx.db
      .updateTable('boards')
      .set({ data_version: sql`data_version + 1` })
      .where('id', '=', boardId)
      .execute();

  let before: Board;

  it('answers the engine on the board as loaded', async () => {
    before = await expectApiEqualsFreshLoad();
    expect(before.count).toBe(before.transitions.count);
    expect(before.movesRead).toBe(before.count);
  });

  it('appends moves recorded by webhooks without reading the board again', async () => {
    const items = before.items.filter((i) => i.column === 'Ready').slice(0, 2);
    for (const [n, item] of items.entries()) {
      const move = {
        itemId: item.id,
        from: 'Ready',
        to: 'In Progress',
        at: NOW - HOUR + n,
        source: 'webhook' as const,
      };
      expect(await recordReportedMove(ctx.db, boardId, move, NOW)).toBe(true);
    }
    const after = await expectApiEqualsFreshLoad();
    expect(after.count).toBe(before.count + 2);
    // Only the new moves were read; the ones held before are kept as they were.
    expect(after.movesRead).toBe(2);
    expect(moves(after).slice(0, before.count)).toEqual(moves(before));
    before = after;
  });

  it('reads only the items changed since, and a listing that changes nothing changes nothing', async () => {
    const items = await loadBoardItems(ctx.db, boardId);
    const version = await dataVersion();
    // The poll sees every item as recorded: nothing is written, the board's data version stays.
    const observed = itemsOf(items.items).map((i) => ({
      itemId: i.id,
      number: i.number,
      title: i.title,
      url: i.url,
      contentType: 'Issue',
      milestone: i.milestone,
      labels: [...i.labels],
      column: i.column,
      statusUpdatedAt: null,
      updatedAt: null,
      archived: false,
    }));
    const listing = { boardId, addedAt: NOW - 200 * 24 * HOUR, initial: false, complete: true, now: NOW };
    expect(await recordObservation(ctx.db, { ...listing, observed })).toBe(0);
    expect(await dataVersion()).toBe(version);
    const unchanged = await refreshBoardItems(ctx.db, boardId, items);
    expect(unchanged.read).toBe(0);
    expect(unchanged.items).toEqual(items.items);
    // One item renamed, one moved: those two are read.
    const [renamed, moved] = observed.filter((o) => o.column === 'Backlog');
    if (!renamed || !moved) throw new Error('no backlog items');
    const changes = [
      { ...renamed, title: 'Renamed by a poll' },
      { ...moved, column: 'Ready' },
    ];
    await recordObservation(ctx.db, { ...listing, observed: changes, complete: false, now: NOW + 1 });
    expect(await dataVersion()).toBe(version + 1);
    const refreshed = await refreshBoardItems(ctx.db, boardId, items);
    expect(refreshed.read).toBe(2);
    const fresh = await loadBoardItems(ctx.db, boardId);
    const byId = (list: BoardItem[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(itemsOf(refreshed.items))).toEqual(byId(itemsOf(fresh.items)));
    expect(refreshed.byId?.get(renamed.itemId)?.title).toBe('Renamed by a poll');
    expect(refreshed.byId?.get(moved.itemId)?.column).toBe('Ready');
    before = await expectApiEqualsFreshLoad();
  });

  it('reads the board again after a late webhook rewrote the next move (from-correction)', async () => {
    // An item whose last move was seen by a poll as leaving X; a webhook now reports X -> Y before it.
    const item = before.items.find((i) => i.column === 'Done');
    if (!item) throw new Error('no done item');
    const [previous, last] = (await movesOf(item.id)).slice(-2);
    if (!previous || !last || last.from === null) throw new Error('no two moves');
    const detour = DEMO_COLUMNS.find((c) => c !== last.from && c !== last.to) ?? '';
    const at = Math.round((previous.at + last.at) / 2);
    const move = { itemId: item.id, from: last.from, to: detour, at, source: 'webhook' as const };
    expect(await recordReportedMove(ctx.db, boardId, move, NOW)).toBe(true);
    expect((await movesOf(item.id)).at(-1)).toMatchObject({ from: detour, to: last.to, at: last.at });
    const after = await expectApiEqualsFreshLoad();
    expect(after.movesRead).toBe(after.count);
    before = after;
  });

  it('reads the board again after the backfill deleted a redundant snapshot move', async () => {
    const item = before.items.find((i) => i.column === 'In Review');
    if (!item) throw new Error('no item in review');
    const snapshot = {
      itemId: item.id,
      from: null,
      to: 'In Review',
      at: NOW - HOUR / 2,
      source: 'snapshot' as const,
    };
    await insertMoves(ctx.db, boardId, [snapshot], NOW);
    await bumpDataVersion();
    const withSnapshot = await expectApiEqualsFreshLoad();
    expect(withSnapshot.movesRead).toBe(1);

    const history = {
      itemId: item.id,
      from: 'In Progress',
      to: 'In Review',
      at: NOW - HOUR,
      source: 'backfill' as const,
    };
    await recordBackfill(ctx.db, boardId, { moves: [history], partial: new Map(), checked: 1 }, NOW);
    const moves = await movesOf(item.id);
    expect(moves.some((m) => m.at === snapshot.at)).toBe(false);
    const after = await expectApiEqualsFreshLoad();
    expect(after.movesRead).toBe(after.count);
    before = after;
  });

  it('follows item changes: metadata, a new item, an item leaving the board', async () => {
    const renamed = before.items[0];
    const leaving = before.items.find((i) => i.column === 'Backlog');
    if (!renamed || !leaving) throw new Error('no items');
    await upsertItemMetadata(
      ctx.db,
      boardId,
      [
        {
          itemId: renamed.id,
          number: renamed.number,
          title: 'Renamed',
          url: renamed.url,
          contentType: 'Issue',
          milestone: 'M9',
          labels: ['relabelled'],
          column: renamed.column,
          statusUpdatedAt: null,
          updatedAt: null,
          archived: false,
        },
      ],
      NOW,
      await takeItemSeq(ctx.db, boardId),
    );
    await bumpDataVersion();
    const newcomer = {
      itemId: 'I_new',
      from: null,
      to: 'Backlog',
      at: NOW - HOUR / 4,
      source: 'webhook' as const,
    };
    await recordReportedMove(ctx.db, boardId, newcomer, NOW);
    const exit = {
      itemId: leaving.id,
      from: 'Backlog',
      to: null,
      at: NOW - HOUR / 5,
      source: 'webhook' as const,
    };
    await recordReportedMove(ctx.db, boardId, exit, NOW);
    const after = await expectApiEqualsFreshLoad();
    expect(after.items.find((i) => i.id === renamed.id)).toMatchObject({
      title: 'Renamed',
      labels: ['relabelled'],
    });
    expect(after.items.some((i) => i.id === 'I_new')).toBe(true);
    expect(after.items.some((i) => i.id === leaving.id)).toBe(false);
    expect(after.movesRead).toBe(2);
    before = after;
  });

  it('reads the board again when moves vanish without a rewrite mark (the demo reset deletes them)', async () => {
    const victim = await ctx.db
      .selectFrom('transitions')
      .select('id')
      .where('board_id', '=', boardId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('transitions').where('id', '=', victim.id).execute();
    await bumpDataVersion();
    const after = await expectApiEqualsFreshLoad();
    expect(after.count).toBe(before.count - 1);
    expect(after.movesRead).toBe(after.count);
    before = after;
  });

  it('reads the board again when a move commits late with an id below one already read', async () => {
    // Two writers: ids k and k+1 are taken, k+1 commits and is read first, k commits afterwards.
    const item = before.items.find((i) => i.column === 'Ready');
    if (!item) throw new Error('no ready item');
    const row = (at: number) => ({
      board_id: boardId,
      item_id: item.id,
      from_column: 'Ready',
      to_column: 'Ready',
      at,
      source: 'poll',
      recorded_at: NOW,
    });
    const late = await ctx.db
      .insertInto('transitions')
      .values(row(NOW - 50))
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('transitions')
      .values(row(NOW - 40))
      .execute();
    await ctx.db.deleteFrom('transitions').where('id', '=', late.id).execute();
    await bumpDataVersion();
    const read = await held();
    expect(read.lastId).toBeGreaterThan(Number(late.id));
    await ctx.db
      .insertInto('transitions')
      .values({ ...row(NOW - 50), id: Number(late.id) })
      .execute();
    await bumpDataVersion();
    const after = await expectApiEqualsFreshLoad();
    expect(after.count).toBe(read.count + 1);
    expect(after.movesRead).toBe(after.count);
  });

  it('reads the same moves in several batches, loading and refreshing', async () => {
    const whole = await freshLoad();
    const batched = await loadBoardData(ctx.db, boardId, 7);
    expect(batched.count).toBe(whole.count);
    expect(batched.lastId).toBe(whole.lastId);
    expect(sortedMoves(batched)).toEqual(sortedMoves(whole));
    const item = whole.items.find((i) => i.column === 'Ready');
    if (!item) throw new Error('no ready item');
    for (let n = 0; n < 9; n++) {
      const move = {
        itemId: item.id,
        from: 'Ready',
        to: 'Ready',
        at: NOW - 30 + n,
        source: 'snapshot' as const, // stored as given (no same-move check)
      };
      await insertMoves(ctx.db, boardId, [move], NOW);
    }
    await bumpDataVersion();
    const refreshed = await refreshBoardData(ctx.db, boardId, batched, 4);
    expect(refreshed.movesRead).toBe(9);
    expect(sortedMoves(refreshed)).toEqual(sortedMoves(await loadBoardData(ctx.db, boardId)));
    // A second refresh from the same snapshot copies it instead of appending to the builder again.
    const again = await refreshBoardData(ctx.db, boardId, batched, 4);
    expect(sortedMoves(again)).toEqual(sortedMoves(refreshed));
    expect(sortedMoves(refreshed)).toEqual(sortedMoves(await loadBoardData(ctx.db, boardId)));
  });

  it('refreshes from a failed or missing previous load by loading the board', async () => {
    const fresh = await loadBoardData(ctx.db, boardId);
    const stale = { ...fresh, rewriteVersion: fresh.rewriteVersion - 1, count: 0, movesRead: 0 };
    const refreshed = await refreshBoardData(ctx.db, boardId, stale);
    expect(sortedMoves(refreshed)).toEqual(sortedMoves(fresh));
  });
});

describe.each(cases)('preloading after a start ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const boardId = await ensureDemoBoard(ctx, { live: false });
  const boardStore = app.analytics.boards;

  it("loads the demo board's moves and items before anybody asks for them", async () => {
    expect(boardStore.has(boardId)).toEqual({ moves: false, items: false });
    await preloadBoards({ ...ctx, analytics: app.analytics });
    expect(boardStore.has(boardId)).toEqual({ moves: true, items: true });
    const version = await ctx.db
      .selectFrom('boards')
      .select('data_version')
      .where('id', '=', boardId)
      .executeTakeFirstOrThrow();
    const loaded = await boardStore.get(ctx.db, boardId, Number(version.data_version));
    expect(sortedMoves(loaded)).toEqual(sortedMoves(await loadBoardData(ctx.db, boardId)));
  });

  /** The first lead time and time in state of a board, and the kept timelines' walks they took. */
  const firstAnswers = async (on: typeof app, project: string, auth: Record<string, string>) => {
    const walks = { ...keptWalks };
    const answer = async (url: string) => {
      const response = await on.inject({ url, headers: auth });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return response.json();
    };
    const lead = await answer(`/api/leadtime/?project=${project}&days=30`);
    const tis = await answer(`/api/timeinstate/?project=${project}&days=30`);
    return { lead, tis, walks: { rows: keptWalks.rows - walks.rows, stays: keptWalks.stays - walks.stays } };
  };

  it('builds the kept timeline its first lead time and time in state read, with the same answers', async () => {
    const fresh = await buildTestApp(database, { clock: testClock(NOW) });
    const preloaded = await firstAnswers(app, demo, (await signedInUser(ctx)).auth);
    const cold = await firstAnswers(fresh.app, demo, (await signedInUser(fresh.ctx)).auth);
    expect(preloaded.walks).toEqual({ rows: 0, stays: 0 });
    expect(cold.walks).toEqual({ rows: 1, stays: 1 });
    expect(preloaded.lead).toEqual(cold.lead);
    expect(preloaded.tis).toEqual(cold.tis);
  });

  it("warms a tracked board's timeline for a viewer with settings of their own", async () => {
    const { user, auth, sessionId } = await signedInUser(ctx);
    const trackedId = 'warmed-tracked';
    await insertTestBoard(ctx.db, {
      id: trackedId,
      githubProjectId: 'PVT_warmed',
      addedAt: NOW - 30 * 24 * HOUR,
      trackedBy: { userId: user.id, iterationLengthDays: 14 },
    });
    await ctx.db
      .updateTable('tracked_projects')
      .set({
        cycle_time_start_column: 'Todo',
        column_classification: JSON.stringify({ productive: ['Todo'] }),
      })
      .where('board_id', '=', trackedId)
      .execute();
    const move = (itemId: string, from: string | null, to: string, at: number) =>
      recordReportedMove(ctx.db, trackedId, { itemId, from, to, at, source: 'webhook' }, NOW);
    for (let n = 1; n <= 5; n++) {
      await move(`I_${n}`, null, 'Todo', NOW - (20 - n) * 24 * HOUR);
      await move(`I_${n}`, 'Todo', 'Doing', NOW - (10 - n) * 24 * HOUR);
      if (n < 4) await move(`I_${n}`, 'Doing', 'Done', NOW - (5 - n) * 24 * HOUR);
    }
    const fresh = await buildTestApp(database, { clock: testClock(NOW) });
    await preloadBoards({ ...ctx, analytics: app.analytics });
    const preloaded = await firstAnswers(app, 'PVT_warmed', auth);
    const secret = fresh.ctx.config.jwtSecret;
    const token = await issueAccessToken({ userId: user.id, sessionId, secret, now: NOW });
    const cold = await firstAnswers(fresh.app, 'PVT_warmed', { authorization: `Bearer ${token}` });
    expect(preloaded.walks).toEqual({ rows: 0, stays: 0 });
    expect(cold.walks).toEqual({ rows: 1, stays: 1 });
    expect(preloaded.lead).toEqual(cold.lead);
    expect(preloaded.tis).toEqual(cold.tis);
  });
});
