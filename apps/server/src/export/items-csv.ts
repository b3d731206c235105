import { Readable } from 'node:stream';
import { ageInDays, type BoardItem } from '@fluxion/flow';
import { type CsvCell, csvLine } from './csv-line.ts';

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
export function* itemRecords(items: readonly BoardItem[], now: number): Generator<CsvCell[]> {
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

/** Records per chunk: big enough that per-chunk costs vanish, small enough to keep memory flat. */
const RECORDS_PER_CHUNK = 1000;

/**
 * CSV text as a stream of chunks of a thousand records, made as the client reads: a 100,000-item board
 * never sits in memory as one file.
 */
export function csvStream(header: string[], records: Iterable<CsvCell[]>): Readable {
  return Readable.from(csvChunks(header, records), { objectMode: false });
}

function* csvChunks(header: string[], records: Iterable<CsvCell[]>): Generator<string> {
  yield csvLine(header);
  let chunk = '';
  let count = 0;
  for (const record of records) {
    chunk += csvLine(record);
    if (++count < RECORDS_PER_CHUNK) continue;
    yield chunk;
    chunk = '';
    count = 0;
  }
  if (chunk) yield chunk;
}
