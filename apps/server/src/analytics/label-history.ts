import { PRIVATE_ITEM_TITLE } from '@fluxion/contract';
import type { BoardItem, LabelChange } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { loadLabelChanges } from '../move-log/label-changes.ts';
import type { AnalysedBoard } from './board.ts';

/**
 * The board's history of its blocked label, less the items whose content the viewer may not see (a
 * label is content: docs/metrics.md, "Private items"). Read on each computed (not cached) Flow answer;
 * the board's data version covers it, since a label change is an item change.
 */
export async function viewedLabelChanges(
  db: Db,
  board: AnalysedBoard,
  items: readonly BoardItem[],
): Promise<LabelChange[]> {
  const changes = await loadLabelChanges(db, board.id, [board.policies.blocked_label]);
  if (changes.length === 0) return changes;
  const hidden = new Set(
    items.filter((i) => i.title === PRIVATE_ITEM_TITLE && i.url === null).map((i) => i.id),
  );
  return hidden.size === 0 ? changes : changes.filter((c) => !hidden.has(c.itemId));
}
