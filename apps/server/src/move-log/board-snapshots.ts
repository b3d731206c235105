import {
  type BoardItem,
  type ColumnsRoom,
  knowLatestMove,
  latestMove,
  type TransitionColumns,
} from '@fluxion/flow';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connection.ts';
import type { BoardSnapshotItemsTable } from '../db/schema.ts';
import { COPY_PART_BYTES, copyTextInParts, copyValueInParts } from '../db/copy-out.ts';
import { allItems, encodeItemParts, type ItemList, readItems, textsSource } from './item-snapshots.ts';
import { type BoardItems, loadBoardItems, refreshBoardItems } from './items.ts';
import { type BoardData, continueInRoom, loadBoardData, refreshBoardData } from './load-moves.ts';
import { countBoardMoves, isPostgres } from './rows.ts';

/**
 * A big board as the server holds it, in one row (migration 038): its moves as columns, as of its data
 * version, on both databases, and its items beside it in a row of their own (`board_snapshot_items`,
 * migration 045, written in the same transaction: SQLite reaches a later column of a row through the
 * overflow pages of those before it, so items stored after the moves cost a walk of the moves' 21 MB on
 * every read of them). A first load reads its moves in one statement, beside the
 * board's versions, and
 * - when the board's data version is still the snapshot's, takes the moves as they are: views on the
 *   blob, nothing counted nor read as rows (every recorded change bumps the data version in its own
 *   transaction, boards/changes.ts, and the snapshot's version was read before its moves);
 * - when only the data version moved on, brings them up to date as a loaded board is
 *   (`refreshBoardData`: the count up to the snapshot's last id, then the moves recorded since);
 * - when the moves were rewritten since, or the row does not read, loads the board as before.
 * The items are read only when an analysis asks for them, then are brought up to date by their counter.
 */

/**
 * The moves' bytes: a header, the columns, then their dictionaries and history marks (JSON).
 *
 *   0 u32 magic "FXB1"   4 u32 rows   8 u32 JSON bytes   12 u32 room (rows each column has room for;
 *   zero: rows, as in snapshots taken before it)
 *   16 at: f64 × room, then item, from, to: i32 × room (the rows, then zeros), then the JSON
 *   {"itemIds":[…],"names":[…],"partial":[[id, at]…],"estimated":[[id, [at…]]…],"joinedOnly":[id…],
 *   "latest":at}
 *   ("joinedOnly" absent in snapshots taken before it existed: none then; "latest", the latest move's
 *   instant, absent when not a finite number or in snapshots taken before it: then read from the rows)
 *
 * Typed arrays are in the machine's byte order; the magic tells a reader of the other order.
 */
const MAGIC = 0x31425846; // "FXB1" read as a little-endian u32
const HEADER = 16;

/**
 * Spare rows stored with the moves: the board's builder appends the moves recorded after the snapshot
 * into them (`ColumnsRoom`), instead of copying the whole columns at the first one beside the bytes read
 * (20 MB at a million moves). 1/64 of the rows, at least 4,096: 1.6 % more to store and read.
 */
const roomFor = (rows: number) => rows + Math.max(4096, Math.ceil(rows / 64));

export class BoardSnapshotFormatError extends Error {}

type Marks = {
  itemIds: string[];
  names: string[];
  partial: [string, number][];
  estimated: [string, number[]][];
  joinedOnly?: string[];
  latest?: number;
};

