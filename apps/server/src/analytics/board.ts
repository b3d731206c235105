import type { BreakdownField, ExportCalendar, WorkLevelName } from '@fluxion/contract';
import type { ClassificationOverride, FlowPolicyInput } from '@fluxion/flow';
import { classificationOverride } from '../tracked-boards/classification.ts';
import { blockedFieldKey } from '../tracked-boards/blocked-field.ts';
import { enginePolicies } from '../tracked-boards/flow-policies.ts';
import { ANALYSED_ROW_FIELDS, type AnalysedRow } from '../tracked-boards/analysed-row.ts';
import { analysisSettings } from '../tracked-boards/to-api.ts';
import { isRememberedQuery } from '../http/query-validation.ts';

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
 * parses nothing, and finds its row by comparing the fields the board is parsed from (its data version and
 * settings, ANALYSED_ROW_FIELDS), not by writing the row out (docs/performance.md). A poll's bookkeeping is
 * not among them, so it does not make the board parsed again.
 */
type Parsed = { row: AnalysedRow; quarter: number; board: AnalysedBoard };
const parsedBoards = new Map<string, Parsed[]>();
const PARSED_BOARDS_KEPT = 256;
const ROWS_KEPT_PER_BOARD = 8;
/** The iteration running today depends on the board's day: a row is parsed again each quarter hour (every time zone's midnight falls on one). */
const QUARTER_HOUR_MS = 900_000;

/**
 * The row parsed once for as long as its analysed fields do not change (the data version is among them).
 * `now`: the app's clock, which decides the iteration a board's GitHub Iteration field runs today.
 */
export function analysedBoard(row: AnalysedRow, now: number): AnalysedBoard {
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

/** Whether two rows hold the same values (text, numbers or null) in every field a board is parsed from. */
function sameFields(a: AnalysedRow, b: AnalysedRow): boolean {
  for (const field of ANALYSED_ROW_FIELDS) if (a[field] !== b[field]) return false;
  return true;
}

function parseBoard(row: AnalysedRow, now: number): AnalysedBoard {
  const settings = analysisSettings(row, now);
  const calendar = settings.calendar;
  const policies = settings.flow_policies;
  return {
    id: row.id,
    projectId: row.github_project_id,
    title: row.title,
    isDemo: row.is_demo === 1,
    version: Number(row.data_version),
    columns: settings.column_list,
    classification: classificationOverride(settings.column_classification),
    cycleStart: settings.cycle_time_start_column ?? null,
    calendar: calendar
      ? { timeZone: calendar.time_zone, weekends: calendar.weekends, holidays: calendar.holidays }
      : { timeZone: 'UTC', weekends: [], holidays: [] },
    iterationDays: settings.iteration_length_days,
    includeArchived: settings.include_archived ?? true,
    workLevel: settings.work_level ?? null,
    policies: policies ? enginePolicies(policies) : {},
    blockedFieldKey: policies?.blocked_field ? blockedFieldKey(policies.blocked_field) : null,
    breakdownField: settings.breakdown_field ?? null,
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
  return `[${JSON.stringify(kind)},${settingsKey(board)},${JSON.stringify(viewKey)},${queryKey(query)}]`;
}

const queryKeys = new WeakMap<object, string>();

/**
 * The query's part of the key: written once for a validated query, which is frozen and handed to every
 * request with the same querystring (http/query-validation.ts); each time for any other.
 */
function queryKey(query: object): string {
  let key = queryKeys.get(query);
  if (key === undefined) {
    key = JSON.stringify(canonical(query));
    if (isRememberedQuery(query)) queryKeys.set(query, key);
  }
  return key;
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
