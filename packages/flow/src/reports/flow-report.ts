import { type AgingRowOf, agingWip } from '../metrics/aging.ts';
import { snapshotEntriesAt } from '../metrics/snapshot-entries.ts';
import { type CfdRow, cumulativeFlowOf, cycleTimePercentiles } from '../metrics/charts.ts';
import { flowInsight } from '../insights/flow-insight.ts';
import { type FlowSettings, flowSettings } from './flow-settings.ts';
import {
  type DayRange,
  dailyCompletions,
  type ItemWeight,
  throughputSample,
  weeklyCompletions,
} from '../metrics/flow-throughput.ts';
import type {
  AgingItem,
  CycleTimePoint,
  FlowForecast,
  FlowPercentiles,
  FlowReport,
  FlowReportInput,
  FlowSle,
} from './flow-types.ts';
import { forecastHowMany, forecastWhen } from '../metrics/forecast.ts';
import { type ItemTimeline, lazyItemTimelineAt } from '../timeline/item-timelines.ts';
import { SLE_SAMPLE_DAYS } from '../metrics/service-level.ts';
import { type BoardTimeline, buildTimeline } from '../timeline/timeline.ts';
import { keptRowsById } from '../timeline/kept-timeline.ts';
import { IdRows, type RowsById } from '../timeline/id-rows.ts';
import { stayStarts } from '../timeline/stay-starts.ts';
import { flowStages, inProgressColumns } from '../input/stages.ts';
import { itemColumnPositions } from '../input/item-columns.ts';
import { commitmentModelOf } from '../metrics/commitment-model.ts';
import { buildCalendar, type Calendar } from '../core/calendar.ts';
import {
  compareIsoTimes,
  DAY_MS,
  days,
  dayUnit,
  isoDay,
  isoTime,
  iterationDays,
  round,
} from '../core/numbers.ts';
import { isTransitionColumns, type TransitionColumns, type Transitions, upTo } from '../input/transitions.ts';
import type { BoardItem, BoardItems } from '../types.ts';
import { isContentless, itemAt } from '../input/board-items.ts';
import {
  agingSleRisk,
  applyFlowPolicies,
  blockedMarksOf,
  flowServiceLevel,
  type PolicyContext,
} from './flow-policies.ts';
import type { Span } from '../metrics/blocked-time.ts';
import { withWipBreaches } from '../insights/wip-insight.ts';
import { historyGaps } from '../timeline/partial-rule.ts';
import { typeBreakdown } from '../hierarchy/type-breakdown.ts';
import { dimensionBreakdown } from '../hierarchy/breakdown.ts';
import type { FlowBreakdown } from './flow-types.ts';
import type { TypeFlow } from '../hierarchy/type-breakdown.ts';

/** Cycle time in working time of the calendar (elapsed time when every day is worked). */
function workingCycleMs(t: ItemTimeline, calendar: Calendar): number | null {
  if (t.completedAt === null || t.cycleTimeMs === null) return null;
  return calendar.workingMs(t.completedAt - t.cycleTimeMs, t.completedAt);
}

/** An item's view of the timeline with its row there. */
type TimelineRow = ItemTimeline & { readonly row: number };

