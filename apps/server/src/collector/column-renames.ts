import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { markMovesRewritten } from '../move-log/segments.ts';
import { renameClassificationColumns } from '../projects/queries.ts';
import { parseColumns } from '../projects/to-api.ts';

/** A Status option: GitHub keeps its id when it is renamed. */
export type ColumnOption = { id: string; name: string };

/** The options stored with a board (null when never read, or unreadable). */
export function parseColumnOptions(json: string | null): ColumnOption[] | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return null;
    return parsed.filter((o): o is ColumnOption => typeof o?.id === 'string' && typeof o?.name === 'string');
  } catch {
    return null;
  }
}

/** The options as stored with a board (`boards.column_options`). */
export function columnOptionsJson(options: readonly ColumnOption[]): string {
  return JSON.stringify(options.map(({ id, name }) => ({ id, name })));
}

/** Old name → new name, for each option GitHub still has under its id with another name. */
export function findRenames(stored: readonly ColumnOption[] | null, current: readonly ColumnOption[]) {
  const renames = new Map<string, string>();
  for (const option of current) {
    const before = stored?.find((o) => o.id === option.id);
    if (before && before.name !== option.name) renames.set(before.name, option.name);
  }
  return renames;
}

/**
 * Brings the board's record up to GitHub's renamed Status options, in one transaction: every recorded
 * move and item, the board's column list and the users' cycle-start and column classification settings
 * take the new names (at once, so two columns that swapped names stay apart), and loaded boards read the
 * moves again. Without this a renamed column would look like a new one its items all moved to, and its
 * history would keep a name the board no longer has. Without renames it writes nothing: the caller
 * stores the options with the column list (`columnOptionsJson`).
 */
export async function applyColumnRenames(
  db: Db,
  board: { id: string; column_options: string | null; column_list: string },
  current: readonly ColumnOption[],
): Promise<Map<string, string>> {
  const renames = findRenames(parseColumnOptions(board.column_options), current);
  if (renames.size === 0) return renames;
  const options = columnOptionsJson(current);
  const olds = [...renames.keys()];
  const renamed = (column: string) =>
    sql<string>`CASE ${sql.ref(column)} ${sql.join(
      olds.map((old) => sql`WHEN ${old} THEN ${renames.get(old)}`),
      sql` `,
    )} ELSE ${sql.ref(column)} END`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('transitions')
      .set({ from_column: renamed('from_column'), to_column: renamed('to_column') })
      .where('board_id', '=', board.id)
      .where((eb) => eb.or([eb('from_column', 'in', olds), eb('to_column', 'in', olds)]))
      .execute();
    await trx
      .updateTable('items')
      .set({ column_name: renamed('column_name') })
      .where('board_id', '=', board.id)
      .where('column_name', 'in', olds)
      .execute();
    await trx
      .updateTable('tracked_projects')
      .set({ cycle_time_start_column: renamed('cycle_time_start_column') as RawBuilder<string | null> })
      .where('board_id', '=', board.id)
      .where('cycle_time_start_column', 'in', olds)
      .execute();
    await renameClassificationColumns(trx, board.id, renames);
    await trx
      .updateTable('boards')
      .set((eb) => ({
        column_options: options,
        column_list: JSON.stringify(parseColumns(board.column_list).map((c) => renames.get(c) ?? c)),
        data_version: eb('data_version', '+', 1),
      }))
      .where('id', '=', board.id)
      .execute();
    await markMovesRewritten(trx, board.id);
  });
  return renames;
}
