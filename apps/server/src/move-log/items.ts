import type { BoardItem, EstimateBasis, RelatedIssue } from '@fluxion/flow';
import { sql } from 'kysely';
import type { ItemRelations, StoredRelatedIssue } from './moves.ts';
import type { Db } from '../db/connection.ts';
import { allItems, type ItemList, readItemSnapshot } from './item-snapshots.ts';

/**
 * The items now on a board, as of its item change counter `seq` (every change up to it is in) and its
 * `rewriteVersion`; `byId` holds them for a refresh, or is null until one needs it (a snapshot's items:
 * 100,000 entries not built on a big board's first load, issue 38; nor their objects, until read whole:
 * `ItemList`); `read`: how many item rows were read to build it.
 */
export type BoardItems<L extends ItemList = BoardItem[]> = {
  items: L;
  byId: ReadonlyMap<string, BoardItem> | null;
  seq: number;
  rewriteVersion: number;
  read: number;
};

/** What an item is, wherever it stands: an item that left the board keeps it. */
const CONTENT_FIELDS = [
  'item_id',
  'number',
  'title',
  'url',
  'milestone',
  'labels',
  'assignees',
  'content_id',
  'relations',
] as const;
const ITEM_FIELDS = [...CONTENT_FIELDS, 'column_name', 'entered_column_at', 'removed_at'] as const;

/**
 * The board's items now on it: from its stored snapshot (move-log/item-snapshots.ts) and the items
 * changed since, when there is a snapshot of the board as it is (same rewrite version); else all read.
 */
