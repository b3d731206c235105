import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../input/board-file.ts';
import { buildBoardReport } from './board-report.ts';

// The golden board (test-data/jira-agile-metrics/README.md): jira-agile-metrics takes dates as written in
// each timestamp, whatever its offset. Rewritten at another offset with the same wall-clock times, the
// board's instants move, and only a calendar in that offset gives the oracle's dates back.
const oracle = new URL('../../test-data/jira-agile-metrics/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, oracle), 'utf8');
const rows = (name: string) =>
  read(`expected/${name}`)
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
const atOffset = (offset: string) =>
  parseBoardFile(JSON.parse(read('transitions.json').replaceAll('+00:00', offset)));

const scatter = rows('scatterplot.csv').map((r) => [r[3], r[0], Number(r[1]), Number(r[9])]);
const throughputRows = rows('throughput.csv').map(([date, count]) => [date, Number(count)]);

function ours(offset: string, timeZone: string) {
  const report = buildBoardReport(atOffset(offset), { wholeDays: true, calendar: { timeZone } });
  return {
    scatter: report.scatter.map((p) => [p.key, p.completed_date, p.cycle_time_days, p.lead_time_days]),
    throughput: report.throughput.map((r) => [r.date, r.count]),
    cfdDates: report.cfd.map((r) => r.date),
  };
}

describe('jira-agile-metrics oracle with the time zone of its timestamps', () => {
  it.each([
    ['+00:00', 'UTC'],
    ['+10:00', '+10:00'],
    ['-07:00', '-07:00'],
    ['+10:00', 'Australia/Brisbane'],
    ['+12:00', '+12:00'],
  ])('timestamps at %s, calendar in %s: the dates and whole days as written', (offset, timeZone) => {
    const report = ours(offset, timeZone);
    expect(report.scatter.sort()).toEqual([...scatter].sort());
    expect(report.throughput).toEqual(throughputRows);
    expect(report.cfdDates).toEqual(
      rows('cfd.csv')
        .slice(0, -1)
        .map((r) => r[0]),
    );
  });

  it('without the calendar, the dates differ where the local date is not the UTC date', () => {
    // 09:00–16:00 at +12:00 are 21:00–04:00 UTC: the day before, or the same day.
    const utc = ours('+12:00', 'UTC');
    expect(utc.throughput).not.toEqual(throughputRows);
    expect(utc.scatter.filter(([key, date]) => scatter.find((s) => s[0] === key)?.[1] !== date)).not.toEqual(
      [],
    );
  });
});
