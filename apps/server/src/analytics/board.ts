import type { BreakdownField, ExportCalendar, WorkLevelName } from '@fluxion/contract';
import type { ClassificationOverride, FlowPolicyInput } from '@fluxion/flow';
import { classificationOverride } from '../tracked-boards/classification.ts';
import { blockedFieldKey } from '../tracked-boards/blocked-field.ts';
import { enginePolicies } from '../tracked-boards/flow-policies.ts';
import { USER_COLUMNS } from '../tracked-boards/board-access.ts';
import type { TrackedRow } from '../tracked-boards/queries.ts';
import { toApiProject } from '../tracked-boards/to-api.ts';

/** A board's working calendar in the engine's words (`CalendarSettings`), every part present. */
export type BoardCalendarSettings = {
  readonly timeZone: string;
  readonly weekends: readonly number[];
  readonly holidays: readonly string[];
};

/**
 * The board facts' read model: a board as every analysis reads it, parsed once from the access check's
 * row (as listed for the viewer, whose column classification it holds). Its settings are in the engine's
 * form, so no reader converts them again, and no raw row is passed on. Every field is something an
 * analysis reads, so each enters the cache key by construction (`analysisKey`).
 */
export type AnalysedBoard = {
  readonly id: string;
  /** GitHub's id of the board: the API's `project`. */
  readonly projectId: string;
  readonly title: string;
  readonly isDemo: boolean;
  /** Bumped by every recorded change: a result cached under it is never stale. */
  readonly version: number;
  readonly columns: string[];
  /** The viewer's column classification (column → kind); null: the automatic one. */
  readonly classification: ClassificationOverride | null;
  /** The commitment point; without one the viewer's classification picks the first productive column. */
  readonly cycleStart: string | null;
  readonly calendar: BoardCalendarSettings;
  /** The iteration length: the GitHub Iteration field's where the board has one, else the typed one. */
  readonly iterationDays: number;
  readonly includeArchived: boolean;
  /** Which items the analyses count (docs/metrics.md, "Level of work"); null: automatic. */
  readonly workLevel: WorkLevelName | null;
  /** SLE, WIP limits, blocked label and field (docs/metrics.md). */
  readonly policies: FlowPolicyInput;
  /** What the blocked field's recorded values are filed under (null: no blocked field). */
  readonly blockedFieldKey: string | null;
  /** The field Flow splits the work by (docs/metrics.md, "Breakdown"), `gone` once deleted; null: issue type. */
  readonly breakdownField: BreakdownField | null;
};

/**
 * Rows parsed lately, by board (newest first; a few per board, as its users' settings differ): a warm answer
 * parses nothing, and finds its row by comparing fields, not by writing the row out (docs/performance.md).
 */
type Parsed = { row: TrackedRow; quarter: number; board: AnalysedBoard };
const parsedBoards = new Map<string, Parsed[]>();
const PARSED_BOARDS_KEPT = 256;
const ROWS_KEPT_PER_BOARD = 8;
/** The iteration running today depends on the board's day: a row is parsed again each quarter hour (every time zone's midnight falls on one). */
const QUARTER_HOUR_MS = 900_000;

/**
 * The row parsed once for as long as it does not change (the data version is in it). `now`: the app's
 * clock, which decides the iteration a board's GitHub Iteration field runs today.
 */
export function analysedBoard(row: TrackedRow, now: number): AnalysedBoard {
  const quarter = Math.floor(now / QUARTER_HOUR_MS);
  const known = parsedBoards.get(row.id) ?? [];
  const hit = known.find((parsed) => parsed.quarter === quarter && sameFields(parsed.row, row));
  if (hit) return hit.board;
  const board = parseBoard(row, now);
  parsedBoards.delete(row.id);
  parsedBoards.set(row.id, [{ row, quarter, board }, ...known.slice(0, ROWS_KEPT_PER_BOARD - 1)]);
  if (parsedBoards.size > PARSED_BOARDS_KEPT) parsedBoards.delete(parsedBoards.keys().next().value as string);
  return board;
}

/**
 * Whether two rows hold the same board fields with the same values (a row's values are text, numbers or
 * null); the access statement's columns about its user do not count.
 */
function sameFields(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let fields = 0;
  for (const key in y) {
    if (USER_COLUMNS.has(key)) continue;
    if (x[key] !== y[key] || !(key in x)) return false;
    fields++;
  }
  for (const key in x) if (!USER_COLUMNS.has(key)) fields--;
  return fields === 0;
}

function parseBoard(row: TrackedRow, now: number): AnalysedBoard {
  const project = toApiProject(row, now);
  const calendar = project.calendar;
  const policies = project.flow_policies;
  return {
    id: row.id,
    projectId: row.github_project_id,
    title: row.title,
    isDemo: row.is_demo === 1,
    version: Number(row.data_version),
    columns: project.column_list,
    classification: classificationOverride(project.column_classification),
    cycleStart: project.cycle_time_start_column ?? null,
    calendar: calendar
      ? { timeZone: calendar.time_zone, weekends: calendar.weekends, holidays: calendar.holidays }
      : { timeZone: 'UTC', weekends: [], holidays: [] },
    iterationDays: project.iteration_length_days,
    includeArchived: project.include_archived ?? true,
    workLevel: project.work_level ?? null,
    policies: policies ? enginePolicies(policies) : {},
    blockedFieldKey: policies?.blocked_field ? blockedFieldKey(policies.blocked_field) : null,
    breakdownField: project.breakdown_field ?? null,
  };
}

/** The board's calendar as an export's header needs it: its time zone, and whether it has days off. */
export function exportCalendarOf(board: AnalysedBoard): ExportCalendar {
  const { timeZone, weekends, holidays } = board.calendar;
  return { timeZone, daysOff: weekends.length + holidays.length > 0 };
}

/**
 * The cache key of one analysis: its kind, the board's version and settings, what the viewer may see of
 * the items (`viewKey`) and the whole validated query. Built from the objects themselves, so a new
 * setting or query field cannot be left out of it.
 */
export function analysisKey(kind: string, board: AnalysedBoard, viewKey: string, query: object): string {
  return `[${JSON.stringify(kind)},${settingsKey(board)},${JSON.stringify(viewKey)},${JSON.stringify(canonical(query))}]`;
}

const settingsKeys = new WeakMap<AnalysedBoard, string>();

/** Every field of the board, as JSON: written once per parsed board. */
function settingsKey(board: AnalysedBoard): string {
  let key = settingsKeys.get(board);
  if (key === undefined) {
    key = JSON.stringify(board);
    settingsKeys.set(board, key);
  }
  return key;
}

/** The query with its fields in one order and absent ones dropped: equal queries give equal keys. */
function canonical(query: object): [string, unknown][] {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
