import type { ApiContext } from '../context.ts';

/** At most half the board store (BOARD_CACHE_SIZE), so that preloading never evicts what requests loaded. */
const PRELOAD_BOARDS = 3;
/** Start-up and the first requests go first. */
const PRELOAD_DELAY_MS = 2_000;

/** The boards most likely to be viewed first: the demo board, then tracked boards by latest sync. */
async function likelyViewedBoards(ctx: ApiContext): Promise<{ id: string; data_version: number }[]> {
  return ctx.db
    .selectFrom('boards')
    .select(['id', 'data_version'])
    .where((eb) =>
      eb.or([
        eb('is_demo', '=', 1),
        eb.exists(
          eb
            .selectFrom('tracked_projects')
            .select('user_id')
            .whereRef('tracked_projects.board_id', '=', 'boards.id'),
        ),
      ]),
    )
    .orderBy('is_demo', 'desc')
    .orderBy((eb) => eb.fn.coalesce('last_synced_at', eb.lit(0)), 'desc')
    .limit(Math.min(PRELOAD_BOARDS, Math.floor(ctx.analytics.boards.capacity / 2)))
    .execute();
}

/** Loads the likely boards (moves and items) one after the other, so that their first request after a start is warm. */
export async function preloadBoards(ctx: ApiContext, stopped: () => boolean = () => false): Promise<void> {
  for (const board of await likelyViewedBoards(ctx)) {
    if (stopped()) return;
    await ctx.analytics.boards.get(ctx.db, board.id, Number(board.data_version));
    await ctx.analytics.boards.items(ctx.db, board.id, Number(board.data_version));
  }
}

/** Preloads in the background after a delay; the returned function stops before the next board. */
export function startPreload(ctx: ApiContext): () => void {
  let stopped = false;
  const timer = setTimeout(() => {
    preloadBoards(ctx, () => stopped).catch((error: unknown) => {
      if (!stopped) ctx.log?.warn({ err: error }, 'preloading boards failed');
    });
  }, PRELOAD_DELAY_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
