import type { Calendar } from '../core/calendar.ts';
import { DAY_MS, days, isoDay, round } from '../core/numbers.ts';
import { columnKinds } from '../input/columns.ts';
import { itemColumnCounts } from '../input/item-columns.ts';
import type { FlowStages } from '../input/stages.ts';
import {
  addBlockedByColumn,
  type BlockedFieldMarker,
  DEFAULT_BLOCKED_LABEL,
  type DependencyChange,
  type FieldValueChange,
  type FlowTimeContext,
  itemFlowTime,
  type LabelChange,
  markedBlockedSpans,
  type Span,
  type StayTable,
} from '../metrics/blocked-time.ts';
import type { DayRange } from '../metrics/flow-throughput.ts';
import {
  columnExitAges,
  DEFAULT_SLE_PERCENT,
  type EnteredAt,
  proposeServiceLevel,
  SLE_SAMPLE_DAYS,
  type ServiceLevel,
  sleRisk,
} from '../metrics/service-level.ts';
import { type WipLimits, wipAtDayEnds, wipLimitStatus } from '../metrics/wip-limits.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';
import type { BoardTimeline } from '../timeline/timeline.ts';
import type { BoardColumns, BoardItems } from '../types.ts';
import type { AgingItem, CycleTimePoint, FlowBlocked, FlowSle, WipLimitState } from './flow-types.ts';

/** The team's flow policies (docs/metrics.md, "Service Level Expectation", "WIP limits", "Blocked time"). */
export type FlowPolicyInput = {
  /** The SLE the team set; null or absent: the one the board's history proposes. */
  sle?: ServiceLevel | null;
  wipLimits?: WipLimits;
  /** The label that marks an item blocked (default `blocked`). */
  blockedLabel?: string;
  /** A board field's value that marks an item blocked too (none by default). */
  blockedField?: BlockedFieldMarker | null;
  /** Per issue type, that type's own SLE (docs/metrics.md, "Breakdown by type"). */
  typeSles?: Readonly<Record<string, ServiceLevel>>;
};

export type PolicyContext = {
  board: BoardColumns;
  stages: FlowStages;
  calendar: Calendar;
  now: number;
  today: number;
  window: DayRange;
  timelines: readonly ItemTimeline[];
  byId: Pick<ReadonlyMap<string, ItemTimeline>, 'get'>;
  /** Each cycle-time point's timeline, as the report made the point from it (else looked up by id). */
  pointTimelines?: ReadonlyMap<CycleTimePoint, ItemTimeline>;
  /** `t.entered[column]` without the item's entries as an object (the Flow report reads its entry table). */
  enteredAt?: EnteredAt;
  items: BoardItems;
  wip: readonly string[];
  policies: FlowPolicyInput;
  labelChanges: readonly LabelChange[];
  /** The history of the blocked field's values (docs/metrics.md, "Blocked time"). */
  fieldChanges: readonly FieldValueChange[];
  /** When open issues started and stopped blocking items (docs/metrics.md, "Dependency blocking"). */
  dependencyChanges?: readonly DependencyChange[];
  /** The timeline's stays read in place, and each item's row (the Flow report's): no stay objects. */
  stayTable?: StayTable & { rowOf: (itemId: string) => number | undefined };
};

const workingCycleMs = (t: ItemTimeline, calendar: Calendar) =>
  t.completedAt === null || t.cycleTimeMs === null
    ? null
    : calendar.workingMs(t.completedAt - t.cycleTimeMs, t.completedAt);

/** The SLE applied to the Flow answer and its block but for the items at risk. */
export type AppliedServiceLevel = { sle: ServiceLevel; block: Omit<FlowSle, 'at_risk'> };

/** The SLE applied (set, else proposed from the last 90 days) and each in-progress column's exit age. */
export function flowServiceLevel(c: PolicyContext): AppliedServiceLevel | null {
  const first = c.today - SLE_SAMPLE_DAYS + 1;
  const sample: ItemTimeline[] = [];
  const cycleDays: number[] = [];
  for (const t of c.timelines) {
    if (t.completedAt === null || c.calendar.dayOf(t.completedAt) < first) continue;
    sample.push(t);
    const ms = workingCycleMs(t, c.calendar);
    if (ms !== null) cycleDays.push(ms / DAY_MS);
  }
  const proposal = proposeServiceLevel(cycleDays, c.policies.sle?.percent ?? DEFAULT_SLE_PERCENT);
  const sle = c.policies.sle ?? proposal;
  if (!sle) return null;
  const done = c.stages.columns[c.stages.done] as string;
  return {
    sle,
    block: {
      ...sle,
      source: c.policies.sle ? 'set' : 'proposed',
      proposal,
      sample: cycleDays.length,
      column_limits: columnExitAges(sample, c.wip, done, sle.percent, c.calendar.workingMs, c.enteredAt),
    },
  };
}

