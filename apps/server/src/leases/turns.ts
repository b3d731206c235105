import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { leaseFree } from './lease.ts';

/**
 * Tasks that run in one process of all those sharing the database, once per period, each a row of
 * `task_turns`: the notifications' scheduler (digests due, the alert scan over every board's Flow report),
 * the team plans' seat sweep, the GitHub App installations' reconciling.
 */
// The scheduler's row keeps its first name, so processes of an older release share its turn.
export const TASKS = { scheduler: 'planner', seatSync: 'seat-sync', installations: 'installations' } as const;

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
    .updateTable('task_turns')
    .set({ owner, lease_until: now + turn.leaseMs, next_run_at: now + turn.periodMs })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    // Its holder renews its own turn; `leaseFree` is true of a turn nobody holds (released: no lease).
    .where((eb) => eb.or([eb('owner', '=', owner), leaseFree('lease_until', now)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  // The first run on a new database: the row is created, by one process only.
  const created = await db
    .insertInto('task_turns')
    .values({ name, owner, lease_until: now + turn.leaseMs, next_run_at: now + turn.periodMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(created.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export type Periodic = { name: string; periodMs: number };

/**
 * `run` wrapped to run only on this process's turn at the task (takeTurn), so that once per `periodMs`
 * one process of all those sharing the database runs it; off its turn the wrapper answers `idle`. The
 * lease is two periods: a holder that dies is replaced within that.
 */
export function onItsTurn<T>(
  ctx: { db: Db; now: () => number },
  task: Periodic,
  run: () => Promise<T>,
  idle: T,
  owner: string = randomUUID(),
): () => Promise<T> {
  return async () => {
    const turn = { ...task, owner, now: ctx.now(), leaseMs: 2 * task.periodMs };
    return (await takeTurn(ctx.db, turn)) ? run() : idle;
  };
}

/**
 * Gives back every turn `owners` hold, for a process that stops: its tasks are taken by another process
 * when next due, instead of after the lease.
 */
export async function releaseTurnsOf(db: Db, owners: readonly string[]): Promise<void> {
  if (owners.length === 0) return;
  await db
    .updateTable('task_turns')
    .set({ owner: null, lease_until: null })
    .where('owner', 'in', [...owners])
    .execute();
}

/**
 * Makes the task `name` due by `at` at the latest (sooner than its period, for work that cannot wait it):
 * whichever process next checks its turn runs it.
 */
export async function bringTurnForward(db: Db, name: string, at: number): Promise<void> {
  await db
    .updateTable('task_turns')
    .set({ next_run_at: at })
    .where('name', '=', name)
    .where('next_run_at', '>', at)
    .execute();
}