function scatterPoints(
  timelines: readonly TimelineRow[],
  /** The board's item of a timeline row (the first of that id), if any. */
  itemAt: (row: number) => BoardItem | undefined,
  window: DayRange,
  calendar: Calendar,
  estimated: ReadonlySet<string> | null | undefined,
  /** Filled with each point's timeline. */
  timelineOf: Map<CycleTimePoint, TimelineRow>,
): CycleTimePoint[] {
  const completed: { t: TimelineRow; completedAt: number; cycleMs: number }[] = [];
  for (const t of timelines) {
    if (t.completedAt === null || calendar.dayOf(t.completedAt) < window.first) continue;
    const cycleMs = workingCycleMs(t, calendar);
    if (cycleMs !== null) completed.push({ t, completedAt: t.completedAt, cycleMs });
  }
  const points = completed.map(({ t, completedAt, cycleMs }): CycleTimePoint => {
    const item = itemAt(t.row);
    const point: CycleTimePoint = {
      id: t.itemId,
      number: item?.number ?? null,
      title: item?.title ?? null,
      url: item?.url ?? null,
      completed_at: isoTime(completedAt),
      date: isoDay(calendar.dayOf(completedAt)),
      cycle_time_days: days(cycleMs),
      ...(estimated?.has(t.itemId) ? { estimated: true } : {}),
    };
    timelineOf.set(point, t);
    return point;
  });
  return points.sort((a, b) => compareIsoTimes(a.completed_at, b.completed_at) || a.id.localeCompare(b.id));
}

/** Percentiles of the exact cycle times of the completions in the window (then rounded). */
function percentilesOf(
  timelines: readonly ItemTimeline[],
  window: DayRange,
  calendar: Calendar,
): FlowPercentiles {
  const inWindow = timelines.filter(
    (t) => t.completedAt !== null && calendar.dayOf(t.completedAt) >= window.first,
  );
  const p = cycleTimePercentiles(
    inWindow.flatMap((t) => {
      const ms = workingCycleMs(t, calendar);
      return ms === null ? [] : [ms];
    }),
  );
  const at = (q: string) => (p[q] === null || p[q] === undefined ? null : round(p[q] as number));
  return { p50: at('0.5'), p70: at('0.7'), p85: at('0.85'), p95: at('0.95') };
}

/** How many working days the next `horizon` days hold (all of them when every day is worked). */
function workingDaysAhead(calendar: Calendar, today: number, horizon: number): number {
  let count = 0;
  for (let d = today + 1; d <= today + horizon; d++) if (calendar.isWorkingDay(d)) count++;
  return count;
}

function forecast(
  timelines: readonly ItemTimeline[],
  firstDay: number,
  today: number,
  s: FlowSettings,
  calendar: Calendar,
  weight: ItemWeight | undefined,
): FlowForecast | null {
  const sample = throughputSample(timelines, today, s.sampleDays, calendar, weight, firstDay);
  if (!sample) return null;
  const options = { trials: s.trials, seed: s.seed };
  const total = sample.counts.reduce((a, b) => a + b, 0);
  return {
    sample_start: isoDay(sample.range.first),
    sample_end: isoDay(sample.range.last),
    sample_days: sample.counts.length,
    mean_daily_throughput: round(total / sample.counts.length),
    trials: s.trials,
    seed: s.seed,
    how_many: {
      horizon_days: s.horizon,
      results: forecastHowMany(sample.counts, workingDaysAhead(calendar, today, s.horizon), options),
    },
    when: {
      items: s.targetItems,
      results: forecastWhen(sample.counts, s.targetItems, today, options, calendar.addWorkingDays),
    },
  };
}

/** In estimate units, an item weighs its estimate (0 without one); in items, 1 (no weight at all). */
function weightOf(input: FlowReportInput): ItemWeight | undefined {
  if (input.unit !== 'estimate') return undefined;
  const estimates = input.estimates ?? new Map<string, number>();
  return (id) => estimates.get(id) ?? 0;
}

/** The local day of the board's first recorded entry (+Infinity: none), from the timeline's column. */
function firstDayOf(t: BoardTimeline, calendar: Calendar): number {
  let first = Number.POSITIVE_INFINITY;
  for (let row = 0; row < t.itemIds.length; row++) {
    const at = t.firstEntry[row] as number;
    if (at < first) first = at;
  }
  return first === Number.POSITIVE_INFINITY ? first : calendar.dayOf(first);
}

/**
 * The items finished on or after local day `since` (a day early, for time zones' sake; each part still
 * keeps its own days), in the timeline's order: every completion a part of the report counts is among them.
 */
