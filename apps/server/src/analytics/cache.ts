import { LRUCache } from 'lru-cache';
import type { CacheSettings } from '../config.ts';

/**
 * An LRU with expiry on the app's clock (tests move time), over lru-cache. `compute` computes a value
 * once even when many requests ask for it before it is ready; a failed computation is not kept.
 */
export class Cache<V extends {}> {
  private readonly lru: LRUCache<string, V, () => Promise<V>>;

  constructor(settings: CacheSettings, now: () => number) {
    this.lru = new LRUCache<string, V, () => Promise<V>>({
      max: settings.maxEntries,
      ttl: settings.ttlMs,
      // The clock is read on every check: lru-cache otherwise caches it for a millisecond of real time.
      ttlResolution: 0,
      perf: { now },
      fetchMethod: (_key, _stale, { context }) => context(),
      // A value being computed when its entry is evicted still answers the requests waiting for it.
      ignoreFetchAbort: true,
    });
  }

  /** The value of `key`, computed by `compute` on a miss. */
  async compute(key: string, compute: () => Promise<V>): Promise<V> {
    const value = await this.lru.fetch(key, { context: compute });
    if (value === undefined) throw new Error(`cache: no value for ${key}`);
    return value;
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** The entry as stored, without counting as a use. */
  peek(key: string): V | undefined {
    return this.lru.peek(key);
  }

  /** Stores `value`; its time to live starts again. */
  set(key: string, value: V): void {
    this.lru.set(key, value);
  }

  delete(key: string): void {
    this.lru.delete(key);
  }
}
