import type { Calendar } from '../core/calendar.ts';
import type { DayRange } from '../metrics/flow-throughput.ts';
import type { ServiceLevel } from '../metrics/service-level.ts';
import type { AgingItem } from '../reports/flow-types.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';
import type { BoardItems } from '../types.ts';
import { type DimensionFlow, dimensionBreakdown } from './breakdown.ts';

/** One issue type's flow over the window (docs/metrics.md, "Breakdown by type"); `type` null: no type set. */
export type TypeFlow = Omit<DimensionFlow, 'value'> & { type: string | null };

export type TypeBreakdownInput = {
  timelines: readonly ItemTimeline[];
  /** The items counted (at the board's level of work): their type is read from here. */
  items: BoardItems;
  window: DayRange;
  calendar: Calendar;
  /** The Flow answer's aging items: work in progress with its age. */
  aging: readonly AgingItem[];
  /** Type name → the team's SLE for that type. */
  typeSles?: Readonly<Record<string, ServiceLevel>>;
};

/** The breakdown by the issue-type dimension, each row naming its type (breakdown.ts). */
export function typeBreakdown(input: TypeBreakdownInput): TypeFlow[] {
  const { typeSles, ...rest } = input;
  const rows = dimensionBreakdown({
    ...rest,
    dimension: { kind: 'issue_type' },
    ...(typeSles ? { sles: typeSles } : {}),
  });
  return rows.map(({ value, ...row }) => ({ type: value, ...row }));
}