function finishedSince(
  t: BoardTimeline,
  at: (row: number) => TimelineRow,
  since: number,
  calendar: Calendar,
): TimelineRow[] {
  const from = calendar.startOf(since) - DAY_MS;
  const finished: TimelineRow[] = [];
  for (let row = 0; row < t.itemIds.length; row++)
    if ((t.doneAt[row] as number) >= from) finished.push(at(row));
  return finished;
}

/**
 * Each item's position in the timeline, by id. The positions follow from the moves alone (items in order
 * of first move), so they are kept per loaded board's columns (the server hands every analysis of a data
 * version the same object), or with the kept timeline (then handed on to the next version): a hundred
 * thousand keys written once, not once per report.
 */
function rowsById(t: BoardTimeline, transitions: Transitions): RowsById {
  const known =
    keptRowsById(t) ?? (isTransitionColumns(transitions) ? rowIndexes.get(transitions) : undefined);
  if (known) return known;
  const rows = new IdRows(t.itemIds);
  if (isTransitionColumns(transitions)) rowIndexes.set(transitions, rows);
  return rows;
}

const rowIndexes = new WeakMap<TransitionColumns, RowsById>();

/**
 * The board's items joined to the timeline: each item's row (-1: no recorded move), and each row's first
 * item (-1: none on the board). Kept per items array and row index (both the same objects across the
 * analyses of a loaded board's version).
 *
 * A big board's snapshot lists its items in the order of their first recorded move, the order of the
 * timeline's rows (move-log/board-snapshots.ts): item i is then row i, or row i + the shift of the items
 * before it (rows of items that left the board, an item without a move, one at another level of work),
 * compared in place, a few rows ahead too; the row index by id is built and read only for the items not
 * found so (on a board loaded from rows: each of them).
 */
type ItemRows = { rows: Int32Array; firstItem: Int32Array };

function itemRowsOf(items: BoardItems, rowOf: RowsById, t: BoardTimeline): ItemRows {
  let byItems = itemRows.get(rowOf);
  if (!byItems) {
    byItems = new WeakMap();
    itemRows.set(rowOf, byItems);
  }
  const timelineRows = t.itemIds.length;
  let joined = byItems.get(items);
  // A kept timeline's table gains the ids of items new in a later version: their rows are made again.
  if (!joined || joined.rows.length !== items.length || joined.firstItem.length !== timelineRows) {
    const rows = new Int32Array(items.length);
    const firstItem = new Int32Array(timelineRows).fill(-1);
    const ids = t.itemIds;
    let shift = 0;
    // Rows with an item: once every row has one, the items left have none (a row is one id's).
    let found = 0;
    const idColumn = isContentless(items) ? items.ids : null;
    for (let i = 0; i < items.length; i++) {
      const id = idColumn ? (idColumn[i] as string) : ((items as readonly BoardItem[])[i] as BoardItem).id;
      let row = i + shift;
      if (ids[row] !== id) {
        row = rowAhead(ids, id, row) ?? (found === timelineRows ? -1 : (rowOf.get(id) ?? -1));
        if (row >= 0) shift = row - i;
      }
      rows[i] = row;
      if (row >= 0 && (firstItem[row] as number) < 0) {
        firstItem[row] = i;
        found++;
      }
    }
    joined = { rows, firstItem };
    byItems.set(items, joined);
  }
  return joined;
}

const itemRows = new WeakMap<object, WeakMap<BoardItems, ItemRows>>();

/** The row of `id` a few rows after `row` (rows of items that left the board lie between), if there. */
function rowAhead(ids: readonly string[], id: string, row: number): number | undefined {
  const end = Math.min(ids.length, row + ROWS_AHEAD + 1);
  for (let r = row + 1; r < end; r++) if (ids[r] === id) return r;
  return undefined;
}

const ROWS_AHEAD = 4;

