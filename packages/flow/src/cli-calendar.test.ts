import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseHolidayLines, parseWeekends } from './input/calendar-options.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const run = (input: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, '-', ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
  });

// Friday 9 January 2026 17:00 UTC (18:00 in Paris) → Monday 12 January 09:00 UTC.
const board = JSON.stringify({
  columns: ['Doing', 'Done'],
  items: [
    {
      key: 'A',
      transitions: [
        { at: '2026-01-09T17:00:00Z', from: null, to: 'Doing' },
        { at: '2026-01-12T09:00:00Z', from: 'Doing', to: 'Done' },
      ],
    },
  ],
});
const leadOf = (stdout: string) => JSON.parse(stdout).items[0].lead_time_days;

describe('cli calendar options', () => {
  it('--weekends counts working time: Friday 17:00 → Monday 09:00 is 16 hours, not 2.67 days', () => {
    expect(leadOf(run(board).stdout)).toBe(2.6667);
    expect(leadOf(run(board, '--weekends', 'sat,sun').stdout)).toBe(0.6667);
  });

  it('--tz moves day boundaries and --holidays takes a file of one date a line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-holidays-'));
    const holidays = join(dir, 'holidays.txt');
    writeFileSync(holidays, '# New year\n2026-01-12\n\n');
    const out = run(board, '--tz', 'Europe/Paris', '--weekends', 'sat,sun', '--holidays', holidays);
    expect(out.status).toBe(0);
    // Friday 18:00–24:00 in Paris; Monday is a holiday.
    expect(leadOf(out.stdout)).toBe(0.25);
    expect(JSON.parse(out.stdout).throughput).toEqual([{ date: '2026-01-12', count: 1 }]);
  });

  it('refuses an unknown zone, day or date with exit 1 and a message', () => {
    expect(run(board, '--tz', 'Mars/Base')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('Mars/Base'),
    });
    expect(run(board, '--weekends', 'caturday')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('caturday'),
    });
    expect(run(board, '--tz')).toMatchObject({ status: 2, stderr: expect.stringContaining('usage') });
  });

  it('parses day names, numbers and holiday lines', () => {
    expect(parseWeekends('Fri, saturday')).toEqual([5, 6]);
    expect(parseWeekends('0,6')).toEqual([0, 6]);
    expect(parseWeekends('')).toEqual([]);
    expect(parseHolidayLines('2026-12-25\r\n  2026-12-26 # boxing day\n')).toEqual([
      '2026-12-25',
      '2026-12-26',
    ]);
  });
});
