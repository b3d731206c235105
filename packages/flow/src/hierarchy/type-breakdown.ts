import type { Calendar } from '../core/calendar.ts';
import { DAY_MS, quantile, round } from '../core/numbers.ts';
import type { DayRange } from '../metrics/flow-throughput.ts';
import type { ServiceLevel } from '../metrics/service-level.ts';
import type { AgingItem } from '../reports/flow-types.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';
import type { BoardItem } from '../types.ts';

/** One issue type's flow over the window (docs/metrics.md, "Breakdown by type"); `type` null: no type set. */
export type TypeFlow = {
  type: string | null;
  /** Items of the type finished in the window. */
  throughput: number;
  /** Items of the type in progress now (the aging items). */
  wip: number;
  /** Cycle-time percentiles of the type's finished items, in (working) days; null without any. */
  p50: number | null;
  p85: number | null;
  /** The oldest of the type's items in progress, in days; null without any. */
  oldest_days: number | null;
  /** The type's items in progress older than its own p85. */
  over_p85: number;
  /** The type's own SLE, where the team set one (flow policies `type_sles`), and how it stands. */
  sle: (ServiceLevel & { met_percent: number | null; breached_now: number }) | null;
};

export type TypeBreakdownInput = {
  timelines: readonly ItemTimeline[];
  /** The items counted (at the board's level of work): their type is read from here. */
  items: readonly BoardItem[];
  window: DayRange;
  calendar: Calendar;
  /** The Flow answer's aging items: work in progress with its age. */
  aging: readonly AgingItem[];
  /** Type name → the team's SLE for that type. */
  typeSles?: Readonly<Record<string, ServiceLevel>>;
};

type Tally = { cycleDays: number[]; wipAges: number[] };

/**
 * Throughput, work in progress, cycle-time percentiles and aging per issue type, most finished first. A
 * finished item no longer on the board counts under "no type" (its type is not known any more).
 */
export function typeBreakdown(input: TypeBreakdownInput): TypeFlow[] {
  const typeOf = new Map(input.items.map((item) => [item.id, item.issueType ?? null]));
  const tallies = new Map<string | null, Tally>();
  const tally = (type: string | null) => {
    let t = tallies.get(type);
    if (!t) {
      t = { cycleDays: [], wipAges: [] };
      tallies.set(type, t);
    }
    return t;
  };
  const { calendar, window } = input;
  for (const t of input.timelines) {
    if (t.completedAt === null || t.cycleTimeMs === null) continue;
    if (calendar.dayOf(t.completedAt) < window.first || calendar.dayOf(t.completedAt) > window.last) continue;
    const ms = calendar.workingMs(t.completedAt - t.cycleTimeMs, t.completedAt);
    tally(typeOf.get(t.itemId) ?? null).cycleDays.push(ms / DAY_MS);
  }
  for (const item of input.aging) tally(typeOf.get(item.id) ?? null).wipAges.push(item.age_days);
  const rows = [...tallies].map(([type, t]) => typeRow(type, t, input.typeSles?.[type ?? '']));
  return rows.sort(
    (a, b) =>
      b.throughput - a.throughput ||
      b.wip - a.wip ||
      (a.type === null ? 1 : 0) - (b.type === null ? 1 : 0) ||
      (a.type ?? '').localeCompare(b.type ?? ''),
  );
}

function typeRow(type: string | null, t: Tally, sle: ServiceLevel | undefined): TypeFlow {
  const sorted = Float64Array.from(t.cycleDays).sort();
  const at = (q: number) => {
    const value = quantile(sorted, q);
    return value === null ? null : round(value);
  };
  const p85 = at(0.85);
  return {
    type,
    throughput: sorted.length,
    wip: t.wipAges.length,
    p50: at(0.5),
    p85,
    oldest_days: t.wipAges.length > 0 ? Math.max(...t.wipAges) : null,
    over_p85: p85 === null ? 0 : t.wipAges.filter((age) => age > p85).length,
    sle: sle ? { ...sle, ...sleStanding(sorted, t.wipAges, sle) } : null,
  };
}

/** The share of the type's finished items that met its SLE (whole percent), and its items past it now. */
function sleStanding(cycleDays: Float64Array, wipAges: readonly number[], sle: ServiceLevel) {
  const met = cycleDays.filter((d) => round(d) <= sle.days).length;
  return {
    met_percent: cycleDays.length === 0 ? null : Math.round((met / cycleDays.length) * 100),
    breached_now: wipAges.filter((age) => age > sle.days).length,
  };
}