/**
 * Cumulative flow of the timeline's entries, read where the timeline holds them, followed by the items on
 * the board with no recorded move into their column (snapshotEntries).
 */
function cfdOf(
  t: BoardTimeline,
  rowOf: RowsById,
  input: FlowReportInput,
  window: DayRange,
  calendar: Calendar,
  weight: ItemWeight | undefined,
): CfdRow[] {
  const { index } = t.board;
  const width = t.board.columns.length;
  const joined = itemRowsOf(input.items, rowOf, t);
  const slots = input.columns.map((name) => index.get(name) ?? -1);
  const positions = itemColumnPositions(input.items, input.columns);
  const unrecorded = withoutRecordedEntry(t, joined, positions, Int32Array.from(slots));
  const extra = snapshotEntriesAt(input.items, unrecorded, input.columns, input.now, positions);
  const n = input.columns.length;
  const recorded = t.itemIds.length;
  const idOf = (row: number) => (row < recorded ? t.itemIds[row] : extra[row - recorded]?.itemId) as string;
  const weights = weight
    ? Float64Array.from({ length: recorded + extra.length }, (_, row) => weight(idOf(row)))
    : undefined;
  const table =
    extra.length === 0 && slots.every((slot) => slot >= 0)
      ? // The timeline's own entry table, read in place: no copy of a hundred thousand rows.
        { entries: t.entries, width, slots, ...(weights ? { weights } : {}) }
      : {
          entries: withSnapshotEntries(t, slots, extra, input.columns),
          width: n,
          slots: input.columns.map((_, c) => c),
          ...(weights ? { weights } : {}),
        };
  return cumulativeFlowOf(table, input.columns, window, calendar.dayOf);
}

/**
 * The positions of the items in a board column (`positions`) whose entry into it the timeline does not
 * hold: no row, a column the timeline lacks (`slots`: each column's position in the timeline, -1: none),
 * or never entered by the recorded moves. In ascending order.
 */
function withoutRecordedEntry(
  t: BoardTimeline,
  joined: ItemRows,
  positions: Int16Array,
  slots: Int32Array,
): number[] {
  const { rows, firstItem } = joined;
  const width = t.board.columns.length;
  const found: number[] = [];
  // Items with no row, or not the first of their row's id: each checked where it is.
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i] as number;
    const row = rows[i] as number;
    if (position < 0 || (row >= 0 && firstItem[row] === i)) continue;
    const c = slots[position] as number;
    if (row < 0 || c < 0 || Number.isNaN(t.entries[row * width + c] as number)) found.push(i);
  }
  // The others by row: the entry table read in its order, not at 100,000 scattered places.
  const some = found.length;
  for (let row = 0; row < firstItem.length; row++) {
    const i = firstItem[row] as number;
    if (i < 0) continue;
    const position = positions[i] as number;
    if (position < 0) continue;
    const c = slots[position] as number;
    if (c < 0 || Number.isNaN(t.entries[row * width + c] as number)) found.push(i);
  }
  return found.length > some && found.length > 1 ? found.sort((a, b) => a - b) : found;
}

/** The timeline's entries in the report's column order, then those of the items known from the snapshot. */
function withSnapshotEntries(
  t: BoardTimeline,
  slots: readonly number[],
  extra: readonly { entered: Record<string, number | null> }[],
  columns: readonly string[],
): Float64Array {
  const n = columns.length;
  const width = t.board.columns.length;
  const recorded = t.itemIds.length;
  const entries = new Float64Array((recorded + extra.length) * n);
  for (let row = 0; row < recorded; row++)
    for (let c = 0; c < n; c++) {
      const slot = slots[c] as number;
      entries[row * n + c] = slot < 0 ? Number.NaN : (t.entries[row * width + slot] as number);
    }
  extra.forEach((e, i) => {
    columns.forEach((name, c) => {
      entries[(recorded + i) * n + c] = e.entered[name] ?? Number.NaN;
    });
  });
  return entries;
}

