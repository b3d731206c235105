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

  it('rejects malformed boards with a clear message', () => {
    expect(() => parseBoardFile({ items: [] })).toThrow(BoardFileError);
    expect(() =>
      parseBoardFile({ columns: ['A'], items: [{ key: 'x', transitions: [{ at: 'soon' }] }] }),
    ).toThrow(/item x: invalid transition time/);
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

  it('exits 1 with a message for a missing file and 2 for bad usage', () => {
    expect(run('/nonexistent/board.json')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('ENOENT'),
    });
    expect(run()).toMatchObject({ status: 2, stderr: expect.stringContaining('usage') });
  });
});
