import { describe, expect, it } from 'vitest';
import { buildCalendar } from '../core/calendar.ts';
import { filterBoard } from '../input/item-filter.ts';
import { describeFilter } from '../insights/filter-note.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import { computeItemTimelines } from '../timeline/item-timelines.ts';
import type { BoardItem, RelatedIssue, Transition } from '../types.ts';
import { contentlessOf, privateFormOf } from '../fixtures/current-items.fixture.ts';
import { boardHierarchy, levelOfWork, levelSentence } from './level.ts';
import { buildParentsReport } from './parents.ts';
import { typeBreakdown } from './type-breakdown.ts';

const DAY = 86_400_000;
const JAN = Date.UTC(2026, 0, 1);
const COLUMNS = ['Todo', 'Doing', 'Done'];

const related = (n: number): RelatedIssue => ({
  contentId: `I_${n}`,
  number: n,
  repository: 'acme/web',
  title: `#${n}`,
  url: `https://github.com/acme/web/issues/${n}`,
  closed: false,
});
const issue = (n: number, column: string, extra: Partial<BoardItem> = {}): BoardItem => ({
  id: `item-${n}`,
  number: n,
  title: `Issue ${n}`,
  url: `https://github.com/acme/web/issues/${n}`,
  milestone: null,
  labels: [],
  contentId: `I_${n}`,
  column,
  enteredColumnAt: JAN,
  ...extra,
});
const move = (n: number, to: string, day: number): Transition => ({
  itemId: `item-${n}`,
  from: null,
  to,
  at: JAN + day * DAY,
});

// An epic (#1) with three tasks (#2 done, #3 doing, #4 todo); a bug (#5) on its own; a story (#6) whose
// parent (#99) is not on the board.
const epic = issue(1, 'Doing', { issueType: 'Feature', subIssues: { total: 3, completed: 1 } });
const board = [
  epic,
  issue(2, 'Done', { issueType: 'Task', parent: related(1) }),
  issue(3, 'Doing', { issueType: 'Task', parent: related(1) }),
  issue(4, 'Todo', { issueType: 'Task', parent: related(1) }),
  issue(5, 'Done', { issueType: 'Bug' }),
  issue(6, 'Doing', { issueType: 'Task', parent: related(99) }),
];

describe('level of work', () => {
  it('finds parents by the children on the board; a parent elsewhere makes no parent here', () => {
    const h = boardHierarchy(board);
    expect([...h.parents]).toEqual(['item-1']);
    expect(h.children.get('item-1')?.map((i) => i.number)).toEqual([2, 3, 4]);
  });

  it('defaults to leaf items when the board holds a parent with its children, and says so', () => {
    const level = levelOfWork(board, null);
    expect(level).toMatchObject({ level: 'leaves', automatic: true, parents: 1, leaves: 5 });
    expect([...level.leftOut]).toEqual(['item-1']);
    expect(levelSentence(level)).toBe('Counting leaf items: 1 parent left out');
  });

  it('counts every item on a board without parents, and only parents when asked', () => {
    const flat = board.filter((i) => i.parent === undefined || i.parent?.contentId === 'I_99').slice(1);
    expect(levelOfWork(flat, null).level).toBe('all');
    expect(levelSentence(levelOfWork(flat, null))).toBe('Counting all items');
    const parents = levelOfWork(board, 'parents');
    expect([...parents.leftOut].sort()).toEqual(['item-2', 'item-3', 'item-4', 'item-5', 'item-6']);
    expect(levelSentence(parents)).toBe('Counting parents only: 5 leaf items left out');
    expect(levelOfWork(board, 'all').leftOut.size).toBe(0);
  });

  it('counts an epic and its tasks once at the leaf level: throughput of the tasks, not the epic', () => {
    // The epic reaches Done with its last task: at `all` it would be a second finished item.
    const items = [
      issue(1, 'Done'),
      issue(2, 'Done', { parent: related(1) }),
      issue(3, 'Done', { parent: related(1) }),
    ];
    const transitions = [
      move(1, 'Doing', 1),
      move(2, 'Doing', 1),
      move(3, 'Doing', 2),
      move(2, 'Done', 3),
      move(3, 'Done', 4),
      move(1, 'Done', 4),
    ];
    const flow = (left: ReadonlySet<string>) =>
      buildFlowReport({
        columns: COLUMNS,
        items: items.filter((i) => !left.has(i.id)),
        transitions: transitions.filter((t) => !left.has(t.itemId)),
        now: JAN + 10 * DAY,
        days: 30,
      }).throughput.total;
    expect(flow(new Set())).toBe(3);
    expect(flow(levelOfWork(items, null).leftOut)).toBe(2);
    expect(flow(levelOfWork(items, 'parents').leftOut)).toBe(1);
  });

  it('sorts an archived epic into the levels too: its moves still count, once, at the parents level', () => {
    // The epic was archived once done (GitHub's auto-archive): it left the board, its moves still count.
    const onBoard = [issue(2, 'Done', { parent: related(1) }), issue(3, 'Done', { parent: related(1) })];
    const archived = [issue(1, 'Done')];
    const leaves = levelOfWork(onBoard, null, archived);
    expect(leaves).toMatchObject({ level: 'leaves', parents: 1, leaves: 2 });
    expect([...leaves.leftOut]).toEqual(['item-1']);
    expect(levelSentence(leaves)).toBe('Counting leaf items: 1 parent left out');
    expect([...levelOfWork(onBoard, 'parents', archived).leftOut].sort()).toEqual(['item-2', 'item-3']);
    // Without the items that left, the archived epic would be no parent: a second finished item.
    expect(levelOfWork(onBoard, null).level).toBe('all');
  });

  it('reads items as columns (a viewer who may read none of them) as their private forms: each a leaf', () => {
    const columns = contentlessOf(board);
    const forms = board.map(privateFormOf);
    // The archived epic's tasks, readable (they left the board): it is a parent, and no item on the board is.
    const left = [issue(90, 'Done', { contentId: 'I_1' }), issue(91, 'Done', { parent: related(1) })];
    for (const setting of [null, 'all', 'leaves', 'parents'] as const)
      for (const gone of [[], left]) {
        const level = levelOfWork(columns, setting, gone);
        expect(level).toEqual(levelOfWork(forms, setting, gone));
      }
    expect([...levelOfWork(columns, 'parents', left).leftOut]).toHaveLength(board.length + 1);
  });
});

