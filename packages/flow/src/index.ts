/**
 * The flow engine's one public door. Folders follow the data flow:
 * input/ (moves as objects or columns, board files, board columns) → timeline/ (per item: its moves
 * grouped and ordered, then column entries and stays) → metrics/ (one module per analysis) →
 * insights/ (the sentence each analysis ends with) → reports/ (the Flow page and the CLI's board report).
 * Words (ARCHITECTURE.md): a *move* is one change of an item's column (its type keeps the older name
 * `Transition`); a *stay* is the time an item spends in one column between two moves.
 */
export type * from './types.ts';
export { everyItem, isContentless, itemAt } from './input/board-items.ts';
export { type BoardFile, BoardFileError, type ParsedBoard, parseBoardFile } from './input/board-file.ts';
export {
  dropItems,
  type FilteredInput,
  type FilterOptions,
  filterBoard,
  filterItems,
  filtersContent,
  isFilterOn,
  type ItemFilter,
  type ItemType,
  itemTypeOf,
  keptItemCount,
  matchesContent,
  repositoryOf,
} from './input/item-filter.ts';
export {
  type FilterValue,
  type FilterValues,
  filterValues,
  MAX_FILTER_VALUES,
} from './input/filter-values.ts';
export { describeFilter, withFilterNote } from './insights/filter-note.ts';
export { classifyColumn, classifyColumns, type ColumnKind, columnKinds } from './input/columns.ts';
export { type FlowStage, type FlowStages, flowStages } from './input/stages.ts';
export {
  type CommitmentModelInput,
  type CommitmentSummary,
  commitmentModel,
} from './metrics/commitment-model.ts';
export {
  type BuilderMark,
  type CodedRows,
  type ColumnsRoom,
  fromTransitionColumns,
  isTransitionColumns,
  knowLatestMove,
  latestMove,
  type TransitionColumns,
  TransitionColumnsBuilder,
  type Transitions,
  toTransitionColumns,
  transitionAt,
} from './input/transitions.ts';
export {
  computeItemTimelines,
  type ItemStay,
  type ItemTimeline,
  type TimelineInput,
} from './timeline/item-timelines.ts';
export { releaseScratch } from './timeline/scratch.ts';
export { keepTimelines, keptWalks } from './timeline/kept-timeline.ts';
export { ageIsMinimum, gapSentence, type HistoryGaps, historyGaps } from './timeline/partial-rule.ts';
export {
  type EstimateBasis,
  type EstimatedStep,
  type HistoryEvidence,
  type LabelEvent,
  type LinkedPullRequest,
  type ReconstructionBoard,
  reconstructHistory,
  type SurvivingMove,
  WORK_LABEL,
} from './timeline/reconstruct.ts';
export {
  type CyclePercentiles,
  type ErrorSpread,
  type HistoryError,
  historyError,
  pooledSpread,
} from './timeline/history-error.ts';
export { type CfdRow, cumulativeFlow, cycleTimePercentiles, throughput } from './metrics/charts.ts';
export {
  FORECAST_CONFIDENCES,
  forecastHowMany,
  forecastWhen,
  type HowManyResult,
  type WhenResult,
} from './metrics/forecast.ts';
export { ageInDays, buildColumnStats, buildIssuesInColumnReport } from './metrics/issues.ts';
export { buildLeadTimeReport } from './metrics/lead-time.ts';
export { queueHealth } from './metrics/queue.ts';
export { buildTimeInStateReport, prepareTimeInState } from './metrics/time-in-state.ts';
export { FALLBACK_MESSAGE, fallbackInsight } from './insights/insight.ts';
export { type BoardReport, type BoardReportOptions, buildBoardReport } from './reports/board-report.ts';
export { buildFlowReport } from './reports/flow-report.ts';
export type { FlowPolicyInput } from './reports/flow-policies.ts';
export {
  type BlockedFieldMarker,
  type BlockedMarks,
  blockedSpans,
  DEFAULT_BLOCKED_LABEL,
  type DependencyChange,
  dependencyBlockedSpans,
  type FieldValueChange,
  fieldBlockedSpans,
  itemFlowTime,
  type LabelChange,
  markedBlockedSpans,
  type Span,
  unionSpans,
} from './metrics/blocked-time.ts';
export {
  columnExitAges,
  proposeServiceLevel,
  type ServiceLevel,
  type SleRisk,
  sleRisk,
} from './metrics/service-level.ts';
export {
  buildItemHistory,
  type ItemHistory,
  type ItemHistoryInput,
  type ItemMoveRecord,
  type ItemSlePlace,
} from './metrics/item-history.ts';
export { type WipLimits, wipAtDayEnds, wipLimitStatus } from './metrics/wip-limits.ts';
export {
  buildCalendar,
  type Calendar,
  CalendarError,
  type CalendarSettings,
  dayOfDate,
  UTC_CALENDAR,
} from './core/calendar.ts';
export { TimeZoneError } from './core/time-zone.ts';
export { parseHolidayLines, parseWeekends } from './input/calendar-options.ts';
export type * from './reports/flow-types.ts';
export { seededRandom } from './core/random.ts';
export {
  BENCH_COLUMNS,
  type BoardSize,
  type GeneratedBoard,
  generateBoard,
  WARM_UP_SHAPES,
  warmUpBoard,
  warmUpBoards,
} from './input/synthetic-board.ts';
export type { FlowUnit, Iteration, IterationEstimate, IterationEstimateChange } from './iterations/types.ts';
export {
  currentIteration,
  type IterationSelector,
  type IterationSpan,
  iterationSpans,
  type IterationWindow,
  iterationWindow,
  resolveIteration,
} from './iterations/iterations.ts';
export {
  estimateWeights,
  itemsInIteration,
  latestIterationEstimates,
  type IterationHistory,
  iterationEstimateAt,
  iterationHistory,
} from './iterations/iteration-history.ts';
export {
  type BurnUpDay,
  buildIterationReport,
  type IterationReport,
  type IterationReportInput,
  type IterationSummary,
} from './iterations/iteration-report.ts';
export { completionTimes } from './iterations/completions.ts';
export {
  type BoardHierarchy,
  boardHierarchy,
  defaultWorkLevel,
  type LevelOfWork,
  levelOfWork,
  levelSentence,
  WORK_LEVELS,
  type WorkLevel,
} from './hierarchy/level.ts';
export { type TypeFlow, typeBreakdown } from './hierarchy/type-breakdown.ts';
export {
  type BreakdownDimension,
  type DimensionFlow,
  dimensionBreakdown,
} from './hierarchy/breakdown.ts';
export {
  buildParentsReport,
  type ChildRow,
  type ParentFlow,
  type ParentsInput,
  type ParentsReport,
} from './hierarchy/parents.ts';
