import { LRUCache } from 'lru-cache';
import type { CacheSettings } from '../config.ts';

/** A value and the instant (the app's clock) from which no read finds it. */
type Kept<V> = { value: V; until: number };

/** A computed value, and until when it holds (null: for the cache's TTL from now). */
export type Computed<V> = { value: V; until: number | null };

/** Computes a key's value; `stale` is the ended value a background refresh replaces. */
type Compute<V> = (stale?: V) => Promise<Computed<V>>;

/**
 * An LRU with expiry on the app's clock (tests move time), over lru-cache. `compute` computes a value
 * once even when many requests ask for it before it is ready; a failed computation is not kept.
 *
 * `refreshInBackground`: a value that ended less than a TTL ago is still answered while one computation
 * per key, started after the current request's own work, replaces it (nothing older than twice the TTL is
 * served; a failed refresh leaves the ended value to the next request's; an entry nobody reads for twice
 * the TTL is dropped). Without it, the first request after the end waits for the computation, and every
 * request queues behind it on the event loop.
 */
/** A read that counts as a use: the TTL starts again (as `fetch` with `updateAgeOnGet`). */
const GET_OPTIONS = { updateAgeOnGet: true } as const;

export class Cache<V extends {}> {
  private readonly lru: LRUCache<string, Kept<V>, Compute<V>>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly refreshing: Map<string, Promise<void>> | null;

  constructor(settings: CacheSettings, now: () => number, options: { refreshInBackground?: boolean } = {}) {
    this.ttlMs = settings.ttlMs;
    this.now = now;
    this.refreshing = options.refreshInBackground ? new Map() : null;
    this.lru = new LRUCache<string, Kept<V>, Compute<V>>({
      max: settings.maxEntries,
      // Refreshing in the background, an entry read once a TTL still has its ended value to answer.
      ttl: this.refreshing ? 2 * settings.ttlMs : settings.ttlMs,
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
  compute(key: string, compute: (stale?: V) => Promise<V>): Promise<V> {
    return this.computeKept(key, async (stale) => ({ value: await compute(stale), until: null }));
  }

  /**
   * The value of `key`, computed by `compute` on a miss, which says until when it holds. A value that
   * holds longer than the TTL is kept while it is read (each read starts its TTL again, so the TTL only
   * drops what nobody reads); from `until` on, no read finds it and the next computes it again (or, with
   * `refreshInBackground`, answers it while a refresh computes the next).
   */
  async computeKept(key: string, compute: Compute<V>): Promise<V> {
    // A hit (every warm answer) without lru-cache's fetch: its options and promises cost more than the rest.
    // An entry being computed is not a hit here (`get` answers it undefined, or the value it replaces,
    // which holds for its key until its bound as it did before).
    let kept = this.lru.get(key, GET_OPTIONS);
    if (kept !== undefined && this.now() < kept.until) return kept.value;
    const options = { context: compute, updateAgeOnGet: true };
    kept = await this.lru.fetch(key, options);
    if (kept && this.now() >= kept.until) {
      const refresh = this.refreshing?.get(key);
      if (this.refreshing && this.now() < kept.until + this.ttlMs) {
        if (!refresh) this.refresh(key, kept, compute);
        return kept.value;
      }
      if (refresh) {
        await refresh;
        kept = await this.lru.fetch(key, options);
      }
    }
    if (kept && this.now() >= kept.until) {
      // The first request to find it ended drops it; those after it share that one computation.
      if (this.lru.peek(key) === kept) this.lru.delete(key);
      kept = await this.lru.fetch(key, options);
    }
    if (kept === undefined) throw new Error(`cache: no value for ${key}`);
    return kept.value;
  }

  /**
   * Computes `key` again in the background, once: after the current request's own work (setImmediate:
   * the ended answer is written before the computation takes the event loop).
   */
  private refresh(key: string, ended: Kept<V>, compute: Compute<V>): void {
    const refreshing = this.refreshing as Map<string, Promise<void>>;
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => compute(ended.value))
      .then(({ value, until }) => {
        // Unless the entry went meanwhile (evicted, deleted, or computed afresh past its bound).
        if (this.lru.peek(key, { allowStale: true }) === ended)
          this.lru.set(key, { value, until: until ?? this.now() + this.ttlMs });
      })
      // The ended value stays, to the end of its bound; the next request after it computes again.
      .catch(() => undefined)
      .finally(() => refreshing.delete(key));
    refreshing.set(key, done);
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