describe('issue type filter', () => {
  it('keeps the items of any of the types, without case, and names them in the note', () => {
    const kept = filterBoard(
      { items: board, transitions: [] },
      { issueTypes: ['task', 'Bug'] },
      { doneColumn: 'Done' },
    );
    expect(kept.items.map((i) => i.number)).toEqual([2, 3, 4, 5, 6]);
    expect(describeFilter({ issueTypes: ['Bug'] })).toBe('issue type "Bug"');
  });
});

describe('breakdown by type', () => {
  it('counts throughput, work in progress and percentiles per type, no type last', () => {
    const items = [
      issue(1, 'Done', { issueType: 'Bug' }),
      issue(2, 'Done', { issueType: 'Bug' }),
      issue(3, 'Doing', { issueType: 'Bug' }),
      issue(4, 'Done', { issueType: 'Feature' }),
      issue(5, 'Doing'),
    ];
    const transitions = [
      move(1, 'Doing', 0),
      move(1, 'Done', 2),
      move(2, 'Doing', 0),
      move(2, 'Done', 4),
      move(3, 'Doing', 5),
      move(4, 'Doing', 0),
      move(4, 'Done', 8),
      move(5, 'Doing', 8),
    ];
    const now = JAN + 10 * DAY;
    const calendar = buildCalendar();
    const timelines = computeItemTimelines({ columns: COLUMNS, cycleStartColumn: 'Doing', transitions });
    const aging = [
      {
        id: 'item-3',
        number: 3,
        title: '',
        url: null,
        column: 'Doing',
        started_at: '',
        age_days: 5,
        risk: 'watch' as const,
      },
      {
        id: 'item-5',
        number: 5,
        title: '',
        url: null,
        column: 'Doing',
        started_at: '',
        age_days: 2,
        risk: 'watch' as const,
      },
    ];
    const rows = typeBreakdown({
      timelines,
      items,
      window: { first: calendar.dayOf(now) - 29, last: calendar.dayOf(now) },
      calendar,
      aging,
      typeSles: { Bug: { percent: 85, days: 3 } },
    });
    expect(rows.map((r) => [r.type, r.throughput, r.wip, r.p50, r.p85, r.oldest_days, r.over_p85])).toEqual([
      // Bugs took 2 and 4 days: p50 3, p85 2 + 0.85 × 2 = 3.7; the bug in progress (5 days) is past it.
      ['Bug', 2, 1, 3, 3.7, 5, 1],
      ['Feature', 1, 0, 8, 8, null, 0],
      [null, 0, 1, null, null, 2, 0],
    ]);
    expect(rows[0]?.sle).toEqual({ percent: 85, days: 3, met_percent: 50, breached_now: 1 });
    expect(rows[1]?.sle).toBeNull();
  });
});

