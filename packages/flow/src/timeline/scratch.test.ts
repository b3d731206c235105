import { describe, expect, it } from 'vitest';
import { bufferPool } from './scratch.ts';

describe('bufferPool.aside', () => {
  it('gives work buffers of its own and leaves the pool with its own buffers, at their size', () => {
    const pool = bufferPool();
    const before = pool.f64('at', 10);
    before[0] = 7;
    const inside = pool.aside(() => {
      const big = pool.f64('at', 1000);
      big[0] = 1;
      return big;
    });
    expect(inside.length).toBe(1000);
    const after = pool.f64('at', 10);
    expect(after.buffer).toBe(before.buffer);
    expect(after[0]).toBe(7);
    expect(after.buffer.byteLength).toBeLessThan(1000 * 8);
  });

  it('gives the pool its buffers back when the work throws', () => {
    const pool = bufferPool();
    const before = pool.u32('order', 4);
    expect(() =>
      pool.aside(() => {
        pool.u32('order', 100);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(pool.u32('order', 4).buffer).toBe(before.buffer);
  });
});
