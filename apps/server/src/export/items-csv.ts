import { Readable } from 'node:stream';
import { type CsvCell, csvLine, type ExportCalendar, exportHeader, zonedIso } from '@fluxion/contract';
import { ageInDays, type BoardItem, type Calendar } from '@fluxion/flow';

/**
 * The header names each figure's unit, the board's time zone of every instant, and working days when
 * its calendar has days off (docs/api.md, "Export").
 */
export function itemsCsvHeader(calendar: ExportCalendar, breakdownField: string | null = null): string[] {
  const header = exportHeader(calendar);
  const field = breakdownField === null ? [] : [`Field: ${breakdownField}`];
  return [
    'Item ID',
    'Number',
    'Title',
    'URL',
    'Column',
    header.instant('Entered column at'),
    header.days('Days in column'),
    'Milestone',
    'Labels (; separated)',
    header.instant('History known from'),
    'Estimated history',
    'Estimated from (; separated)',
    ...field,
  ];
}

/** What the file says of each item's history: where GitHub's record starts, and what was estimated. */
export type ItemsHistory = {
  knownFrom: ReadonlyMap<string, number>;
  /** Items whose figures count estimated steps, and what those rest on (empty when left out). */
  estimated: ReadonlyMap<string, readonly string[]>;
  /** Each item's value now of the board's breakdown field, when it has one (a last column, "Field: …"). */
  fieldValues?: ReadonlyMap<string, string | null>;
};

const WHOLE: ItemsHistory = { knownFrom: new Map(), estimated: new Map() };

/**
 * One CSV record per item, in the board store's order, made as the stream asks for them. Ages are the
 * Issues page's: the engine's `ageInDays`, in working time when the calendar has days off. "History
 * known from": the instant before which GitHub lost the item's moves (docs/metrics.md §16), empty when
 * its history is whole, so the pages' count of items without a known start can be made from the file.
 * "Estimated history": `yes` when the analyses count reconstructed steps of the item (docs/metrics.md,
 * "Reconstructed histories"), with their bases (added, assigned, pr_opened, labeled, closed, pr_merged, reopened).
 */
export function* itemRecords(
  items: readonly BoardItem[],
  now: number,
  calendar: Calendar,
  history: ItemsHistory = WHOLE,
): Generator<CsvCell[]> {
  for (const item of items) {
    const entered = item.enteredColumnAt;
    yield [
      item.id,
      item.number ?? '',
      item.title,
      item.url ?? '',
      item.column ?? '',
      entered === null ? '' : zonedIso(entered, calendar.name),
      ageInDays(item, now, calendar),
      item.milestone ?? '',
      item.labels.join('; '),
      zonedOrEmpty(history.knownFrom.get(item.id), calendar.name),
      history.estimated.has(item.id) ? 'yes' : '',
      history.estimated.get(item.id)?.join('; ') ?? '',
      ...(history.fieldValues ? [history.fieldValues.get(item.id) ?? ''] : []),
    ];
  }
}

const zonedOrEmpty = (at: number | undefined, zone: string) => (at === undefined ? '' : zonedIso(at, zone));

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
