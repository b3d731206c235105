import { buildCalendar, type Calendar, type CalendarSettings } from '../core/calendar.ts';
import { days, isoDay, isoTime, round } from '../core/numbers.ts';
import { flowStages } from '../input/stages.ts';
import { type Transitions, upTo } from '../input/transitions.ts';
import { throughputSample } from '../metrics/flow-throughput.ts';
import { forecastWhen, type WhenResult } from '../metrics/forecast.ts';
import { FLOW_DEFAULTS } from '../reports/flow-settings.ts';
import { type ItemTimeline, lazyItemTimelineAt } from '../timeline/item-timelines.ts';
import { IdRows } from '../timeline/id-rows.ts';
import { keptRowsById } from '../timeline/kept-timeline.ts';
import type { BoardTimeline } from '../timeline/timeline.ts';
import { buildTimeline } from '../timeline/timeline.ts';
import type { BoardColumns, BoardItem, BoardItems } from '../types.ts';
import { readableItems } from '../input/board-items.ts';
import { boardHierarchy } from './level.ts';

export type ParentsInput = BoardColumns & {
  transitions: Transitions;
  /** Every item on the board, at every level: parents are found among them (columns name none). */
  items: BoardItems;
  now: number;
  calendar?: CalendarSettings;
  /** Each item's estimate: progress by estimate (absent: by count only). */
  estimates?: ReadonlyMap<string, number>;
  /** Complete days of the team's throughput the forecast samples, and over which the share is read. */
  sampleDays?: number;
  trials?: number;
  seed?: number;
};

export type ChildRow = Pick<BoardItem, 'id' | 'number' | 'title' | 'url' | 'column'> & {
  issue_type: string | null;
  done: boolean;
};

/** One parent's children and forecast (docs/metrics.md, "Parents"). */
export type ParentFlow = Pick<BoardItem, 'id' | 'number' | 'title' | 'url' | 'column'> & {
  issue_type: string | null;
  /** GitHub's own count of the sub-issues (on this board or not); null when it gave none. */
  sub_issues: { total: number; completed: number } | null;
  children: ChildRow[];
  /** The children on the board per column, in board order (columns without any left out). */
  by_column: { column: string; count: number }[];
  progress: {
    done: number;
    total: number;
    /** Sums of the children's estimates; null when the board reads no estimate or none is set. */
    estimate: { done: number; total: number } | null;
  };
  /** First child started (entered the commitment point) to last child done; running until all are done. */
  lead_time: { started_at: string | null; finished_at: string | null; days: number | null };
  /** The parent's share of the team's finished items over the sample (0–1). */
  share: number;
  /** When its remaining children will be done, at 50/85/95 %; null when none remain or none finished lately. */
  forecast: { remaining: number; results: WhenResult[] } | null;
  /** Most at risk first: stalled (children left, none finished lately), then the latest 85 % date. */
  stalled: boolean;
};

export type ParentsReport = {
  sample: { start: string; end: string; days: number; team_finished: number } | null;
  parents: ParentFlow[];
};

/**
 * Every parent on the board (an item with a child on it) with its children's progress, lead time and a
 * Monte Carlo forecast: the team's daily throughput over the sample, times the share of it that went to
 * this parent's children, drawn until its remaining children are done.
 */
export function buildParentsReport(input: ParentsInput): ParentsReport {
  const calendar = buildCalendar(input.calendar);
  const stages = flowStages(input);
  const board = { ...input, cycleStartColumn: stages.commitmentColumn };
  const t = buildTimeline(board, upTo(input.transitions, input.now));
  const items = readableItems(input.items);
  const hierarchy = boardHierarchy(items);
  const done = stages.columns[stages.done] ?? null;
  const today = calendar.dayOf(input.now);
  const viewAt = lazyItemTimelineAt(t);
  const sampleDays = input.sampleDays ?? FLOW_DEFAULTS.days;
  const sample = teamSample(t, viewAt, hierarchy.parents, today, sampleDays, calendar);
  const teamFinished = sample ? sample.counts.reduce((a, b) => a + b, 0) : 0;
  const context = {
    input,
    calendar,
    timelineOf: timelinesById(t, viewAt, hierarchy.parents.size > 0),
    done,
    commitment: stages.commitmentColumn,
    sample,
    teamFinished,
    today,
  };
  const parents = items
    .filter((item) => hierarchy.parents.has(item.id))
    .map((parent) => parentFlow(parent, hierarchy.children.get(parent.id) ?? [], context));
  return {
    sample: sample && {
      start: isoDay(sample.range.first),
      end: isoDay(sample.range.last),
      days: sample.counts.length,
      team_finished: round(teamFinished),
    },
    parents: parents.sort(byRisk),
  };
}

/**
 * The team's throughput over the sample: every finished item but the parents (their finish is their
 * children's), from the board's first entry on. Read off the timeline's columns, with an item's view made
 * only for those finished since the sample's first day (a few thousand of 100,000).
 */
function teamSample(
  t: BoardTimeline,
  viewAt: (row: number) => ItemTimeline,
  parents: ReadonlySet<string>,
  today: number,
  sampleDays: number,
  calendar: Calendar,
) {
  const team = (row: number) => parents.size === 0 || !parents.has(t.itemIds[row] as string);
  let firstEntry = Number.POSITIVE_INFINITY;
  for (let row = 0; row < t.itemIds.length; row++)
    if (team(row) && (t.firstEntry[row] as number) < firstEntry) firstEntry = t.firstEntry[row] as number;
  const firstDay = Number.isFinite(firstEntry) ? calendar.dayOf(firstEntry) : Number.POSITIVE_INFINITY;
  // Completions before this instant fall before the sample, whichever its first day.
  const since = calendar.startOf(today - sampleDays - 1);
  const recent: ItemTimeline[] = [];
  for (let row = 0; row < t.itemIds.length; row++)
    if ((t.doneAt[row] as number) >= since && team(row)) recent.push(viewAt(row));
  return throughputSample(recent, today, sampleDays, calendar, undefined, firstDay);
}