const DOC_DAYS = [10, 13, 15];

describe('parents', () => {
  // The team finished 10 items over the last 10 days; 2 of them were the epic's children: a 20 % share.
  const now = JAN + 20 * DAY + 12 * 3_600_000;
  const others = Array.from({ length: 8 }, (_, i) => issue(10 + i, 'Done'));
  const children = [
    issue(2, 'Done', { parent: related(1) }),
    issue(3, 'Done', { parent: related(1) }),
    issue(4, 'Doing', { parent: related(1) }),
    issue(5, 'Todo', { parent: related(1) }),
  ];
  const items = [issue(1, 'Doing'), ...children, ...others];
  const transitions = [
    move(1, 'Doing', 5),
    move(2, 'Doing', 6),
    move(2, 'Done', 12),
    move(3, 'Doing', 8),
    move(3, 'Done', 15),
    move(4, 'Doing', 16),
    ...others.flatMap((o, i) => [
      move(o.number as number, 'Doing', 9),
      move(o.number as number, 'Done', 11 + i),
    ]),
  ];
  const report = buildParentsReport({
    columns: COLUMNS,
    cycleStartColumn: 'Doing',
    items,
    transitions,
    now,
    sampleDays: 10,
    estimates: new Map([
      ['item-2', 3],
      ['item-3', 2],
      ['item-4', 5],
    ]),
  });

  it('gives each parent its children by column, progress by count and estimate, and a running lead time', () => {
    expect(report.sample).toEqual({ start: '2026-01-11', end: '2026-01-20', days: 10, team_finished: 10 });
    const [parent] = report.parents;
    expect(parent?.number).toBe(1);
    expect(parent?.by_column).toEqual([
      { column: 'Todo', count: 1 },
      { column: 'Doing', count: 1 },
      { column: 'Done', count: 2 },
    ]);
    expect(parent?.progress).toEqual({ done: 2, total: 4, estimate: { done: 5, total: 10 } });
    // First child started on day 6 (Jan 7); not all done: running until now (14.5 days).
    expect(parent?.lead_time).toEqual({
      started_at: '2026-01-07T00:00:00.000Z',
      finished_at: null,
      days: 14.5,
    });
    expect(parent?.share).toBe(0.2);
  });

  it('forecasts the remaining children from the team throughput times the share', () => {
    const forecast = report.parents[0]?.forecast;
    expect(forecast?.remaining).toBe(2);
    // One item a day, 20 % of it: 0.2 a day on average. Two children need about ten days.
    const p85 = forecast?.results.find((r) => r.confidence === 0.85);
    expect(p85?.days).toBeGreaterThanOrEqual(10);
    expect(p85?.days).toBeLessThan(30);
    const p50 = forecast?.results.find((r) => r.confidence === 0.5)?.days as number;
    expect(p50).toBeLessThanOrEqual(p85?.days as number);
    // docs/metrics.md §19: the dates as the worked example quotes them.
    expect(forecast?.results.map((r) => r.days)).toEqual(DOC_DAYS);
    expect(p85?.date).toBe('2026-02-03');
  });

  it('ends the lead time with the last child, and puts stalled parents first', () => {
    const allDone = buildParentsReport({
      columns: COLUMNS,
      cycleStartColumn: 'Doing',
      items: [
        issue(1, 'Done'),
        issue(2, 'Done', { parent: related(1) }),
        issue(7, 'Todo'),
        issue(8, 'Todo', { parent: related(7) }),
      ],
      transitions: [move(2, 'Doing', 1), move(2, 'Done', 4)],
      now: JAN + 10 * DAY,
    });
    expect(allDone.parents.map((p) => [p.number, p.stalled])).toEqual([
      [7, true],
      [1, false],
    ]);
    expect(allDone.parents[1]?.lead_time).toEqual({
      started_at: '2026-01-02T00:00:00.000Z',
      finished_at: '2026-01-05T00:00:00.000Z',
      days: 3,
    });
    expect(allDone.parents[1]?.forecast).toBeNull();
  });
});
