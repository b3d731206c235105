import { LRUCache } from 'lru-cache';
import type { CacheSettings } from '../config.ts';

/** A value and the instant (the app's clock) from which no read finds it. */
type Kept<V> = { value: V; until: number };

/** A computed value, and until when it holds (null: for the cache's TTL from now). */
export type Computed<V> = { value: V; until: number | null };

/**
 * An LRU with expiry on the app's clock (tests move time), over lru-cache. `compute` computes a value
 * once even when many requests ask for it before it is ready; a failed computation is not kept.
 */
export class Cache<V extends {}> {
  private readonly lru: LRUCache<string, Kept<V>, () => Promise<Computed<V>>>;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(settings: CacheSettings, now: () => number) {
    this.ttlMs = settings.ttlMs;
    this.now = now;
    this.lru = new LRUCache<string, Kept<V>, () => Promise<Computed<V>>>({
      max: settings.maxEntries,
      ttl: settings.ttlMs,
      // The clock is read on every check: lru-cache otherwise caches it for a millisecond of real time.
      ttlResolution: 0,
      perf: { now },
      fetchMethod: async (_key, _stale, { context }) => {
        const { value, until } = await context();
        return { value, until: until ?? this.now() + this.ttlMs };
      },
      // A value being computed when its entry is evicted still answers the requests waiting for it.
      ignoreFetchAbort: true,
    });
  }

  /** The value of `key`, computed by `compute` on a miss; it lives the TTL. */
  compute(key: string, compute: () => Promise<V>): Promise<V> {
    return this.computeKept(key, async () => ({ value: await compute(), until: null }));
  }

  /**
   * The value of `key`, computed by `compute` on a miss, which says until when it holds. A value that
   * holds longer than the TTL is kept while it is read (each read starts its TTL again, so the TTL only
   * drops what nobody reads); from `until` on, no read finds it and the next computes it again.
   */
  async computeKept(key: string, compute: () => Promise<Computed<V>>): Promise<V> {
    const options = { context: compute, updateAgeOnGet: true };
    let kept = await this.lru.fetch(key, options);
    if (kept && this.now() >= kept.until) {
      // The first request to find it ended drops it; those after it share that one computation.
      if (this.lru.peek(key) === kept) this.lru.delete(key);
      kept = await this.lru.fetch(key, options);
    }
    if (kept === undefined) throw new Error(`cache: no value for ${key}`);
    return kept.value;
  }

  get(key: string): V | undefined {
    return this.lru.get(key)?.value;
  }

  /** The entry as stored, without counting as a use. */
  peek(key: string): V | undefined {
    return this.lru.peek(key)?.value;
  }

  /** Stores `value`; its time to live starts again. */
  set(key: string, value: V): void {
    this.lru.set(key, { value, until: Number.POSITIVE_INFINITY });
  }

  delete(key: string): void {
    this.lru.delete(key);
  }
}
