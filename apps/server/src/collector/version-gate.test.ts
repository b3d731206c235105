import { describe, expect, it } from 'vitest';
import type { Board } from '../db/schema.ts';
import {
  type CollectorWorld,
  collectorWorldPerTest,
  HOUR,
  MINUTE,
  type SimBoard,
} from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import type { BoardReader } from '../github/board-reader.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

/**
 * GitHub's budget (docs/operations.md, The collector): each minute one question per user asks the updatedAt
 * of all their boards (1 point), and only boards whose updatedAt moved are listed; the full listing stays as
 * a safety net.
 */
const LOGIN = 'octo-alice';

type Listing = { board: string; full: boolean };

/** The real collector and readers, counting what each reader lists. */
function countingCollector(world: CollectorWorld) {
  const listings: Listing[] = [];
  const real = readerFactory(world.ctx, null, { retries: 1, retryDelayScale: 0 });
  const readerFor = async (board: Board): Promise<BoardReader | null> => {
    const reader = await real(board);
    if (!reader) return null;
    const listProjectItems: BoardReader['listProjectItems'] = (id, options) => {
      listings.push({ board: id, full: !options?.updatedSinceDays });
      return reader.listProjectItems(id, options);
    };
    return { ...reader, listProjectItems };
  };
  const collector = createCollector(world.ctx, readerFor, { backfill: false });
  return { collector, listings };
}

/** The user's GraphQL budget made large and zeroed (the simulator's accounting), and the points spent since. */
async function resetPoints(world: CollectorWorld): Promise<void> {
  await world.control('/_sim/rate-limit', {
    login: LOGIN,
    limit: 1e7,
    remaining: 1e7,
    resetInMs: 30 * 24 * HOUR,
  });
}
async function pointsSpent(world: CollectorWorld): Promise<number> {
  const window = await world.control<{ limit: number; remaining: number }>('/_sim/rate-limit', {
    login: LOGIN,
  });
  return window.limit - window.remaining;
}

/**
 * Runs the collector at every tick of the default schedule for `ms`, moving both clocks. A tick before
 * any board is claimable claims nothing and writes nothing, so the clocks jump to the first tick at which
 * one is: the runs that do something happen at the same instants, in a tenth of the steps (an hour is 720
 * ticks, which took most of a 20 s timeout on a loaded machine).
 */
async function runFor(world: CollectorWorld, collector: { runOnce(): Promise<number> }, ms: number) {
  const tick = world.ctx.config.collectorTiming.tickMs;
  const ticks = Math.ceil(ms / tick);
  const start = world.ctx.now();
  let done = 0;
  while (done < ticks) {
    const claimable = await firstClaimableAt(world);
    const next = claimable === null ? ticks : Math.max(done + 1, Math.ceil((claimable - start) / tick));
    const at = Math.min(next, ticks);
    await world.advance((at - done) * tick);
    done = at;
    if (at === next) await collector.runOnce();
  }
}

