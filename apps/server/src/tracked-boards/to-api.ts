import { type Project, unreadableReasonSchema, type WorkLevelName, workLevelSchema } from '@fluxion/contract';
import { boardIteration } from './iteration.ts';
import { ACCESS_LOST_PREFIX } from '../boards/installation-access.ts';
import { STATUS_FIELD } from '../boards/workflow-field.ts';
import { PERSONAL_BOARDS_NOT_CONNECTED, SIGN_IN_NEEDED } from '../github/for-user.ts';
import { boardCalendar } from './calendar.ts';
import { boardFlowPolicies } from './flow-policies.ts';
import { storedBreakdownField } from './breakdown-field.ts';
import { classifyColumns } from '@fluxion/flow';
import { storedClassification } from './classification.ts';
import type { AnalysedRow } from './analysed-row.ts';
import type { TrackedRow } from './queries.ts';

/** The board as the API answers it; `now` (the app's clock) decides which iteration runs today. */
export function toApiProject(row: TrackedRow, now: number): Project {
  const settings = analysisSettings(row, now);
  const columns = settings.column_list;
  return {
    project_id: row.github_project_id,
    title: row.title,
    full_name: `${row.owner_login}/${row.number}`,
    owner: row.owner_login,
    is_demo: row.is_demo === 1,
    iteration_length_days: settings.iteration_length_days,
    iteration: settings.iteration,
    cycle_time_start_column: settings.cycle_time_start_column,
    column_list: columns,
    column_classification: settings.column_classification,
    automatic_column_classification: classifyColumns({ columns }),
    sync_status: toSyncStatus(row.sync_status),
    ...syncMessage(row),
    ...unreadableItems(row),
    last_synced_at: row.last_synced_at === null ? null : new Date(row.last_synced_at).toISOString(),
    recording_since: new Date(row.added_at).toISOString(),
    ...(row.is_demo === 1 ? {} : { history_import: historyImport(row) }),
    ...workflowFieldAndHistory(row),
    calendar: settings.calendar,
    include_archived: settings.include_archived,
    flow_policies: settings.flow_policies,
    work_level: settings.work_level,
    breakdown_field: settings.breakdown_field,
  };
}

/** The board's settings the analyses read, as the API answers them (analytics/board.ts parses from these). */
export type AnalysisSettings = Pick<
  Project,
  | 'iteration_length_days'
  | 'iteration'
  | 'cycle_time_start_column'
  | 'column_list'
  | 'column_classification'
  | 'calendar'
  | 'include_archived'
  | 'flow_policies'
  | 'work_level'
  | 'breakdown_field'
>;

/** The analysis settings from the columns the access statement reads (tracked-boards/analysed-row.ts). */
export function analysisSettings(row: AnalysedRow, now: number): AnalysisSettings {
  const columns = parseColumns(row.column_list);
  const calendar = boardCalendar(row.calendar);
  const { days, ...iteration } = boardIteration(row, calendar, now);
  return {
    iteration_length_days: days,
    iteration,
    cycle_time_start_column: cycleStart(row, columns),
    column_list: columns,
    column_classification: storedClassification(row.column_classification, columns),
    calendar,
    include_archived: row.include_archived !== 0,
    flow_policies: boardFlowPolicies(row.flow_policies),
    work_level: boardWorkLevel(row.work_level),
    breakdown_field: storedBreakdownField(row.breakdown_field),
  };
}

/** The board's workflow field and what its history import found (docs/api.md, Projects); not for the demo. */
function workflowFieldAndHistory(row: TrackedRow): Pick<Project, 'workflow_field' | 'history'> {
  if (row.is_demo === 1) return {};
  const field = row.workflow_field_name ?? (row.column_options === null ? null : STATUS_FIELD);
  return {
    ...(field === null ? {} : { workflow_field: { id: row.workflow_field_id, name: field } }),
    ...(row.history_items === null
      ? {}
      : {
          history: {
            imported_items: row.history_items,
            partial_items: row.history_partial_items ?? 0,
            estimated_items: row.history_estimated_items ?? 0,
          },
        }),
  };
}

function historyImport(row: TrackedRow): 'pending' | 'done' | 'unavailable' {
  if (row.backfill_skipped !== null) return 'unavailable';
  return row.backfilled_at === null ? 'pending' : 'done';
}

/** Why an inaccessible board stopped, when what was stored is not a message written for its users. */
export const NOT_READABLE_NOW =
  'GitHub does not let Fluxion read this board now (it was deleted or moved, or the GitHub access of the user who added it ended); what was recorded is kept, and Fluxion tries again later.';

/** The collector's messages written for a board's users (why, and what to do), shown as they are. */
const WRITTEN_FOR_USERS = [SIGN_IN_NEEDED, PERSONAL_BOARDS_NOT_CONNECTED];

/**
 * Why an inaccessible board stopped, always: a message written for its users (GitHub App access lost,
 * personal boards disconnected, sign-in needed, with what to do) as it is; anything else (GitHub's own
 * words, which may name what the user may not see) as NOT_READABLE_NOW. Absent for a board that reads.
 */
function syncMessage(row: TrackedRow): { sync_message?: string } {
  if (row.sync_status !== 'inaccessible') return {};
  const message = row.last_error ?? '';
  const written = message.startsWith(ACCESS_LOST_PREFIX) || WRITTEN_FOR_USERS.includes(message);
  return { sync_message: written ? message : NOT_READABLE_NOW };
}

/** Items GitHub redacts at the last full listing, and why (docs/api.md, Projects); absent until counted. */
function unreadableItems(row: TrackedRow): Pick<Project, 'unreadable_items' | 'unreadable_reason'> {
  if (row.is_demo === 1 || row.unreadable_items === null) return {};
  const reason = unreadableReasonSchema.safeParse(row.unreadable_reason);
  return {
    unreadable_items: row.unreadable_items,
    ...(row.unreadable_items > 0 && reason.success ? { unreadable_reason: reason.data } : {}),
  };
}

function toSyncStatus(status: string): 'active' | 'inaccessible' | 'static' {
  return status === 'inaccessible' || status === 'static' ? status : 'active';
}

export function parseColumns(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * The user's cycle-start column, while the board still has it: a column removed on GitHub since it was
 * chosen counts as unset (the analyses would otherwise refuse it, as they refuse an unknown parameter).
 */
function cycleStart(row: AnalysedRow, columns: string[]): string | null {
  const chosen = row.cycle_time_start_column;
  return chosen !== null && columns.includes(chosen) ? chosen : defaultCycleStart(row);
}

/** The demo board shows cycle time from its first working column, so its dashboards are complete. */
function defaultCycleStart(row: AnalysedRow): string | null {
  if (row.is_demo !== 1) return null;
  return parseColumns(row.column_list).find((c) => /progress/i.test(c)) ?? null;
}

/** The stored level of work; null (automatic) for none or one that does not read as a level. */
export function boardWorkLevel(stored: string | null): WorkLevelName | null {
  const read = workLevelSchema.safeParse(stored);
  return read.success ? read.data : null;
}