/**
 * When an item entered a column, read from the timeline's entry table (its view's `entered[column]`
 * without making the view): undefined without a recorded move or for a column not on the board, null
 * when never reached.
 */
function entryReader(t: BoardTimeline) {
  const width = t.board.columns.length;
  // Most reads in a row ask for the same column (aging: the cycle start): its position is looked up once.
  let last: string | undefined;
  let lastAt: number | undefined;
  /** `row`: the item's timeline row (negative: none). */
  return (row: number, column: string): number | null | undefined => {
    if (column !== last) {
      last = column;
      lastAt = t.board.index.get(column);
    }
    const c = lastAt;
    if (row < 0 || c === undefined) return undefined;
    const at = t.entries[row * width + c] as number;
    return Number.isNaN(at) ? null : at;
  };
}

/** Whether any item's history is partial (most boards: none, and no aging item's age is a lower bound). */
function hasPartialHistory(t: BoardTimeline): boolean {
  for (let row = 0; row < t.itemIds.length; row++)
    if (!Number.isNaN(t.partialBefore[row] as number)) return true;
  return false;
}

/** `ageIsMinimum` of the item at timeline row `row`, given its cycle-start entry. */
function ageIsMinimumAt(t: BoardTimeline, row: number, started: number | null | undefined) {
  const partialBefore = t.partialBefore[row] as number;
  if (Number.isNaN(partialBefore)) return false;
  return started === null || started === undefined || started <= partialBefore;
}

/**
 * The WIP at risk, against one line (docs/metrics.md §17): the SLE wherever one is set or proposed (missed
 * or at risk of missing it, as the insight and the at-risk list count), else the p85 of cycle times.
 */
function atRiskCount(aging: readonly AgingItem[], sle: FlowSle | null) {
  // Against the SLE, the items at risk are those the SLE block lists already (all but on track).
  if (sle) return { at_risk: sle.at_risk.length, at_risk_line: 'sle' as const };
  let atRisk = 0;
  for (let k = 0; k < aging.length; k++) {
    const risk = (aging[k] as AgingItem).risk;
    if (risk === 'at_risk' || risk === 'critical') atRisk++;
  }
  return { at_risk: atRisk, at_risk_line: 'p85' as const };
}

/**
 * The blocked spans of the item at a position of the board's items (`id`: its id), found by its timeline
 * row (`itemRow`): the items with spans, a few, are looked up by id once each, not every item in progress.
 */
function spansByPosition(
  spans: ReadonlyMap<string, Span[]>,
  rowOf: RowsById,
  itemRow: Int32Array,
  timelineRows: number,
): (position: number, id: string) => Span[] | undefined {
  const marked = new Uint8Array(timelineRows);
  // An item with spans but no recorded move: such items are looked up by id.
  let unrecorded = false;
  for (const id of spans.keys()) {
    const row = rowOf.get(id);
    if (row === undefined) unrecorded = true;
    else marked[row] = 1;
  }
  return (position, id) => {
    const row = itemRow[position] as number;
    return (row >= 0 ? marked[row] === 1 : unrecorded) ? spans.get(id) : undefined;
  };
}

