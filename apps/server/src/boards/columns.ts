import { sql } from 'kysely';

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
 * A column's value with `renames` applied (`CASE column WHEN old THEN new … ELSE column END`), for the
 * UPDATE of each table that names columns: all names change at once, so two that swapped stay apart.
 */
export function renamedColumn(renames: ReadonlyMap<string, string>, column: string) {
  return sql<string>`CASE ${sql.ref(column)} ${sql.join(
    [...renames].map(([old, renamed]) => sql`WHEN ${old} THEN ${renamed}`),
    sql` `,
  )} ELSE ${sql.ref(column)} END`;
}
