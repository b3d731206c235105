import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { GithubSchemaError } from '../github/errors.ts';
import type { GithubItemHistory } from '../github/types.ts';
import type { BoardReader } from '../github/board-reader.ts';
import { recordBackfill, recordBackfillSkipped } from './backfill.ts';
import { type CheckedHistories, checkHistories, estimateHistories } from './history-check.ts';
import type { ObservedItem } from './observation.ts';
import { STATUS_FIELD, workflowFieldOf } from '../boards/workflow-field.ts';
import { timelineLabelChanges } from '../move-log/label-changes.ts';
import { classifyColumns, type LabelChange, type ReconstructionBoard } from '@fluxion/flow';
import { parseColumns } from '../tracked-boards/to-api.ts';

/**
 * Once per board, after its first full listing: past moves from the issues' timelines, marked 'backfill',
 * so a new board can show insights early. Best effort: a failure is logged and not retried; a host whose
 * timelines lack the Projects (v2) events (older GitHub Enterprise) leaves a note for the board's users.
 */
export async function backfill(
  ctx: AppContext,
  board: Board,
  reader: BoardReader,
  observed: ObservedItem[],
  owner: string,
  columns: string[] | null,
) {
  let checked: CheckedHistories = { moves: [], partial: new Map(), checked: 0 };
  let labels: LabelChange[] = [];
  try {
    const histories = await reader.getStatusHistory(board.github_project_id);
    labels = timelineLabelChanges(histories);
    const events = statusEventsIfRead(board, histories);
    checked = checkHistories(events, observed, board.added_at);
    const shape = await reconstructionBoard(ctx, board, columns);
    checked.estimated = estimateHistories(events, observed, checked, shape);
  } catch (error) {
    if (error instanceof GithubSchemaError)
      return recordBackfillSkipped(ctx.db, board.id, 'no_timeline_events', ctx.now(), owner);
    ctx.log?.warn({ board: board.id, reason: (error as Error).message }, 'backfill failed; skipped');
  }
  await recordBackfill(ctx.db, board.id, checked, ctx.now(), owner, labels);
}

/**
 * The board as the reconstruction reads it: its columns, the start column its first tracker chose (else the
 * first column its name says is worked in) and its last column as done.
 */
async function reconstructionBoard(
  ctx: AppContext,
  board: Board,
  listed: string[] | null,
): Promise<ReconstructionBoard> {
  const columns = listed ?? parseColumns(board.column_list);
  const chosen = await ctx.db
    .selectFrom('tracked_projects')
    .select('cycle_time_start_column')
    .where('board_id', '=', board.id)
    .where('cycle_time_start_column', 'is not', null)
    .orderBy('added_at')
    .executeTakeFirst();
  const start = chosen?.cycle_time_start_column;
  const startColumn =
    start && columns.includes(start) ? start : (classifyColumns({ columns }).productive[0] ?? null);
  return { columns, startColumn, doneColumn: null };
}

/**
 * GitHub's timeline events are the moves of the field named Status: a board read by another workflow field
 * imports none of them (they name another field's options), and each item is checked against its current
 * value alone.
 */
function statusEventsIfRead(board: Board, histories: GithubItemHistory[]): GithubItemHistory[] {
  if (workflowFieldOf(board).name === STATUS_FIELD) return histories;
  return histories.map((history) => ({ ...history, changes: [] }));
}
