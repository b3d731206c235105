#!/usr/bin/env -S npx tsx
/**
 * Flow metrics of a board export: `npm run flow -- board.json [--whole-days] [--pretty] [--stats]
 * [--tz ZONE] [--weekends DAYS] [--holidays FILE]` (or `-` for stdin).
 * The board is in the neutral format of packages/flow/test-data/jira-agile-metrics/transitions.json.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BoardFileError, parseBoardFile } from './input/board-file.ts';
import { parseHolidayLines, parseWeekends } from './input/calendar-options.ts';
import { buildBoardReport } from './reports/board-report.ts';
import { CalendarError, type CalendarSettings } from './core/calendar.ts';
import { TimeZoneError } from './core/time-zone.ts';

const USAGE = `usage: flow <board.json | -> [--whole-days] [--pretty] [--stats] [--tz ZONE] [--weekends DAYS] [--holidays FILE]
  --whole-days  durations in whole calendar days (date minus date), as jira-agile-metrics counts them
  --pretty      indented JSON
  --stats       times of parse, engine and output, and peak memory, on stderr
  --tz          the team's time zone: an IANA name (Europe/Paris), UTC (default) or an offset (+05:30)
  --weekends    days not worked, e.g. sat,sun or fri,sat (default none)
  --holidays    a file of dates not worked, one YYYY-MM-DD a line
  With --weekends or --holidays, durations count working time only (docs/metrics.md, "Calendar").`;
const OPTIONS = {
  'whole-days': { type: 'boolean' },
  pretty: { type: 'boolean' },
  stats: { type: 'boolean' },
  help: { type: 'boolean' },
  tz: { type: 'string' },
  weekends: { type: 'string' },
  holidays: { type: 'string' },
} as const;

/** Runs `step`, adding its wall time in ms to `times[name]`. */
function timed<T>(times: Record<string, number>, name: string, step: () => T): T {
  const start = performance.now();
  const result = step();
  times[name] = performance.now() - start;
  return result;
}

function statsLine(times: Record<string, number>): string {
  const ms = (name: string) => `${name} ${(times[name] as number).toFixed(1)} ms`;
  const peak = (process.resourceUsage().maxRSS / 1024).toFixed(0);
  return `flow: ${['parse', 'engine', 'output'].map(ms).join(', ')}, peak memory ${peak} MB\n`;
}

/** --tz, --weekends and --holidays (a file of one date a line) as calendar settings. */
function calendarFromOptions(values: {
  tz?: string;
  weekends?: string;
  holidays?: string;
}): CalendarSettings {
  return {
    timeZone: values.tz ?? 'UTC',
    weekends: values.weekends === undefined ? [] : parseWeekends(values.weekends),
    holidays: values.holidays === undefined ? [] : parseHolidayLines(readFileSync(values.holidays, 'utf8')),
  };
}

function parse(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return null;
  }
}

function main(args: string[]): number {
  const parsed = parse(args);
  if (!parsed) return 2;
  const { values, positionals: files } = parsed;
  if (values.help || files.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const path = files[0] as string;
  try {
    const times: Record<string, number> = {};
    const calendar = calendarFromOptions(values);
    const board = timed(times, 'parse', () =>
      parseBoardFile(JSON.parse(readFileSync(path === '-' ? 0 : path, 'utf8'))),
    );
    const report = timed(times, 'engine', () =>
      buildBoardReport(board, { wholeDays: values['whole-days'] ?? false, calendar }),
    );
    timed(times, 'output', () =>
      process.stdout.write(`${JSON.stringify(report, null, values.pretty ? 2 : undefined)}\n`),
    );
    if (values.stats) process.stderr.write(statsLine(times));
    return 0;
  } catch (error) {
    const known = [BoardFileError, SyntaxError, CalendarError, TimeZoneError].some((k) => error instanceof k);
    const code = (error as NodeJS.ErrnoException).code;
    if (!known && code !== 'ENOENT' && code !== 'EISDIR') throw error;
    const calendar = error instanceof CalendarError || error instanceof TimeZoneError;
    process.stderr.write(`flow: ${calendar ? '' : `${path}: `}${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
