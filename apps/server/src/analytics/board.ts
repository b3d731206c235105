import type { BoardCalendar, ColumnClassification, FlowPolicies } from '@fluxion/contract';
import { DEFAULT_CALENDAR, DEFAULT_FLOW_POLICIES } from '@fluxion/contract';
import type { TrackedRow } from '../projects/queries.ts';
import { toApiProject } from '../projects/to-api.ts';

/**
 * A board as the analyses read it: the access check's row (as listed for the viewer, whose column
 * classification it holds) parsed once and handed down. Every field but `row` is something an analysis
 * reads, so each enters the cache key by construction (`analysisKey`).
 */
export type AnalysedBoard = {
  readonly row: TrackedRow;
  readonly id: string;
  /** Bumped by every recorded change: a result cached under it is never stale. */
  readonly version: number;
  readonly columns: string[];
  readonly classification: ColumnClassification | null;
  /** The commitment point; without one the viewer's classification picks the first productive column. */
  readonly cycleStart: string | null;
  readonly calendar: BoardCalendar;
  /** The iteration length: the GitHub Iteration field's where the board has one, else the typed one. */
  readonly iterationDays: number;
  readonly includeArchived: boolean;
  /** SLE, WIP limits, blocked label (docs/metrics.md): the Flow answer reads them. */
  readonly policies: FlowPolicies;
};

/** Boards parsed lately, by their row's content: a warm answer parses nothing (docs/performance.md). */
const parsedBoards = new Map<string, AnalysedBoard>();
const PARSED_BOARDS_KEPT = 256;
/** The iteration running today depends on the board's day: a row is parsed again each quarter hour (every time zone's midnight falls on one). */
const QUARTER_HOUR_MS = 900_000;

/**
 * The row parsed once for as long as it does not change (the data version is in it). `now`: the app's
 * clock, which decides the iteration a board's GitHub Iteration field runs today.
 */
export function analysedBoard(row: TrackedRow, now: number): AnalysedBoard {
  const content = `${Math.floor(now / QUARTER_HOUR_MS)}|${JSON.stringify(row)}`;
  const known = parsedBoards.get(content);
  if (known) return known;
  const board = parseBoard(row, now);
  if (parsedBoards.size >= PARSED_BOARDS_KEPT)
    parsedBoards.delete(parsedBoards.keys().next().value as string);
  parsedBoards.set(content, board);
  return board;
}

function parseBoard(row: TrackedRow, now: number): AnalysedBoard {
  const project = toApiProject(row, now);
  return {
    row,
    id: row.id,
    version: Number(row.data_version),
    columns: project.column_list,
    classification: project.column_classification,
    cycleStart: project.cycle_time_start_column ?? null,
    calendar: project.calendar ?? DEFAULT_CALENDAR,
    iterationDays: project.iteration_length_days,
    includeArchived: project.include_archived ?? true,
    policies: project.flow_policies ?? DEFAULT_FLOW_POLICIES,
  };
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

/** Every field of the board but its row, as JSON: written once per parsed board. */
function settingsKey(board: AnalysedBoard): string {
  let key = settingsKeys.get(board);
  if (key === undefined) {
    const { row: _row, ...settings } = board;
    key = JSON.stringify(settings);
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
