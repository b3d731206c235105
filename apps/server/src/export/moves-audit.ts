import { Readable } from 'node:stream';
import { type CsvCell, csvLine, type ExportCalendar, exportHeader, zonedIso } from '@fluxion/contract';
import type { BoardItem } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { type AuditedMove, recordedMoves } from '../move-log/audit.ts';
import { MOVE_SOURCES } from '../move-log/moves.ts';

/**
 * The audit log of a board's moves (docs/api.md, "Export"): every move Fluxion recorded, in recording
 * order, with how it learnt it and when. An item is named as the viewer may see it: one they may not see
 * (a private repository's) keeps its id and moves, without number or title.
 */
export type AuditSource = {
  /** The board as the API names it (`project`). */
  project: string;
  title: string;
  /** The items as the viewer may see them, by id. */
  items: ReadonlyMap<string, BoardItem>;
  moves: AsyncIterable<AuditedMove>;
};

export function movesCsvHeader(calendar: ExportCalendar): string[] {
  const header = exportHeader(calendar);
  return [
    'Move ID',
    'Item ID',
    'Number',
    'Title',
    'From',
    'To',
    header.instant('Moved at'),
    'Source',
    header.instant('Recorded at'),
    'Estimated from',
  ];
}

function named(items: AuditSource['items'], itemId: string) {
  const item = items.get(itemId);
  return { number: item?.number ?? null, title: item?.title ?? null };
}

/** Records per chunk: the stream asks for the next chunk only when the client has read this one. */
const PER_CHUNK = 1000;

async function* inChunks<T>(values: AsyncIterable<T>, render: (value: T) => string) {
  let chunk = '';
  let count = 0;
  for await (const value of values) {
    chunk += render(value);
    if (++count < PER_CHUNK) continue;
    yield chunk;
    chunk = '';
    count = 0;
  }
  if (chunk) yield chunk;
}

export function movesCsv(source: AuditSource, calendar: ExportCalendar): Readable {
  const zone = calendar.timeZone;
  const record = (m: AuditedMove): CsvCell[] => {
    const { number, title } = named(source.items, m.itemId);
    return [
      m.id,
      m.itemId,
      number ?? '',
      title ?? '',
      m.from ?? '',
      m.to ?? '',
      zonedIso(m.at, zone),
      MOVE_SOURCES[m.source] ?? m.source,
      zonedIso(m.recordedAt, zone),
      m.basis ?? '',
    ];
  };
  async function* body() {
    yield csvLine(movesCsvHeader(calendar));
    yield* inChunks(source.moves, (m) => csvLine(record(m)));
  }
  return Readable.from(body(), { objectMode: false });
}

export function movesJson(source: AuditSource): Readable {
  const iso = (ms: number) => new Date(ms).toISOString();
  let first = true;
  const move = (m: AuditedMove) => {
    const { number, title } = named(source.items, m.itemId);
    const text = JSON.stringify({
      id: m.id,
      item_id: m.itemId,
      number,
      title,
      from: m.from,
      to: m.to,
      at: iso(m.at),
      source: MOVE_SOURCES[m.source] ?? m.source,
      recorded_at: iso(m.recordedAt),
      basis: m.basis,
    });
    const separated = first ? text : `,${text}`;
    first = false;
    return separated;
  };
  async function* body() {
    yield `{"board":${JSON.stringify({ id: source.project, title: source.title })},"moves":[`;
    yield* inChunks(source.moves, move);
    yield ']}';
  }
  return Readable.from(body(), { objectMode: false });
}

/** The audit of the board stored as `boardId`, its items named as `items` (the viewer's) name them. */
export function auditSource(
  db: Db,
  board: { boardId: string; project: string; title: string },
  items: readonly BoardItem[],
): AuditSource {
  return {
    project: board.project,
    title: board.title,
    items: new Map(items.map((item) => [item.id, item])),
    moves: recordedMoves(db, board.boardId),
  };
}