export async function loadBoardItems(db: Db, boardId: string, useSnapshot: false): Promise<BoardItems>;
export async function loadBoardItems(
  db: Db,
  boardId: string,
  useSnapshot?: boolean,
): Promise<BoardItems<ItemList>>;
export async function loadBoardItems(
  db: Db,
  boardId: string,
  useSnapshot = true,
): Promise<BoardItems<ItemList>> {
  const { seq, rewriteVersion } = await readItemSeq(db, boardId);
  const snapshot = useSnapshot ? await readItemSnapshot(db, boardId) : null;
  if (snapshot && snapshot.rewriteVersion === rewriteVersion && snapshot.seq <= seq) {
    // Nothing changed since: the snapshot's items as they are (not made into objects yet: `ItemList`).
    if (snapshot.seq === seq) return { items: snapshot.items, byId: null, seq, rewriteVersion, read: 0 };
    const byId = itemsById(await allItems(snapshot.items));
    return applyChangedItems(db, boardId, { byId, seq: snapshot.seq }, { seq, rewriteVersion });
  }
  const rows = await db
    .selectFrom('items')
    .select(ITEM_FIELDS)
    .where('board_id', '=', boardId)
    .where('removed_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.item_id, toBoardItem(r)]));
  return { items: [...byId.values()], byId, seq, rewriteVersion, read: rows.length };
}

/**
 * How many items now on the board each column holds (items without a column left out): read off the
 * index `items_column_counts` (migration 044), whose condition only this statement states.
 */
export const countsByColumn = (db: Db, boardId: string) =>
  db
    .selectFrom('items')
    .select((eb) => ['column_name', eb.fn.countAll<number | string>().as('count')])
    .where('board_id', '=', boardId)
    .where('removed_at', 'is', null)
    .where('column_name', 'is not', null)
    .groupBy('column_name');

/**
 * The columns of the items now on a board, one entry an item in a column (the items of a column share
 * theirs): what the queue health ratio reads of them (it counts no item without a column), counted by the
 * database instead of reading and building 100,000 items (issue 38).
 */
export async function columnsOfBoardItems(db: Db, boardId: string): Promise<{ column: string | null }[]> {
  const rows = await countsByColumn(db, boardId).execute();
  // One array sized once and filled by runs: a `flatMap` over an array a column cost 30-50 ms of CPU
  // for 100,000 items in a fresh process (1-12 ms so).
  let total = 0;
  for (const r of rows) total += Number(r.count);
  const columns = new Array<{ column: string | null }>(total);
  let at = 0;
  for (const r of rows) {
    const end = at + Number(r.count);
    columns.fill({ column: r.column_name }, at, end);
    at = end;
  }
  return columns;
}

/**
 * `previous` with the items changed since: those written by a transaction that took a later value of
 * the board's item counter (boards/repository `takeItemSeq`), added, replaced or, when they left the
 * board, dropped. A rewrite of the board (renamed columns, the demo reset) reads them all again.
 * The first refresh of `previous` takes its map and updates it in place (no copy of 100,000 entries a
 * refresh; only a refresh reads the map, and the board store refreshes each version once); another
 * refresh of it copies the map as it then is, maybe already holding later items: harmless, since every
 * item changed since `previous.seq` is read again and replaces (or drops) whatever the map holds.
 */
export async function refreshBoardItems(
  db: Db,
  boardId: string,
  previous: BoardItems<ItemList>,
): Promise<BoardItems<ItemList>> {
  const { seq, rewriteVersion } = await readItemSeq(db, boardId);
  if (rewriteVersion !== previous.rewriteVersion || seq < previous.seq) return loadBoardItems(db, boardId);
  if (seq === previous.seq) return { ...previous, read: 0 };
  return applyChangedItems(
    db,
    boardId,
    { byId: await takeMap(previous), seq: previous.seq },
    { seq, rewriteVersion },
  );
}

/** The versions whose map a refresh took (see `refreshBoardItems`). */
const mapsTaken = new WeakSet<BoardItems<ItemList>>();

async function takeMap(items: BoardItems<ItemList>): Promise<Map<string, BoardItem>> {
  if (items.byId === null) return itemsById(await allItems(items.items));
  if (mapsTaken.has(items)) return new Map(items.byId);
  mapsTaken.add(items);
  return items.byId as Map<string, BoardItem>;
}

/** `base` (items as of counter value `base.seq`) with the items changed since read and applied. */
async function applyChangedItems(
  db: Db,
  boardId: string,
  base: { byId: Map<string, BoardItem>; seq: number },
  now: { seq: number; rewriteVersion: number },
): Promise<BoardItems> {
  const rows = await db
    .selectFrom('items')
    .select(ITEM_FIELDS)
    .where('board_id', '=', boardId)
    .where('change_seq', '>', base.seq)
    .execute();
  const { byId } = base;
  for (const row of rows) {
    if (row.removed_at === null) byId.set(row.item_id, toBoardItem(row));
    else byId.delete(row.item_id);
  }
  return { items: [...byId.values()], byId, ...now, read: rows.length };
}

/** The items by id (a loop: no pair array an item, 100,000 on a big board's first load). */
export function itemsById(items: readonly BoardItem[]): Map<string, BoardItem> {
  const byId = new Map<string, BoardItem>();
  for (const item of items) byId.set(item.id, item);
  return byId;
}

/** Read before the items, so that every change up to `seq` is among the items read after it. */
export async function readItemSeq(db: Db, boardId: string): Promise<{ seq: number; rewriteVersion: number }> {
  const row = await db
    .selectFrom('boards')
    .select(['item_seq', 'rewrite_version'])
    .where('id', '=', boardId)
    .executeTakeFirst();
  return { seq: Number(row?.item_seq ?? 0), rewriteVersion: Number(row?.rewrite_version ?? 0) };
}

type ItemRow = {
  item_id: string;
  number: number | null;
  title: string;
  url: string | null;
  milestone: string | null;
  labels: string;
  assignees: string | null;
  column_name: string | null;
  entered_column_at: number | null;
  content_id: string | null;
  relations: string | null;
};

function toBoardItem(r: ItemRow): BoardItem {
  const item: BoardItem = {
    id: r.item_id,
    number: r.number,
    title: r.title,
    url: r.url,
    milestone: r.milestone,
    labels: parseLabels(r.labels),
    column: r.column_name,
    enteredColumnAt: r.entered_column_at,
  };
  // Unknown (null) until a listing reports them: the item then has no `assignees`.
  const withAssignees = r.assignees === null ? item : { ...item, assignees: parseLabels(r.assignees) };
  return withRelations(withAssignees, r.content_id, r.relations);
}

const related = ({
  contentId,
  number,
  repository,
  title,
  url,
  closed,
}: StoredRelatedIssue): RelatedIssue => ({
  contentId,
  number,
  repository,
  title,
  url,
  closed,
});

/**
 * The item with its issue's node id and relations where stored (a listing read them): `issueType` and
 * `blockedBy` only where its host serves them. A value that does not read is left out, as unknown.
 */
export function withRelations(item: BoardItem, contentId: string | null, json: string | null): BoardItem {
  const withId = contentId === null ? item : { ...item, contentId };
  if (json === null) return withId;
  let relations: ItemRelations;
  try {
    relations = JSON.parse(json) as ItemRelations;
  } catch {
    return withId;
  }
  return {
    ...withId,
    parent: relations.parent ? related(relations.parent) : null,
    subIssues: relations.subIssues ?? null,
    ...(relations.issueType !== undefined ? { issueType: relations.issueType } : {}),
    ...(relations.blockedBy ? { blockedBy: relations.blockedBy.map(related) } : {}),
  };
}

/** Whether any item of a board, on it or gone, names a parent issue (`any`), as of its item counter. */
export type ParentsNamed = { any: boolean; seq: number; rewriteVersion: number };

/**
 * A parent as `JSON.stringify` stores it in `items.relations` (every writer does); none reads
 * `"parent":null`. Sent as this literal, the condition of the partial index `items_naming_parent`
 * (migration 043), which both databases then read instead of the board's items.
 */
const NAMES_A_PARENT = sql<boolean>`relations LIKE '%"parent":{%'`;

/**
 * Whether any item of the board, on it or gone, names a parent: one statement over the items changed
 * since `previous` (all of them without it, or after a rewrite). A board whose items name no parent has
 * no level of work to leave out, whoever views it (hiding an item's content only takes relations away).
 * A parent once seen stays seen until a rewrite: a board that drops its last one keeps the slower path.
 */
export async function itemsNamingParents(
  db: Db,
  boardId: string,
  previous: ParentsNamed | null,
): Promise<ParentsNamed> {
  const now = await readItemSeq(db, boardId);
  const since = previous && previous.rewriteVersion === now.rewriteVersion ? previous : null;
  if (since?.any) return { ...now, any: true };
  let query = db.selectFrom('items').select('item_id').where('board_id', '=', boardId).where(NAMES_A_PARENT);
  if (since) query = query.where('change_seq', '>', since.seq);
  const named = await query.limit(1).executeTakeFirst();
  return { ...now, any: named !== undefined };
}

/**
 * The items no longer on the board, read off the partial index `items_left` (migration 046), whose
 * condition this statement states: only those rows, not every item of the board.
 */
export const leftItemsQuery = (db: Db, boardId: string) =>
  db
    .selectFrom('items')
    .select(CONTENT_FIELDS)
    .where('board_id', '=', boardId)
    .where('removed_at', 'is not', null);

/** One statement: the stored content of the items no longer on the board (content filters judge them by it). */
export async function readLeftItems(db: Db, boardId: string): Promise<BoardItem[]> {
  const rows = await leftItemsQuery(db, boardId).execute();
  return rows.map((r) => toBoardItem({ ...r, column_name: null, entered_column_at: null }));
}

function parseLabels(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The board's estimated moves (docs/metrics.md, "Reconstructed histories"): item → their instants, so that
 * an analysis asked without them leaves them out; and the items of which only the joining was
 * reconstructed (basis `added_only`: their start stays unknown).
 */
export async function readEstimatedMoves(
  db: Db,
  boardId: string,
): Promise<{ moves: Map<string, Set<number>>; joinedOnly: Set<string> }> {
  const rows = await db
    .selectFrom('transitions')
    .select(['item_id', 'at', 'basis'])
    .where('board_id', '=', boardId)
    .where('source', '=', 'estimated')
    .execute();
  const moves = new Map<string, Set<number>>();
  const joinedOnly = new Set<string>();
  for (const r of rows) {
    const instants = moves.get(r.item_id) ?? new Set<number>();
    instants.add(Number(r.at));
    moves.set(r.item_id, instants);
    if (r.basis === JOINED_ONLY) joinedOnly.add(r.item_id);
  }
  return { moves, joinedOnly };
}

const JOINED_ONLY: EstimateBasis = 'added_only';

/**
 * What each reconstructed item's estimated moves rest on (docs/metrics.md, "Reconstructed histories"):
 * item id → its bases, each once, in the order of its moves. Read for the items export only.
 */
export async function readEstimateBases(db: Db, boardId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('transitions')
    .select(['item_id', 'basis'])
    .where('board_id', '=', boardId)
    .where('source', '=', 'estimated')
    .orderBy('at')
    .orderBy('id')
    .execute();
  const bases = new Map<string, string[]>();
  for (const r of rows) {
    const list = bases.get(r.item_id) ?? [];
    if (r.basis !== null && !list.includes(r.basis)) list.push(r.basis);
    bases.set(r.item_id, list);
  }
  return bases;
}

/** The board's items whose imported history is partial, and the instant each is known from. */
export async function readPartialHistories(db: Db, boardId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('items')
    .select(['item_id', 'history_partial_before'])
    .where('board_id', '=', boardId)
    .where('history_partial_before', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.history_partial_before)]));
}
