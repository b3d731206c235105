import { type ColumnOption, columnOptionsJson, findRenames, parseColumnOptions } from '../boards/columns.ts';
import { recordChanges } from '../boards/changes.ts';
import { holdLease } from '../boards/leases.ts';
import { renameBoardColumns } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import { markMovesRewritten } from '../move-log/segments.ts';
import { renameLoggedColumns } from '../move-log/writes.ts';
import { renameTrackedColumns } from './queries.ts';
import { parseColumns } from './to-api.ts';

/**
 * Brings the board's record up to GitHub's renamed Status options, in one transaction: every recorded
 * move and item, the board's column list and the users' cycle-start and column classification settings
 * take the new names (at once, so two columns that swapped names stay apart), and loaded boards read the
 * moves again. Without this a renamed column would look like a new one its items all moved to, and its
 * history would keep a name the board no longer has. Without renames it writes nothing: the caller
 * stores the options with the column list (`columnOptionsJson`). `leaseOwner`: a sync's; nothing is
 * written if it lost the board's lease (LeaseLostError: the workflow field changed since it read `board`).
 */
export async function applyColumnRenames(
  db: Db,
  board: { id: string; column_options: string | null; column_list: string },
  current: readonly ColumnOption[],
  leaseOwner?: string,
): Promise<Map<string, string>> {
  const renames = findRenames(parseColumnOptions(board.column_options), current);
  if (renames.size === 0) return renames;
  await recordChanges(db, board.id, async (changes) => {
    const trx = changes.db;
    if (leaseOwner !== undefined) await holdLease(trx, board.id, leaseOwner);
    await renameLoggedColumns(trx, board.id, renames);
    await renameTrackedColumns(trx, board.id, renames);
    await renameBoardColumns(changes, {
      columnOptions: columnOptionsJson(current),
      columnList: JSON.stringify(parseColumns(board.column_list).map((c) => renames.get(c) ?? c)),
    });
    await markMovesRewritten(trx, board.id);
  });
  return renames;
}
