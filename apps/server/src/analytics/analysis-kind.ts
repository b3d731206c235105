import type { EstimatedOption, Insight, ItemFilterQuery } from '@fluxion/contract';
import { buildCalendar, latestMove, withFilterNote } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Json, type JsonBody, jsonBody } from '../http/json-body.ts';
import type { Viewer } from './access.ts';
import { type AnalysedBoard, analysisKey } from './board.ts';
import { boardAndFilter, boardData } from './board-data.ts';
import { type FilterView, type RequestFilter, requestFilter, viewForFilter } from './item-filter.ts';
import { itemsForViewer } from '../visibility/viewer-items.ts';

/**
 * An analysis as the API sends it: JSON bytes, serialised once (and compressed once, http/json-body.ts).
 * A warm hit costs the access check (one statement) and a cache lookup, not the engine nor
 * `JSON.stringify` of a year of date-keyed points.
 */
export type { Json } from '../http/json-body.ts';

/** What one analysis is given: the board facts' read model, the request's filter, the items as the viewer sees them. */
export type AnalysisInput<Q> = {
  ctx: ApiContext;
  viewer: Viewer;
  board: AnalysedBoard;
  query: Q;
  filter: RequestFilter;
  /** Null when the analysis said it reads no items (`readsItems`). */
  view: FilterView | null;
};

/**
 * One kind of analysis: its name in the cache key, what it refuses for this board (before anything is
 * computed), whether it reads the items as the viewer sees them (else only the moves), and its
 * computation. `object`: other answers read its figures (Home's card, the digest, alerts and the item
 * page read Flow's), so it is kept as the object too, its JSON made once asked.
 */
export type AnalysisKind<Q, R> = {
  name: string;
  check?: (input: AnalysisInput<Q>) => void | Promise<void>;
  readsItems: (board: AnalysedBoard, filter: RequestFilter, ctx: ApiContext) => boolean | Promise<boolean>;
  compute: (input: AnalysisInput<Q>) => Promise<R>;
  object?: boolean;
  /**
   * The clock moves its answer only by the board's day, and by the moves up to now: kept until the
   * board's midnight (while read) when computed after the board's latest move (`keptUntil`).
   */
  daily?: boolean;
};

export type Project = { project: string };

/**
 * Every analysis the same way, so that one (board, window, filter, viewer) is computed once whoever
 * reads it: the access-checked board facts, the validated query, one cache key.
 */
async function prepare<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  viewer: Viewer,
  kind: AnalysisKind<Q, R>,
  query: Q,
) {
  const { board, filter } = boardAndFilter(viewer, query.project, query);
  // Most often known at once (a warm answer): no promise to wait for then.
  const reads = kind.readsItems(board, filter, ctx);
  const view = (typeof reads === 'boolean' ? reads : await reads)
    ? await viewForFilter(ctx, viewer.userId, board, filter)
    : null;
  const input: AnalysisInput<Q> = { ctx, viewer, board, query, filter, view };
  await kind.check?.(input);
  return { key: analysisKey(kind.name, board, view?.key ?? '', query), input };
}

/** An analysis as the API sends it: its JSON bytes, from the one cached computation. */
export async function serve<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  viewer: Viewer,
  kind: AnalysisKind<Q, R>,
  query: Q,
): Promise<Json<R>> {
  const { key, input } = await prepare(ctx, viewer, kind, query);
  if (!kind.object) {
    const answer = await ctx.analytics.results.computeKept(key, () => computeAnswer(kind, input));
    if (!input.view) viewAhead(input);
    return answer;
  }
  const entry = await ctx.analytics.facts.compute(key, async (ended) => {
    const value = await kind.compute(input);
    // A background refresh of an answer that was sent makes its JSON and encodings too, off the request.
    return ended?.json ? { value, json: jsonBody(value).encodedAs(ended.json) } : { value };
  });
  entry.json ??= jsonBody(entry.value);
  return entry.json as Json<R>;
}

/**
 * After a viewer's first answer on a board that read no items, their items in the background (views-ahead.ts):
 * the board's items loaded, their visibility and redaction for this viewer, then the rest of the view
 * (the items that left the board), each a step of its own.
 */
