export { classifyColumn, classifyColumns, type ColumnKind, columnKinds } from './columns.ts';
export { cumulativeFlow, cycleTimePercentiles, type CfdRow, throughput } from './charts.ts';
export { FALLBACK_MESSAGE, fallbackInsight } from './insight.ts';
export { ageInDays, buildColumnStats, buildIssuesInColumnReport } from './issues.ts';
export {
  computeItemTimelines,
  type ItemStay,
  type ItemTimeline,
  type TimelineInput,
} from './item-timelines.ts';
export { buildLeadTimeReport } from './lead-time.ts';
export { queueHealth } from './queue.ts';
export { buildTimeInStateReport } from './time-in-state.ts';
export type * from './types.ts';
export { releaseScratch } from './scratch.ts';
export {
  fromTransitionColumns,
  isTransitionColumns,
  type BuilderMark,
  type CodedRows,
  type TransitionColumns,
  TransitionColumnsBuilder,
  type Transitions,
  toTransitionColumns,
  transitionAt,
} from './transition-columns.ts';
export { type BoardFile, BoardFileError, type ParsedBoard, parseBoardFile } from './board-file.ts';
export { type BoardReport, type BoardReportOptions, buildBoardReport } from './board-report.ts';
export { buildFlowReport } from './flow-report.ts';
export type * from './flow-types.ts';
export {
  FORECAST_CONFIDENCES,
  forecastHowMany,
  forecastWhen,
  type HowManyResult,
  type WhenResult,
} from './forecast.ts';
export { seededRandom } from './random.ts';
