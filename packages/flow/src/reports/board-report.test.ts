import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BoardFileError, parseBoardFile } from '../input/board-file.ts';
import { buildBoardReport } from './board-report.ts';

const oraclePath = fileURLToPath(
  new URL('../../test-data/jira-agile-metrics/transitions.json', import.meta.url),
);
const board = parseBoardFile(JSON.parse(readFileSync(oraclePath, 'utf8')));
const csv = (name: string) =>
  readFileSync(new URL(`../../test-data/jira-agile-metrics/expected/${name}`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','));

describe('buildBoardReport (the CLI output)', () => {
  it('whole-day durations reproduce the oracle percentiles (15, 18, 19.05 days)', () => {
    const report = buildBoardReport(board, { wholeDays: true });
    expect(report.cycle_time_percentiles).toMatchObject({ '0.5': 15, '0.85': 18, '0.95': 19.05 });
    expect(report.items.find((i) => i.key === 'I-2')).toMatchObject({
      lead_time_days: 22,
      cycle_time_days: 18,
    });
  });

  it('exact durations by default; every item listed, those without history all null', () => {
    const report = buildBoardReport(board);
    expect(report.items).toHaveLength(20);
    expect(report.items.find((i) => i.key === 'I-2')).toEqual({
      key: 'I-2',
      entered: {
        Backlog: '2021-01-03T09:00:00.000Z',
        Committed: '2021-01-07T10:00:00.000Z',
        Build: '2021-01-12T10:00:00.000Z',
        Test: '2021-01-18T10:00:00.000Z',
        Done: '2021-01-25T11:00:00.000Z',
      },
      lead_time_days: 22.0833,
      cycle_time_days: 18.0417,
    });
    expect(report.items.find((i) => i.key === 'I-18')).toMatchObject({
      lead_time_days: null,
      cycle_time_days: null,
    });
    expect(report.items.find((i) => i.key === 'I-16')?.entered.Test).toBeNull();
    expect(report.cfd.at(-1)).toEqual({
      date: '2021-04-02',
      counts: { Backlog: 18, Committed: 18, Build: 16, Test: 15, Done: 14 },
    });
    expect(report.throughput.reduce((n, r) => n + r.count, 0)).toBe(14);
  });

  it('whole-day scatter and histogram equal the oracle (scatterplot.csv, histogram.csv)', () => {
    const report = buildBoardReport(board, { wholeDays: true });
    const [header, ...rows] = csv('scatterplot.csv');
    const col = (name: string) => (header as string[]).indexOf(name);
    const expected = rows.map((r) => ({
      key: r[col('key')],
      completed_date: r[col('completed_date')],
      lead_time_days: Number(r[col('lead_time')]),
      cycle_time_days: Number(r[col('cycle_time')]),
    }));
    const byKey = (a: { key?: string }, b: { key?: string }) => String(a.key).localeCompare(String(b.key));
    expect([...report.scatter].sort(byKey)).toEqual(expected.sort(byKey));
    expect(report.cycle_time_histogram.map((b) => [`${b.from_days}.0 to ${b.to_days}.0`, b.count])).toEqual(
      csv('histogram.csv')
        .slice(1)
        .map(([range, count]) => [range, Number(count)]),
    );
  });

  it('differs on purpose: a timestamp counts on its UTC date, not the date as written', () => {
    const zoned = parseBoardFile({
      columns: ['Backlog', 'Done'],
      items: [
        {
          key: 'Z-1',
          transitions: [
            { at: '2021-01-04T09:00:00-05:00', from: null, to: 'Backlog' },
            { at: '2021-01-05T23:30:00-05:00', from: 'Backlog', to: 'Done' },
          ],
        },
      ],
    });
    const report = buildBoardReport(zoned, { wholeDays: true });
    // jira-agile-metrics would say the 5th and 1 day.
    expect(report.throughput).toEqual([{ date: '2021-01-06', count: 1 }]);
    expect(report.items[0]).toMatchObject({
      entered: { Done: '2021-01-06T04:30:00.000Z' },
      lead_time_days: 2,
    });
  });

  it('rejects malformed boards with a clear message', () => {
    expect(() => parseBoardFile({ items: [] })).toThrow(BoardFileError);
    expect(() =>
      parseBoardFile({ columns: ['A'], items: [{ key: 'x', transitions: [{ at: 'soon' }] }] }),
    ).toThrow(/item x: invalid transition time/);
    expect(() =>
      parseBoardFile({ columns: ['A'], items: [{ key: 'y', transitions: [{ at: '2024-01-01', to: 7 }] }] }),
    ).toThrow(/item y: a column name must be a string, not 7/);
  });
});

describe('cli', () => {
  const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    });

  it('prints the report as JSON', () => {
    const out = run(oraclePath, '--whole-days');
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(
      JSON.parse(JSON.stringify(buildBoardReport(board, { wholeDays: true }))),
    );
  });

  it('--stats prints parse, engine and output times and peak memory to stderr, the report unchanged', () => {
    const out = run(oraclePath, '--stats');
    expect(out.status).toBe(0);
    expect(out.stderr).toMatch(
      /^flow: parse \d+\.\d ms, engine \d+\.\d ms, output \d+\.\d ms, peak memory \d+ MB\n$/,
    );
    expect(JSON.parse(out.stdout)).toEqual(JSON.parse(JSON.stringify(buildBoardReport(board))));
  });

  it('exits 1 with a message for a missing file and 2 for bad usage', () => {
    expect(run('/nonexistent/board.json')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('ENOENT'),
    });
    expect(run()).toMatchObject({ status: 2, stderr: expect.stringContaining('usage') });
  });
});
