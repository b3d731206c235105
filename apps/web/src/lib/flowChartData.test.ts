import type { FlowResponse } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import {
  agingPoints,
  DOTS_A_SPOT,
  DOTS_ALL_UP_TO,
  DOTS_BUDGET,
  oldestAge,
  scatterSpotOf,
  thinnedDots,
  cfdBaseline,
  cfdRows,
  dayAxis,
  labelNudges,
  percentileLines,
  scatterPoints,
  windowDomain,
} from './flowChartData.ts';

describe('flow chart data', () => {
  it('turns cumulative counts into stacked bands that add up to the first column', () => {
    const rows = cfdRows({
      columns: ['Todo', 'Doing', 'Done'],
      cfd: [{ date: '2024-01-01', counts: { Todo: 10, Doing: 6, Done: 4 } }],
    });
    expect(rows).toEqual([{ date: '2024-01-01', Todo: 4, Doing: 2, Done: 4 }]);
  });

  it('never draws a negative band', () => {
    const rows = cfdRows({ columns: ['A', 'B'], cfd: [{ date: 'd', counts: { A: 1, B: 3 } }] });
    expect(rows[0]).toEqual({ date: 'd', A: 0, B: 3 });
  });

  it('keeps the known percentiles only', () => {
    expect(percentileLines({ p50: 1, p70: 2, p85: 3, p95: 4 }).map((l) => l.percentile)).toEqual([
      50, 70, 85, 95,
    ]);
    expect(percentileLines({ p50: null, p70: null, p85: null, p95: null })).toEqual([]);
  });

  it('moves a percentile label up only when it would print over the one below', () => {
    // 10 px a day: 8.1 and 8.6 days are 5 px apart, 17.5 and 26.3 far apart.
    expect(labelNudges([8.1, 8.6, 17.5, 26.3], 10, 13).map((n) => Math.round(n))).toEqual([0, -8, 0, 0]);
    // Equal percentiles (few items) stack one label height apart.
    expect(labelNudges([5, 5, 5], 10, 13)).toEqual([0, -13, -26]);
    expect(labelNudges([], 10)).toEqual([]);
  });

  it('spreads the aging dots of a column around its index', () => {
    const item = (number: number, column: string) => ({
      id: String(number),
      number,
      title: '',
      url: null,
      column,
      started_at: '',
      age_days: number,
      risk: 'watch' as const,
    });
    const points = agingPoints({
      aging: {
        columns: ['Doing', 'Review'],
        items: [item(1, 'Doing'), item(2, 'Doing'), item(3, 'Review'), item(4, 'Gone')],
        at_risk: 0,
      },
    });
    expect(points.map((p) => Math.abs(Math.round(p.x)))).toEqual([0, 0, 1]);
    expect(new Set(points.map((p) => p.x)).size).toBe(3);
    expect(points.every((p) => Math.abs(p.x - Math.round(p.x)) <= 0.3)).toBe(true);
    // Items without number may share a title (a private item, drafts): the id tells them apart.
    expect(new Set(points.map((p) => p.id)).size).toBe(3);
  });

  describe('on a board with many items in progress', () => {
    const item = (id: number, column: string, age: number) => ({
      id: `I${id}`,
      number: id,
      title: '',
      url: null,
      column,
      started_at: '',
      age_days: age,
      risk: 'critical' as const,
    });
    // Oldest first, as the answer lists them; ages 0–299.9 days, many per day in each column.
    const items = Array.from({ length: 3_000 }, (_, i) =>
      item(i, i % 3 === 0 ? 'Review' : 'Doing', 300 - i / 10),
    )
      .concat([item(9_999, 'Gone', 1)])
      .sort((a, b) => b.age_days - a.age_days);
    const aging = { columns: ['Doing', 'Review'], items, at_risk: 0 };
    const spotDays = 5;

    it('keeps at most four dots a spot, and every item in a WIP column stands behind exactly one dot', () => {
      const points = agingPoints({ aging }, spotDays);
      // Two columns of 61 spots (ages 0–300 in spots of 5 days), four dots each at most.
      expect(points.length).toBeLessThanOrEqual(2 * 61 * DOTS_A_SPOT);
      const bySpot = new Map<string, typeof points>();
      for (const p of points) {
        const spot = `${p.column}:${Math.floor(p.y / spotDays)}`;
        bySpot.set(spot, [...(bySpot.get(spot) ?? []), p]);
      }
      for (const dots of bySpot.values()) {
        expect(dots.length).toBeLessThanOrEqual(DOTS_A_SPOT);
        // Only a spot's last dot counts the others.
        expect(dots.slice(0, -1).every((p) => p.more === undefined)).toBe(true);
      }
      const stoodFor = points.reduce((sum, p) => sum + 1 + (p.more ?? 0), 0);
      expect(stoodFor).toBe(items.filter((i) => i.column !== 'Gone').length);
      // The oldest item of each column has a dot of its own.
      expect(points.find((p) => p.column === 'Doing')?.id).toBe(items.find((i) => i.column === 'Doing')?.id);
      expect(points.find((p) => p.column === 'Review')?.id).toBe(
        items.find((i) => i.column === 'Review')?.id,
      );
      expect(oldestAge({ aging })).toBe(300);
    });

    it('draws every item up to the limit, however crowded, and without the spot size', () => {
      const few = { ...aging, items: items.slice(0, DOTS_ALL_UP_TO) };
      expect(agingPoints({ aging: few }, spotDays).filter((p) => p.more !== undefined)).toEqual([]);
      expect(agingPoints({ aging: few }, spotDays)).toHaveLength(
        few.items.filter((i) => i.column !== 'Gone').length,
      );
      expect(agingPoints({ aging })).toHaveLength(3_000);
    });
  });

  it('thins a crowded scatter to about the budget, one dot a spot where spots are many', () => {
    const window = { days: 365, start: '2024-01-01', end: '2024-12-30' };
    const from = Date.UTC(2024, 0, 1);
    // 20,000 completions over the year, cycle times 0–99.9 days: 40 × 100 spots of a day up.
    const points: { x: number; y: number; more?: number }[] = Array.from({ length: 20_000 }, (_, i) => ({
      x: from + (i % 365) * 86_400_000 + 3_600_000,
      y: (i % 1_000) / 10,
    }));
    const spotOf = scatterSpotOf(window, 1);
    const drawn = thinnedDots(points, spotOf);
    const spread = thinnedDots(points, spotOf, true);
    const spots = new Set(points.map(spotOf));
    expect(spots.size).toBeGreaterThan(DOTS_BUDGET);
    expect(drawn).toHaveLength(spots.size);
    expect(drawn.reduce((sum, p) => sum + 1 + (p.more ?? 0), 0)).toBe(points.length);
    // The first point of a spot keeps its dot, counting the others there.
    const first = points[0] as (typeof points)[number];
    const sharing = points.filter((p) => spotOf(p) === spotOf(first)).length;
    expect(sharing).toBeGreaterThan(1);
    expect(drawn[0]).toEqual({ ...first, more: sharing - 1 });
    // Spread: a spot's dot is not always its first point (no stripe down each spot's left edge).
    expect(spread).toHaveLength(spots.size);
    expect(spread.reduce((sum, p) => sum + 1 + (p.more ?? 0), 0)).toBe(points.length);
    const firstOfSpot = new Map<string, (typeof points)[number]>();
    for (const p of points) if (!firstOfSpot.has(spotOf(p))) firstOfSpot.set(spotOf(p), p);
    const notFirst = spread.filter((p) => p.x !== firstOfSpot.get(spotOf(p))?.x).length;
    expect(notFirst).toBeGreaterThan(spread.length / 2);
    expect(thinnedDots(points, spotOf, true)).toEqual(spread);
  });

  it('marks a reconstructed item estimated (its dot is drawn hollow), and only that one', () => {
    const item = (id: string, estimated?: true) => ({
      id,
      number: 1,
      title: id,
      url: null,
      column: 'Doing',
      started_at: '',
      age_days: 3,
      risk: 'watch' as const,
      ...(estimated ? { estimated } : {}),
    });
    const points = agingPoints({
      aging: { columns: ['Doing'], items: [item('A', true), item('B')], at_risk: 0 },
    });
    expect(points.map((p) => [p.id, p.estimated])).toEqual([
      ['A', true],
      ['B', undefined],
    ]);
  });

  it('spans the whole window on the time axis', () => {
    expect(windowDomain({ days: 2, start: '2024-01-01', end: '2024-01-02' })).toEqual([
      Date.UTC(2024, 0, 1),
      Date.UTC(2024, 0, 3),
    ]);
  });
});

