import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../input/board-file.ts';
import { cumulativeFlow, cycleTimePercentiles, throughput } from '../metrics/charts.ts';
import { computeItemTimelines, type ItemTimeline } from '../timeline/item-timelines.ts';
import { DAY_MS, dayNumber, isoDay } from '../core/numbers.ts';

// Golden files copied into the repo (source and licence: test-data/jira-agile-metrics/README.md).
const oracle = new URL('../../test-data/jira-agile-metrics/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, oracle), 'utf8');
const csv = (name: string) =>
  read(`expected/${name}`)
    .trim()
    .split('\n')
    .map((line) => line.split(','));

const board = parseBoardFile(JSON.parse(read('transitions.json')));
const timelines = computeItemTimelines(board);
const byKey = new Map(timelines.map((t) => [t.itemId, t]));
const columns = board.columns;

/** Whole calendar days between two instants, as jira-agile-metrics counts them (date minus date). */
const wholeDays = (from: number, to: number) => dayNumber(to) - dayNumber(from);
const wholeLead = (t: ItemTimeline) => wholeDays(t.firstEntryAt as number, t.completedAt as number);
const wholeCycle = (t: ItemTimeline) => wholeDays(t.entered.Committed as number, t.completedAt as number);
const completed = timelines.filter((t) => t.completedAt !== null);

describe('jira-agile-metrics oracle', () => {
  it('has the same per-item column entry dates (cycletime.csv)', () => {
    const [header, ...rows] = csv('cycletime.csv');
    const stageColumns = columns.map((name) => (header as string[]).indexOf(name));
    for (const row of rows) {
      const key = row[0] as string;
      const ours = columns.map((name) => {
        const at = byKey.get(key)?.entered[name];
        return at == null ? '' : isoDay(dayNumber(at));
      });
      expect(ours, key).toEqual(stageColumns.map((i) => row[i]));
    }
  });

  it('items without history (I-18, I-19) get no dates at all', () => {
    expect(byKey.has('I-18')).toBe(false);
    expect(board.keys).toContain('I-18');
  });

  it('has the same cycle and lead times in whole days (scatterplot.csv)', () => {
    const [header, ...rows] = csv('scatterplot.csv');
    const col = (name: string) => (header as string[]).indexOf(name);
    expect(completed.map((t) => t.itemId).sort()).toEqual(rows.map((r) => r[col('key')]).sort());
    for (const row of rows) {
      const t = byKey.get(row[col('key')] as string) as ItemTimeline;
      expect(wholeCycle(t), t.itemId).toBe(Number(row[col('cycle_time')]));
      expect(wholeLead(t), t.itemId).toBe(Number(row[col('lead_time')]));
    }
  });

  it('differs on purpose: we measure exact elapsed time, the oracle whole dates', () => {
    const i2 = byKey.get('I-2') as ItemTimeline;
    // Committed 2021-01-07T10:00 → Done 2021-01-25T11:00 is 18 days and 1 hour; the oracle says 18.
    expect((i2.cycleTimeMs as number) / DAY_MS).toBeCloseTo(18 + 1 / 24, 10);
    expect(wholeCycle(i2)).toBe(18);
    for (const t of completed) {
      const gap = (t.cycleTimeMs as number) / DAY_MS - wholeCycle(t);
      expect(Math.abs(gap), t.itemId).toBeLessThan(1);
    }
  });

  it('has the same cycle-time percentiles on whole days (percentiles.csv)', () => {
    const ours = cycleTimePercentiles(
      completed.map((t) => wholeCycle(t) * DAY_MS),
      [0.5, 0.85, 0.95],
    );
    const expected = csv('percentiles.csv')
      .slice(1)
      .map(([q, text]) => {
        const [, d, h, m] = /^(\d+) days (\d+):(\d+)/.exec(text as string) ?? [];
        return [q, Number(d) + Number(h) / 24 + Number(m) / 1440] as const;
      });
    for (const [q, days] of expected) expect(ours[q as string] as number).toBeCloseTo(days, 9);
    // On exact times the percentiles move by the hours the oracle drops (0.85: 18 days → 18.04).
    const exact = cycleTimePercentiles(
      completed.map((t) => t.cycleTimeMs as number),
      [0.85],
    );
    expect(exact['0.85'] as number).toBeGreaterThan(18);
    expect(exact['0.85'] as number).toBeLessThan(19);
  });

  it('has the same daily CFD counts (cfd.csv)', () => {
    const [header, ...rows] = csv('cfd.csv');
    const names = (header as string[]).slice(1);
    const first = Date.parse(`${rows[0]?.[0]}T00:00:00Z`) / DAY_MS;
    const last = Date.parse(`${rows.at(-1)?.[0]}T00:00:00Z`) / DAY_MS;
    const ours = cumulativeFlow(timelines, columns, { first, last });
    expect(ours.map((r) => [r.date, ...names.map((n) => r.counts[n])])).toEqual(
      rows.map(([date, ...counts]) => [date, ...counts.map(Number)]),
    );
  });

  it('differs on purpose: our CFD ends on the last entry day, the oracle repeats it one more day', () => {
    const rows = csv('cfd.csv').slice(1);
    const ours = cumulativeFlow(timelines, columns);
    expect(ours.at(-1)?.date).toBe(rows.at(-2)?.[0]);
    expect(ours).toHaveLength(rows.length - 1);
    expect(rows.at(-1)?.slice(1)).toEqual(rows.at(-2)?.slice(1));
  });

  it('has the same daily throughput (throughput.csv)', () => {
    const rows = csv('throughput.csv').slice(1);
    expect(throughput(timelines).map((r) => [r.date, r.count])).toEqual(rows.map(([d, c]) => [d, Number(c)]));
  });
});
