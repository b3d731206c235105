import { DEFAULT_BLOCKED_LABEL, type FieldValueChange, type LabelChange } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { loadFieldValueChanges } from '../move-log/field-changes.ts';
import { loadLabelChanges } from '../move-log/label-changes.ts';
import { loadDependencyChanges, type RecordedDependencyChange } from '../move-log/dependency-changes.ts';
import type { AnalysedBoard } from './board.ts';

export type BlockedHistory = {
  labelChanges: LabelChange[];
  fieldChanges: FieldValueChange[];
  dependencyChanges: RecordedDependencyChange[];
};

/**
 * What marks the board's items blocked over time: the history of its blocked label, of its blocked
 * field's values (when the team named one) and of the open issues blocking them (dependencies), less the items whose content the viewer may not see (`hidden`,
 * the redaction's ids: labels and field values are content, docs/metrics.md, "Private items"). Read on each computed (not cached)
 * Flow answer; the board's data version covers both, since their recordings bump it.
 */
export async function viewedBlockedHistory(
  db: Db,
  board: AnalysedBoard,
  hidden: ReadonlySet<string>,
): Promise<BlockedHistory> {
  const field = board.policies.blockedField;
  const [labelChanges, fieldChanges, dependencyChanges] = await Promise.all([
    loadLabelChanges(db, board.id, [board.policies.blockedLabel ?? DEFAULT_BLOCKED_LABEL]),
    field && board.blockedFieldKey
      ? loadFieldValueChanges(db, board.id, board.blockedFieldKey, field.name)
      : Promise.resolve([]),
    loadDependencyChanges(db, board.id),
  ]);
  const history = { labelChanges, fieldChanges, dependencyChanges };
  if (hidden.size === 0) return history;
  return {
    labelChanges: labelChanges.filter((c) => !hidden.has(c.itemId)),
    fieldChanges: fieldChanges.filter((c) => !hidden.has(c.itemId)),
    dependencyChanges: dependencyChanges.filter((c) => !hidden.has(c.itemId)),
  };
}