describe('cumulative flow baseline', () => {
  const cfd = (done: number[]) =>
    done.map((d, i) => ({ date: String(i), counts: { Todo: d + 20, Done: d } }));
  it('starts the axis just under the fewest done items, on a round number', () => {
    expect(cfdBaseline({ columns: ['Todo', 'Done'], cfd: cfd([117, 160]) })).toBe(100);
    expect(cfdBaseline({ columns: ['Todo', 'Done'], cfd: cfd([45, 60]) })).toBe(40);
    expect(cfdBaseline({ columns: ['Todo', 'Done'], cfd: cfd([5, 9]) })).toBe(0);
    expect(cfdBaseline({ columns: ['Todo', 'Done'], cfd: [] })).toBe(0);
  });
});

describe('scatterPoints', () => {
  const completion = (completed_at: string, date: string) =>
    ({
      cycle_time: {
        points: [{ number: 7, title: 'Late one', completed_at, date, cycle_time_days: 2 }],
      },
    }) as unknown as Pick<FlowResponse, 'cycle_time'>;

  it("places a completion on the board's local day, the day the window and the axis count", () => {
    // 20:00 UTC on 1 November is already 10:00 on the 2nd at Kiritimati (UTC+14).
    const data = completion('2026-11-01T20:00:00Z', '2026-11-02');
    const [local] = scatterPoints(data, 'Pacific/Kiritimati');
    expect(new Date(local?.x ?? 0).toISOString()).toBe('2026-11-02T10:00:00.000Z');
    const [utc] = scatterPoints(data);
    expect(new Date(utc?.x ?? 0).toISOString()).toBe('2026-11-01T20:00:00.000Z');
  });
});

describe('dayAxis', () => {
  it('ends on a round tick, in at most six steps', () => {
    expect(dayAxis(63.4)).toEqual({ top: 80, ticks: [0, 20, 40, 60, 80] });
    expect(dayAxis(19)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(dayAxis(33.6)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(dayAxis(10)).toEqual({ top: 10, ticks: [0, 2, 4, 6, 8, 10] });
    expect(dayAxis(0.4)).toEqual({ top: 1, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(dayAxis(400).ticks.length).toBeLessThanOrEqual(7);
  });
});
