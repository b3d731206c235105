import {
  BENCH_COLUMNS,
  type BoardItem,
  type GeneratedBoard,
  type Transition,
  toTransitionColumns,
  WARM_UP_SHAPES,
  warmUpBoard,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { AnalysedRow } from '../tracked-boards/analysed-row.ts';
import {
  decodeBoardMoves,
  encodeBoardMoves,
  inOrderOfMoves,
  snapshotData,
} from '../move-log/board-snapshots.ts';
import { encodeItemParts, type ItemList, readItems, type TextsSource } from '../move-log/item-snapshots.ts';
import type { BoardData } from '../move-log/load-moves.ts';
import {
  type RedactedItems,
  redactForViewer,
  repositoriesOf,
  SEES_EVERYTHING,
  showsContent,
  visibilityOf,
} from '../visibility/redact.ts';
import { type AnalysedBoard, analysedBoard } from './board.ts';
import type { JsonBody } from '../http/json-body.ts';
import { BoardStore } from './board-store.ts';
import type { FilterView } from './item-filter.ts';
import { exerciseFlow } from './flow-service.ts';
import { exerciseLeadTime } from './lead-time-service.ts';
import { exerciseTimeInState } from './time-in-state-service.ts';

/**
 * The start's warm-up of the analyses' code (docs/performance.md, "Code warm-up"). V8 runs a function
 * first in its interpreter and compiles optimised code for it only after it has run a while, so a fresh
 * process computed the first Flow report of the 100,000-issue board in ~150–190 ms and the third, on the
 * same board, in ~45–65 ms. This runs lead time, time in state and the Flow report a few times on two
 * synthetic boards of different shapes (`WARM_UP_SHAPES`: optimised code keeps only the branches it has
 * run), through the same code as a request (the board's snapshot decoded, its items redacted for a
 * viewer who may read none of them and for one who may read all), then reads a small board's items again
 * as new versions (`itemVersions`), before the first user asks. `npm start` runs node with
 * `--no-lazy-feedback-allocation`, so that what ran only a few times here still compiled with the
 * feedback of its first call (docs/performance.md, "Code warm-up").
 *
 * The boards are held in a board store of their own, never the app's: no answer is kept and no board of the
 * app is loaded or evicted. The database is asked only what an analysis asks of a board it does not hold
 * (its label changes, its items' columns): nothing, for an id no board has.
 */

/** Issues of the first synthetic board: big enough for V8 to optimise the loops over items and moves. */
export const WARM_UP_ISSUES = 20_000;
/** Each analysis is run this many times: the third Flow report on a board is as fast as later ones. */
export const WARM_UP_ROUNDS = 3;
/** The items read again as new versions (`itemVersions`): the young shape's share of this many issues (2,000). */
const ITEM_VERSIONS = 10;
const ITEM_VERSION_ISSUES = 4_000;
/** The synthetic boards' ids: no board's (theirs are UUIDs or the demo's), and text PostgreSQL takes. */
export const WARM_UP_BOARD = 'code-warm-up';
/** The reference board's iteration length, the warm-up's window: two weeks, in which its boards finish work. */
const ITERATION_DAYS = 14;
const warmUpBoardId = (index: number) => (index === 0 ? WARM_UP_BOARD : `${WARM_UP_BOARD}-${index + 1}`);

export type WarmUpOptions = {
  issues?: number;
  rounds?: number;
  /** Asked before each step: true stops the warm-up there. */
  stopped?: () => boolean;
  /** Shown each answer of the last round, with its board's id (tests). */
  lastAnswers?: (boardId: string, answer: JsonBody) => void;
};

/** What one warm-up did: the rounds it completed. */
export type WarmUpRun = { rounds: number };

/**
 * Runs the analyses `rounds` times on the synthetic boards (the first of `issues` issues), each
 * computation a step of its own after the requests already arrived (`/healthz` among them): a step holds
 * the event loop only for one analysis of a board a fifth of the reference board's size at most.
 */
export async function warmUpCode(ctx: ApiContext, options: WarmUpOptions = {}): Promise<WarmUpRun> {
  const { issues = WARM_UP_ISSUES, rounds = WARM_UP_ROUNDS, stopped = () => false } = options;
  const run: WarmUpRun = { rounds: 0 };
  const steps: { boardId: string; answer: () => Promise<JsonBody> }[] = [];
  // Each board generated and held in a step of its own (the first takes ~100 ms).
  for (const [index, shape] of WARM_UP_SHAPES.entries()) {
    if (!(await yielded(stopped))) return run;
    const boardId = warmUpBoardId(index);
    const held = await heldBoard(ctx, boardId, warmUpBoard(shape, issues, ctx.now()));
    const answers = [
      () => exerciseLeadTime(held.ctx, held.board, held.private),
      () => exerciseTimeInState(held.ctx, held.board, held.private),
      () => exerciseFlow(held.ctx, held.board, held.private),
      () => exerciseFlow(held.ctx, held.board, held.everything),
    ];
    for (const answer of answers) steps.push({ boardId, answer });
  }
  for (let round = 0; round < rounds; round++) {
    for (const step of steps) {
      if (!(await yielded(stopped))) return run;
      const answer = await step.answer();
      if (round === rounds - 1) options.lastAnswers?.(step.boardId, answer);
    }
    run.rounds++;
  }
  const small = warmUpBoard(WARM_UP_SHAPES[1], ITEM_VERSION_ISSUES, ctx.now());
  await itemVersions(small, ITEM_VERSIONS, stopped);
  return run;
}

/** After the requests already arrived; false when the warm-up is to stop. */
async function yielded(stopped: () => boolean): Promise<boolean> {
  await new Promise(setImmediate);
  return !stopped();
}

type HeldBoard = { ctx: ApiContext; board: AnalysedBoard; private: FilterView; everything: FilterView };

/** A synthetic board as the app holds a loaded one, in a store of its own, and its two views. */
async function heldBoard(ctx: ApiContext, id: string, generated: GeneratedBoard): Promise<HeldBoard> {
  const { transitions, items, now, cycleStartColumn } = generated;
  const data = snapshotLoaded(transitions);
  // An item moved off the board has left it, as on a synced board: its moves stay, it is not among the
  // items, so the items' join to the timeline's rows meets gaps (`itemRowsOf`'s look-up by id).
  const onBoard = items.filter((item) => item.column !== null);
  const list = snapshotItems(inOrderOfMoves(onBoard, data.transitions));
  const boards = new BoardStore({ maxEntries: 1, ttlMs: 60 * 60_000 }, ctx.now);
  boards.hold(id, data.dataVersion, data, {
    items: list,
    byId: null,
    seq: 0,
    rewriteVersion: 0,
    read: 0,
  });
  const board = analysedBoard(boardRow(id, data.dataVersion, cycleStartColumn), now);
  return { ctx: { ...ctx, analytics: { ...ctx.analytics, boards } }, board, ...(await views(list)) };
}

/** The items' two views: for a viewer who may read none of them, and for one who may read all. */
async function views(list: ItemList): Promise<{ private: FilterView; everything: FilterView }> {
  const hidden = visibilityOf(repositoriesOf(list), new Set());
  const privateView = view(redactForViewer(list, hidden), hidden.key);
  if (!Array.isArray(list) && showsContent(list, SEES_EVERYTHING)) await list.readTexts();
  return {
    private: privateView,
    everything: view(redactForViewer(list, SEES_EVERYTHING), SEES_EVERYTHING.key),
  };
}

/**
 * A board version's items are decoded and redacted once a viewer: twice in the rounds, which left that
 * code unoptimised for a real board's first Flow request (`%GetOptimizationStatus` at the warm-up's end).
 * So the small board's items are read again as new versions, each step a few milliseconds.
 */
async function itemVersions(board: GeneratedBoard, versions: number, stopped: () => boolean): Promise<void> {
  const read = storedItems(board.items.filter((item) => item.column !== null));
  for (let version = 0; version < versions; version++) {
    if (!(await yielded(stopped))) return;
    await views(read());
  }
}

function view(redacted: RedactedItems, key: string): FilterView {
  return { items: redacted.items, key, left: [], hidden: redacted.hidden, archived: null, leftAll: [] };
}

/** The moves as a board's snapshot gives them: written and read by its codec. */
function snapshotLoaded(generated: readonly Transition[]): BoardData {
  const transitions = [...generated].sort((a, b) => a.at - b.at);
  const count = transitions.length;
  const versions = { lastId: count, rewriteVersion: 0, dataVersion: 1 };
  const built: BoardData = {
    transitions: toTransitionColumns(transitions),
    ...versions,
    count,
    movesRead: count,
    segmentMoves: 0,
    partial: new Map(),
    estimated: new Map(),
    joinedOnly: new Set(),
  };
  return snapshotData(decodeBoardMoves(encodeBoardMoves(built)), versions);
}

/**
 * The items as their snapshot gives them: its text, and its titles and URLs apart when it keeps them so.
 * With assignees, as a synced board's items have them (a list, often empty): the snapshot then holds their
 * column, and decoding it met it first at a real board's first Flow request (`--trace-deopt`:
 * "insufficient type feedback" in `typedItems`).
 */
function snapshotItems(items: BoardItem[]): ItemList {
  return storedItems(items)();
}

/** The items' snapshot written once, and a reader that decodes it afresh at each call (a new version's). */
function storedItems(items: BoardItem[]): () => ItemList {
  const stored = encodeItemParts(items.map((item, i) => ({ ...item, assignees: assigneesOf(i) })));
  const texts = stored.texts;
  if (texts === null) return () => readItems(stored.items);
  const source: TextsSource = {
    stored: async () => texts,
    fromRows: async () => {
      throw new Error('the warm-up board has no item rows');
    },
  };
  return () => readItems(stored.items, source);
}

const ASSIGNED: readonly string[] = ['octocat'];
const NO_ONE: readonly string[] = [];
const assigneesOf = (i: number) => (i % 4 === 0 ? ASSIGNED : NO_ONE);

/**
 * A synthetic board's row: the reference board's settings (an SLE, WIP limits, a blocked label, its
 * cycle's start, two-week iterations). In a board's default one-week window the synthetic boards finish
 * nothing (their last issues finish about two weeks before their end): the warm-up then never ran the
 * code of cycle times, percentiles, risks and forecasts, which a real board's first Flow report met cold.
 */
function boardRow(id: string, version: number, cycleStart: string): AnalysedRow {
  const [a, b, c] = BENCH_COLUMNS.slice(1, 4) as [string, string, string];
  const policies = {
    sle: { percent: 85, days: 10 },
    wip_limits: { [a]: 500, [b]: 300, [c]: 200 },
    blocked_label: 'blocked',
  };
  return {
    id,
    github_project_id: id,
    title: 'Code warm-up',
    is_demo: 0,
    data_version: version,
    column_list: JSON.stringify(BENCH_COLUMNS),
    calendar: null,
    include_archived: 1,
    flow_policies: JSON.stringify(policies),
    work_level: null,
    breakdown_field: null,
    iteration_field_name: null,
    iteration_list: null,
    iteration_length_days: ITERATION_DAYS,
    cycle_time_start_column: cycleStart,
    column_classification: null,
  } as AnalysedRow;
}
