import type { BoardSummary, OverviewQuery, OverviewResponse } from '@fluxion/contract';
import pLimit from 'p-limit';
import { analysisGate } from '../billing/paywall.ts';
import type { ApiContext } from '../context.ts';
import type { TrackedRow } from '../tracked-boards/queries.ts';
import { listVisibleRows } from '../tracked-boards/service.ts';
import { analysedBoard } from './board.ts';
import { flowOf, flowQuery } from './flow-service.ts';
import { byUrgency, summariseFlow } from './overview.ts';

export const BOARD_FAILED_MESSAGE = 'The figures of this board could not be computed just now.';

type Log = { warn(details: object, message: string): void };

/** GET /api/overview/: one card per board the user sees (their own and the demo), most urgent first. */
export async function boardsOverview(
  ctx: ApiContext,
  userId: string,
  query: OverviewQuery,
  log: Log,
): Promise<OverviewResponse> {
  const rows = await listVisibleRows(ctx, userId);
  // Each board may load up to a million moves into the board store (BOARD_CACHE_SIZE boards): more at
  // once (OVERVIEW_BOARDS_AT_ONCE) raise the peak memory and evict boards the overview still needs.
  const limit = pLimit(ctx.analytics.overviewBoardsAtOnce);
  const gate = await analysisGate(ctx, userId);
  const boards = await Promise.all(
    rows.map((row) =>
      gate.allows(row)
        ? limit(() => boardSummary(ctx, userId, row, query.days, log))
        : lockedSummary(row, gate.message),
    ),
  );
  return { window_days: query.days, boards: boards.sort(byUrgency) };
}

/** Behind the paywall: the board is named, its figures are not computed. */
function lockedSummary(row: TrackedRow, message: string): BoardSummary {
  const board = { project_id: row.github_project_id, title: row.title, is_demo: row.is_demo === 1 };
  return { ...board, status: 'locked', message };
}

/** One board's card; a failure is that card's, not the overview's. */
async function boardSummary(
  ctx: ApiContext,
  userId: string,
  row: TrackedRow,
  days: number,
  log: Log,
): Promise<BoardSummary> {
  const board = { project_id: row.github_project_id, title: row.title, is_demo: row.is_demo === 1 };
  try {
    // The Flow page's question over the card's window: one cached report for both (the board facts).
    const viewer = { userId, board: analysedBoard(row, ctx.now()) };
    return summariseFlow(board, await flowOf(ctx, viewer, flowQuery(row.github_project_id, { days })));
  } catch (error) {
    log.warn({ err: error, board: row.id }, 'overview: a board’s Flow report failed');
    return { ...board, status: 'failed', message: BOARD_FAILED_MESSAGE };
  }
}
