/**
 * Reusable working buffers. Allocating ~50 MB of typed arrays per analysis on a big board made V8 run
 * full collections over the caller's (large) input every time; reusing grow-only buffers avoids that.
 * Safe because every analysis is synchronous and copies what it returns out of these buffers.
 */
type Ctor<T> = { new (length: number): T };
type View = Float64Array | Int32Array | Uint32Array | Int16Array | Uint8Array;

const pool = new Map<string, View>();

function take<T extends View>(key: string, ctor: Ctor<T>, length: number): T {
  let buffer = pool.get(key) as T | undefined;
  if (!buffer || buffer.length < length) {
    buffer = new ctor(Math.ceil(length * 1.25) + 16);
    pool.set(key, buffer);
  }
  return buffer.subarray(0, length) as T;
}

export const scratch = {
  f64: (key: string, length: number) => take(key, Float64Array, length),
  i32: (key: string, length: number) => take(key, Int32Array, length),
  u32: (key: string, length: number) => take(key, Uint32Array, length),
  i16: (key: string, length: number) => take(key, Int16Array, length),
  u8: (key: string, length: number) => take(key, Uint8Array, length),
};

/** Drops the buffers (for long-lived processes that analysed one unusually large board). */
export function releaseScratch(): void {
  pool.clear();
}
