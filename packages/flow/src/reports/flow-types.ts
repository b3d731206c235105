import type { Transitions } from '../input/transitions.ts';
import type { CalendarSettings } from '../core/calendar.ts';
import type { BoardColumns, BoardItems } from '../types.ts';
import type { DependencyChange, FieldValueChange, LabelChange } from '../metrics/blocked-time.ts';
import type { FlowPolicyInput } from './flow-policies.ts';
import type { FlowUnit } from '../iterations/types.ts';

/** Input of the Flow analysis (docs/metrics.md, "Flow"). All times are epoch milliseconds (UTC). */
export type FlowReportInput = BoardColumns & {
  /** Objects or columns (`TransitionColumns`): the same report either way. */
  transitions: Transitions;
  /** Current items: the aging work in progress (columns for a viewer who may read none of them). */
  items: BoardItems;
  /** The evaluation instant; the engine never reads the clock. */
  now: number;
  /** Window of the charts and percentiles, in days ending today (default 30). */
  days: number;
  /** "How many items in the next `horizon` days" (default 14). */
  horizon?: number;
  /** "When will the next `targetItems` be done" (default 10). */
  targetItems?: number;
  /** Complete days of throughput the forecasts sample from (default `days`). */
  sampleDays?: number;
  seed?: number;
  trials?: number;
  /** The board's working calendar (docs/metrics.md, "Calendar"); default UTC, every day worked. */
  calendar?: CalendarSettings;
  /**
   * The window of the bottleneck, in days: the board's iteration length, as Time in State's `days`, so
   * both name the same column (default 7, the spec's default iteration).
   */
  storyDays?: number;
  /** The board's SLE, WIP limits and blocked label (docs/metrics.md, "Service Level Expectation"…). */
  policies?: FlowPolicyInput;
  /** The recorded label additions and removals: blocked time. */
  labelChanges?: readonly LabelChange[];
  /** The recorded values of the board's blocked field (`policies.blockedField`): blocked time too. */
  fieldChanges?: readonly FieldValueChange[];
  /**
   * The board's breakdown field and its recorded values (oldest first): the work is split by it instead of
   * by issue type (docs/metrics.md, "Breakdown"). `note`: said beside the split (why it is not the setting).
   */
  breakdownField?: { name: string; changes: readonly FieldValueChange[] } | null;
  /** Said beside a split by issue type that is not the board's setting (its field is gone). */
  breakdownNote?: string;
  /** When open issues started and stopped blocking items (issue dependencies): blocked time too. */
  dependencyChanges?: readonly DependencyChange[];
  /** Throughput, cumulative flow and forecasts in items (default) or in estimate units. */
  unit?: FlowUnit;
  /** Each item's estimate (docs/metrics.md, "Iterations and estimates"); read in estimate units only. */
  estimates?: ReadonlyMap<string, number>;
};

/** The report's shapes are the API's (one source of truth: packages/contract). */
export type {
  AgingItem,
  AgingRisk,
  CycleTimePoint,
  FlowForecast,
  FlowPercentiles,
  FlowResponse as FlowReport,
  FlowSle,
  FlowBlocked,
  FlowBreakdown,
  WipLimitState,
} from '@fluxion/contract';
