import { type SqlBool, sql } from 'kysely';

/**
 * The one rule of every lease Fluxion keeps in the database (a board's sync, a notification job, a task's
 * turn, a credential's renewal): a row is free to take when nobody holds it or its holder's lease has run
 * out (`until` before now: the holder died, stopped or is too slow; it holds the row through `until`).
 * The taker names this condition in one conditional UPDATE, so of the processes sharing the database
 * one wins.
 */
export function leaseFree(untilColumn: string, now: number) {
  return sql<SqlBool>`(${sql.ref(untilColumn)} is null or ${sql.ref(untilColumn)} < ${now})`;
}

/**
 * Takes each of the `due` rows that it can (`take`: one conditional UPDATE, true when this process got
 * the row) and reads back those it got, in order: another process may take any of them meanwhile.
 */
export async function claimEach<K, T>(
  due: readonly K[],
  take: (key: K) => Promise<boolean>,
  read: (key: K) => Promise<T | undefined>,
): Promise<T[]> {
  const claimed: T[] = [];
  for (const key of due) {
    if (!(await take(key))) continue;
    const row = await read(key);
    if (row) claimed.push(row);
  }
  return claimed;
}
