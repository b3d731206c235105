import type { Db } from '../db/connection.ts';

/** The planner's lease: enqueuing digests and scanning every board for alerts, once per period. */
export const PLANNER_LEASE = 'planner';

export type Turn = { name: string; owner: string; now: number; periodMs: number; leaseMs: number };

/**
 * Whether `owner` runs the task `name` now: it is due (`next_run_at` has come) and nobody else holds it
 * (no holder, or the holder's lease lapsed: it died or stopped). One conditional UPDATE, so of any number
 * of processes on one database (SQLite or PostgreSQL) one wins each period. The holder keeps it from period
 * to period (its caches stay warm) while it renews within `leaseMs`; with `leaseMs` above `periodMs`, a
 * holder that dies is replaced `leaseMs` after its last run at the latest.
 */
export async function takeTurn(db: Db, turn: Turn): Promise<boolean> {
  const { name, owner, now } = turn;
  const taken = await db
    .updateTable('notification_leases')
    .set({ owner, lease_until: now + turn.leaseMs, next_run_at: now + turn.periodMs })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '=', owner), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  // The first run on a new database: the row is created, by one process only.
  const created = await db
    .insertInto('notification_leases')
    .values({ name, owner, lease_until: now + turn.leaseMs, next_run_at: now + turn.periodMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(created.numInsertedOrUpdatedRows ?? 0n) === 1;
}
