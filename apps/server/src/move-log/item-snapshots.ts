import type { BoardItem } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';

/**
 * A snapshot's text: JSON, the items as columns (one list a field, an item's values at its position):
 *
 *   {"format":"columns","id":[…],"number":[…],"title":[…],"url":[…],"milestone":[…],"column":[…],
 *    "entered":[…],"sets":[[label or login…]…],"labels":[set…],"assignees":[set or -1…]?,
 *    "relations":[{…} or null…]?}
 *
 * Parsed in one call into a few long lists rather than a list an item (100,000 short-lived arrays on a
 * big board: CPU and a heap peak for every cold load); labels and assignees are lists of `sets`, so that
 * items with the same labels share one list. Assignees (for the filter; -1 when unknown) and the issue's
 * relations (its node id, type, parent, sub-issue counts, blockers) are there only when some item has
 * them. Snapshots written before (`Packed` rows, below) still read.
 */
type Columns = {
  format: 'columns';
  id: string[];
  number: (number | null)[];
  title: string[];
  url: (string | null)[];
  milestone: (string | null)[];
  column: (string | null)[];
  entered: (number | null)[];
  sets: string[][];
  labels: number[];
  assignees?: number[];
  relations?: (Relations | null)[];
};

type Relations = Pick<BoardItem, 'contentId' | 'issueType' | 'parent' | 'subIssues' | 'blockedBy'>;

const RELATION_KEYS = ['contentId', 'issueType', 'parent', 'subIssues', 'blockedBy'] as const;

function relationsOf(item: BoardItem): Relations | null {
  const relations: Record<string, unknown> = {};
  for (const key of RELATION_KEYS) if (item[key] !== undefined) relations[key] = item[key];
  return Object.keys(relations).length > 0 ? (relations as Relations) : null;
}

export function encodeItems(items: readonly BoardItem[]): string {
  const sets: string[][] = [];
  const setCodes = new Map<string, number>();
  const setOf = (values: readonly string[]) => {
    const key = JSON.stringify(values);
    let code = setCodes.get(key);
    if (code === undefined) {
      code = sets.push([...values]) - 1;
      setCodes.set(key, code);
    }
    return code;
  };
  const relations = items.map(relationsOf);
  const columns: Columns = {
    format: 'columns',
    id: items.map((i) => i.id),
    number: items.map((i) => i.number),
    title: items.map((i) => i.title),
    url: items.map((i) => i.url),
    milestone: items.map((i) => i.milestone),
    column: items.map((i) => i.column),
    entered: items.map((i) => i.enteredColumnAt),
    sets,
    labels: items.map((i) => setOf(i.labels)),
  };
  if (items.some((i) => i.assignees))
    columns.assignees = items.map((i) => (i.assignees ? setOf(i.assignees) : -1));
  if (relations.some((r) => r !== null)) columns.relations = relations;
  return JSON.stringify(columns);
}

/** The items of a snapshot; throws on text that is not one. */
export function decodeItems(payload: string): BoardItem[] {
  const parsed: unknown = JSON.parse(payload);
  if (Array.isArray(parsed)) return decodeRows(parsed);
  if (!isColumns(parsed)) throw new Error('item snapshot is not a list');
  const { id, number, title, url, milestone, column, entered, labels, assignees, relations } = parsed;
  const sets = parsed.sets.map((set) => (set.length === 0 ? NO_LABELS : set));
  const shared = sharedStrings();
  const items = new Array<BoardItem>(id.length);
  for (let i = 0; i < items.length; i++) {
    // One object an item, its fields in the order the rows' decoding gives them too.
    const item: BoardItem = {
      id: id[i] as string,
      number: number[i] as number | null,
      title: title[i] as string,
      url: url[i] as string | null,
      milestone: shared(milestone[i] as string | null),
      labels: sets[labels[i] as number] as readonly string[],
      column: shared(column[i] as string | null),
      enteredColumnAt: entered[i] as number | null,
    };
    const assigned = assignees?.[i] ?? -1;
    if (assigned >= 0) item.assignees = sets[assigned] as readonly string[];
    const related = relations?.[i];
    items[i] = related ? Object.assign(item, related) : item;
  }
  return items;
}

/**
 * Whether `value` is a list of `n` values each passing `of`. The checks of a 100,000-item snapshot's
 * columns are a million values: plain loops, one per kind of value (a callback per value, through
 * `every`, was half of the items' decoding in the cold request's profile).
 */
function isList(value: unknown, n: number, of: (v: unknown) => boolean): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) if (!of(value[i])) return false;
  return true;
}

function isStrings(value: unknown, n: number): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

function isNullables(value: unknown, n: number, type: 'string' | 'number'): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const v: unknown = value[i];
    if (v !== null && typeof v !== type) return false;
  }
  return true;
}

/** Codes into `sets` (`none`: -1 allowed too). */
function isCodes(value: unknown, n: number, sets: number, none: boolean): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const v: unknown = value[i];
    if (!Number.isInteger(v) || (v as number) >= sets || (v as number) < (none ? -1 : 0)) return false;
  }
  return true;
}

function isColumns(value: unknown): value is Columns {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  const n = Array.isArray(c.id) ? c.id.length : -1;
  const sets = Array.isArray(c.sets) ? c.sets.length : 0;
  return (
    c.format === 'columns' &&
    isStrings(c.id, n) &&
    isNullables(c.number, n, 'number') &&
    isStrings(c.title, n) &&
    isNullables(c.url, n, 'string') &&
    isNullables(c.milestone, n, 'string') &&
    isNullables(c.column, n, 'string') &&
    isNullables(c.entered, n, 'number') &&
    isList(c.sets, sets, (set) => Array.isArray(set) && isStrings(set, set.length)) &&
    isCodes(c.labels, n, sets, false) &&
    (c.assignees === undefined || isCodes(c.assignees, n, sets, true)) &&
    (c.relations === undefined ||
      isList(c.relations, n, (r) => r === null || (typeof r === 'object' && !Array.isArray(r))))
  );
}

/**
 * Snapshots written before the columns: one array per item — [id, number, title, url, milestone,
 * labels, column, enteredColumnAt, assignees?, relations?].
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
type Packed = Fields | [...Fields, string[] | null] | [...Fields, string[] | null, Relations];

function decodeRows(parsed: unknown[]): BoardItem[] {
  const shared = sharedStrings();
  return parsed.map((entry: unknown) => {
    if (!isPacked(entry)) throw new Error('item snapshot entry has the wrong shape');
    const [id, number, title, url, milestone, labels, column, enteredColumnAt, assignees, relations] = entry;
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
