import type { Calendar } from '../core/calendar.ts';
import { DAY_MS, quantile, round } from '../core/numbers.ts';
import type { FieldValueChange } from '../metrics/blocked-time.ts';
import type { DayRange } from '../metrics/flow-throughput.ts';
import type { ServiceLevel } from '../metrics/service-level.ts';
import type { AgingItem } from '../reports/flow-types.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';
import type { BoardItem, BoardItems } from '../types.ts';
import { isContentless } from '../input/board-items.ts';

/**
 * What Flow is split by (docs/metrics.md, "Breakdown"): the items' issue type, or a single-select field of
 * the board the team picked (its recorded values, oldest first, as the move log keeps them).
 */
export type BreakdownDimension =
  | { kind: 'issue_type' }
  | { kind: 'field'; field: string; changes: readonly FieldValueChange[] };

/** One value's flow over the window; `value` null: the item has none (no type, the field unset). */
export type DimensionFlow = {
  value: string | null;
  /** Items finished in the window with this value when they finished. */
  throughput: number;
  /** Items in progress now with this value now (the aging items). */
  wip: number;
  /** Cycle-time percentiles of those finished items, in (working) days; null without any. */
  p50: number | null;
  p85: number | null;
  /** The oldest of those in progress, in days; null without any. */
  oldest_days: number | null;
  /** Those in progress older than the value's own p85. */
  over_p85: number;
  /** The value's own SLE, where the team set one, and how it stands. */
  sle: (ServiceLevel & { met_percent: number | null; breached_now: number }) | null;
};

export type BreakdownInput = {
  timelines: readonly ItemTimeline[];
  /** The items counted (at the board's level of work): their type is read from here. */
  items: BoardItems;
  window: DayRange;
  calendar: Calendar;
  /** The Flow answer's aging items: work in progress with its age. */
  aging: readonly AgingItem[];
  dimension: BreakdownDimension;
  /** Value → the team's SLE for it (per-type SLEs, for the issue-type dimension). */
  sles?: Readonly<Record<string, ServiceLevel>>;
};

/** An item's value at an instant, and now. */
type ValueOf = {
  at: (itemId: string, instant: number) => string | null;
  now: (itemId: string) => string | null;
  /** Every item's value is null, at any time. */
  onlyNull?: true;
};

/**
 * An item's type does not change in the history Fluxion keeps: its value now is its value at any time.
 * Only the types of `ids` are looked up (the last item of each id, in one pass): no map of every item, and
 * no list of the ids at all while no item has a type (most boards).
 */
function typeValues(items: BoardItems, ids: () => readonly string[]): ValueOf {
  // Columns for a viewer who may read none of the items: no type is shown to them.
  if (isContentless(items) || !anyTyped(items)) return { at: () => null, now: () => null, onlyNull: true };
  let wanted: Set<string> | undefined;
  const typeOf = new Map<string, string | null>();
  for (const item of items) {
    const type = item.issueType ?? null;
    // An item without a type reads null whether it is looked up or not: only a later duplicate matters.
    if (type === null) {
      if (typeOf.size > 0 && typeOf.has(item.id)) typeOf.set(item.id, null);
      continue;
    }
    wanted ??= new Set(ids());
    if (wanted.has(item.id)) typeOf.set(item.id, type);
  }
  const now = typeOf.size === 0 ? () => null : (itemId: string) => typeOf.get(itemId) ?? null;
  return { at: now, now };
}

/** Whether any item has a type, kept per items array (the same object across a loaded version's analyses). */
function anyTyped(items: readonly BoardItem[]): boolean {
  let typed = typedItems.get(items);
  if (typed === undefined) {
    typed = items.some((item) => (item.issueType ?? null) !== null);
    typedItems.set(items, typed);
  }
  return typed;
}

const typedItems = new WeakMap<readonly BoardItem[], boolean>();

/**
 * A field's value at an instant: the last recorded change at or before it. A finished item counts under
 * the value it had when it finished (a bug raised to High after it was done stays where it was done), work
 * in progress under its value now.
 */
function fieldValues(changes: readonly FieldValueChange[]): ValueOf {
  const byItem = new Map<string, FieldValueChange[]>();
  for (const change of changes) {
    const list = byItem.get(change.itemId);
    if (list) list.push(change);
    else byItem.set(change.itemId, [change]);
  }
  const at = (itemId: string, instant: number) => {
    let value: string | null = null;
    for (const change of byItem.get(itemId) ?? []) {
      if (change.at > instant) break;
      value = change.value;
    }
    return value;
  };
  return { at, now: (itemId) => byItem.get(itemId)?.at(-1)?.value ?? null };
}