/** The Flow analysis: cumulative flow, throughput, cycle-time scatter, aging WIP, forecasts, insight. */
export function buildFlowReport(input: FlowReportInput): FlowReport {
  const s = flowSettings(input);
  const stages = flowStages(input);
  const cycleStart = stages.commitmentColumn;
  const board = {
    columns: input.columns,
    doneColumn: input.doneColumn,
    cycleStartColumn: cycleStart,
    partialHistory: input.partialHistory ?? null,
    leftOutMoves: input.leftOutMoves ?? null,
    joinedOnlyItems: input.joinedOnlyItems ?? null,
  };
  // Nothing after `now` is known yet.
  const transitions = upTo(input.transitions, input.now);
  const calendar = buildCalendar(input.calendar);
  const t = buildTimeline(board, transitions);
  // The bottleneck from the same timeline, over the iteration as Time in State's (one story).
  const storyDays = iterationDays(input.storyDays ?? Number.NaN);
  const bottleneck = commitmentModelOf(stages, t, input.now, storyDays, calendar).bottleneck;
  const today = calendar.dayOf(input.now);
  const window = { first: today - s.days + 1, last: today };
  const gaps = historyGaps(t, window, calendar.dayOf, input.now);
  const weight = weightOf(input);
  const rowOf = rowsById(t, transitions);
  const cfd = cfdOf(t, rowOf, input, window, calendar, weight);
  // Read before the next buildTimeline: `entered` and `stays` are built from its buffers when first read.
  const timelineAt = lazyItemTimelineAt(t);
  // The SLE's sample and the forecasts' reach further back than the window.
  const since = Math.min(window.first, today - SLE_SAMPLE_DAYS + 1, today - s.sampleDays);
  const timelines = finishedSince(t, timelineAt, since, calendar);
  const daily = dailyCompletions(timelines, window, calendar.dayOf, weight).map((n) => round(n));
  const total = round(daily.reduce((a, b) => a + b, 0));
  const { firstItem } = itemRowsOf(input.items, rowOf, t);
  const rowItem = (row: number) => {
    const i = firstItem[row] as number;
    return i < 0 ? undefined : itemAt(input.items, i);
  };
  const pointTimelines = new Map<CycleTimePoint, TimelineRow>();
  const points = scatterPoints(timelines, rowItem, window, calendar, input.estimatedItems, pointTimelines);
  const percentiles = percentilesOf(timelines, window, calendar);
  const wip = inProgressColumns(stages);
  const entryAt = entryReader(t);
  const itemRow = itemRowsOf(input.items, rowOf, t).rows;
  const byId = {
    get: (id: string) => {
      const row = rowOf.get(id);
      return row === undefined ? undefined : timelineAt(row);
    },
    // By the item's position: its row is in the joined table, no lookup by id.
    startOf: (_: string, column: string, position: number) => entryAt(itemRow[position] as number, column),
  };
  const partial = hasPartialHistory(t);
  const itemColumns = { positions: itemColumnPositions(input.items, input.columns), columns: input.columns };
  const ahead = forecast(timelines, firstDayOf(t, calendar), today, s, calendar, weight);
  const policyContext: PolicyContext = {
    board: { ...input, cycleStartColumn: cycleStart },
    stages,
    calendar,
    now: input.now,
    today,
    window,
    timelines,
    byId,
    pointTimelines,
    enteredAt: (timeline, column) => entryAt((timeline as TimelineRow).row, column),
    items: input.items,
    wip,
    policies: input.policies ?? {},
    labelChanges: input.labelChanges ?? [],
    fieldChanges: input.fieldChanges ?? [],
    dependencyChanges: input.dependencyChanges ?? [],
    stayTable: { stays: t.stays, from: stayStarts(t), rowOf: (id) => rowOf.get(id) },
  };
  const level = flowServiceLevel(policyContext);
  const marks = blockedMarksOf(policyContext);
  const spansAt = spansByPosition(marks.spans, rowOf, itemRow, t.itemIds.length);
  // The aging items with blocked spans, found as each is built (a few): the others are not looked up by id.
  const blockedAging = new Map<AgingItem, Span[]>();
  // Each aging item is built once, in the answer's key order, with the policies' fields already there (the
  // blocked ones filled in place later): no property added to 17,000 objects afterwards.
  // Most boards have no estimated item: then no lookup per aging item.
  const estimatedItems = input.estimatedItems?.size ? input.estimatedItems : undefined;
  const agingRow: AgingRowOf = (item, position, started_at, age_days, risk) => {
    const row = partial ? rowOf.get(item.id) : undefined;
    const atLeast = row !== undefined && ageIsMinimumAt(t, row, entryAt(row, wip[0] ?? ''));
    const estimated = estimatedItems?.has(item.id) === true;
    const { id, number, title, url } = item;
    const column = item.column as string;
    let aged: AgingItem;
    if (atLeast || estimated) {
      aged = {
        ...{ id, number, title, url, column, started_at, age_days, risk },
        ...(atLeast ? { age_at_least: true } : {}),
        ...(estimated ? { estimated: true as const } : {}),
        ...(level ? { sle_risk: agingSleRisk(level, age_days, column) } : {}),
        blocked_days: 0,
        blocked: false,
      };
    } else if (!level) {
      aged = { id, number, title, url, column, started_at, age_days, risk, blocked_days: 0, blocked: false };
    } else {
      const sle_risk = agingSleRisk(level, age_days, column);
      aged = {
        id,
        number,
        title,
        url,
        column,
        started_at,
        age_days,
        risk,
        sle_risk,
        blocked_days: 0,
        blocked: false,
      };
    }
    const own = spansAt(position, id);
    if (own) blockedAging.set(aged, own);
    return aged;
  };
  const aging = agingWip(
    input.items,
    byId,
    wip,
    input.now,
    percentiles,
    calendar.workingMs,
    itemColumns,
    agingRow,
  );
  const policyParts = applyFlowPolicies(policyContext, t, aging, points, level, marks, blockedAging);
  return {
    unit: input.unit ?? 'items',
    window: { days: s.days, start: isoDay(window.first), end: isoDay(window.last) },
    columns: [...input.columns],
    cycle_start_column: cycleStart,
    cfd,
    throughput: {
      daily: daily.map((count, i) => ({ date: isoDay(window.first + i), count })),
      weekly: weeklyCompletions(daily, window),
      total,
      per_week: round((total * 7) / s.days),
    },
    cycle_time: { points, percentiles },
    aging: { columns: wip, items: aging, ...atRiskCount(aging, policyParts.sle) },
    forecast: ahead,
    bottleneck: bottleneck && { ...bottleneck, window_days: storyDays },
    performance_insight: withWipBreaches(
      flowInsight({
        windowDays: s.days,
        completions: points.length,
        gaps,
        percentiles,
        aging,
        forecast: ahead,
        bottleneck,
        storyDays,
        unit: dayUnit(calendar),
        sle: policyParts.sle,
      }),
      policyParts.wip_limits,
      s.days,
    ),
    ...policyParts,
    history_gaps: gaps,
    ...breakdownParts(input, { timelines, window, calendar, aging }),
  };
}

/**
 * The work per issue type (`by_type`, always: the digest and per-type SLEs read it) and per value of the
 * board's breakdown (`breakdown`): the type rows again, or its field's values (docs/metrics.md, "Breakdown").
 */
function breakdownParts(
  input: FlowReportInput,
  parts: {
    timelines: readonly ItemTimeline[];
    window: DayRange;
    calendar: Calendar;
    aging: readonly AgingItem[];
  },
): { by_type: TypeFlow[]; breakdown: FlowBreakdown } {
  const byType = typeBreakdown({
    ...parts,
    items: input.items,
    ...(input.policies?.typeSles ? { typeSles: input.policies.typeSles } : {}),
  });
  const field = input.breakdownField;
  const note = input.breakdownNote ? { note: input.breakdownNote } : {};
  if (!field) {
    const rows = byType.map(({ type, ...row }) => ({ value: type, ...row }));
    return { by_type: byType, breakdown: { by: 'issue_type', field: null, rows, ...note } };
  }
  const dimension = { kind: 'field' as const, field: field.name, changes: field.changes };
  const rows = dimensionBreakdown({ ...parts, items: input.items, dimension });
  return { by_type: byType, breakdown: { by: 'field', field: field.name, rows, ...note } };
}