/** When the first board becomes claimable (`claimDueBoards`: due, not static, lease free); null: never. */
async function firstClaimableAt(world: CollectorWorld): Promise<number | null> {
  const boards = await world.ctx.db
    .selectFrom('boards')
    .select(['next_sync_at', 'lease_until'])
    .where('sync_status', '!=', 'static')
    .execute();
  // A lease is free once `now` is past its end (leaseFree).
  const times = boards.map((b) =>
    Math.max(Number(b.next_sync_at), b.lease_until === null ? 0 : Number(b.lease_until) + 1),
  );
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * An hour of the minute's polls is 60 collector runs over three boards, each a real sync: about 10 s on
 * an idle machine, beyond the default 20 s on a loaded one (runFor already skips the idle ticks).
 */
const AN_HOUR_OF_RUNS = 60_000;

describe.each(await dialectCases())('polls gated on the board updatedAt ($name)', ({ create }) => {
  const world = collectorWorldPerTest(create);
  const timing = () => world.ctx.config.collectorTiming;

  async function threeBoards(owner = 'fluxion-labs') {
    const boards: SimBoard[] = [];
    const rows: Board[] = [];
    for (let i = 0; i < 3; i++) {
      const board = await world.createBoard(owner, {
        [`first ${i}`]: 'Todo',
        [`second ${i}`]: 'In Progress',
      });
      boards.push(board);
      rows.push(await world.register(board.projectId));
    }
    const counted = countingCollector(world);
    expect(await counted.collector.runOnce()).toBe(3);
    counted.listings.length = 0;
    await resetPoints(world);
    return { boards, rows, ...counted };
  }

  it('does not list idle boards: one question a minute for all of them, 1 point', async () => {
    const { collector, listings } = await threeBoards();
    await world.advance(MINUTE);
    expect(await collector.runOnce()).toBe(3);
    expect(listings).toEqual([]);
    expect(await pointsSpent(world)).toBe(1);
  });

  it('lists a board whose updatedAt moved, in the same minute, and records its move', async () => {
    const { boards, rows, collector, listings } = await threeBoards('octo-alice');
    const [, changed] = boards;
    await world.move(changed?.items['first 1'] ?? '', 'Done');
    await world.advance(MINUTE);
    expect(await collector.runOnce()).toBe(3);
    expect(listings).toEqual([{ board: changed?.projectId, full: false }]);
    const moves = await world.moves(rows[1]?.id ?? '');
    expect(moves.filter((m) => m.source === 'poll').map((m) => [m.from, m.to])).toEqual([['Todo', 'Done']]);
  });

  it('asks anew for a board due again right after its sync (a webhook asked for it)', async () => {
    const { boards, rows, collector, listings } = await threeBoards();
    await world.advance(MINUTE);
    expect(await collector.runOnce()).toBe(3);
    await world.move(boards[0]?.items['first 0'] ?? '', 'Done');
    await world.advance(5_000);
    // What the webhook route does for a new item: the board is due now, within the kept answer's life.
    await world.ctx.db
      .updateTable('boards')
      .set({ next_sync_at: world.ctx.now() })
      .where('id', '=', rows[0]?.id ?? '')
      .execute();
    expect(await collector.runOnce()).toBe(1);
    expect(listings).toEqual([{ board: boards[0]?.projectId, full: false }]);
  });

  it('lists again a board whose updatedAt was in its second when asked (GitHub stamps seconds)', async () => {
    const { boards, rows, collector, listings } = await threeBoards();
    // No webhook brings the moves (GitHub sends none for a user's boards).
    await world.control('/_sim/faults', { type: 'drop-webhooks', count: 100 });
    await world.advance(MINUTE);
    // A move, and the minute's question in the same second: the board is listed and the move recorded.
    await world.move(boards[0]?.items['first 0'] ?? '', 'Done');
    expect(await collector.runOnce()).toBe(3);
    expect(listings).toEqual([{ board: boards[0]?.projectId, full: false }]);
    // Another move later in that second, after the listing: the board's updatedAt reads as it did.
    await world.advance(400);
    await world.move(boards[0]?.items['second 0'] ?? '', 'Done');
    await runFor(world, collector, MINUTE);
    const moves = await world.moves(rows[0]?.id ?? '');
    expect(moves.filter((m) => m.source === 'poll').map((m) => [m.from, m.to])).toEqual([
      ['Todo', 'Done'],
      ['In Progress', 'Done'],
    ]);
  });

  it("stops trusting a board's updatedAt once a listing shows a move it did not follow", async () => {
    const { boards, rows, collector, listings } = await threeBoards();
    // A host where a Status change leaves its board's updatedAt as it was (GitHub does not document it),
    // and no webhook brings the moves.
    await world.control('/_sim/quirks', { boardUpdatedAtFollowsMoves: false });
    await world.control('/_sim/faults', { type: 'drop-webhooks', count: 100 });
    await world.advance(5 * MINUTE);
    await world.move(boards[0]?.items['first 0'] ?? '', 'Done');
    await runFor(world, collector, timing().fullSyncMs + 2 * MINUTE);
    // Unseen by the minute polls; the full listing finds it, and that it came after the board's updatedAt.
    const first = listings.find((l) => l.board === boards[0]?.projectId);
    expect(first).toEqual({ board: boards[0]?.projectId, full: true });
    const gateOff = async () =>
      (
        await world.ctx.db.selectFrom('boards').select(['id', 'version_gate_off']).orderBy('id').execute()
      ).filter((b) => b.version_gate_off === 1);
    expect((await gateOff()).map((b) => b.id)).toEqual([rows[0]?.id]);
    listings.length = 0;
    await world.move(boards[0]?.items['second 0'] ?? '', 'Done');
    await runFor(world, collector, MINUTE);
    expect(listings).toEqual([{ board: boards[0]?.projectId, full: false }]);
    const moves = await world.moves(rows[0]?.id ?? '');
    expect(moves.filter((m) => m.source === 'poll').map((m) => [m.from, m.to])).toEqual([
      ['Todo', 'Done'],
      ['In Progress', 'Done'],
    ]);
  });

  it('catches a change GitHub does not reflect in updatedAt at the next full listing', async () => {
    const { boards, rows, collector, listings } = await threeBoards();
    const contentId = world.sim.world.items.get(boards[0]?.items['first 0'] ?? '')?.contentId;
    await world.control(
      `/_sim/issues/${contentId}`,
      { title: 'Renamed in the repository', labels: ['bug'] },
      'PATCH',
    );
    const title = async () =>
      (
        await world.ctx.db
          .selectFrom('items')
          .select(['title', 'labels'])
          .where('board_id', '=', rows[0]?.id ?? '')
          .where('item_id', '=', boards[0]?.items['first 0'] ?? '')
          .executeTakeFirstOrThrow()
      ).title;
    await runFor(world, collector, timing().fullSyncMs - MINUTE);
    expect(listings).toEqual([]);
    expect(await title()).toBe('first 0');
    await runFor(world, collector, MINUTE);
    expect(listings.map((l) => l.full)).toEqual([true, true, true]);
    expect(await title()).toBe('Renamed in the repository');
  });

  it(
    'spends, on idle boards for an hour, a point a minute and the full listings',
    async () => {
      const { collector, listings } = await threeBoards();
      await runFor(world, collector, HOUR);
      const fulls = HOUR / timing().fullSyncMs;
      expect(listings).toHaveLength(3 * fulls);
      expect(listings.every((l) => l.full)).toBe(true);
      // Each full listing: its columns (1 point) and one page of items with labels and assignees (201
      // requests, 2 points); each minute: one question for the three boards (1 point).
      expect(await pointsSpent(world)).toBe(HOUR / MINUTE + 3 * fulls * (1 + 2));
    },
    AN_HOUR_OF_RUNS,
  );

  it(
    'lists in full hourly, not every 15 minutes, while the board changes arrive by webhook',
    async () => {
      const { boards, collector, listings } = await threeBoards();
      await world.move(boards[0]?.items['first 0'] ?? '', 'Done');
      await world.flush();
      await runFor(world, collector, HOUR);
      const webhooked = listings.filter((l) => l.board === boards[0]?.projectId);
      // The minute after the move: listed (its updatedAt moved); then only the hourly full listing.
      expect(webhooked).toEqual([
        { board: boards[0]?.projectId, full: false },
        { board: boards[0]?.projectId, full: true },
      ]);
      const polled = listings.filter((l) => l.board === boards[1]?.projectId);
      expect(polled).toHaveLength(HOUR / timing().fullSyncMs);
      expect(timing().webhookFullSyncMs).toBe(HOUR);
    },
    AN_HOUR_OF_RUNS,
  );
});