/**
 * Each item's view by id, only when a parent asks for its children's: by the kept timeline's row index
 * (made once a version, shared with the Flow report), else one made here.
 */
function timelinesById(
  t: BoardTimeline,
  viewAt: (row: number) => ItemTimeline,
  asked: boolean,
): (itemId: string) => ItemTimeline | undefined {
  if (!asked) return () => undefined;
  const rowOf = keptRowsById(t) ?? new IdRows(t.itemIds);
  return (itemId) => {
    const row = rowOf.get(itemId);
    return row === undefined ? undefined : viewAt(row);
  };
}

type Context = {
  input: ParentsInput;
  calendar: Calendar;
  timelineOf: (itemId: string) => ItemTimeline | undefined;
  done: string | null;
  commitment: string | null;
  sample: { range: { first: number; last: number }; counts: number[] } | null;
  teamFinished: number;
  today: number;
};

function parentFlow(parent: BoardItem, children: readonly BoardItem[], c: Context): ParentFlow {
  const rows = children.map(
    (child): ChildRow => ({
      id: child.id,
      number: child.number,
      title: child.title,
      url: child.url,
      column: child.column,
      issue_type: child.issueType ?? null,
      done: child.column !== null && child.column === c.done,
    }),
  );
  const finished = rows.filter((row) => row.done).length;
  const remaining = rows.length - finished;
  const share = shareOf(children, c);
  const forecast =
    remaining > 0 && share > 0 && c.sample
      ? {
          remaining,
          results: forecastWhen(
            c.sample.counts.map((count) => count * share),
            remaining,
            c.today,
            { trials: c.input.trials ?? FLOW_DEFAULTS.trials, seed: c.input.seed ?? FLOW_DEFAULTS.seed },
            c.calendar.addWorkingDays,
          ),
        }
      : null;
  return {
    id: parent.id,
    number: parent.number,
    title: parent.title,
    url: parent.url,
    column: parent.column,
    issue_type: parent.issueType ?? null,
    sub_issues: parent.subIssues ?? null,
    children: rows,
    by_column: byColumn(children, c.input.columns),
    progress: { done: finished, total: rows.length, estimate: estimateProgress(rows, c.input.estimates) },
    lead_time: leadTime(children, rows, c),
    share: round(share, 4),
    forecast,
    stalled: remaining > 0 && forecast === null,
  };
}

/** Of the team's completions over the sample, the share that were this parent's children. */
function shareOf(children: readonly BoardItem[], c: Context): number {
  if (!c.sample || c.teamFinished === 0) return 0;
  const { first, last } = c.sample.range;
  let own = 0;
  for (const child of children) {
    const at = c.timelineOf(child.id)?.completedAt ?? null;
    if (at === null) continue;
    const day = c.calendar.dayOf(at);
    if (day >= first && day <= last) own++;
  }
  return Math.min(1, own / c.teamFinished);
}

function byColumn(children: readonly BoardItem[], columns: readonly string[]) {
  const counts = new Map<string, number>();
  for (const child of children)
    if (child.column !== null) counts.set(child.column, (counts.get(child.column) ?? 0) + 1);
  return columns
    .filter((column) => counts.has(column))
    .map((column) => ({ column, count: counts.get(column) as number }));
}

function estimateProgress(rows: readonly ChildRow[], estimates: ReadonlyMap<string, number> | undefined) {
  if (!estimates) return null;
  let total = 0;
  let done = 0;
  let any = false;
  for (const row of rows) {
    const estimate = estimates.get(row.id);
    if (estimate === undefined) continue;
    any = true;
    total += estimate;
    if (row.done) done += estimate;
  }
  return any ? { done: round(done), total: round(total) } : null;
}

/** From the first child's entry into the commitment point to the last child's finish (all done), in working days. */
function leadTime(children: readonly BoardItem[], rows: readonly ChildRow[], c: Context) {
  let started = Number.POSITIVE_INFINITY;
  let finished = Number.NEGATIVE_INFINITY;
  for (const child of children) {
    const timeline = c.timelineOf(child.id);
    const entered = c.commitment === null ? null : (timeline?.entered[c.commitment] ?? null);
    if (entered !== null) started = Math.min(started, entered);
    const completed = timeline?.completedAt ?? null;
    if (completed !== null) finished = Math.max(finished, completed);
  }
  if (!Number.isFinite(started)) return { started_at: null, finished_at: null, days: null };
  const allDone = rows.length > 0 && rows.every((row) => row.done) && Number.isFinite(finished);
  const end = allDone ? finished : c.input.now;
  return {
    started_at: isoTime(started),
    finished_at: allDone ? isoTime(finished) : null,
    days: days(c.calendar.workingMs(Math.min(started, end), end)),
  };
}

function riskDays(parent: ParentFlow): number {
  const p85 = parent.forecast?.results.find((r) => r.confidence === 0.85);
  return p85?.days ?? Number.POSITIVE_INFINITY;
}

function byRisk(a: ParentFlow, b: ParentFlow): number {
  const open = (p: ParentFlow) => (p.progress.done < p.progress.total ? 1 : 0);
  return (
    open(b) - open(a) ||
    Number(b.stalled) - Number(a.stalled) ||
    riskDays(b) - riskDays(a) ||
    (a.number ?? 0) - (b.number ?? 0) ||
    a.id.localeCompare(b.id)
  );
}
