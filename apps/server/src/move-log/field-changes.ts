import type { FieldValueChange } from '@fluxion/flow';
import type { BoardChanges } from '../boards/changes.ts';
import type { Db } from '../db/connection.ts';

/**
 * The history of the board field a team names as its blocked marker (migration 030; docs/metrics.md,
 * "Blocked time"): each value an item's field took. A listing reads each item's value with when it was
 * set (GitHub's `updatedAt` of the value), so a change is dated by GitHub, even one made before the board
 * was tracked; a cleared value has no date, so it is dated by the item's `updatedAt`. GitHub's timelines
 * hold no events of custom fields: the listing's dates are all the history an import can have.
 */

export type FieldValueSource = 'poll' | 'webhook' | 'demo';

/** An item's value of the field as a listing reads it: the value (null: none) and instants it gives. */
export type ObservedFieldValue = {
  itemId: string;
  value: string | null;
  /** When the value was set (GitHub's value `updatedAt`); null when cleared or not given. */
  setAt: number | null;
  /** The item's `updatedAt`: at or after its last change. */
  itemUpdatedAt: number | null;
};

type Latest = { value: string | null; at: number };

/**
 * The changes a listing at `now` shows against each item's latest recorded value: an item never recorded
 * gets its value when it has one; a known item, a change when the value differs. Each is dated by GitHub
 * when that date is after the item's latest recorded change and not after `now`, else `now`.
 */
export function fieldValueChanges(
  latest: ReadonlyMap<string, Latest>,
  field: string,
  observed: readonly ObservedFieldValue[],
  now: number,
): FieldValueChange[] {
  const changes: FieldValueChange[] = [];
  for (const { itemId, value, setAt, itemUpdatedAt } of observed) {
    const before = latest.get(itemId);
    if (before === undefined ? value === null : before.value === value) continue;
    const dated = value === null ? itemUpdatedAt : setAt;
    const plausible = dated !== null && dated <= now && dated > (before?.at ?? Number.NEGATIVE_INFINITY);
    changes.push({ itemId, field, value, at: plausible ? dated : now });
  }
  return changes;
}

/** Each item's latest value of the field, from its history (oldest first). */
export function latestFieldValues(history: readonly FieldValueChange[]): Map<string, Latest> {
  const latest = new Map<string, Latest>();
  for (const c of history) latest.set(c.itemId, { value: c.value, at: c.at });
  return latest;
}

const ROWS_PER_STATEMENT = 1000;

/** Writes the changes once each, in the unit of work. */
export async function recordFieldValueChanges(
  unit: BoardChanges,
  changes: readonly FieldValueChange[],
  source: FieldValueSource,
  now: number,
): Promise<void> {
  if (changes.length === 0) return;
  const { db, boardId } = unit;
  for (let i = 0; i < changes.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('field_value_changes')
      .values(
        changes.slice(i, i + ROWS_PER_STATEMENT).map((c) => ({
          board_id: boardId,
          item_id: c.itemId,
          field: c.field,
          value: c.value ?? '',
          at: c.at,
          source,
          recorded_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  unit.wrote(changes.length);
}

/**
 * The board's history of one field's values (filed under `field`: its node id, or its name), oldest
 * first, each named `name` (the engine knows the field by it); only these items' when given.
 */
export async function loadFieldValueChanges(
  db: Db,
  boardId: string,
  field: string,
  name: string = field,
  itemIds?: readonly string[],
): Promise<FieldValueChange[]> {
  let query = db
    .selectFrom('field_value_changes')
    .select(['item_id', 'value', 'at'])
    .where('board_id', '=', boardId)
    .where('field', '=', field);
  if (itemIds) query = query.where('item_id', 'in', [...itemIds]);
  const rows = await query.orderBy('at').orderBy('item_id').execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    field: name,
    value: r.value === '' ? null : r.value,
    at: Number(r.at),
  }));
}

/** Up to this many listed items, only their history is read (an incremental listing); beyond, all of it. */
const FEW_ITEMS = 500;

/**
 * Records what a listing shows of the field against the stored history (the listing's items only: an
 * incremental listing leaves the others as they were).
 */
export async function recordFieldValues(
  unit: BoardChanges,
  field: string,
  observed: readonly ObservedFieldValue[],
  now: number,
): Promise<number> {
  if (observed.length === 0) return 0;
  const { db, boardId } = unit;
  const few = observed.length <= FEW_ITEMS ? observed.map((o) => o.itemId) : undefined;
  const latest = latestFieldValues(await loadFieldValueChanges(db, boardId, field, field, few));
  const changes = fieldValueChanges(latest, field, observed, now);
  await recordFieldValueChanges(unit, changes, 'poll', now);
  return changes.length;
}

/** Files the board's values recorded under `from` (a field's name) under `to` (its node id). */
export async function refileFieldValues(db: Db, boardId: string, from: string, to: string): Promise<void> {
  await db
    .updateTable('field_value_changes')
    .set({ field: to })
    .where('board_id', '=', boardId)
    .where('field', '=', from)
    .execute();
}

/** Forgets the board's recorded values of one field (the demo's, before it is stored again). */
export async function forgetFieldValues(db: Db, boardId: string, field: string): Promise<void> {
  await db
    .deleteFrom('field_value_changes')
    .where('board_id', '=', boardId)
    .where('field', '=', field)
    .execute();
}
