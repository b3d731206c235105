import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Board } from '../db/schema.ts';
import { claimEach, leaseFree } from '../leases/lease.ts';
import { type ColumnOption, columnOptionsJson } from './columns.ts';

/**
 * Claims boards that are due, one conditional UPDATE each, so that any number of collector processes can
 * share one database (SQLite or PostgreSQL) without two syncing the same board at once.
 */
export async function claimDueBoards(
  db: Db,
  params: { owner: string; now: number; leaseMs: number; limit: number },
): Promise<Board[]> {
  const { now } = params;
  const due = await db
    .selectFrom('boards')
    .select('id')
    .where('next_sync_at', '<=', now)
    // 'inaccessible' boards are retried (at the longest backoff): access can come back.
    .where('sync_status', '!=', 'static')
    .where(leaseFree('lease_until', now))
    // A board never synced first: its user just added it and waits for its first figures, while the
    // boards due again (all of them, on a loaded collector) only get fresher.
    .orderBy(sql`(last_synced_at IS NULL)`, (ob) => ob.desc())
    .orderBy('next_sync_at')
    .limit(params.limit)
    .execute();
  const take = async (id: string) => {
    const result = await db
      .updateTable('boards')
      .set({ lease_owner: params.owner, lease_until: now + params.leaseMs })
      .where('id', '=', id)
      .where(leaseFree('lease_until', now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  const read = (id: string) => db.selectFrom('boards').selectAll().where('id', '=', id).executeTakeFirst();
  return claimEach(
    due.map((row) => row.id),
    take,
    read,
  );
}

/**
 * Frees every lease `owner` still holds: a run cut short (the database went away mid-sync) could not
 * release its boards, which would otherwise wait out the whole lease before anyone synced them again.
 */
export async function releaseLeasesOf(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('boards')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * The sync no longer holds the board's lease: the workflow field was changed meanwhile (the change takes
 * the lease, `switchWorkflowField`), so what it read of the old field must not be written.
 */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
  constructor(boardId: string) {
    super(`board ${boardId}: the sync's lease was taken (its workflow field changed); nothing written`);
  }
}

/**
 * Holds the board row for the rest of the transaction if `owner` still leases it (a conditional no-op
 * UPDATE: the row lock on PostgreSQL, the write lock on SQLite), so the lease cannot be taken before the
 * transaction commits; LeaseLostError when it was taken already.
 */
export async function holdLease(db: Db, boardId: string, owner: string): Promise<void> {
  const held = await db
    .updateTable('boards')
    .set({ lease_owner: sql`lease_owner` })
    .where('id', '=', boardId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) !== 1) throw new LeaseLostError(boardId);
}

export type SyncOutcome =
  | {
      ok: true;
      nextSyncAt: number;
      full: boolean;
      columns: ColumnOption[] | null;
      /** The workflow field as read with the columns (its name may have changed on GitHub). */
      workflowField?: { id: string; name: string } | null;
      /** The board's updatedAt on GitHub as asked before the listing, once settled (settledUpdatedAt). */
      githubUpdatedAt?: string | null;
      /** When a change last came by webhook (schedule.ts webhookChangeAt). */
      webhookChangeAt?: number | null;
      /** GitHub's board updatedAt was seen lagging a move: list this board every poll from now on. */
      versionGateOff?: boolean;
    }
  | { ok: false; nextSyncAt: number; error: string; inaccessible: boolean };

/**
 * Ends a lease with the sync's outcome; only the lease holder may. A resync asked while the sync ran
 * (`scheduleResync`: a webhook, a breakdown field picked, an App installed again) moved `next_sync_at` from
 * the value the sync claimed the board with: it asked for what this sync did not read (the sync's query
 * was built from the board as claimed), so it stands: the board stays due then, its updatedAt forgotten,
 * and a full listing asked for (`last_full_sync_at` null) stays asked for.
 */
export async function releaseBoard(db: Db, board: Board, owner: string, now: number, outcome: SyncOutcome) {
  const base = db.updateTable('boards').where('id', '=', board.id).where('lease_owner', '=', owner);
  if (outcome.ok) {
    const untouched = sql<boolean>`next_sync_at = ${board.next_sync_at}`;
    await base
      .set({
        lease_owner: null,
        lease_until: null,
        next_sync_at: sql<number>`CASE WHEN ${untouched} THEN ${outcome.nextSyncAt} ELSE next_sync_at END`,
        last_synced_at: now,
        sync_error_count: 0,
        last_error: null,
        sync_status: 'active',
        github_updated_at: sql<
          string | null
        >`CASE WHEN ${untouched} THEN ${outcome.githubUpdatedAt ?? null} ELSE github_updated_at END`,
        webhook_change_at: outcome.webhookChangeAt ?? null,
        synced_data_version: sql<number>`data_version`,
        ...(outcome.versionGateOff ? { version_gate_off: 1 } : {}),
        ...(outcome.full
          ? {
              last_full_sync_at: sql<
                number | null
              >`CASE WHEN ${untouched} OR last_full_sync_at IS NOT NULL THEN ${now} ELSE last_full_sync_at END`,
            }
          : {}),
        ...(outcome.columns
          ? {
              column_list: JSON.stringify(outcome.columns.map((c) => c.name)),
              column_options: columnOptionsJson(outcome.columns),
            }
          : {}),
        ...(outcome.workflowField
          ? { workflow_field_id: outcome.workflowField.id, workflow_field_name: outcome.workflowField.name }
          : {}),
      })
      .execute();
    return;
  }
  await base
    .set({
      lease_owner: null,
      lease_until: null,
      next_sync_at: outcome.nextSyncAt,
      sync_error_count: board.sync_error_count + 1,
      last_error: outcome.error.slice(0, 500),
      ...(outcome.inaccessible ? { sync_status: 'inaccessible' } : {}),
    })
    .execute();
}
