import type { Iteration, IterationEstimateChange } from '@fluxion/flow';
import { type IterationEdit, iterationEditChange } from './iteration-diff.ts';
import type { BoardChanges } from '../boards/changes.ts';
import type { Db } from '../db/connection.ts';

/** A board's Iteration field and its chosen estimate field (null: none). */
export type IterationFields = {
  iterationField: { id: string; name: string } | null;
  iterations: Iteration[];
  estimateField: { id: string; name: string } | null;
};

export const NO_ITERATION_FIELDS: IterationFields = {
  iterationField: null,
  iterations: [],
  estimateField: null,
};

export function parseIterations(text: string): Iteration[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? (list as Iteration[]) : [];
  } catch {
    return [];
  }
}

export async function readIterationFields(db: Db, boardId: string): Promise<IterationFields> {
  const row = await db
    .selectFrom('board_iteration_fields')
    .selectAll()
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  if (!row) return NO_ITERATION_FIELDS;
  const field = (id: string | null, name: string | null) =>
    id !== null && name !== null ? { id, name } : null;
  return {
    iterationField: field(row.iteration_field_id, row.iteration_field_name),
    iterations: parseIterations(row.iterations),
    estimateField: field(row.estimate_field_id, row.estimate_field_name),
  };
}

/** Every iteration and estimate change of the board (or of one of its items), oldest first. */
export async function readIterationChanges(
  db: Db,
  boardId: string,
  itemId?: string,
): Promise<IterationEstimateChange[]> {
  let query = db
    .selectFrom('item_iteration_changes')
    .select(['item_id', 'at', 'iteration_id', 'estimate'])
    .where('board_id', '=', boardId);
  if (itemId !== undefined) query = query.where('item_id', '=', itemId);
  const rows = await query.orderBy('at').execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    at: Number(r.at),
    iteration: r.iteration_id,
    estimate: r.estimate === null ? null : Number(r.estimate),
  }));
}

/**
 * Stores the board's Iteration field and iterations as read from GitHub; the chosen estimate field is
 * kept (`setEstimateField` changes it). A change only when the field or its iterations changed.
 */
export async function saveIterationField(
  changes: BoardChanges,
  field: { id: string; name: string; iterations: Iteration[] } | null,
  now: number,
): Promise<void> {
  const { db, boardId } = changes;
  const iterations = JSON.stringify(field?.iterations ?? []);
  const values = {
    iteration_field_id: field?.id ?? null,
    iteration_field_name: field?.name ?? null,
    iterations,
    updated_at: now,
  };
  const before = await db
    .selectFrom('board_iteration_fields')
    .select(['iterations', 'iteration_field_id', 'iteration_field_name'])
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  // Unchanged, name included: a field renamed on GitHub is asked by its new name from now on.
  const same =
    before?.iterations === iterations &&
    before.iteration_field_id === values.iteration_field_id &&
    before.iteration_field_name === values.iteration_field_name;
  if (same) return;
  await db
    .insertInto('board_iteration_fields')
    .values({ board_id: boardId, estimate_field_id: null, estimate_field_name: null, ...values })
    .onConflict((oc) => oc.column('board_id').doUpdateSet(values))
    .execute();
  changes.wrote();
}

/** The Number field the team reads as the estimate (null: none). */
export async function setEstimateField(
  changes: BoardChanges,
  field: { id: string; name: string } | null,
  now: number,
): Promise<void> {
  const { db, boardId } = changes;
  const values = {
    estimate_field_id: field?.id ?? null,
    estimate_field_name: field?.name ?? null,
    updated_at: now,
  };
  await db
    .insertInto('board_iteration_fields')
    .values({ board_id: boardId, iteration_field_id: null, iteration_field_name: null, ...values })
    .onConflict((oc) => oc.column('board_id').doUpdateSet(values))
    .execute();
  changes.wrote();
}

const BATCH = 500;

/** Appends iteration and estimate changes (a change already stored at the same instant is kept). */
export async function appendIterationChanges(
  unit: BoardChanges,
  changes: readonly IterationEstimateChange[],
  source: string,
): Promise<void> {
  if (changes.length === 0) return;
  const { db, boardId } = unit;
  for (let i = 0; i < changes.length; i += BATCH) {
    const rows = changes.slice(i, i + BATCH).map((c) => ({
      board_id: boardId,
      item_id: c.itemId,
      at: c.at,
      iteration_id: c.iteration,
      estimate: c.estimate,
      source,
    }));
    await db
      .insertInto('item_iteration_changes')
      .values(rows)
      .onConflict((oc) => oc.columns(['board_id', 'item_id', 'at']).doNothing())
      .execute();
  }
  unit.wrote();
}

/**
 * Records an edit of one part of an item's iteration and estimate (a webhook's: source 'webhook') over
 * what is recorded (`iterationEditChange`). 'unknown': nothing of the item is recorded yet, so its other part is not known (the
 * next listing records both parts); 'known': the edit changes nothing recorded.
 */
export async function recordIterationEdit(
  unit: BoardChanges,
  edit: IterationEdit,
): Promise<'recorded' | 'known' | 'unknown'> {
  const { db, boardId } = unit;
  const changes = await readIterationChanges(db, boardId, edit.itemId);
  if (changes.length === 0) return 'unknown';
  const change = iterationEditChange(changes, edit);
  if (change === null) return 'known';
  // GitHub stamps whole seconds: an edit of the other part in the same second replaces the change there.
  const values = { iteration_id: change.iteration, estimate: change.estimate, source: 'webhook' };
  await db
    .insertInto('item_iteration_changes')
    .values({ board_id: boardId, item_id: change.itemId, at: change.at, ...values })
    .onConflict((oc) => oc.columns(['board_id', 'item_id', 'at']).doUpdateSet(values))
    .execute();
  unit.wrote();
  return 'recorded';
}

/** Forgets the board's iteration and estimate history (the demo board, regenerated). */
export async function forgetIterationChanges(db: Db, boardId: string): Promise<void> {
  await db.deleteFrom('item_iteration_changes').where('board_id', '=', boardId).execute();
}
