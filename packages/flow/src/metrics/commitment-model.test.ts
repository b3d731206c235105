import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentModel, recentStays } from './commitment-model.ts';
import { buildCalendar, type Calendar, type CalendarSettings } from '../core/calendar.ts';
import type { BoardTimeline } from '../timeline/timeline.ts';
import { buildIssuesInColumnReport } from './issues.ts';
import { buildTimeInStateReport } from './time-in-state.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import { flowStages } from '../input/stages.ts';
import { currentItems } from '../fixtures/current-items.fixture.ts';
import { randomHistory } from '../fixtures/random-history.fixture.ts';
import type { Transition } from '../types.ts';

const COLUMNS = ['Backlog', 'Ready', 'In Progress', 'Review', 'Done'];
const jan = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);

describe('flowStages: the commitment point divides the columns (docs/metrics.md §14)', () => {
  it("takes the board's cycle-start column", () => {
    const s = flowStages({ columns: COLUMNS, cycleStartColumn: 'Ready' });
    expect(s).toMatchObject({ commitmentColumn: 'Ready', explicit: true, commitment: 1, done: 4 });
    expect(s.stages).toEqual(['before_commitment', 'in_progress', 'in_progress', 'in_progress', 'done']);
  });

  it('without one, the first column classified productive: backlog, todo and ready stay before it', () => {
    const s = flowStages({ columns: COLUMNS });
    expect(s).toMatchObject({ commitmentColumn: 'In Progress', explicit: false });
    expect(s.stages).toEqual([
      'before_commitment',
      'before_commitment',
      'in_progress',
      'in_progress',
      'done',
    ]);
    expect(flowStages({ columns: ['Icebox', 'Todo', 'Doing', 'Done'] }).commitmentColumn).toBe('Doing');
  });

  it("follows the team's classification, and falls back to the first column when none is productive", () => {
    expect(flowStages({ columns: COLUMNS, classification: { Ready: 'productive' } }).commitmentColumn).toBe(
      'Ready',
    );
    expect(flowStages({ columns: ['Todo', 'Waiting', 'Done'] }).commitmentColumn).toBe('Todo');
    // A cycle start after the done column is no cycle start.
    expect(
      flowStages({ columns: COLUMNS, doneColumn: 'Review', cycleStartColumn: 'Done' }).commitmentColumn,
    ).toBe('In Progress');
    expect(flowStages({ columns: [] }).commitmentColumn).toBeNull();
  });
});

describe('one story: a board whose backlog holds most of the time (docs/metrics.md §14 worked example)', () => {
  // a: Backlog 1st → In Progress 9th → Review 10th → Done 11th; b: Backlog 2nd → In Progress 8th →
  // Review 10th 12:00 → Done 11th; c: in Backlog since the 1st. Now: 11 January 12:00, days = 7.
  const moves: [string, number, number, string][] = [
    ['a', 1, 0, 'Backlog'],
    ['a', 9, 0, 'In Progress'],
    ['a', 10, 0, 'Review'],
    ['a', 11, 0, 'Done'],
    ['b', 2, 0, 'Backlog'],
    ['b', 8, 0, 'In Progress'],
    ['b', 10, 12, 'Review'],
    ['b', 11, 0, 'Done'],
    ['c', 1, 0, 'Backlog'],
  ];
  const transitions: Transition[] = moves.map(([itemId, day, hour, to], i) => {
    const previous = moves[i - 1];
    return { itemId, from: previous?.[0] === itemId ? previous[3] : null, to, at: jan(day, hour) };
  });
  const items = currentItems(transitions);
  const board = { columns: COLUMNS, transitions, items, now: jan(11, 12), days: 7 };

  it('names In Progress, never Backlog, as the bottleneck', () => {
    expect(commitmentModel(board)).toEqual({
      commitment_column: 'In Progress',
      bottleneck: { column: 'In Progress', days: 1.75, intensity: 2.33, samples: 4, window_days: 7 },
    });
  });

  it('Time in State, Issues in Columns and Flow tell that story', () => {
    const tis = buildTimeInStateReport(board);
    expect(tis['2024-01-11']).toMatchObject({ timeinstate: { Backlog: 7 } });
    expect(tis.metrics.time_intensive_column).toBe('In Progress');
    expect(tis.metrics.stage_intensity).toBe(2.33);
    // Queue health still counts the backlog's item (docs/metrics.md §14, "Not yet"): no bottleneck is named.
    expect(tis.metrics.performance_insight.message).not.toContain('Backlog');
    const backlog = buildIssuesInColumnReport({ ...board, column: 'Backlog' }).column_stats;
    expect(backlog.issues_over_1x_iteration).toBe(1);
    expect(backlog.performance_insight).toEqual({
      severity: 'info',
      message:
        "1 issue waits in 'Backlog', before the commitment point ('In Progress'): options not yet started, so waiting here is not a flow problem; oldest #3 at 10.5 days.",
      // A count, not an estimate (issue 31): no confidence.
      confidence: 0,
    });
    const flow = buildFlowReport({ ...board, days: 30, storyDays: 7 });
    expect(flow.bottleneck).toEqual(commitmentModel(board).bottleneck);
    expect(flow.aging.items).toEqual([]);
    expect(flow.performance_insight.message).toContain(
      "Bottleneck: 'In Progress', 1.8 days per stay, 2.33x the other in-progress columns, last 7 days (iteration).",
    );
  });

  it("with the board's cycle start at Backlog, Backlog is committed work and may be the bottleneck", () => {
    const story = commitmentModel({ ...board, cycleStartColumn: 'Backlog' });
    expect(story.bottleneck?.column).toBe('Backlog');
  });
});