function flowTimeContext(c: PolicyContext): FlowTimeContext {
  const kinds = columnKinds(c.board);
  const inProgress = new Set(c.stages.columns.filter((_, i) => c.stages.stages[i] === 'in_progress'));
  const productive = new Set(
    [...inProgress].filter((name) => kinds[c.stages.columns.indexOf(name)] === 'productive'),
  );
  return { inProgress, productive, workingMs: c.calendar.workingMs };
}

const startOf = (c: PolicyContext, t: ItemTimeline | undefined, commitment: string | null) =>
  commitment === null || !t
    ? null
    : ((c.enteredAt ? c.enteredAt(t, commitment) : t.entered[commitment]) ?? null);

/** An aging item's risk against the SLE applied: by its age and its column's exit age. */
export const agingSleRisk = (level: AppliedServiceLevel, ageDays: number, column: string) =>
  sleRisk(ageDays, level.block.column_limits[column] ?? null, level.sle);

/**
 * The policies' parts of the Flow answer: the SLE block (`level`, flowServiceLevel's: each aging item
 * carries its `sle_risk` already when there is one); the WIP limits; blocked days per aging item, per
 * scatter point and per column, and flow efficiency. Aging items and points are annotated in place (they
 * are the report's own, fresh objects).
 */
export function applyFlowPolicies(
  c: PolicyContext,
  timeline: BoardTimeline,
  aging: AgingItem[],
  points: CycleTimePoint[],
  level: AppliedServiceLevel | null,
  marks: BlockedMarks,
  /**
   * The aging items with blocked spans, each with its own, found as the report built them (the others
   * carry `blocked_days` 0 and `blocked` false already).
   */
  blockedAging: ReadonlyMap<AgingItem, Span[]>,
): { sle: FlowSle | null; wip_limits: WipLimitState[]; blocked: FlowBlocked } {
  const atRisk: string[] = [];
  if (level)
    for (let k = 0; k < aging.length; k++) {
      const item = aging[k] as AgingItem;
      if (item.sle_risk !== 'on_track') atRisk.push(item.id);
    }
  const { label, field, spans } = marks;
  return {
    sle: level && { ...level.block, at_risk: atRisk },
    wip_limits: wipLimits(c, timeline),
    blocked: {
      ...blocked(c, timeline, spans, label, blockedAging, points),
      ...(field ? { field } : {}),
    },
  };
}

/** What marks items blocked: the label, the field's value, and each item's blocked spans (by id). */
export type BlockedMarks = {
  label: string;
  field: BlockedFieldMarker | null;
  spans: ReadonlyMap<string, Span[]>;
};

export function blockedMarksOf(c: PolicyContext): BlockedMarks {
  const label = c.policies.blockedLabel?.trim() || DEFAULT_BLOCKED_LABEL;
  const field = c.policies.blockedField ?? null;
  return { label, field, spans: blockedSpansOf(c, label, field) };
}

/** An item is blocked while it carries the label, its blocked field holds the named value or an open issue blocks it. */
function blockedSpansOf(c: PolicyContext, label: string, field: BlockedFieldMarker | null) {
  return markedBlockedSpans({
    labelChanges: c.labelChanges,
    label,
    fieldChanges: c.fieldChanges,
    field,
    dependencyChanges: c.dependencyChanges,
    now: c.now,
  });
}

function wipLimits(c: PolicyContext, timeline: BoardTimeline): WipLimitState[] {
  const limits = c.policies.wipLimits ?? {};
  const limited = new Map<number, string>();
  c.stages.columns.forEach((name, i) => {
    if (limits[name] !== undefined) limited.set(i, name);
  });
  if (limited.size === 0) return [];
  const table = c.stayTable?.stays === timeline.stays ? c.stayTable : undefined;
  const daily = wipAtDayEnds(timeline.stays, limited, c.window, c.calendar.dayOf, table?.from);
  const columns = c.stages.columns;
  // Counted with the items' column positions, once per items array: no pass over the items here.
  const counts = itemColumnCounts(c.items, columns);
  const countNow = (column: string) => counts[columns.indexOf(column)] ?? 0;
  return wipLimitStatus(limits, columns, countNow, daily, c.window).map((s) => ({
    column: s.column,
    limit: s.limit,
    count: s.count,
    over: s.over,
    dates_over: s.daysOver.map(isoDay),
    peak: s.peak,
  }));
}

