import type { Board } from '../db/schema.ts';
import type { TrackedRow } from './queries.ts';

/**
 * The board columns an analysis reads (analytics/board.ts) and the access rule checks (board-access.ts):
 * the access statement selects these and no others. The poll's bookkeeping (`lease_until`, `next_sync_at`,
 * sync status…) is left out, so a poll does not make warm answers parse their board again, and the row
 * every warm answer builds stays small.
 */
export const ANALYSED_BOARD_COLUMNS = [
  'id',
  'github_project_id',
  'title',
  'is_demo',
  'data_version',
  'column_list',
  'calendar',
  'include_archived',
  'flow_policies',
  'work_level',
  'breakdown_field',
] as const satisfies readonly (keyof Board)[];

/** The viewer's own settings of the board, and its GitHub Iteration field, beside the board's columns. */
export const ANALYSED_SETTING_COLUMNS = [
  'iteration_field_name',
  'iteration_list',
  'iteration_length_days',
  'cycle_time_start_column',
  'column_classification',
] as const satisfies readonly (keyof TrackedRow)[];

/** Every field an analysed board is parsed from: equal fields, equal parsed board. */
export const ANALYSED_ROW_FIELDS = [...ANALYSED_BOARD_COLUMNS, ...ANALYSED_SETTING_COLUMNS] as const;

/** A board as an analysis reads it, for one viewer: a full TrackedRow is one too. */
export type AnalysedRow = Pick<TrackedRow, (typeof ANALYSED_ROW_FIELDS)[number]>;