/**
 * A value's finished items' cycle times, then, once they are all in, their percentiles, and its work in
 * progress counted as it is read (no list of the ages: 17,000 of them on the bench board).
 */
type Tally = {
  cycleDays: number[];
  sorted: Float64Array;
  p85: number | null;
  sle: ServiceLevel | undefined;
  wip: number;
  oldest: number;
  overP85: number;
  breachedNow: number;
};

/**
 * Throughput, work in progress, cycle-time percentiles and aging per value of the dimension, most
 * finished first, "none" last among equals. A finished item no longer on the board counts under "no type"
 * when split by type (its type is not known any more); a field's recorded history still names its value.
 */
export function dimensionBreakdown(input: BreakdownInput): DimensionFlow[] {
  const { calendar, window } = input;
  const finished = input.timelines.filter((t) => {
    if (t.completedAt === null || t.cycleTimeMs === null) return false;
    const day = calendar.dayOf(t.completedAt);
    return day >= window.first && day <= window.last;
  });
  const values =
    input.dimension.kind === 'field'
      ? fieldValues(input.dimension.changes)
      : typeValues(input.items, () => [
          ...finished.map((t) => t.itemId),
          ...input.aging.map((item) => item.id),
        ]);
  const tallies = new Map<string | null, Tally>();
  const tally = (value: string | null) => {
    let t = tallies.get(value);
    if (!t) {
      t = {
        cycleDays: [],
        sorted: NO_DAYS,
        p85: null,
        sle: input.sles?.[value ?? ''],
        wip: 0,
        oldest: Number.NEGATIVE_INFINITY,
        overP85: 0,
        breachedNow: 0,
      };
      tallies.set(value, t);
    }
    return t;
  };
  for (const t of finished) {
    const completedAt = t.completedAt as number;
    const ms = calendar.workingMs(completedAt - (t.cycleTimeMs as number), completedAt);
    tally(values.at(t.itemId, completedAt)).cycleDays.push(ms / DAY_MS);
  }
  for (const t of tallies.values()) {
    t.sorted = Float64Array.from(t.cycleDays).sort();
    t.p85 = roundedQuantile(t.sorted, 0.85);
  }
  // Most boards have no typed item: then every item in progress counts under "none", read once.
  const only = values.onlyNull && input.aging.length > 0 ? tally(null) : undefined;
  for (let k = 0; k < input.aging.length; k++) {
    const item = input.aging[k] as AgingItem;
    addAge(only ?? tally(values.now(item.id)), item.age_days);
  }
  const rows = [...tallies].map(([value, t]) => valueRow(value, t));
  return rows.sort(
    (a, b) =>
      b.throughput - a.throughput ||
      b.wip - a.wip ||
      (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) ||
      (a.value ?? '').localeCompare(b.value ?? ''),
  );
}

const NO_DAYS = new Float64Array(0);

/** An item in progress of a value, with its age (the largest kept as `Math.max` would, NaN included). */
function addAge(t: Tally, age: number): void {
  t.wip++;
  if (age > t.oldest || Number.isNaN(age)) t.oldest = age;
  if (t.p85 !== null && age > t.p85) t.overP85++;
  if (t.sle && age > t.sle.days) t.breachedNow++;
}

function roundedQuantile(sorted: Float64Array, q: number): number | null {
  const v = quantile(sorted, q);
  return v === null ? null : round(v);
}

function valueRow(value: string | null, t: Tally): DimensionFlow {
  const { sorted, sle } = t;
  return {
    value,
    throughput: sorted.length,
    wip: t.wip,
    p50: roundedQuantile(sorted, 0.5),
    p85: t.p85,
    oldest_days: t.wip > 0 ? t.oldest : null,
    over_p85: t.p85 === null ? 0 : t.overP85,
    sle: sle ? { ...sle, ...sleStanding(sorted, t.breachedNow, sle) } : null,
  };
}

/** The share of the value's finished items that met its SLE (whole percent), and its items past it now. */
function sleStanding(cycleDays: Float64Array, breachedNow: number, sle: ServiceLevel) {
  const met = cycleDays.filter((d) => round(d) <= sle.days).length;
  return {
    met_percent: cycleDays.length === 0 ? null : Math.round((met / cycleDays.length) * 100),
    breached_now: breachedNow,
  };
}
