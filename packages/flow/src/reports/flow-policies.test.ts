import { describe, expect, it } from 'vitest';
import { buildFlowReport } from './flow-report.ts';
import { itemIn } from '../fixtures/current-items.fixture.ts';
import type { Transition } from '../types.ts';
import type { FieldValueChange } from '../metrics/blocked-time.ts';

/** docs/metrics.md, "Blocked time and flow efficiency" and "WIP limits", through the Flow answer. */
const jan = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);
const COLUMNS = ['Backlog', 'In Progress', 'Waiting for Review', 'Review', 'Done'];
const moves = (itemId: string, list: [number, string][]): Transition[] =>
  list.map(([day, to], i) => ({ itemId, from: list[i - 1]?.[1] ?? null, to, at: jan(day) }));
const item = itemIn;
const transitions = [
  ...moves('i1', [
    [1, 'Backlog'],
    [2, 'In Progress'],
    [5, 'Waiting for Review'],
    [6, 'Review'],
    [8, 'Done'],
  ]),
  ...moves('i2', [
    [3, 'Backlog'],
    [4, 'In Progress'],
    [7, 'Review'],
  ]),
  ...moves('i3', [
    [5, 'Backlog'],
    [6, 'In Progress'],
    [8, 'Review'],
  ]),
];
const items = [item('i1', 'Done', jan(8)), item('i2', 'Review', jan(7)), item('i3', 'Review', jan(8))];
const labelChanges = [
  { itemId: 'i1', label: 'blocked', added: true, at: jan(3) },
  { itemId: 'i1', label: 'blocked', added: false, at: jan(4, 12) },
  { itemId: 'i2', label: 'Blocked', added: true, at: jan(9) },
];
const report = (policies = {}, fieldChanges: FieldValueChange[] = []) =>
  buildFlowReport({
    columns: COLUMNS,
    cycleStartColumn: 'In Progress',
    transitions,
    items,
    now: jan(10),
    days: 10,
    policies,
    labelChanges,
    fieldChanges,
  });

describe('Flow answer: blocked time, flow efficiency, WIP limits, SLE', () => {
  it('gives the finished item its blocked days and flow efficiency, and the window its efficiency', () => {
    const r = report();
    expect(r.cycle_time.points).toMatchObject([{ id: 'i1', blocked_days: 1.5, flow_efficiency: 0.58 }]);
    expect(r.blocked).toEqual({
      label: 'blocked',
      by_column: { 'In Progress': 1.5, Review: 1 },
      blocked_now: 1,
      flow_efficiency: 0.58,
    });
  });

  it('marks the item blocked now with its blocked days so far', () => {
    const i2 = report().aging.items.find((a) => a.id === 'i2');
    expect(i2).toMatchObject({ blocked: true, blocked_days: 1 });
  });

  it('follows the board blocked label', () => {
    expect(report({ blockedLabel: 'on hold' }).blocked).toMatchObject({ by_column: {}, blocked_now: 0 });
  });

  it('shows a WIP limit breached on the days it was (i1 left Review on the 8th, i2 came on the 7th)', () => {
    const [review] = report({ wipLimits: { Review: 1 } }).wip_limits ?? [];
    expect(review).toEqual({
      column: 'Review',
      limit: 1,
      count: 2,
      over: true,
      dates_over: ['2024-01-07', '2024-01-08', '2024-01-09', '2024-01-10'],
      peak: 2,
    });
  });

  it('applies a set SLE: 6 days since commitment breached 5 days, 4 days in Review is on track', () => {
    const r = report({ sle: { percent: 85, days: 5 } });
    expect(r.sle).toMatchObject({ percent: 85, days: 5, source: 'set', proposal: null, sample: 1 });
    expect(r.sle?.column_limits).toEqual({ 'In Progress': 3, 'Waiting for Review': 4, Review: 6 });
    const risks = Object.fromEntries(r.aging.items.map((a) => [a.id, a.sle_risk]));
    expect(risks).toEqual({ i2: 'breached', i3: 'on_track' });
    expect(r.sle?.at_risk).toEqual(['i2']);
    // The at-risk line is the SLE where there is one: the insight names it, not the p85.
    expect(r.performance_insight.message).toMatch(
      /^1 item in 'Review' is at risk against the SLE \(85% within 5 days\), 1 past it; oldest #\d+ at 6 days\./,
    );
    expect(r.performance_insight.message).not.toContain('85% of past cycle times');
    expect(r.performance_insight.severity).toBe('critical');
    // The WIP-at-risk tile counts on the same line as the insight and the at-risk list.
    expect(r.aging).toMatchObject({ at_risk: r.sle?.at_risk.length, at_risk_line: 'sle' });
  });

  it('counts WIP at risk against the p85 only where there is no SLE, and says so', () => {
    const r = report();
    const overP85 = r.aging.items.filter((a) => a.risk === 'at_risk' || a.risk === 'critical');
    expect(r.aging).toMatchObject({ at_risk: overP85.length, at_risk_line: 'p85' });
  });

  it("writes each aging item's fields in the answer's order, the policies' last (no SLE: no sle_risk)", () => {
    const base = ['id', 'number', 'title', 'url', 'column', 'started_at', 'age_days', 'risk'];
    for (const a of report({ sle: { percent: 85, days: 5 } }).aging.items)
      expect(Object.keys(a)).toEqual([...base, 'sle_risk', 'blocked_days', 'blocked']);
    for (const a of report().aging.items)
      expect(Object.keys(a)).toEqual([...base, 'blocked_days', 'blocked']);
  });

  it('has no SLE when none is set and the history is too short to propose one', () => {
    expect(report().sle).toBeNull();
    expect(report().aging.items.every((a) => a.sle_risk === undefined)).toBe(true);
  });

  describe('a board field as the blocked marker (docs/metrics.md worked example)', () => {
    // i1 carries the label 3rd → 4th 12:00 (above); its Flag field is Impeded 4th → 5th 12:00 (In
    // Progress 4th → 5th, Waiting for Review 5th → 5th 12:00), and i3's from the 9th on.
    const flags: FieldValueChange[] = [
      { itemId: 'i1', field: 'Flag', value: 'Impeded', at: jan(4) },
      { itemId: 'i1', field: 'Flag', value: null, at: jan(5, 12) },
      { itemId: 'i3', field: 'Flag', value: 'impeded', at: jan(9) },
      { itemId: 'i3', field: 'Priority', value: 'Impeded', at: jan(8) },
    ];
    const withField = () => report({ blockedField: { name: 'Flag', value: 'Impeded' } }, flags);

    it('counts label and field as one: 2.5 days blocked, 3 active of 6 (0.5)', () => {
      const r = withField();
      expect(r.cycle_time.points).toMatchObject([{ id: 'i1', blocked_days: 2.5, flow_efficiency: 0.5 }]);
      expect(r.blocked).toEqual({
        label: 'blocked',
        field: { name: 'Flag', value: 'Impeded' },
        by_column: { 'In Progress': 2, 'Waiting for Review': 0.5, Review: 2 },
        blocked_now: 2,
        flow_efficiency: 0.5,
      });
    });

    it('marks an item blocked now by its field alone', () => {
      const i3 = withField().aging.items.find((a) => a.id === 'i3');
      expect(i3).toMatchObject({ blocked: true, blocked_days: 1 });
    });

    it('reads no field history while the board names no field', () => {
      const r = report({}, flags);
      expect(r.blocked?.field).toBeUndefined();
      expect(r.blocked?.blocked_now).toBe(1);
      expect(r.cycle_time.points).toMatchObject([{ id: 'i1', blocked_days: 1.5 }]);
    });
  });
});
