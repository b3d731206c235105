#!/usr/bin/env -S npx tsx
/**
 * Flow metrics of a board export: `npm run flow -- board.json [--whole-days] [--pretty]` (or `-` for stdin).
 * The board is in the neutral format of packages/flow/test-data/jira-agile-metrics/transitions.json.
 */
import { readFileSync } from 'node:fs';
import { BoardFileError, parseBoardFile } from './input/board-file.ts';
import { buildBoardReport } from './reports/board-report.ts';

const USAGE = `usage: flow <board.json | -> [--whole-days] [--pretty]
  --whole-days  durations in whole calendar days (date minus date), as jira-agile-metrics counts them
  --pretty      indented JSON`;

function main(args: string[]): number {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const files = args.filter((a) => !a.startsWith('--') || a === '-');
  const unknown = [...flags].filter((f) => !['--whole-days', '--pretty', '--help'].includes(f));
  if (flags.has('--help') || files.length !== 1 || unknown.length > 0) {
    process.stderr.write(`${unknown.length ? `unknown option ${unknown.join(', ')}\n` : ''}${USAGE}\n`);
    return flags.has('--help') ? 0 : 2;
  }
  const path = files[0] as string;
  try {
    const text = readFileSync(path === '-' ? 0 : path, 'utf8');
    const report = buildBoardReport(parseBoardFile(JSON.parse(text)), {
      wholeDays: flags.has('--whole-days'),
    });
    process.stdout.write(`${JSON.stringify(report, null, flags.has('--pretty') ? 2 : undefined)}\n`);
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
