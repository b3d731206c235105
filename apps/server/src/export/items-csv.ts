import { Readable } from 'node:stream';
import { ageInDays, type BoardItem } from '@fluxion/flow';
import { stringify } from 'csv-stringify';

/** The header names each figure's unit and the time zone of every date (docs/api.md, "Export"). */
export function itemsCsvHeader(timeZone: string): string[] {
  return [
    'Item ID',
    'Number',
    'Title',
    'URL',
    'Column',
    `Entered column at (${timeZone}, ISO 8601)`,
    'Days in column (days)',
    'Milestone',
    'Labels (; separated)',
  ];
}

/** One CSV record per item, in the board store's order, made as the stream asks for them. */
export function* itemRecords(items: readonly BoardItem[], now: number): Generator<unknown[]> {
  for (const item of items) {
    const entered = item.enteredColumnAt;
    yield [
      item.id,
      item.number ?? '',
      item.title,
      item.url ?? '',
      item.column ?? '',
      entered === null ? '' : new Date(entered).toISOString(),
      ageInDays(item, now),
      item.milestone ?? '',
      item.labels.join('; '),
    ];
  }
}

/**
 * CSV text as a stream: records are turned into text as the client reads, so a 100,000-item board never
 * sits in memory as one file. Cells that a spreadsheet would run as a formula (=, +, -, @) are quoted
 * with a leading apostrophe: an issue title is not a formula.
 */
export function csvStream(header: string[], records: Iterable<unknown[]>): Readable {
  const source = Readable.from(records, { objectMode: true });
  const csv = stringify({ header: true, columns: header, escape_formulas: true, eof: true });
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
