import { lockedWorkflowFieldId } from '../boards/workflow-field.ts';
import { recordChanges } from '../boards/changes.ts';
import { scheduleResync } from '../boards/repository.ts';
import { applyReportedMoves } from '../collector/record.ts';
import type { Db } from '../db/connection.ts';
import type { Move } from '../move-log/moves.ts';
import type { IterationEdit } from '../iterations/iteration-diff.ts';
import { recordIterationEdit } from '../iterations/queries.ts';

/** Marks webhook deliveries processed; answers those that were not marked before. */
async function markDeliveries(db: Db, deliveryIds: string[], now: number): Promise<Set<string>> {
  const rows = await db
    .insertInto('webhook_deliveries')
    .values([...new Set(deliveryIds)].map((id) => ({ delivery_id: id, received_at: now })))
    .onConflict((oc) => oc.doNothing())
    .returning('delivery_id')
    .execute();
  return new Set(rows.map((r) => r.delivery_id));
}

/** Marks a webhook delivery processed; false if it was already. */
export async function markDelivery(db: Db, deliveryId: string, now: number): Promise<boolean> {
  return (await markDeliveries(db, [deliveryId], now)).size > 0;
}

/** `fieldId`: the workflow field the move was read under (undefined: not checked). */
export type Delivered = { deliveryId: string; move: Move; fieldId?: string | null };
export type DeliveredMoveOutcome =
  | 'recorded'
  | 'already recorded'
  | 'duplicate'
  | 'ignored: the workflow field changed';

/**
 * `applyReportedMoves` (collector/record.ts) for webhook deliveries of one board, in arrival order, in one
 * transaction that marks them: a delivery seen before records nothing, and if the moves cannot be stored,
 * no delivery is marked (GitHub delivers them again). A move read under a workflow field the board no longer
 * has (changed while it was delivered) is marked and not recorded: it names the old field's columns.
 */
export async function recordDeliveredMoves(
  db: Db,
  boardId: string,
  deliveries: readonly Delivered[],
  now: number,
): Promise<DeliveredMoveOutcome[]> {
  return recordChanges(db, boardId, async (changes) => {
    const trx = changes.db;
    const fresh = await markDeliveries(
      trx,
      deliveries.map((d) => d.deliveryId),
      now,
    );
    const current = deliveries.some((d) => d.fieldId !== undefined)
      ? await lockedWorkflowFieldId(trx, boardId)
      : undefined;
    const outcomes = new Map<Delivered, DeliveredMoveOutcome>();
    const applied: Delivered[] = [];
    for (const d of deliveries) {
      // The same delivery twice in one batch: the first one counts.
      if (!fresh.delete(d.deliveryId)) continue;
      if (d.fieldId !== undefined && d.fieldId !== current)
        outcomes.set(d, 'ignored: the workflow field changed');
      else applied.push(d);
    }
    const recorded = await applyReportedMoves(
      changes,
      applied.map((d) => d.move),
      now,
    );
    for (const [i, d] of applied.entries()) outcomes.set(d, recorded[i] ? 'recorded' : 'already recorded');
    return deliveries.map((d) => outcomes.get(d) ?? 'duplicate');
  });
}

/**
 * Records a delivered edit of an item's iteration or estimate with its delivery's mark, in one transaction.
 * An item whose iteration and estimate are not recorded yet has its other part unknown: the next sync lists it instead.
 */
export async function recordDeliveredIterationEdit(
  db: Db,
  boardId: string,
  deliveryId: string,
  edit: IterationEdit,
  now: number,
): Promise<string> {
  return recordChanges(db, boardId, async (changes) => {
    const trx = changes.db;
    if (!(await markDelivery(trx, deliveryId, now))) return 'duplicate';
    const outcome = await recordIterationEdit(changes, edit);
    if (outcome === 'recorded') return 'plan change recorded';
    if (outcome === 'known') return 'ignored: plan change known';
    const scheduled = await scheduleResync(trx, boardId, now, false);
    return scheduled ? 'resync scheduled' : 'resync deferred: backing off';
  });
}

/** Whether the item stands in the move's column now (for a move off the board: is off it). */
export async function standsIn(
  db: Db,
  boardId: string,
  move: { itemId: string; to: string | null },
): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select(['column_name', 'removed_at'])
    .where('board_id', '=', boardId)
    .where('item_id', '=', move.itemId)
    .executeTakeFirst();
  const column = row && row.removed_at === null ? row.column_name : null;
  return row !== undefined && column === move.to;
}
