import type { ApiContext } from '../context.ts';
import { ANALYSED_BOARD_COLUMNS, type AnalysedRow } from '../tracked-boards/analysed-row.ts';
import { type AnalysedBoard, analysedBoard } from './board.ts';
import { warmUpCode } from './code-warm-up.ts';
import { warmLeadTime } from './lead-time-service.ts';
import { warmTimeInState } from './time-in-state-service.ts';

/** At most half the board store (BOARD_CACHE_SIZE), so that preloading never evicts what requests loaded. */
const PRELOAD_BOARDS = 3;
/** Start-up and the first requests go first. */
const PRELOAD_DELAY_MS = 2_000;
/** The code warm-up begins sooner: the first requests after a start are those it is for. */
const CODE_WARM_UP_DELAY_MS = 100;

export { warmUpCode };

/**
 * The boards most likely to be viewed first: the demo board, then tracked boards by latest sync (nothing
 * records which boards are viewed most). Each as a viewer with no settings of their own sees it (the
 * board's columns, calendar and policies; the automatic classification), as the demo's viewers do.
 */
async function likelyViewedBoards(ctx: ApiContext): Promise<AnalysedBoard[]> {
  const rows = await ctx.db
    .selectFrom('boards as b')
    .leftJoin('board_iteration_fields as pf', 'pf.board_id', 'b.id')
    .select(ANALYSED_BOARD_COLUMNS.map((column) => `b.${column}` as const))
    .select(['pf.iteration_field_name', 'pf.iterations as iteration_list'])
    .where((eb) =>
      eb.or([
        eb('b.is_demo', '=', 1),
        eb.exists(
          eb
            .selectFrom('tracked_projects')
            .select('user_id')
            .whereRef('tracked_projects.board_id', '=', 'b.id'),
        ),
      ]),
    )
    .orderBy('b.is_demo', 'desc')
    .orderBy((eb) => eb.fn.coalesce('b.last_synced_at', eb.lit(0)), 'desc')
    .limit(Math.min(PRELOAD_BOARDS, Math.floor(ctx.analytics.boards.capacity / 2)))
    .execute();
  const noSettings = {
    iteration_length_days: null,
    cycle_time_start_column: null,
    column_classification: null,
  };
  return rows.map((row) => analysedBoard({ ...row, ...noSettings } as AnalysedRow, ctx.now()));
}

/**
 * Loads the likely boards one after the other (moves and items) and computes their first lead time and
 * time in state (answers not kept): their first requests after a start find the kept timeline built.
 */
export async function preloadBoards(ctx: ApiContext, stopped: () => boolean = () => false): Promise<void> {
  const steps = [
    (board: AnalysedBoard) => ctx.analytics.boards.get(ctx.db, board.id, board.version),
    (board: AnalysedBoard) => ctx.analytics.boards.itemList(ctx.db, board.id, board.version),
    (board: AnalysedBoard) => warmLeadTime(ctx, board),
    (board: AnalysedBoard) => warmTimeInState(ctx, board),
  ];
  for (const board of await likelyViewedBoards(ctx)) {
    try {
      for (const step of steps) {
        // Requests that arrived meanwhile (/healthz among them) go before each step, which holds the event loop.
        await new Promise(setImmediate);
        if (stopped()) return;
        await step(board);
      }
    } catch (error) {
      // The board's first request meets the same error and answers it; the next boards are still warmed.
      if (!stopped()) ctx.log?.warn({ err: error, boardId: board.id }, 'preloading a board failed');
    }
  }
}

/**
 * Warms the analyses' code (code-warm-up.ts), then preloads the likely boards, in the background after
 * their delays; the returned function stops before the next step.
 */
export function startPreload(ctx: ApiContext): () => void {
  let stopped = false;
  const isStopped = () => stopped;
  const started = Date.now();
  const warm = async () => {
    await warmUpCode(ctx, { stopped: isStopped }).catch((error: unknown) => {
      if (!stopped) ctx.log?.warn({ err: error }, 'warming the analyses up failed');
    });
    await delay(PRELOAD_DELAY_MS - (Date.now() - started));
    await preloadBoards(ctx, isStopped).catch((error: unknown) => {
      if (!stopped) ctx.log?.warn({ err: error }, 'preloading boards failed');
    });
  };
  const timer = setTimeout(() => void warm(), CODE_WARM_UP_DELAY_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Unreferenced: a process that is done does not wait for the warm-up. */
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
