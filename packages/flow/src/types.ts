/** Public input and output types of the flow engine. All times are epoch milliseconds (UTC). */

import type { Transitions } from './input/transitions.ts';
import type { CalendarSettings } from './core/calendar.ts';

/** One recorded status change. `to: null` means the item left the board (or lost its status). */
export type Transition = {
  itemId: string;
  from: string | null;
  to: string | null;
  at: number;
};

/** What a team says a column is, overriding the guess from its name (docs/metrics.md). */
export type ColumnKindOverride = 'productive' | 'waiting';

/** Column name → kind. Names that are not columns before done are ignored. */
export type ClassificationOverride = Readonly<Record<string, ColumnKindOverride>>;

/** The board's ordered columns. The done column defaults to the last one. */
export type BoardColumns = {
  columns: readonly string[];
  doneColumn?: string | null;
  cycleStartColumn?: string | null;
  /** Productive/waiting per column where the team set it; other columns are classified by name. */
  classification?: ClassificationOverride | null;
  /**
   * Items whose history is partial before an instant (their import lost moves: docs/metrics.md, "Partial
   * histories"): item id → when they entered the column they were then known to be in.
   */
  partialHistory?: ReadonlyMap<string, number> | null;
  /**
   * Moves to leave out: item id → the instants of its estimated moves (docs/metrics.md, "Reconstructed
   * histories"), when the analysis is asked without them.
   */
  leftOutMoves?: ReadonlyMap<string, ReadonlySet<number>> | null;
  /** Items whose chain counts estimated steps (they are not left out): their chart points say so. */
  estimatedItems?: ReadonlySet<string> | null;
  /**
   * Partial items whose joining the board was reconstructed but not their start (docs/metrics.md,
   * "Reconstructed histories"): their lead time counts, from the estimated join; the rest of the partial
   * rule holds.
   */
  joinedOnlyItems?: ReadonlySet<string> | null;
};

/** An issue another item points to (its parent, or an issue blocking it): what GitHub says of it now. */
export type RelatedIssue = {
  contentId: string;
  number: number;
  /** `owner/name` */
  repository: string;
  title: string;
  url: string;
  closed: boolean;
};

/** An item as it is now (one row of the items table). */
export type BoardItem = {
  id: string;
  /** Null for draft issues, which have no number. */
  number: number | null;
  title: string;
  url: string | null;
  milestone: string | null;
  labels: readonly string[];
  /** GitHub logins; absent where the collector has not stored them. */
  assignees?: readonly string[];
  /** GitHub's node id of the issue or pull request (not the board item's id); null for drafts. */
  contentId?: string | null;
  /** The issue's organization-wide type ("Bug", "Feature", "Task"); null: none set or not an issue. */
  issueType?: string | null;
  /** The issue's parent issue, on this board or not (sub-issues); null: it has none. */
  parent?: RelatedIssue | null;
  /** The issue's sub-issues as GitHub counts them (all of them, on this board or not); null: none. */
  subIssues?: { total: number; completed: number } | null;
  /** The issues that block this one now (issue dependencies, "blocked by"), open and closed. */
  blockedBy?: readonly RelatedIssue[];
  column: string | null;
  enteredColumnAt: number | null;
};

/**
 * A board's items as columns, for a viewer who may read none of their content: each item's id, column and
 * entry time, and its object (its private form: no number, title, URL, labels, milestone, type nor
 * relations) made only when asked for. The Flow report reads the columns where it reads every item and
 * makes an object only for the items its answer lists; what reads the items whole asks for `all()`.
 */
export interface ContentlessItems {
  readonly length: number;
  readonly ids: readonly string[];
  readonly columns: readonly (string | null)[];
  /** Each item's entry into its column; NaN: unknown. */
  readonly entered: Float64Array;
  /** The item at a position (its private form), made anew at each call. */
  at(position: number): BoardItem;
  /** Every item's object, made once. */
  all(): BoardItem[];
}

/** A board's items as objects, or as columns for a viewer who may read none of their content. */
export type BoardItems = readonly BoardItem[] | ContentlessItems;

export type FlowInput = BoardColumns & {
  /** Objects or columns (`TransitionColumns`, what the server holds): the same results either way. */
  transitions: Transitions;
  /** The evaluation instant; the engine never reads the clock. */
  now: number;
  /** The board's working calendar (docs/metrics.md §12); default UTC, every day worked. */
  calendar?: CalendarSettings;
};

export type LeadTimeInput = FlowInput & {
  /** Iteration length in days: the trailing window of the daily series. */
  days: number;
};

export type TimeInStateInput = FlowInput & {
  days: number;
  /**
   * The window of the bottleneck (time-intensive column, stage intensity): the board's iteration length,
   * as Flow's and Home's `storyDays`, whatever window the page chose, so every page names one bottleneck
   * (default `days`).
   */
  storyDays?: number;
  /** Current items, for the queue health ratio: only their columns are read. */
  items: readonly Pick<BoardItem, 'column'>[];
};

export type IssuesInColumnInput = BoardColumns & {
  column: string;
  /** Objects, or columns: the column's items are then the only objects made. */
  items: BoardItems;
  days: number;
  now: number;
  calendar?: CalendarSettings;
};

export type ColumnStatsInput = BoardColumns & {
  /** Objects or columns: only each item's column and entry are read. */
  items: BoardItems;
  now: number;
  calendar?: CalendarSettings;
};

export type Stability = 'High' | 'Medium' | 'Low';

/** The responses' shapes are the API's (one source of truth: packages/contract). */
export type {
  ColumnClassification,
  ColumnStat,
  Insight,
  InsightSeverity as Severity,
  IssueRow,
  IssuesColumnStats,
  IssuesResponse,
  LeadTimeMetrics,
  LeadTimePoint as LeadTimeDay,
  LeadTimeResponse,
  TimeInStateMetrics,
  TimeInStatePoint as TimeInStateDay,
  TimeInStateResponse,
} from '@fluxion/contract';
import type { ColumnStat } from '@fluxion/contract';

/** Per column; the API wraps it as `{column_stats: …}`. */
export type ColumnStatsResponse = Record<string, ColumnStat>;
