import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

type Hits = { current: number; ttl: number };
/** What the plugin really passes to `child`: its merged options, with the route as `routeInfo`. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired windows are swept after this many counted hits in one process. */
const SWEEP_EVERY = 200;

/**
 * A store for @fastify/rate-limit in the `rate_limit_hits` table: one upsert per hit counts it and starts
 * a new window when the last one is over, atomically on SQLite and PostgreSQL, so replicas share a limit.
 */
export function databaseRateLimitStore(ctx: AppContext): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;

  async function countHit(key: string, windowMs: number): Promise<Hits> {
    const now = ctx.now();
    const over = sql<boolean>`rate_limit_hits.window_ends_at <= ${now}`;
    const row = await ctx.db
      .insertInto('rate_limit_hits')
      .values({ key, hits: 1, window_ends_at: now + windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql`CASE WHEN ${over} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
          window_ends_at: sql`CASE WHEN ${over} THEN ${now + windowMs} ELSE rate_limit_hits.window_ends_at END`,
        }),
      )
      .returning(['hits', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    if (++hitsSinceSweep >= SWEEP_EVERY) {
      hitsSinceSweep = 0;
      await ctx.db.deleteFrom('rate_limit_hits').where('window_ends_at', '<=', now).execute();
    }
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_ends_at) - now) };
  }

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number): void {
      countHit(`${this.prefix}${key}`, timeWindow).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { method = '', url = '' } = (options as ChildOptions).routeInfo ?? {};
      return new DatabaseStore(`${this.prefix}${String(method)} ${url} `);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
