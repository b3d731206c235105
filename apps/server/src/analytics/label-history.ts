import { DEFAULT_BLOCKED_LABEL, type FieldValueChange, type LabelChange } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { loadFieldValueChanges } from '../move-log/field-changes.ts';
import { loadLabelChanges } from '../move-log/label-changes.ts';
import type { AnalysedBoard } from './board.ts';

/**
 * What marks the board's items blocked over time: the history of its blocked label and of its blocked
 * field's values (when the team named one), less the items whose content the viewer may not see (`hidden`,
 * the redaction's ids: labels and field values are content, docs/metrics.md, "Private items"). Read on each computed (not cached)
 * Flow answer; the board's data version covers both, since their recordings bump it.
 */
export async function viewedBlockedHistory(
  db: Db,
  board: AnalysedBoard,
  hidden: ReadonlySet<string>,
): Promise<{ labelChanges: LabelChange[]; fieldChanges: FieldValueChange[] }> {
  const field = board.policies.blockedField;
  const [labelChanges, fieldChanges] = await Promise.all([
    loadLabelChanges(db, board.id, [board.policies.blockedLabel ?? DEFAULT_BLOCKED_LABEL]),
    field && board.blockedFieldKey
      ? loadFieldValueChanges(db, board.id, board.blockedFieldKey, field.name)
      : Promise.resolve([]),
  ]);
  if (labelChanges.length === 0 && fieldChanges.length === 0) return { labelChanges, fieldChanges };
  if (hidden.size === 0) return { labelChanges, fieldChanges };
  return {
    labelChanges: labelChanges.filter((c) => !hidden.has(c.itemId)),
    fieldChanges: fieldChanges.filter((c) => !hidden.has(c.itemId)),
  };
}
