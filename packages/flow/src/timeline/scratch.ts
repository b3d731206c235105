/**
 * Reusable working buffers. Allocating ~50 MB of typed arrays per analysis on a big board made V8 run
 * full collections over the caller's (large) input every time; reusing grow-only buffers avoids that.
 * Fresh memory is also slow to touch first (on our 2-core machine, writing a new 8 MB array first costs
 * ~60 ms of page faults, a second time under 1 ms): whatever is built often is built into memory used before.
 * Safe because every analysis is synchronous and copies what it returns out of these buffers.
 */
type Ctor<T> = { new (length: number): T };
type View = Float64Array | Int32Array | Uint32Array | Int16Array | Uint8Array;

/** Named grow-only buffers: `f64('entries', n)` is the first n of the buffer named 'entries'. */
export type BufferPool = {
  f64: (key: string, length: number) => Float64Array;
  i32: (key: string, length: number) => Int32Array;
  u32: (key: string, length: number) => Uint32Array;
  i16: (key: string, length: number) => Int16Array;
  u8: (key: string, length: number) => Uint8Array;
  /** Drops the buffers. */
  clear: () => void;
  /**
   * Runs `work` with buffers of its own (dropped after it), leaving the pool's as they were: for a
   * one-off input far larger than those the pool serves, so that the pool does not keep its size.
   */
  aside: <T>(work: () => T) => T;
};

/**
 * A pool of its own (scratch is the shared one). Its methods are one class's, the same functions for
 * every pool: a kept timeline has a pool of its own, and closures made per pool made the timeline's
 * walk meet a new call target at each board's first load (`--trace-deopt`: "wrong call target" in
 * `walkRows` and `walkStays`, which then ran unoptimised until compiled again).
 */
export function bufferPool(): BufferPool {
  return new Pool();
}

class Pool implements BufferPool {
  #buffers = new Map<string, View>();

  f64(key: string, length: number): Float64Array {
    return this.#take(key, Float64Array, length);
  }

  i32(key: string, length: number): Int32Array {
    return this.#take(key, Int32Array, length);
  }

  u32(key: string, length: number): Uint32Array {
    return this.#take(key, Uint32Array, length);
  }

  i16(key: string, length: number): Int16Array {
    return this.#take(key, Int16Array, length);
  }

  u8(key: string, length: number): Uint8Array {
    return this.#take(key, Uint8Array, length);
  }

  clear(): void {
    this.#buffers.clear();
  }

  aside<T>(work: () => T): T {
    const kept = this.#buffers;
    this.#buffers = new Map();
    try {
      return work();
    } finally {
      this.#buffers = kept;
    }
  }

  #take<T extends View>(key: string, ctor: Ctor<T>, length: number): T {
    let buffer = this.#buffers.get(key) as T | undefined;
    if (!buffer || buffer.length < length) {
      buffer = new ctor(Math.ceil(length * 1.25) + 16);
      this.#buffers.set(key, buffer);
    }
    return buffer.subarray(0, length) as T;
  }
}

export const scratch = bufferPool();

/** Drops the buffers (for long-lived processes that analysed one unusually large board). */
export function releaseScratch(): void {
  scratch.clear();
}
