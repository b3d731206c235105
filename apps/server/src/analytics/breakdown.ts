import type { BreakdownName } from '@fluxion/contract';
import type { FieldValueChange } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { loadFieldValueChanges } from '../move-log/field-changes.ts';
import { breakdownFallbackNote, breakdownFieldKey } from '../tracked-boards/breakdown-field.ts';
import type { AnalysedBoard } from './board.ts';

/**
 * What Flow splits the work by (docs/metrics.md, "Breakdown"): the query's `breakdown` where given, else the
 * board's setting. Its field with its recorded values, less the items whose content the viewer may not see
 * (field values are content); null: by issue type, with a note when the team's field was deleted on GitHub.
 */
export async function flowBreakdown(
  db: Db,
  board: AnalysedBoard,
  requested: BreakdownName | undefined,
  hidden: ReadonlySet<string>,
): Promise<{ field: { name: string; changes: FieldValueChange[] } | null; note?: string }> {
  const field = board.breakdownField;
  const note = breakdownFallbackNote(field);
  if (requested === 'field' && !field)
    throw badRequest(
      'breakdown: this board has no breakdown field; pick one of its single-select fields in Edit project',
      'breakdown',
    );
  if (requested === 'issue_type' || !field || field.gone)
    return note ? { field: null, note } : { field: null };
  return { field: { name: field.name, changes: await breakdownChanges(db, board, hidden) } };
}

/** The breakdown field's recorded values the viewer may see, oldest first. */
export async function breakdownChanges(
  db: Db,
  board: AnalysedBoard,
  hidden: ReadonlySet<string>,
): Promise<FieldValueChange[]> {
  const field = board.breakdownField;
  if (!field) return [];
  const changes = await loadFieldValueChanges(db, board.id, breakdownFieldKey(field), field.name);
  return hidden.size === 0 ? changes : changes.filter((c) => !hidden.has(c.itemId));
}

/**
 * The `field_value` filter given its field and recorded values (the engine picks the items with one of the
 * values now); a 400 naming `field_value` on a board without a breakdown field.
 */
export async function resolveFieldValueFilter(
  db: Db,
  board: AnalysedBoard,
  filter: {
    fieldValues?: {
      field: string;
      values: readonly (string | null)[];
      changes: readonly FieldValueChange[];
    } | null;
  },
  hidden: ReadonlySet<string>,
): Promise<void> {
  const wanted = filter.fieldValues;
  if (!wanted || wanted.values.length === 0) return;
  const field = board.breakdownField;
  if (!field || field.gone)
    throw badRequest(
      field
        ? `field_value: the board's breakdown field "${field.name}" was deleted on GitHub; pick another in Edit project`
        : 'field_value: this board has no breakdown field to filter by; pick one of its single-select fields in Edit project',
      'field_value',
    );
  filter.fieldValues = {
    field: field.name,
    values: wanted.values,
    changes: await breakdownChanges(db, board, hidden),
  };
}

/** Each item's value now of the board's breakdown field, as the viewer may see it (the CSV's last column). */
export async function breakdownValuesNow(
  db: Db,
  board: AnalysedBoard,
  hidden: ReadonlySet<string>,
): Promise<Map<string, string | null>> {
  const latest = new Map<string, string | null>();
  for (const change of await breakdownChanges(db, board, hidden)) latest.set(change.itemId, change.value);
  return latest;
}
