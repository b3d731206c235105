import type { LabelChange } from '@fluxion/flow';
import type { BoardChanges } from '../boards/changes.ts';
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

/**
 * 7 values a row: 4,000 rows stay under SQLite's 32,766 parameters, so a history import of 10,000 label
 * events is 3 statements (docs/performance.md, collector round trips).
 */
const ROWS_PER_STATEMENT = 4000;

/** Writes the changes once each (a repeated poll or import writes nothing new) in the unit of work. */
export async function recordLabelChanges(
  changes: BoardChanges,
  list: readonly LabelChange[],
  source: LabelChangeSource,
  now: number,
): Promise<void> {
  await insertLabelChanges(changes.db, changes.boardId, list, source, now);
  changes.wrote(list.length);
}

/**
 * The rows of `recordLabelChanges`, for a writer whose own unit of work reports them (the poll's item
 * metadata: a label change is an item change there).
 */
export async function insertLabelChanges(
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

/** An item's label events as an issue timeline gives them (github/history.ts): ISO instants. */
type TimelineLabels = { itemId: string | null; labels: { at: string; label: string; added: boolean }[] };

/**
 * The label changes of the history import: each timeline label event of a board item, at its own time
 * (so blocked time covers the history from before the board was tracked, to the second).
 */
export function timelineLabelChanges(histories: readonly TimelineLabels[]): LabelChange[] {
  return histories.flatMap(({ itemId, labels }) =>
    itemId === null
      ? []
      : labels.flatMap((e) => {
          const at = Date.parse(e.at);
          return Number.isFinite(at) ? [{ itemId, label: e.label, added: e.added, at }] : [];
        }),
  );
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
