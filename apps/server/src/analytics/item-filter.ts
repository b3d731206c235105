import { ITEM_FILTER_PARAMS, type ItemFilterQuery, nameOfFilterValue } from '@fluxion/contract';
import {
  type BoardItem,
  type BoardItems,
  buildCalendar,
  everyItem,
  dayOfDate,
  dropItems,
  filterBoard,
  filterItems,
  filtersContent,
  type ItemFilter,
  isFilterOn,
  type LevelOfWork,
  levelOfWork,
  type Transitions,
  type WorkLevel,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { isRememberedQuery } from '../http/query-validation.ts';
import type { AnalysedBoard } from './board.ts';
import { readLeftItems } from '../move-log/items.ts';
import { itemsForViewer } from '../visibility/viewer-items.ts';
import { eitherIds } from '../visibility/hidden-ids.ts';
import { iterationItems } from '../iterations/board-iterations.ts';
import { resolveFieldValueFilter } from './breakdown.ts';

/** The engine's filter from a request's query, and its text for cache keys ('' when no filter is on). */
export type RequestFilter = {
  filter: ItemFilter;
  key: string;
  on: boolean;
  content: boolean;
  dates: boolean;
  /** The iteration filter's selector (`current`, `previous`, an id or title); its items are read by `viewForFilter`. */
  iteration: string | null;
};

const sorted = (values: readonly string[] | undefined) => [...new Set(values ?? [])].sort();
/** Issue types or field values as the engine takes them: `~none` becomes null, the items without one. */
const namesOrNone = (values: readonly string[] | undefined) => sorted(values).map(nameOfFilterValue);

/**
 * Whether the query names any filter (`ITEM_FILTER_PARAMS`): an empty list names none. Read once for a
 * validated query (frozen, handed to every request with its querystring: http/query-validation.ts).
 */
function filters(query: Partial<ItemFilterQuery>): boolean {
  let named = namesFilters.get(query);
  if (named === undefined) {
    named = ITEM_FILTER_PARAMS.some((param) => {
      const value = query[param];
      return value !== undefined && !(Array.isArray(value) && value.length === 0);
    });
    if (isRememberedQuery(query)) namesFilters.set(query, named);
  }
  return named;
}

const namesFilters = new WeakMap<object, boolean>();

/**
 * The filter of a query that names none, as `requestFilter` would build it (the time zone matters only to
 * dates): shared by every such request (a warm answer built it anew each time), so frozen all the way down.
 */
const NO_FILTER: RequestFilter = Object.freeze({
  filter: Object.freeze({
    labels: Object.freeze([]) as never,
    notLabels: Object.freeze([]) as never,
    milestones: Object.freeze([]) as never,
    types: Object.freeze([]) as never,
    issueTypes: Object.freeze([]) as never,
    fieldValues: null,
    repositories: Object.freeze([]) as never,
    assignees: Object.freeze([]) as never,
    from: null,
    to: null,
  }) as ItemFilter,
  on: false,
  content: false,
  dates: false,
  iteration: null,
  key: '',
});

/**
 * `from` is the start of that day in the board's time zone; `to` is the end of its day (the day is
 * included), as every other day of the board's analyses.
 */
export function requestFilter(query: Partial<ItemFilterQuery>, timeZone = 'UTC'): RequestFilter {
  if (!filters(query)) return NO_FILTER;
  const zone = buildCalendar({ timeZone });
  const from = query.from ? zone.startOf(dayOfDate(query.from)) : null;
  const to = query.to ? zone.startOf(dayOfDate(query.to) + 1) : null;
  if (from !== null && to !== null && from >= to) {
    throw badRequest('from must be on or before to', 'from');
  }
  const filter: ItemFilter = {
    labels: sorted(query.label),
    notLabels: sorted(query.not_label),
    milestones: sorted(query.milestone),
    types: sorted(query.type) as ItemFilter['types'],
    issueTypes: namesOrNone(query.issue_type),
    // Its field and recorded values are given by viewForFilter (the board's breakdown field).
    fieldValues: query.field_value?.length
      ? { field: '', values: namesOrNone(query.field_value), changes: [] }
      : null,
    repositories: sorted(query.repo),
    assignees: sorted(query.assignee),
    from,
    to,
  };
  const iteration = query.iteration ?? null;
  const on = isFilterOn(filter) || iteration !== null;
  const dates = filter.from !== null || filter.to !== null;
  const content = filtersContent(filter) || iteration !== null;
  const key = on ? JSON.stringify({ ...filter, iteration }) : '';
  return { filter, on, content, dates, iteration, key };
}

/**
 * The board's items as the viewer sees them (`items`, on the board now) and, under a content filter, the
 * items that left it (archived or removed) with the content they had, for the filter only: their moves
 * still count (an archived done card is still throughput). `key` names what the viewer sees of both.
 */
export type FilterView = {
  /** Columns when the viewer may read none of the items (`ContentlessItems`): `everyItem` makes objects. */
  items: BoardItems;
  key: string;
  left: BoardItem[];
  hidden: ReadonlySet<string>;
  /** The archived items, when the board's setting leaves them out (`include_archived` off); else null. */
  archived: ReadonlySet<string> | null;
  /**
   * Every item that left the board (archived, removed) with its relations: sorted into the levels of work
   * too, since their moves still count (absent: none known; empty also when no level could leave one out:
   * `leftForLevels`).
   */
  leftAll?: BoardItem[];
};

export async function viewForFilter(
  ctx: ApiContext,
  userId: string,
  board: AnalysedBoard,
  filter: RequestFilter,
): Promise<FilterView> {
  const iterationKey = await resolveIterationFilter(ctx, board, filter);
  // Independent reads, sent together (on PostgreSQL each its own round trip).
  const [view, leftAll, archived] = await Promise.all([
    viewedItems(ctx, userId, board, filter).then(async (view) => {
      await resolveFieldValueFilter(ctx.db, board, filter.filter, view.hidden);
      return view;
    }),
    leftForLevels(ctx, board),
    board.includeArchived ? null : archivedIds(ctx.db, board.id),
  ]);
  view.key += iterationKey;
  if (!archived) return { ...view, archived: null, leftAll };
  return { ...view, key: `${view.key}:no-archived`, archived, leftAll };
}

/**
 * Whether the board's levels of work can tell its items apart: it counts parents only, or some item of
 * it, on it or gone, names a parent. Without a parent the automatic level and the leaf items are every
 * item. One rule for what reads the items (`itemsLeaveOut`) and for the items that left (`leftForLevels`).
 */
export function levelsTellItemsApart(ctx: ApiContext, board: AnalysedBoard): boolean | Promise<boolean> {
  if (board.workLevel === 'parents') return true;
  return ctx.analytics.boards.namesParents(ctx.db, board.id, board.version);
}

/**
 * The items that left the board, for the levels of work (`leftAll`): none read where the levels cannot
 * tell items apart, since they change no answer then ("parents only" leaves out every item, those that
 * left too: their moves then do not count).
 */
function leftForLevels(ctx: ApiContext, board: AnalysedBoard): BoardItem[] | Promise<BoardItem[]> {
  const apart = levelsTellItemsApart(ctx, board);
  if (apart === false) return NONE_LEFT;
  if (apart === true) return leftItemsOf(ctx, board);
  return apart.then((any) => (any ? leftItemsOf(ctx, board) : NONE_LEFT));
}

/**
 * The items that left each board, read once per board version (a warm board reads none). Per database: a
 * board id and version name a board within one database only (tests run many in one process).
 */
const leftByDatabase = new WeakMap<Db, Map<string, { version: number; items: Promise<BoardItem[]> }>>();
const LEFT_BOARDS_KEPT = 500;

function leftItemsOf(ctx: ApiContext, board: AnalysedBoard): Promise<BoardItem[]> {
  let leftByBoard = leftByDatabase.get(ctx.db);
  if (!leftByBoard) {
    leftByBoard = new Map();
    leftByDatabase.set(ctx.db, leftByBoard);
  }
  const known = leftByBoard.get(board.id);
  if (known && known.version === board.version) return known.items;
  const items = readLeftItems(ctx.db, board.id);
  items.catch(() => leftByBoard.delete(board.id));
  leftByBoard.delete(board.id);
  leftByBoard.set(board.id, { version: board.version, items });
  if (leftByBoard.size > LEFT_BOARDS_KEPT) leftByBoard.delete(leftByBoard.keys().next().value as string);
  return items;
}

/**
 * An iteration filter becomes the ids of that iteration's items (the engine's `ids` part), read from
 * the board's iterations now: `current` moves with the calendar, so the key names the iteration it resolved to.
 */
async function resolveIterationFilter(
  ctx: ApiContext,
  board: AnalysedBoard,
  filter: RequestFilter,
): Promise<string> {
  if (filter.iteration === null) return '';
  const now = ctx.now();
  const { iterationId, title, ids } = await iterationItems(
    ctx.db,
    board.id,
    filter.iteration,
    buildCalendar(board.calendar),
    now,
  );
  filter.filter.ids = ids;
  filter.filter.iteration = title ?? filter.iteration;
  return `:iteration=${iterationId ?? 'none'}`;
}

/** Read off the partial index `items_archived` (migration 046), whose condition it states. */
export const archivedIdsQuery = (db: Db, boardId: string) =>
  db
    .selectFrom('items')
    .select('item_id')
    .where('board_id', '=', boardId)
    .where('archived_at', 'is not', null);

/** The ids of the board's items archived on GitHub: one statement, when the board leaves them out. */
export async function archivedIds(db: Db, boardId: string): Promise<Set<string>> {
  const rows = await archivedIdsQuery(db, boardId).execute();
  return new Set(rows.map((r) => r.item_id));
}

/**
 * The ids of the board's items whose content `userId` may not see: the redaction's own answer
 * (visibility/), never guessed from what an item is called.
 */
export async function hiddenFromViewer(
  ctx: ApiContext,
  userId: string,
  board: AnalysedBoard,
): Promise<ReadonlySet<string>> {
  const onBoard = () => ctx.analytics.boards.itemList(ctx.db, board.id, board.version);
  return (await itemsForViewer(ctx, userId, board, onBoard)).hidden;
}

async function viewedItems(
  ctx: ApiContext,
  userId: string,
  board: AnalysedBoard,
  filter: RequestFilter,
): Promise<Omit<FilterView, 'archived'>> {
  const onBoard = () => ctx.analytics.boards.itemList(ctx.db, board.id, board.version);
  if (!filter.content) {
    const view = await itemsForViewer(ctx, userId, board, onBoard);
    return { items: view.items, key: view.key, left: [], hidden: view.hidden };
  }
  // The items on the board keep the loaded list (and its redacted views), so the engine's look-ups per
  // list serve the next request too; the items that left are read afresh.
  const [now, left] = await Promise.all([
    itemsForViewer(ctx, userId, board, onBoard),
    itemsForViewer(ctx, userId, board, () => readLeftItems(ctx.db, board.id), 'left'),
  ]);
  return {
    items: now.items,
    key: `${now.key}|${left.key}`,
    // The items that left are read afresh as objects, never a snapshot's columns.
    left: everyItem(left.items) as BoardItem[],
    hidden: eitherIds(now.hidden, left.hidden),
  };
}

/** What an analysis reads of a board: the viewer's items, the moves, the columns and its level of work. */
export type FilteredSource = {
  view: FilterView;
  transitions: Transitions;
  columns: string[];
  workLevel: WorkLevel | null;
};

/**
 * The board's level of work over the items the viewer sees on it (docs/metrics.md, "Level of work"),
 * and those items at that level: kept per loaded list, so a warm board decides it once.
 */
const levels = new WeakMap<
  BoardItems,
  WeakMap<readonly BoardItem[], Map<WorkLevel | null, { level: LevelOfWork; items: BoardItems }>>
>();
const NONE_LEFT: BoardItem[] = [];

/** `left`: the items that left the board (FilterView.leftAll), sorted into the levels as well. */
export function itemsAtLevel(items: BoardItems, setting: WorkLevel | null, left: BoardItem[] = NONE_LEFT) {
  let byLeft = levels.get(items);
  if (!byLeft) {
    byLeft = new WeakMap();
    levels.set(items, byLeft);
  }
  let bySetting = byLeft.get(left);
  if (!bySetting) {
    bySetting = new Map();
    byLeft.set(left, bySetting);
  }
  let known = bySetting.get(setting);
  if (!known) {
    const level = levelOfWork(items, setting, left);
    known = {
      level,
      items: level.leftOut.size === 0 ? items : everyItem(items).filter((i) => !level.leftOut.has(i.id)),
    };
    bySetting.set(setting, known);
  }
  return known;
}

/** The ids an analysis leaves out of the moves: archived items (when the board says so) and the other level's. */
function droppedIds(view: FilterView, leftOut: ReadonlySet<string>): ReadonlySet<string> | null {
  if (leftOut.size === 0) return view.archived;
  if (!view.archived || view.archived.size === 0) return leftOut;
  return new Set([...view.archived, ...leftOut]);
}

/** The items and moves an analysis reads under the filter and the level of work (all of them when none is on). */
export function filteredBoard(
  request: RequestFilter,
  board: FilteredSource,
): { items: BoardItems; transitions: Transitions } {
  const { view } = board;
  const { level, items } = itemsAtLevel(view.items, board.workLevel, view.leftAll);
  const dropped = droppedIds(view, level.leftOut);
  const transitions = dropped ? dropItems(board.transitions, dropped) : board.transitions;
  if (!request.on) return { items, transitions };
  return filterBoard({ items: everyItem(items) as BoardItem[], transitions }, request.filter, {
    hidden: view.hidden,
    leftItems: view.left,
    doneColumn: board.columns.at(-1) ?? null,
  });
}

/**
 * The items alone (for analyses that read no moves): the moves are read only for a date range. Without a
 * filter, as the view holds them (columns for a viewer who may read none); a filter reads objects.
 */
export function filteredItems(request: RequestFilter, board: FilteredSource): BoardItems {
  const atLevel = itemsAtLevel(board.view.items, board.workLevel, board.view.leftAll).items;
  if (!request.on) return atLevel;
  const items = everyItem(atLevel) as BoardItem[];
  return filterItems({ items, transitions: board.transitions }, request.filter, {
    hidden: board.view.hidden,
    leftItems: board.view.left,
    doneColumn: board.columns.at(-1) ?? null,
  });
}
