import { describe, expect, it } from 'vitest';
import { testClock } from '../testing/clock.ts';
import { Cache } from './cache.ts';

describe('Cache', () => {
  it('computes a value once for every request that asks before it is ready', async () => {
    const cache = new Cache<string>({ maxEntries: 10, ttlMs: 60_000 }, testClock().now);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `value ${computed}`;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.compute('k', compute)));
    expect(answers).toEqual(['value 1', 'value 1', 'value 1']);
    expect(await cache.compute('k', compute)).toBe('value 1');
    expect(computed).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const cache = new Cache<string>({ maxEntries: 10, ttlMs: 60_000 }, testClock().now);
    await expect(cache.compute('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.compute('k', async () => 'ok')).toBe('ok');
  });

  it('expires entries on its clock and drops the least recently used beyond its size', async () => {
    const clock = testClock();
    const cache = new Cache<string>({ maxEntries: 2, ttlMs: 1_000 }, clock.now);
    cache.set('a', '1');
    clock.advance(1_000);
    expect(cache.get('a')).toBe('1');
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', '1');
    cache.set('b', '2');
    cache.get('a');
    cache.set('c', '3');
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual(['1', undefined, '3']);
  });

  it('keeps a value that holds past the TTL while it is read, and not from its end on', async () => {
    const clock = testClock();
    const cache = new Cache<string>({ maxEntries: 10, ttlMs: 1_000 }, clock.now);
    let computed = 0;
    const until = clock.now() + 10_000;
    const compute = async () => ({ value: `value ${++computed}`, until: clock.now() + 10_000 });
    expect(await cache.computeKept('k', compute)).toBe('value 1');
    for (let read = 0; read < 9; read++) {
      clock.advance(999);
      expect(await cache.computeKept('k', compute)).toBe('value 1');
    }
    clock.set(until);
    const [a, b] = await Promise.all([cache.computeKept('k', compute), cache.computeKept('k', compute)]);
    expect([a, b], 'one computation for the requests that find it ended').toEqual(['value 2', 'value 2']);
    clock.advance(1_001);
    expect(await cache.computeKept('k', compute), 'not read for a TTL: dropped').toBe('value 3');
    expect(await cache.computeKept('j', async () => ({ value: 'plain', until: null }))).toBe('plain');
    clock.advance(999);
    expect(await cache.computeKept('j', async () => ({ value: 'again', until: null }))).toBe('plain');
    clock.advance(2);
    expect(
      await cache.computeKept('j', async () => ({ value: 'again', until: null })),
      'the TTL from its computation, reads or not',
    ).toBe('again');
  });
});
