/**
 * The numbers and codes of a snapshot's items as one binary part (`ItemCodes`), so that a read makes
 * neither a JSON number nor a check per value: typed arrays, little-endian,
 *
 *   0 u8 version (1)   1 u8 flags (1: assignees)   2 u16 zero   4 u32 items (n)
 *   8 entered: f64 × n (NaN: none), then number, column, milestone, labels[, assignees]: i32 × n
 *
 * Numbers are int32 (`NO_NUMBER`: none); the other i32 columns are codes into a list kept as JSON
 * beside them (-1: none, but for labels). Stored in a text column as base64 (item-snapshots.ts).
 */
export type ItemCodes = {
  entered: Float64Array;
  number: Int32Array;
  column: Int32Array;
  milestone: Int32Array;
  labels: Int32Array;
  assignees: Int32Array | null;
};

const VERSION = 1;
const WITH_ASSIGNEES = 1;
const HEADER = 8;
export const NO_NUMBER = -0x8000_0000;

/** Typed arrays are read in the machine's order: a big-endian one writes and reads JSON columns only. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const byteLength = (n: number, assignees: boolean) => HEADER + n * (8 + 4 * (assignees ? 5 : 4));

/** Empty columns for `n` items, in one buffer laid out as it is stored. */
export function itemCodes(n: number, assignees: boolean): { codes: ItemCodes; bytes: Uint8Array } {
  const buffer = new ArrayBuffer(byteLength(n, assignees));
  const bytes = new Uint8Array(buffer);
  bytes[0] = VERSION;
  bytes[1] = assignees ? WITH_ASSIGNEES : 0;
  new DataView(buffer).setUint32(4, n, true);
  return { codes: viewsOf(buffer, 0, n, assignees), bytes };
}

function viewsOf(buffer: ArrayBufferLike, offset: number, n: number, assignees: boolean): ItemCodes {
  const at = (column: number) => offset + HEADER + 8 * n + 4 * n * column;
  return {
    entered: new Float64Array(buffer, offset + HEADER, n),
    number: new Int32Array(buffer, at(0), n),
    column: new Int32Array(buffer, at(1), n),
    milestone: new Int32Array(buffer, at(2), n),
    labels: new Int32Array(buffer, at(3), n),
    assignees: assignees ? new Int32Array(buffer, at(4), n) : null,
  };
}

/** The columns of `base64`, for `n` items; throws when its version or length is not theirs. */
export function readItemCodes(base64: string, n: number): ItemCodes {
  if (!LITTLE_ENDIAN) throw new Error('item codes are little-endian');
  const decoded = Buffer.from(base64, 'base64');
  // Aligned for the f64 column (a small Buffer is a slice of a shared pool).
  const bytes = decoded.byteOffset % 8 === 0 ? decoded : new Uint8Array(decoded);
  if (bytes.length < HEADER || bytes[0] !== VERSION || (bytes[1] as number) > WITH_ASSIGNEES)
    throw new Error('item codes of another version');
  const assignees = bytes[1] === WITH_ASSIGNEES;
  const count = new DataView(bytes.buffer, bytes.byteOffset, HEADER).getUint32(4, true);
  const length = byteLength(n, assignees);
  if (count !== n || bytes.length !== length || base64.length !== Math.ceil(length / 3) * 4)
    throw new Error('item codes of another length');
  return viewsOf(bytes.buffer, bytes.byteOffset, n, assignees);
}

/**
 * Whether every code is one of its list's (`columns`, `milestones`, `sets`: their lengths): one loop
 * over the typed arrays, the only check of the values (any int32 is a number, any f64 an instant).
 */
export function codesInRange(codes: ItemCodes, columns: number, milestones: number, sets: number): boolean {
  const { column, milestone, labels, assignees } = codes;
  for (let i = 0; i < column.length; i++) {
    const c = column[i] as number;
    const m = milestone[i] as number;
    const l = labels[i] as number;
    if (c < -1 || c >= columns || m < -1 || m >= milestones || l < 0 || l >= sets) return false;
  }
  if (!assignees) return true;
  for (let i = 0; i < assignees.length; i++) {
    const a = assignees[i] as number;
    if (a < -1 || a >= sets) return false;
  }
  return true;
}

/** Whether `numbers` (an item's number or null) can be stored as int32 codes. */
export function fitsNumbers(numbers: readonly (number | null)[]): boolean {
  for (const n of numbers)
    if (n !== null && ((n | 0) !== n || n === NO_NUMBER || Object.is(n, -0))) return false;
  return true;
}
