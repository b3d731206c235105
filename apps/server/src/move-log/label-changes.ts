import type { LabelChange } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';

/**
 * The label history (migration 028; docs/metrics.md, "Blocked time"): each label put on or taken off an
 * item, as the collector learnt it. GitHub's board listing shows an item's labels now, so a change is
 * dated when a listing first sees it (within a poll interval of the real time); the demo writes its own.
 */

export type LabelChangeSource = 'poll' | 'webhook' | 'timeline' | 'demo';

/** What changed between two label lists: labels added, then labels removed (each once, as GitHub spells it). */
export function labelDiff(before: readonly string[], after: readonly string[]) {
  const had = new Set(before);
  const has = new Set(after);
  return {
    added: [...has].filter((label) => !had.has(label)),
    removed: [...had].filter((label) => !has.has(label)),
  };
}

/** The stored labels of an item's metadata fingerprint (writes.ts); [] when it holds none. */
export function labelsOfFingerprint(fingerprint: string | undefined, index: number): string[] {
  if (fingerprint === undefined) return [];
  try {
    const labels: unknown = JSON.parse(JSON.parse(fingerprint)[index]);
    return Array.isArray(labels) ? labels.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

const ROWS_PER_STATEMENT = 1000;

/** Writes the changes once each (a repeated poll or import writes nothing new). */
export async function recordLabelChanges(
  db: Db,
  boardId: string,
  changes: readonly LabelChange[],
  source: LabelChangeSource,
  now: number,
): Promise<void> {
  for (let i = 0; i < changes.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('label_changes')
      .values(
        changes.slice(i, i + ROWS_PER_STATEMENT).map((c) => ({
          board_id: boardId,
          item_id: c.itemId,
          label: c.label,
          added: c.added ? 1 : 0,
          at: c.at,
          source,
          recorded_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** A board's label history, oldest first; only `labels` (compared without case) when given. */
export async function loadLabelChanges(
  db: Db,
  boardId: string,
  labels?: readonly string[],
): Promise<LabelChange[]> {
  let query = db
    .selectFrom('label_changes')
    .select(['item_id', 'label', 'added', 'at'])
    .where('board_id', '=', boardId);
  if (labels) {
    const lower = labels.map((l) => l.toLowerCase());
    query = query.where((eb) => eb(eb.fn('lower', ['label']), 'in', lower));
  }
  const rows = await query.orderBy('at').orderBy('item_id').execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    label: r.label,
    added: Number(r.added) === 1,
    at: Number(r.at),
  }));
}

/** Deletes a board's label history (the demo's, before its history is made again for today). */
export async function forgetLabelChanges(db: Db, boardId: string): Promise<void> {
  await db.deleteFrom('label_changes').where('board_id', '=', boardId).execute();
}
