#!/usr/bin/env -S npx tsx
/**
 * Flow metrics of a board export: `npm run flow -- board.json [--whole-days] [--pretty] [--stats]` (or `-`
 * for stdin).
 * The board is in the neutral format of packages/flow/test-data/jira-agile-metrics/transitions.json.
 */
import { readFileSync } from 'node:fs';
import { BoardFileError, parseBoardFile } from './input/board-file.ts';
import { buildBoardReport } from './reports/board-report.ts';

const USAGE = `usage: flow <board.json | -> [--whole-days] [--pretty] [--stats]
  --whole-days  durations in whole calendar days (date minus date), as jira-agile-metrics counts them
  --pretty      indented JSON
  --stats       times of parse, engine and output, and peak memory, on stderr`;
const OPTIONS = ['--whole-days', '--pretty', '--stats', '--help'];

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

function main(args: string[]): number {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const files = args.filter((a) => !a.startsWith('--') || a === '-');
  const unknown = [...flags].filter((f) => !OPTIONS.includes(f));
  if (flags.has('--help') || files.length !== 1 || unknown.length > 0) {
    process.stderr.write(`${unknown.length ? `unknown option ${unknown.join(', ')}\n` : ''}${USAGE}\n`);
    return flags.has('--help') ? 0 : 2;
  }
  const path = files[0] as string;
  try {
    const times: Record<string, number> = {};
    const board = timed(times, 'parse', () =>
      parseBoardFile(JSON.parse(readFileSync(path === '-' ? 0 : path, 'utf8'))),
    );
    const report = timed(times, 'engine', () =>
      buildBoardReport(board, { wholeDays: flags.has('--whole-days') }),
    );
    timed(times, 'output', () =>
      process.stdout.write(`${JSON.stringify(report, null, flags.has('--pretty') ? 2 : undefined)}\n`),
    );
    if (flags.has('--stats')) process.stderr.write(statsLine(times));
    return 0;
  } catch (error) {
    const known = error instanceof BoardFileError || error instanceof SyntaxError;
    const code = (error as NodeJS.ErrnoException).code;
    if (!known && code !== 'ENOENT' && code !== 'EISDIR') throw error;
    process.stderr.write(`flow: ${path}: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