describe('property: no column before commitment is ever a bottleneck or an aging alarm', () => {
  const HOUR = 3_600_000;
  const BASE = Date.UTC(2024, 0, 1);
  const CYCLE_STARTS = [null, 'Backlog', 'Ready', 'Doing', 'Review', 'Done'] as const;
  const COLS = ['Backlog', 'Ready', 'Doing', 'Review', 'Done'];
  const history = randomHistory({
    to: [...COLS, null, 'Old column'],
    base: BASE,
    gap: { min: 0, max: 240 },
    steps: 8,
  });

  it('holds for Time in State, Issues in Columns, Flow and the story, which all agree', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom(...CYCLE_STARTS),
        fc.constantFrom<Record<string, 'productive' | 'waiting'> | null>(null, { Backlog: 'productive' }),
        fc.integer({ min: 0, max: 60 * 24 }),
        fc.integer({ min: 1, max: 14 }),
        (history, cycleStartColumn, classification, nowHours, days) => {
          const now = BASE + nowHours * HOUR;
          // The board as it stands at `now`. Moves later than now (GitHub's clock ahead of ours) are read by
          // Time in State and not by the story (upTo, which would make Time in State build its whole
          // timeline again): a tie at now may then end elsewhere in each (fast-check seed 609315415).
          const transitions = history.filter((t) => t.at <= now);
          const items = currentItems(transitions);
          const board = { columns: COLS, cycleStartColumn, classification, transitions, items };
          const stages = flowStages(board);
          const before = new Set(COLS.filter((_, c) => stages.stages[c] === 'before_commitment'));
          const story = commitmentModel({ ...board, now, days });
          const tis = buildTimeInStateReport({ ...board, now, days });
          const flow = buildFlowReport({ ...board, now, days: 30, storyDays: days });
          const named = story.bottleneck?.column ?? null;
          if (named !== null) expect(before.has(named)).toBe(false);
          expect(tis.metrics.time_intensive_column).toBe(named);
          expect(flow.bottleneck?.column ?? null).toBe(named);
          expect(flow.cycle_start_column).toBe(stages.commitmentColumn);
          for (const item of flow.aging.items) expect(before.has(item.column)).toBe(false);
          for (const column of before) {
            const issues = buildIssuesInColumnReport({ ...board, column, now, days });
            expect(issues.column_stats.performance_insight.severity).toBe('info');
            expect(tis.metrics.performance_insight.message).not.toContain(`'${column}' takes`);
            expect(tis.metrics.performance_insight.message).not.toContain(`Bottleneck in '${column}'`);
            expect(flow.performance_insight.message).not.toContain(`Bottleneck: '${column}'`);
          }
        },
      ),
      { numRuns: 150 },
    );
    // 150 boards of four whole reports each: 8–17 s alone, past the default 20 s beside a loaded suite.
  }, 60_000);
});

describe('recentStays: the stays that ended in the window of the latest end', () => {
  /** The definition, in two passes: the latest end, then the stays of its window. */
  function twoPasses(t: BoardTimeline, now: number, width: number, calendar: Calendar) {
    const s = t.stays;
    const counted = (i: number) => {
      const column = s.column[i] as number;
      return column >= 0 && column < t.board.done && (s.end[i] as number) <= now;
    };
    let latest = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < s.count; i++) if (counted(i)) latest = Math.max(latest, s.end[i] as number);
    const sum = new Float64Array(t.board.columns.length);
    const count = new Float64Array(t.board.columns.length);
    if (latest === Number.NEGATIVE_INFINITY) return { last: null, width, sum, count };
    const last = Math.min(calendar.dayOf(now), calendar.dayOf(latest) + width - 1);
    const from = calendar.startOf(last - width + 1);
    for (let i = 0; i < s.count; i++) {
      const end = s.end[i] as number;
      if (!counted(i) || end < from) continue;
      const column = s.column[i] as number;
      const start = s.start[i] as number;
      sum[column] =
        (sum[column] as number) + (calendar.partial ? calendar.workingMs(start, end) : end - start);
      count[column] = (count[column] as number) + 1;
    }
    return { last, width, sum, count };
  }

  it('is the definition, on active boards and on boards idle for longer than the window', () => {
    const H = 3_600_000;
    const stay = fc.tuple(
      fc.integer({ min: -1, max: COLUMNS.length - 1 }),
      fc.integer({ min: 0, max: 60 * 24 }),
      fc.integer({ min: 1, max: 10 * 24 }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(
        fc.array(stay, { maxLength: 40 }),
        fc.integer({ min: 0, max: 90 * 24 }),
        fc.integer({ min: 1, max: 14 }),
        fc.constantFrom<CalendarSettings>({}, { timeZone: 'America/New_York', weekends: [0, 6] }),
        (stays, nowHours, width, settings) => {
          const t = {
            board: { columns: COLUMNS, done: COLUMNS.length - 1 },
            stays: {
              count: stays.length,
              item: new Uint32Array(stays.length),
              column: Int16Array.from(stays, ([c]) => c),
              start: Float64Array.from(stays, ([, at]) => jan(1) + at * H),
              end: Float64Array.from(stays, ([, at, length, open]) =>
                open ? Number.NaN : jan(1) + (at + length) * H,
              ),
            },
          } as unknown as BoardTimeline;
          const calendar = buildCalendar(settings);
          const now = jan(1) + nowHours * H;
          const got = recentStays(t, now, width, calendar);
          const want = twoPasses(t, now, width, calendar);
          expect({ ...got, sum: [...got.sum], count: [...got.count] }).toEqual({
            ...want,
            sum: [...want.sum],
            count: [...want.count],
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
