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

  it('refreshing in the background, answers an ended value while one computation per key replaces it', async () => {
    const clock = testClock();
    const cache = new Cache<string>({ maxEntries: 10, ttlMs: 1_000 }, clock.now, {
      refreshInBackground: true,
    });
    const computed = new Map<string, number>();
    const releases: (() => void)[] = [];
    const compute = (key: string, stale?: string) => async (ended?: string) => {
      const n = (computed.get(key) ?? 0) + 1;
      computed.set(key, n);
      if (n > 1) {
        expect(ended, 'a refresh is handed the value it replaces').toBe(stale);
        await new Promise<void>((resolve) => releases.push(resolve));
      }
      return { value: `${key} ${n}`, until: null };
    };
    const read = (key: string) => cache.computeKept(key, compute(key, `${key} 1`));
    expect([await read('a'), await read('b')]).toEqual(['a 1', 'b 1']);
    clock.advance(1_000);
    const during = await Promise.all([read('a'), read('a'), read('b'), read('a')]);
    expect(during, 'ended: answered at once, while the refreshes run').toEqual(['a 1', 'a 1', 'b 1', 'a 1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(Object.fromEntries(computed), 'one refresh per key').toEqual({ a: 2, b: 2 });
    expect(await read('a'), 'still the ended value until the refresh ends').toBe('a 1');
    for (const release of releases.splice(0)) release();
    await new Promise((resolve) => setImmediate(resolve));
    expect([await read('a'), await read('b')]).toEqual(['a 2', 'b 2']);
    expect(Object.fromEntries(computed)).toEqual({ a: 2, b: 2 });
  });

  it('refreshing in the background, serves nothing older than twice the TTL, and keeps an ended value a refresh failed to replace', async () => {
    const clock = testClock();
    const cache = new Cache<string>({ maxEntries: 10, ttlMs: 1_000 }, clock.now, {
      refreshInBackground: true,
    });
    let computed = 0;
    let fail = false;
    const compute = async () => {
      computed += 1;
      if (fail) throw new Error('down');
      return { value: `value ${computed}`, until: null };
    };
    expect(await cache.computeKept('k', compute)).toBe('value 1');
    clock.advance(1_000);
    fail = true;
    expect(await cache.computeKept('k', compute)).toBe('value 1');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(computed, 'the refresh ran, and failed').toBe(2);
    fail = false;
    clock.advance(999);
    expect(await cache.computeKept('k', compute), 'still the ended value, and a refresh again').toBe(
      'value 1',
    );
    clock.advance(1);
    expect(await cache.computeKept('k', compute), 'past twice the TTL: waits for that refresh').toBe(
      'value 3',
    );
    expect(computed).toBe(3);
    clock.advance(1_999);
    expect(await cache.computeKept('k', compute), 'read once a TTL: still answered').toBe('value 3');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.computeKept('k', compute)).toBe('value 4');
    clock.advance(2_000);
    expect(await cache.computeKept('k', compute), 'past twice the TTL, no refresh: its own').toBe('value 5');
  });
});
