import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { BoardChanges } from './changes.ts';

/**
 * The workflow field: the single-select field of a board whose options are its columns, chosen per board
 * (docs/api.md, "Changing the workflow field"). Which field a board is read by, the default for a new one,
 * finding it among the board's fields, and the board row's writes of it. GitHub's answer is parsed in
 * `github/board-fields.ts`; the Add and Edit dialogs' choice is `tracked-boards/choose-workflow-field.ts`.
 */

/** The workflow field a board reads: GitHub's node id (null: not known yet) and its name. */
export type WorkflowFieldRef = { id: string | null; name: string };

type Field = { id: string; name: string };
/** A board's single-select fields, and the field its first board-layout view groups its columns by. */
type FieldsOfBoard<F extends Field> = { fields: readonly F[]; boardColumnFieldId: string | null };

/** The workflow field of boards added before it was chosen per board, and the default's second choice. */
export const STATUS_FIELD = 'Status';

/** The workflow field a board is read by: the one stored with it, else (boards added before) Status. */
export function workflowFieldOf(board: {
  workflow_field_id: string | null;
  workflow_field_name: string | null;
}): WorkflowFieldRef {
  return { id: board.workflow_field_id, name: board.workflow_field_name ?? STATUS_FIELD };
}

/** The board's workflow field is gone on GitHub (deleted): the board's error says so until one is chosen. */
export class NoWorkflowFieldError extends Error {
  override name = 'NoWorkflowFieldError';
  constructor(fieldName: string) {
    super(
      `The board's workflow field "${fieldName}" is no longer on GitHub: choose another in Manage Projects (Edit)`,
    );
  }
}

/**
 * The field a new board is read by unless the user picks another: the one its first board-layout view
 * groups its columns by, else the one named Status, else the first single-select field.
 */
export function defaultWorkflowField<F extends Field>(board: FieldsOfBoard<F>): F | null {
  const { fields, boardColumnFieldId } = board;
  return (
    fields.find((f) => f.id === boardColumnFieldId) ??
    fields.find((f) => f.name === STATUS_FIELD) ??
    fields[0] ??
    null
  );
}

/** The board's workflow field: by its id when known (it may have been renamed), else by its name. */
export function findWorkflowField<F extends Field>(board: FieldsOfBoard<F>, ref: WorkflowFieldRef): F | null {
  if (ref.id) return board.fields.find((f) => f.id === ref.id) ?? null;
  return board.fields.find((f) => f.name === ref.name) ?? null;
}

/**
 * The board is read by another workflow field from `now` on: its columns are that field's options, it is
 * synced at once as if just added (a first snapshot, then the import of past moves), and its data version
 * goes up. It takes the board's lease from a sync still reading the old field: that sync's writes hold the
 * lease (`holdLease`), so it can commit nothing more. Call it first in the transaction that forgets the
 * history recorded under the old field: the board row stays locked until that commits.
 */
export async function switchWorkflowField(
  changes: BoardChanges,
  values: { fieldId: string; fieldName: string; columnList: string; columnOptions: string },
  now: number,
): Promise<void> {
  await changes.db
    .updateTable('boards')
    .set({
      workflow_field_id: values.fieldId,
      workflow_field_name: values.fieldName,
      column_list: values.columnList,
      column_options: values.columnOptions,
      added_at: now,
      last_synced_at: null,
      last_full_sync_at: null,
      next_sync_at: now,
      github_updated_at: null,
      backfilled_at: null,
      backfill_skipped: null,
      history_items: null,
      history_partial_items: null,
      history_estimated_items: null,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', changes.boardId)
    .execute();
  changes.wrote();
}

/**
 * The board's workflow field id, read under the board row's lock (a no-op UPDATE first, as holdLease):
 * a change of the field (which takes the row first) cannot commit between this read and the caller's
 * commit. Undefined: no such board.
 */
export async function lockedWorkflowFieldId(db: Db, boardId: string): Promise<string | null | undefined> {
  await db.updateTable('boards').set({ lease_owner: sql`lease_owner` }).where('id', '=', boardId).execute();
  const row = await db
    .selectFrom('boards')
    .select('workflow_field_id')
    .where('id', '=', boardId)
    .executeTakeFirst();
  return row?.workflow_field_id;
}
