import type { CodedRows } from '@fluxion/flow';

/**
 * A segment's bytes: a header, the dictionary entries it adds (JSON), then the rows column by column.
 *
 *   0  u32 magic "FXS1"     4  u32 rows          8  u32 itemStart     12 u32 nameStart
 *   16 u32 dictionary bytes 20 u32 (zero)        24 dictionary JSON {"items":[…],"names":[…]}, padded to 8
 *   then at: f64 × rows, item: i32 × rows, from: i32 × rows, to: i32 × rows
 *
 * Typed arrays are in the machine's byte order; the header's magic tells a reader of the other order.
 */
const MAGIC = 0x31535846; // "FXS1" read as a little-endian u32
const HEADER = 24;

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

export class SegmentFormatError extends Error {}

export function encodeSegment(rows: CodedRows): Buffer {
  const dictionary = Buffer.from(JSON.stringify({ items: rows.newItemIds, names: rows.newNames }), 'utf8');
  const n = rows.count;
  const columnsAt = HEADER + pad8(dictionary.length);
  const bytes = new Uint8Array(columnsAt + n * 8 + n * 4 * 3);
  const header = new Uint32Array(bytes.buffer, 0, HEADER / 4);
  header.set([MAGIC, n, rows.itemStart, rows.nameStart, dictionary.length, 0]);
  bytes.set(dictionary, HEADER);
  new Float64Array(bytes.buffer, columnsAt, n).set(rows.at.subarray(0, n));
  let offset = columnsAt + n * 8;
  for (const codes of [rows.item, rows.from, rows.to]) {
    new Int32Array(bytes.buffer, offset, n).set(codes.subarray(0, n));
    offset += n * 4;
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The rows of a segment; throws SegmentFormatError for bytes that are not one (truncated, foreign). */
export function decodeSegment(payload: Uint8Array): CodedRows {
  if (payload.byteLength < HEADER) throw new SegmentFormatError('segment shorter than its header');
  // One aligned copy: a driver's buffer may start at any offset, and typed arrays need alignment.
  const bytes = new Uint8Array(payload);
  const [magic, n = 0, itemStart = 0, nameStart = 0, dictionaryLength = 0] = new Uint32Array(
    bytes.buffer,
    0,
    HEADER / 4,
  );
  if (magic !== MAGIC) throw new SegmentFormatError('not a segment (or another byte order)');
  const columnsAt = HEADER + pad8(dictionaryLength);
  if (bytes.byteLength !== columnsAt + n * 20)
    throw new SegmentFormatError('segment length does not match its header');
  const { items, names } = parseDictionary(bytes.subarray(HEADER, HEADER + dictionaryLength));
  let offset = columnsAt + n * 8;
  const codes = () => {
    const array = new Int32Array(bytes.buffer, offset, n);
    offset += n * 4;
    return array;
  };
  const at = new Float64Array(bytes.buffer, columnsAt, n);
  return {
    count: n,
    at,
    item: codes(),
    from: codes(),
    to: codes(),
    itemStart,
    newItemIds: items,
    nameStart,
    newNames: names,
  };
}

function parseDictionary(bytes: Uint8Array): { items: string[]; names: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    throw new SegmentFormatError('segment dictionary is not JSON');
  }
  const { items, names } = (parsed ?? {}) as { items?: unknown; names?: unknown };
  if (!isStringList(items) || !isStringList(names)) {
    throw new SegmentFormatError('segment dictionary is not two lists of strings');
  }
  return { items, names };
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