export function encodeBoardMoves(data: BoardData): Buffer {
  const t = data.transitions;
  const n = t.count;
  const marks: Marks = {
    itemIds: t.itemIds.slice(0, itemIdsUsed(t)),
    names: [...t.names],
    partial: [...data.partial],
    estimated: [...data.estimated].map(([id, ats]) => [id, [...ats]]),
    joinedOnly: [...data.joinedOnly],
    latest: finiteOrUndefined(latestMove(t)),
  };
  const json = Buffer.from(JSON.stringify(marks), 'utf8');
  const room = roomFor(n);
  const bytes = new Uint8Array(HEADER + room * 20 + json.length);
  new Uint32Array(bytes.buffer, 0, 4).set([MAGIC, n, json.length, room]);
  new Float64Array(bytes.buffer, HEADER, n).set(t.at.subarray(0, n));
  let offset = HEADER + room * 8;
  for (const codes of [t.item, t.from, t.to]) {
    new Int32Array(bytes.buffer, offset, n).set(codes.subarray(0, n));
    offset += room * 4;
  }
  bytes.set(json, offset);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const finiteOrUndefined = (value: number) => (Number.isFinite(value) ? value : undefined);

/** How many item ids the rows use (a builder's dictionary may list ids only later rows use). */
function itemIdsUsed(t: TransitionColumns): number {
  let max = -1;
  for (let i = 0; i < t.count; i++) max = Math.max(max, t.item[i] as number);
  return max + 1;
}

export type DecodedMoves = Pick<BoardData, 'transitions' | 'partial' | 'estimated' | 'joinedOnly'> & {
  /** The columns with their spare rows (none in a snapshot taken before them). */
  room: ColumnsRoom | null;
};

/**
 * The moves of a snapshot: the columns are views on the bytes (copied once only when the driver's
 * buffer is not 8-byte aligned). Throws BoardSnapshotFormatError for bytes that are not one.
 */
export function decodeBoardMoves(payload: Uint8Array): DecodedMoves {
  if (payload.byteLength < HEADER) throw new BoardSnapshotFormatError('shorter than its header');
  const bytes = payload.byteOffset % 8 === 0 ? payload : new Uint8Array(payload);
  const [magic, n = 0, jsonLength = 0, stored = 0] = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
  if (magic !== MAGIC) throw new BoardSnapshotFormatError('not a board snapshot (or another byte order)');
  const room = stored === 0 ? n : stored;
  if (room < n || bytes.byteLength !== HEADER + room * 20 + jsonLength)
    throw new BoardSnapshotFormatError('length does not match its header');
  const codes = (k: number) =>
    new Int32Array(bytes.buffer, bytes.byteOffset + HEADER + room * (8 + 4 * k), room);
  const whole: ColumnsRoom = {
    at: new Float64Array(bytes.buffer, bytes.byteOffset + HEADER, room),
    item: codes(0),
    from: codes(1),
    to: codes(2),
  };
  const at = whole.at.subarray(0, n);
  const [item, from, to] = [whole.item, whole.from, whole.to].map((c) => c.subarray(0, n)) as [
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  const jsonAt = bytes.byteOffset + HEADER + room * 20;
  const marks = parseMarks(Buffer.from(bytes.buffer, jsonAt, jsonLength).toString('utf8'));
  checkCodes(item, 0, marks.itemIds.length);
  checkCodes(from, -1, marks.names.length);
  checkCodes(to, -1, marks.names.length);
  const transitions: TransitionColumns = {
    kind: 'columns',
    count: n,
    item,
    at,
    from,
    to,
    itemIds: marks.itemIds,
    names: marks.names,
  };
  if (typeof marks.latest === 'number') knowLatestMove(transitions, marks.latest);
  return {
    transitions,
    room: room > n ? whole : null,
    partial: new Map(marks.partial),
    estimated: new Map(marks.estimated.map(([id, ats]) => [id, new Set(ats)])),
    joinedOnly: new Set(marks.joinedOnly ?? []),
  };
}

function parseMarks(text: string): Marks {
  let parsed: Partial<Marks>;
  try {
    parsed = JSON.parse(text) as Partial<Marks>;
  } catch {
    throw new BoardSnapshotFormatError('dictionaries are not JSON');
  }
  const { itemIds, names, partial, estimated } = parsed ?? {};
  if (![itemIds, names, partial, estimated].every(Array.isArray))
    throw new BoardSnapshotFormatError('dictionaries are not lists');
  return parsed as Marks;
}

function checkCodes(codes: Int32Array, min: number, end: number): void {
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as number;
    if (code < min || code >= end) throw new BoardSnapshotFormatError(`code ${code} out of range`);
  }
}

/**
 * What a load reads beside the moves. Not `created_at`: SQLite stores a row's columns in their order and
 * reaches a later one by following the overflow pages of those before it, so the last column, after the
 * moves' 21 MB, costs reading their ~5,300 pages of 4 KB (before migration 045 the items' 10 MB too:
 * 100,000 issues, 110 ms of CPU of the moves' statement's ~280, in a fresh process).
 */
const MOVES_STATE = [
  'boards.data_version as current_data_version',
  'boards.rewrite_version as current_rewrite_version',
  'board_snapshots.data_version',
  'board_snapshots.rewrite_version',
  'board_snapshots.last_id',
  'board_snapshots.move_count',
] as const;

const SNAPSHOT_STATE = [...MOVES_STATE, 'board_snapshots.created_at'] as const;

/** The board's versions now and its snapshot's, if any, from one statement (nothing of its payload). */
async function readSnapshotState(db: Db, boardId: string) {
  return db
    .selectFrom('boards')
    .leftJoin('board_snapshots', 'board_snapshots.board_id', 'boards.id')
    .select(SNAPSHOT_STATE)
    .where('boards.id', '=', boardId)
    .executeTakeFirst();
}

type MovesState = Omit<NonNullable<Awaited<ReturnType<typeof readSnapshotState>>>, 'created_at'>;

/**
 * The board's versions now and its snapshot's with its moves, from one statement. PostgreSQL sends a
 * bytea as hex text, which its driver turns back into bytes (more CPU than the moves' segments): the
 * moves come as base64 instead (a third less text, decoded by Buffer), in parts of `partBytes`, one a
 * row, so that neither the driver's read buffer nor a string grows to the whole snapshot (the column is
 * stored uncompressed, so a part reads only its own chunks).
 */
async function readSnapshotMoves(
  db: Db,
  boardId: string,
  partBytes: number,
): Promise<(MovesState & { moves: Uint8Array | null }) | undefined> {
  if (!isPostgres(db)) {
    return db
      .selectFrom('boards')
      .leftJoin('board_snapshots', 'board_snapshots.board_id', 'boards.id')
      .select([...MOVES_STATE, 'board_snapshots.moves'])
      .where('boards.id', '=', boardId)
      .executeTakeFirst();
  }
  const copied = copySnapshotMoves(db, boardId, partBytes);
  if (copied) return copied;
  const { rows } = await sql<MovesState & { bytes: number | null; part: string | null }>`
    SELECT b.data_version AS current_data_version, b.rewrite_version AS current_rewrite_version,
           s.data_version, s.rewrite_version, s.last_id, s.move_count,
           octet_length(s.moves) AS bytes, encode(substring(s.moves FROM p.start FOR ${partBytes}), 'base64') AS part
    FROM boards b
    LEFT JOIN board_snapshots s ON s.board_id = b.id
    LEFT JOIN LATERAL generate_series(1, octet_length(s.moves), ${partBytes}) AS p(start) ON true
    WHERE b.id = ${boardId}
    ORDER BY p.start`.execute(db);
  const [first] = rows;
  if (!first) return undefined;
  const { bytes, part: _, ...state } = first;
  return { ...state, moves: bytes == null ? null : joinParts(rows, Number(bytes)) };
}

/**
 * `readSnapshotMoves` on PostgreSQL as a binary COPY (db/copy-out.ts): the same statement, its parts as
 * raw bytes placed in one aligned array as they come (no base64 sent nor decoded), the versions as
 * text. Null when `db` cannot COPY (a transaction's Kysely): then the parts come as base64.
 */
function copySnapshotMoves(
  db: Db,
  boardId: string,
  partBytes: number,
): Promise<(MovesState & { moves: Uint8Array | null }) | undefined> | null {
  const part = Math.trunc(partBytes);
  const copying = copyValueInParts(
    db,
    `SELECT b.data_version::text, b.rewrite_version::text, s.data_version::text, s.rewrite_version::text,
            s.last_id::text, s.move_count::text,
            octet_length(s.moves)::text, p.start::text, substring(s.moves FROM p.start FOR ${part})
     FROM boards b
     LEFT JOIN board_snapshots s ON s.board_id = b.id
     LEFT JOIN LATERAL generate_series(1, octet_length(s.moves), ${part}) AS p(start) ON true
     WHERE b.id = ${pg.escapeLiteral(boardId)}`,
    part,
    6,
  );
  if (!copying) return null;
  return copying.then((copied) => {
    if (!copied) return undefined;
    const [currentData, currentRewrite, data, rewrite, lastId, count] = copied.head.map((field) =>
      field === null ? null : Number(field),
    );
    return {
      current_data_version: currentData as number,
      current_rewrite_version: currentRewrite as number,
      data_version: data ?? null,
      rewrite_version: rewrite ?? null,
      last_id: lastId ?? null,
      move_count: count ?? null,
      moves: copied.value,
    };
  });
}

/** The base64 parts as one aligned byte array (empty when they do not add up to `bytes`: then it does not read). */
function joinParts(rows: { part: string | null }[], bytes: number): Uint8Array {
  const moves = Buffer.from(new ArrayBuffer(bytes));
  let written = 0;
  for (const { part } of rows) written += part ? moves.write(part, written, 'base64') : 0;
  return written === bytes ? moves : new Uint8Array(0);
}

/**
 * The snapshot's items and where they stand (read apart: an analysis may need none, see `readsItems`),
 * from their own table: nothing of the moves' row is read to reach them.
 */
export function snapshotItemsQuery(db: Db, boardId: string) {
  return db
    .selectFrom('board_snapshot_items')
    .select(['item_seq', 'item_count', 'rewrite_version', 'items'])
    .where('board_id', '=', boardId);
}

type SnapshotItemsRow = Pick<
  BoardSnapshotItemsTable,
  'item_seq' | 'item_count' | 'rewrite_version' | 'items'
>;

const readSnapshotItems = (
  db: Db,
  boardId: string,
  partBytes = COPY_PART_BYTES,
): Promise<SnapshotItemsRow | undefined> =>
  copySnapshotItems(db, boardId, partBytes) ?? snapshotItemsQuery(db, boardId).executeTakeFirst();

/**
 * The items' row on PostgreSQL by a binary COPY, its text in parts as the moves' are (db/copy-out.ts:
 * its 4.5 MB on the reference board came as one message, which node-postgres assembled by doubling a
 * buffer up to 8 MB). Null when `db` cannot COPY.
 */
function copySnapshotItems(
  db: Db,
  boardId: string,
  partBytes: number,
): Promise<SnapshotItemsRow | undefined> | null {
  const copying = copyTextInParts(
    db,
    {
      table: 'board_snapshot_items',
      text: 'items',
      key: { column: 'board_id', value: boardId },
      head: ['item_seq', 'item_count', 'rewrite_version'],
    },
    partBytes,
  );
  if (!copying) return null;
  return copying.then((copied) => {
    if (!copied) return undefined;
    const [seq, count, rewrite] = copied.head.map(Number);
    return {
      item_seq: seq as number,
      item_count: count as number,
      rewrite_version: rewrite as number,
      items: copied.text ?? '',
    };
  });
}

/**
 * A board's moves, and its items (read when first asked for) when they came with them. Given once the
 * snapshot's row is read, so that a board without one starts reading its items beside its moves.
 */
export type LoadedBoard = { data: Promise<BoardData>; items: (() => Promise<BoardItems<ItemList>>) | null };

const withoutSnapshot = (db: Db, boardId: string): LoadedBoard => ({
  data: loadBoardData(db, boardId),
  items: null,
});

/**
 * The board's moves (and items, lazily) from its snapshot when it has one that fits; else as before.
 * `partBytes`: see `readSnapshotMoves` (tests make it small to cover reading several parts).
 */
export async function loadBoard(db: Db, boardId: string, partBytes = COPY_PART_BYTES): Promise<LoadedBoard> {
  // The items' row is read beside the moves (on PostgreSQL on a connection of its own), not decoded: the
  // pages a board's first viewer opens next read the items (Home's card, Flow, Issues in Columns).
  const itemsRow = heldOnce(readSnapshotItems(db, boardId, partBytes));
  const row = await readSnapshotMoves(db, boardId, partBytes);
  if (!row?.moves || row.data_version == null) return withoutSnapshot(db, boardId);
  const rewriteVersion = Number(row.rewrite_version);
  if (Number(row.current_rewrite_version) !== rewriteVersion) return withoutSnapshot(db, boardId);
  let decoded: DecodedMoves;
  try {
    decoded = decodeBoardMoves(row.moves);
    if (decoded.transitions.count !== Number(row.move_count)) throw new BoardSnapshotFormatError('count');
  } catch {
    return withoutSnapshot(db, boardId);
  }
  const stored = snapshotData(decoded, {
    lastId: Number(row.last_id),
    rewriteVersion,
    dataVersion: Number(row.data_version),
  });
  const data =
    Number(row.current_data_version) === stored.dataVersion
      ? Promise.resolve(stored)
      : refreshBoardData(db, boardId, stored);
  return { data, items: () => itemsFrom(db, boardId, itemsRow()) };
}

/**
 * A read started early, handed over once (then forgotten: a board whose items are never asked for does
 * not keep their text); null after. A failure waits for the one who takes it.
 */
function heldOnce<T>(read: Promise<T>): () => Promise<T> | null {
  read.catch(() => undefined);
  let held: Promise<T> | null = read;
  return () => {
    const taken = held;
    held = null;
    return taken;
  };
}

/** A snapshot's decoded moves as a loaded board's data at the versions its row names. */
export function snapshotData(
  decoded: DecodedMoves,
  versions: Pick<BoardData, 'lastId' | 'rewriteVersion' | 'dataVersion'>,
): BoardData {
  const { room, ...moves } = decoded;
  if (room) continueInRoom(moves.transitions, room);
  return { ...moves, ...versions, count: decoded.transitions.count, movesRead: 0, segmentMoves: 0 };
}

/**
 * The snapshot's items (`early`: the row read beside the moves, else read now) brought up to date by
 * their counter (a snapshot taken again since is one more change to apply); all read if there is none (a
 * row deleted by hand) or it does not read.
 */
async function itemsFrom(
  db: Db,
  boardId: string,
  early: ReturnType<typeof readSnapshotItems> | null,
): Promise<BoardItems<ItemList>> {
  const row = await (early ?? readSnapshotItems(db, boardId));
  if (!row) return loadBoardItems(db, boardId);
  let items: ItemList;
  try {
    const snapshot = { boardId, seq: Number(row.item_seq) };
    items = readItems(row.items, textsSource(db, 'board_snapshot_items', snapshot));
    if (items.length !== Number(row.item_count)) return loadBoardItems(db, boardId);
  } catch {
    return loadBoardItems(db, boardId);
  }
  return refreshBoardItems(db, boardId, {
    items,
    byId: null,
    seq: Number(row.item_seq),
    rewriteVersion: Number(row.rewrite_version),
    read: 0,
  });
}

/**
 * The items in the order of their first recorded move (`moves` as held: the order of the timeline's rows,
 * which may differ from the dictionary's, a segment listing its new ids in its own order), those without
 * one after, in the order they came: the Flow report then joins item i to row i in place, without a table
 * of 100,000 ids (flow-report.ts, `itemRowsOf`).
 */
export function inOrderOfMoves(items: readonly BoardItem[], moves: TransitionColumns): BoardItem[] {
  const rankOfCode = new Int32Array(moves.itemIds.length).fill(-1);
  let ranked = 0;
  for (let i = 0; i < moves.count; i++) {
    const code = moves.item[i] as number;
    if ((rankOfCode[code] as number) < 0) rankOfCode[code] = ranked++;
  }
  const rank = new Map<string, number>();
  moves.itemIds.forEach((id, code) => {
    const r = rankOfCode[code] as number;
    if (r >= 0 && !rank.has(id)) rank.set(id, r);
  });
  const rankOf = (item: BoardItem) => rank.get(item.id) ?? ranked;
  // A stable sort: items without a move keep their order among themselves.
  return [...items].sort((a, b) => rankOf(a) - rankOf(b));
}

export type BoardSnapshotOptions = {
  now: number;
  /** Boards with fewer moves load fast enough from segments and rows: no snapshot. */
  minMoves?: number;
  /** A stale snapshot is taken again once it is this old (meanwhile a load refreshes from it). */
  refreshMs?: number;
};

export const BOARD_SNAPSHOT_DEFAULTS = { minMoves: 50_000, refreshMs: 10 * 60_000 };

/**
 * Stores a snapshot of a big board (its moves and items as a load gives them, keyed by the data version
 * read before them) when it has none, when its moves were rewritten since, or when it is stale and
 * older than `refreshMs`; returns whether it stored one. Built by the same load the server does (from
 * the previous snapshot when there is one), so it costs a refresh, not a whole read, once there is one.
 */
export async function snapshotBoard(
  db: Db,
  boardId: string,
  options: BoardSnapshotOptions,
): Promise<boolean> {
  const { minMoves, refreshMs } = { ...BOARD_SNAPSHOT_DEFAULTS, ...options };
  const state = await readSnapshotState(db, boardId);
  if (!state) return false;
  if (state.data_version != null && Number(state.rewrite_version) === Number(state.current_rewrite_version)) {
    if (Number(state.data_version) === Number(state.current_data_version)) return false;
    if (options.now - Number(state.created_at) < refreshMs) return false;
  }
  if ((await countBoardMoves(db, boardId)) < minMoves) return false;
  const loaded = await loadBoard(db, boardId);
  const [data, items] = await Promise.all([
    loaded.data,
    loaded.items ? loaded.items() : loadBoardItems(db, boardId),
  ]);
  if (items.rewriteVersion !== data.rewriteVersion) return false;
  const moves = {
    data_version: data.dataVersion,
    rewrite_version: data.rewriteVersion,
    last_id: data.lastId,
    move_count: data.count,
    moves: encodeBoardMoves(data),
    created_at: options.now,
  };
  const stored = encodeItemParts(inOrderOfMoves(await allItems(items.items), data.transitions));
  const itemsRow = {
    rewrite_version: items.rewriteVersion,
    item_seq: items.seq,
    item_count: items.items.length,
    items: stored.items,
    texts: stored.texts,
  };
  // One transaction: the moves' row and the items' row always describe the same snapshot.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('board_snapshots')
      .values({ board_id: boardId, ...moves })
      .onConflict((oc) => oc.column('board_id').doUpdateSet(moves))
      .execute();
    await trx
      .insertInto('board_snapshot_items')
      .values({ board_id: boardId, ...itemsRow })
      .onConflict((oc) => oc.column('board_id').doUpdateSet(itemsRow))
      .execute();
  });
  return true;
}