function blocked(
  c: PolicyContext,
  timeline: BoardTimeline,
  spans: ReadonlyMap<string, Span[]>,
  label: string,
  /** The aging items with blocked spans (most items in progress were never blocked: nothing of theirs is read). */
  blockedAging: ReadonlyMap<AgingItem, Span[]>,
  points: CycleTimePoint[],
): FlowBlocked {
  const ctx = flowTimeContext(c);
  const commitment = c.stages.commitmentColumn;
  let active = 0;
  let total = 0;
  for (const point of points) {
    const t = c.pointTimelines?.get(point) ?? c.byId.get(point.id);
    const start = startOf(c, t, commitment);
    if (!t || t.completedAt === null || start === null) continue;
    const time = itemFlowTime(t.stays, start, t.completedAt, spans.get(point.id), ctx);
    point.blocked_days = days(time.blockedMs);
    point.flow_efficiency = time.efficiency === null ? null : round(time.efficiency);
    active += time.activeMs;
    total += time.totalMs;
  }
  let blockedNow = 0;
  for (const [item, own] of blockedAging) {
    const t = c.byId.get(item.id);
    const start = startOf(c, t, commitment) ?? Date.parse(item.started_at);
    item.blocked_days = days(itemFlowTime(t?.stays ?? [], start, c.now, own, ctx).blockedMs);
    item.blocked = own.at(-1)?.open === true;
    if (item.blocked) blockedNow++;
  }
  return {
    label,
    by_column: blockedByColumn(c, timeline, spans, ctx),
    blocked_now: blockedNow,
    flow_efficiency: total > 0 ? round(active / total) : null,
  };
}

/** Blocked time within the window, per in-progress column, of every item that was blocked. */
function blockedByColumn(
  c: PolicyContext,
  timeline: BoardTimeline,
  spans: ReadonlyMap<string, Span[]>,
  ctx: FlowTimeContext,
) {
  const from = c.calendar.startOf(c.window.first);
  const sums = c.stayTable
    ? sumsInTable(c.stayTable, timeline, spans, { from, to: c.now }, ctx)
    : sumsOfViews(c, spans, from, ctx);
  return Object.fromEntries(
    c.stages.columns.filter((col) => sums.has(col)).map((col) => [col, days(sums.get(col) ?? 0)]),
  );
}

function sumsOfViews(
  c: PolicyContext,
  spans: ReadonlyMap<string, Span[]>,
  from: number,
  ctx: FlowTimeContext,
) {
  const sums = new Map<string, number>();
  for (const [itemId, own] of spans) {
    const stays = c.byId.get(itemId)?.stays ?? [];
    for (const [column, ms] of itemFlowTime(stays, from, c.now, own, ctx).blockedByColumn) {
      sums.set(column, (sums.get(column) ?? 0) + ms);
    }
  }
  return sums;
}

/** `sumsOfViews` read from the timeline's stays in place: the same sums, in the same order. */
function sumsInTable(
  table: NonNullable<PolicyContext['stayTable']>,
  timeline: BoardTimeline,
  spans: ReadonlyMap<string, Span[]>,
  interval: { from: number; to: number },
  ctx: FlowTimeContext,
): Map<string, number> {
  const { columns, index } = timeline.board;
  // A column's time is summed under its name: at the name's first position.
  const slots = Int16Array.from(columns, (name) =>
    ctx.inProgress.has(name) ? (index.get(name) as number) : -1,
  );
  const width = columns.length;
  const totals = {
    sums: new Float64Array(width),
    counted: new Uint8Array(width),
    own: { sums: new Float64Array(width), counted: new Uint8Array(width) },
  };
  const read = { ...ctx, slots };
  for (const [itemId, own] of spans) {
    const row = table.rowOf(itemId);
    if (row !== undefined) addBlockedByColumn(table, row, interval, own, read, totals);
  }
  const sums = new Map<string, number>();
  for (let slot = 0; slot < width; slot++)
    if (totals.counted[slot] === 1) sums.set(columns[slot] as string, totals.sums[slot] as number);
  return sums;
}