function viewAhead({ ctx, viewer, board, filter }: AnalysisInput<unknown>): void {
  const { viewsAhead, boards } = ctx.analytics;
  // Asked by every warm answer: the steps are built only for a pair not read ahead yet.
  if (!viewsAhead.wants(board.id, viewer.userId)) return;
  const items = () => boards.itemList(ctx.db, board.id, board.version);
  viewsAhead.schedule(board.id, viewer.userId, [
    items,
    () => itemsForViewer(ctx, viewer.userId, board, items),
    () => viewForFilter(ctx, viewer.userId, board, filter),
  ]);
}

/** The answer's JSON, and until when it holds (`daily` kinds; else the cache's TTL). */
async function computeAnswer<Q, R>(kind: AnalysisKind<Q, R>, input: AnalysisInput<Q>) {
  const from = input.ctx.now();
  const value = jsonBody(await kind.compute(input));
  return { value, until: kind.daily ? await keptUntil(input, from) : null };
}

/**
 * An answer computed between `from` and now, from a board none of whose moves is later than `from`,
 * holds until the board's next midnight: later instants of that day change no input but the clock, and
 * a daily kind reads the clock only for its day and for the moves up to it (a move recorded meanwhile
 * changes the data version, so the key). Null (the TTL) when a move is later (a clock behind GitHub's)
 * or the day ended during the computation.
 */
async function keptUntil({ ctx, board }: AnalysisInput<unknown>, from: number): Promise<number | null> {
  if (latestMove((await boardData(ctx, board)).transitions) > from) return null;
  const calendar = buildCalendar(board.calendar);
  const day = calendar.dayOf(from);
  return calendar.dayOf(ctx.now()) === day ? calendar.startOf(day + 1) : null;
}

/** The warm-up's viewer: no user's settings nor access are read for it (`warmUp`). */
const NOBODY = '\u0000warm-up';

/**
 * Computes an analysis of a board as its first request on the default window (the iteration's) would, for
 * nobody (the answer is not kept): what that request builds (the board's kept timeline) is then built.
 * Only where the answer does not depend on who views it: the analysis reads no items for this board, or
 * the board is the demo, whose items every viewer sees alike. `schema`: the route's query schema, which
 * fills the defaults. Whether it computed.
 */
export async function warmUp<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  board: AnalysedBoard,
  kind: AnalysisKind<Q, R>,
  schema: { parse(value: unknown): Q },
): Promise<boolean> {
  const { query, filter } = firstRequest(board, schema);
  const byViewer = !board.isDemo && (await kind.readsItems(board, filter, ctx));
  if (byViewer) return false;
  const { input } = await prepare(ctx, { userId: NOBODY, board }, kind, query);
  await kind.compute(input);
  return true;
}

/**
 * Computes an analysis of `board` on its default window over a view the caller made (`view`, for nobody)
 * and writes its JSON, as a request would, keeping nothing: the start's code warm-up (code-warm-up.ts).
 */
export async function exercise<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  board: AnalysedBoard,
  kind: AnalysisKind<Q, R>,
  schema: { parse(value: unknown): Q },
  view: FilterView,
): Promise<JsonBody> {
  const { query, filter } = firstRequest(board, schema);
  const reads = await kind.readsItems(board, filter, ctx);
  const input: AnalysisInput<Q> = {
    ctx,
    viewer: { userId: NOBODY, board },
    board,
    query,
    filter,
    view: reads ? view : null,
  };
  return jsonBody(await kind.compute(input));
}

/** The query of a board's first request on the default window (the iteration's), and its filter (none). */
function firstRequest<Q extends Project & Partial<ItemFilterQuery>>(
  board: AnalysedBoard,
  schema: { parse(value: unknown): Q },
): { query: Q; filter: RequestFilter } {
  const query = schema.parse({ project: board.projectId, days: board.iterationDays });
  return { query, filter: requestFilter(query, board.calendar.timeZone) };
}

/** An analysis as another answer reads it (Home's card, the digest, alerts): the same cached computation. */
export async function read<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  viewer: Viewer,
  kind: AnalysisKind<Q, R> & { object: true },
  query: Q,
): Promise<R> {
  const { key, input } = await prepare(ctx, viewer, kind, query);
  const entry = await ctx.analytics.facts.compute(key, async () => ({ value: await kind.compute(input) }));
  return entry.value as R;
}

export const noted = (insight: Insight, { filter, board }: AnalysisInput<unknown>) =>
  withFilterNote(insight, filter.filter, board.calendar.timeZone);

/** The history option every analysis takes (contract: historyQueryShape). */
export type HistoryQuery = { estimated?: EstimatedOption | undefined };
