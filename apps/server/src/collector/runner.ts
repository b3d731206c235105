import { randomUUID } from 'node:crypto';
import type { CollectorTiming } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import {
  type CompactionOptions,
  compactBoardMoves,
  type ItemSnapshotOptions,
  snapshotBoardItems,
} from '../move-log/compact.ts';
import {
  BOARD_SNAPSHOT_DEFAULTS,
  type BoardSnapshotOptions,
  snapshotBoard,
} from '../move-log/board-snapshots.ts';
import type { BoardReader } from '../github/board-reader.ts';
import { claimDueBoards, releaseBoard, releaseLeasesOf } from '../boards/leases.ts';
import { NoBoardAccessError } from './readers.ts';
import { nextAfterFailure, type SchedulePolicy, schedulePolicy } from './schedule.ts';
import { syncBoard } from './sync-board.ts';
import { versionGate } from './version-gate.ts';

export type ReaderFactory = (board: Board) => Promise<BoardReader | null>;

export type CollectorOptions = {
  workerId?: string;
  tickMs?: number;
  policy?: SchedulePolicy;
  /** Import past Status changes of a newly added board (default true). */
  backfill?: boolean;
  /** How long a claimed board stays ours; a crashed worker's boards are free again after it. */
  leaseMs?: number;
  batch?: number;
  /** When the moves of a synced board are sealed into segments (defaults: COMPACTION_DEFAULTS). */
  compaction?: Omit<CompactionOptions, 'now'>;
  /** When its items are snapshotted (defaults: ITEM_SNAPSHOT_DEFAULTS). */
  itemSnapshots?: Omit<ItemSnapshotOptions, 'now'>;
  boardSnapshots?: Omit<BoardSnapshotOptions, 'now'>;
};

/** The configured intervals and lease (COLLECTOR_POLL_MS, COLLECTOR_*FULL_SYNC_MS, COLLECTOR_LEASE_MS) as collector options. */
export function timingOptions(timing: CollectorTiming): { policy: SchedulePolicy; leaseMs: number } {
  return { policy: schedulePolicy(timing), leaseMs: timing.leaseMs };
}

export type Collector = {
  /** Claims and syncs every due board once; returns how many were synced. */
  runOnce(): Promise<number>;
};

export function createCollector(
  ctx: AppContext,
  readerFor: ReaderFactory,
  options: CollectorOptions = {},
): Collector {
  const owner = options.workerId ?? `collector-${randomUUID()}`;
  const configured = timingOptions(ctx.config.collectorTiming);
  const policy = options.policy ?? configured.policy;
  const leaseMs = options.leaseMs ?? configured.leaseMs;
  // Half a poll: the boards of one user that fall due together share one question to GitHub.
  const gate = versionGate(ctx, policy.pollIntervalMs / 2);

  async function runOnce(): Promise<number> {
    const boards = await claimDueBoards(ctx.db, {
      owner,
      now: ctx.now(),
      leaseMs,
      limit: options.batch ?? 10,
    });
    for (const board of boards) {
      let refusal = 'no GitHub access for this board';
      const reader = await readerFor(board).catch((error: unknown) => {
        // Why nobody may read it and what to do (the GitHub App uninstalled or suspended): shown on the board.
        if (error instanceof NoBoardAccessError) refusal = error.message;
        return null;
      });
      if (!reader) {
        const nextSyncAt = nextAfterFailure(ctx.now(), policy, board.sync_error_count + 1, null);
        const outcome = {
          ok: false as const,
          error: refusal,
          inaccessible: true,
          nextSyncAt,
        };
        await releaseBoard(ctx.db, board, owner, ctx.now(), outcome);
        continue;
      }
      await syncBoard(ctx, { board, reader, owner, policy, gate, backfill: options.backfill ?? true });
      await compactBoard(ctx, board.id, options);
    }
    return boards.length;
  }

  // One run at a time: a lease still ours when a run starts is left by a run that failed before releasing
  // it (the database went away mid-sync), so it is freed and the board synced again at once.
  let cutShort = false;
  const runAfterFailure = async () => {
    if (cutShort) await releaseLeasesOf(ctx.db, owner);
    cutShort = true;
    const synced = await runOnce();
    cutShort = false;
    return synced;
  };
  return { runOnce: runAfterFailure };
}

/**
 * When this process last looked whether a board's snapshot was due (board id → instant). A look older
 * than refreshMs is the same as none, so such entries are dropped once the map holds many (boards this
 * process stopped collecting, or that were deleted, would otherwise stay for its lifetime).
 */
const boardSnapshotLooks = new Map<string, number>();
/** The size at which old looks are next swept: twice what a sweep left, so sweeps stay rare. */
let sweepLooksAt = 10_000;

function forgetOldLooks(now: number, refreshMs: number): void {
  if (boardSnapshotLooks.size < sweepLooksAt) return;
  for (const [boardId, looked] of boardSnapshotLooks)
    if (now - looked >= refreshMs) boardSnapshotLooks.delete(boardId);
  sweepLooksAt = Math.max(10_000, 2 * boardSnapshotLooks.size);
}

/**
 * Seals the board's settled moves into segments and snapshots its items once enough have gathered, then
 * (a big board) the whole board in one row, so that its first load after a start reads blobs, not rows
 * (move-log/compact.ts, board-snapshots.ts). Best effort: the rows serve meanwhile.
 */

async function compactBoard(ctx: AppContext, boardId: string, options: CollectorOptions): Promise<void> {
  try {
    const sealed = await compactBoardMoves(ctx.db, boardId, { ...options.compaction, now: ctx.now() });
    const items = await snapshotBoardItems(ctx.db, boardId, { ...options.itemSnapshots, now: ctx.now() });
    const snapshot = { ...BOARD_SNAPSHOT_DEFAULTS, ...options.boardSnapshots, now: ctx.now() };
    // Looked at when something was sealed, else once per refreshMs per process: a poll costs no statement more.
    const looked = boardSnapshotLooks.get(boardId);
    if (sealed > 0 || items || looked === undefined || snapshot.now - looked >= snapshot.refreshMs) {
      forgetOldLooks(snapshot.now, snapshot.refreshMs);
      boardSnapshotLooks.set(boardId, snapshot.now);
      await snapshotBoard(ctx.db, boardId, snapshot);
    }
  } catch (error) {
    ctx.log?.warn({ board: boardId, reason: (error as Error).message }, 'compacting the board failed');
  }
}
