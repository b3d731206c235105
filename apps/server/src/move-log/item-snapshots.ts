import type { BoardItem } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';

/**
 * A snapshot's text: JSON, one array per item — [id, number, title, url, milestone, labels, column,
 * enteredColumnAt, assignees?, relations?] — a third of the size of objects, parsed in one call. Assignees
 * (for the filter; null when unknown) and the relations (its node id, type, parent, sub-issue
 * counts, blockers) come last and only when known, so snapshots written before them still read.
 */
type Fields = [
  string,
  number | null,
  string,
  string | null,
  string | null,
  string[],
  string | null,
  number | null,
];
type Relations = Pick<BoardItem, 'contentId' | 'issueType' | 'parent' | 'subIssues' | 'blockedBy'>;
type Packed = Fields | [...Fields, string[] | null] | [...Fields, string[] | null, Relations];

const RELATION_KEYS = ['contentId', 'issueType', 'parent', 'subIssues', 'blockedBy'] as const;

function relationsOf(item: BoardItem): Relations | null {
  const relations: Record<string, unknown> = {};
  for (const key of RELATION_KEYS) if (item[key] !== undefined) relations[key] = item[key];
  return Object.keys(relations).length > 0 ? (relations as Relations) : null;
}

export function encodeItems(items: readonly BoardItem[]): string {
  const packed: Packed[] = items.map((i) => {
    const relations = relationsOf(i);
    const assignees = i.assignees ? [...i.assignees] : null;
    return [
      i.id,
      i.number,
      i.title,
      i.url,
      i.milestone,
      [...i.labels],
      i.column,
      i.enteredColumnAt,
      ...(relations ? [assignees, relations] : assignees ? [assignees] : []),
    ];
  }) as Packed[];
  return JSON.stringify(packed);
}

/** The items of a snapshot; throws on text that is not one. */
export function decodeItems(payload: string): BoardItem[] {
  const parsed: unknown = JSON.parse(payload);
  if (!Array.isArray(parsed)) throw new Error('item snapshot is not a list');
  const shared = sharedStrings();
  return parsed.map((entry: unknown) => {
    if (!isPacked(entry)) throw new Error('item snapshot entry has the wrong shape');
    const [id, number, title, url, milestone, labels, column, enteredColumnAt, assignees, relations] = entry;
    // One object an item, its fields in the order spreading gave them (a cold first answer decodes 100,000).
    const item: BoardItem = {
      id,
      number,
      title,
      url,
      milestone: shared(milestone),
      labels: labels.length === 0 ? NO_LABELS : labels,
      column: shared(column),
      enteredColumnAt,
    };
    if (assignees) item.assignees = assignees;
    return relations ? Object.assign(item, relations) : item;
  });
}

/** The items without labels share one list (two in three on a big board: 32 bytes an item). */
const NO_LABELS: readonly string[] = Object.freeze([]);

/**
 * One string per distinct value of a field many items repeat (their column, milestone): JSON.parse
 * makes a string per occurrence of any value longer than 10 characters.
 */
function sharedStrings(): <T extends string | null>(value: T) => T {
  const known = new Map<string, string>();
  return (value) => {
    if (value === null) return value;
    const seen = known.get(value);
    if (seen !== undefined) return seen as typeof value;
    known.set(value, value);
    return value;
  };
}

const isNullable = (value: unknown, type: 'string' | 'number') => value === null || typeof value === type;

function isPacked(entry: unknown): entry is Packed {
  if (!Array.isArray(entry) || entry.length < 8 || entry.length > 10) return false;
  const [id, number, title, url, milestone, labels, column, entered, assignees, relations] = entry;
  return (
    typeof id === 'string' &&
    isNullable(number, 'number') &&
    typeof title === 'string' &&
    isNullable(url, 'string') &&
    isNullable(milestone, 'string') &&
    Array.isArray(labels) &&
    labels.every((l) => typeof l === 'string') &&
    isNullable(column, 'string') &&
    isNullable(entered, 'number') &&
    (assignees == null || (Array.isArray(assignees) && assignees.every((a) => typeof a === 'string'))) &&
    (relations === undefined ||
      (typeof relations === 'object' && relations !== null && !Array.isArray(relations)))
  );
}

export type ItemSnapshot = { seq: number; rewriteVersion: number; items: BoardItem[] };

/** The board's stored snapshot, or null when there is none or it does not read. */
export async function readItemSnapshot(db: Db, boardId: string): Promise<ItemSnapshot | null> {
  const row = await db
    .selectFrom('item_snapshots')
    .select(['seq', 'rewrite_version', 'item_count', 'payload'])
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  if (!row) return null;
  try {
    const items = decodeItems(row.payload);
    if (items.length !== row.item_count) return null;
    return { seq: Number(row.seq), rewriteVersion: Number(row.rewrite_version), items };
  } catch {
    return null;
  }
}

/** Where the board's stored snapshot stands (nothing decoded), or null. */
export async function itemSnapshotState(
  db: Db,
  boardId: string,
): Promise<{ seq: number; rewriteVersion: number } | null> {
  const row = await db
    .selectFrom('item_snapshots')
    .select(['seq', 'rewrite_version'])
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row ? { seq: Number(row.seq), rewriteVersion: Number(row.rewrite_version) } : null;
}

/** Stores (or replaces) the board's snapshot: its items as of counter `seq` and `rewriteVersion`. */
export async function storeItemSnapshot(
  db: Db,
  boardId: string,
  snapshot: ItemSnapshot & { now: number },
): Promise<void> {
  const values = {
    seq: snapshot.seq,
    rewrite_version: snapshot.rewriteVersion,
    item_count: snapshot.items.length,
    payload: encodeItems(snapshot.items),
    created_at: snapshot.now,
  };
  await db
    .insertInto('item_snapshots')
    .values({ board_id: boardId, ...values })
    .onConflict((oc) => oc.column('board_id').doUpdateSet(values))
    .execute();
}
