import { type Delivered, type DeliveredMoveOutcome, recordDeliveredMoves } from './queries.ts';
import type { AppContext } from '../context.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { batchesPerKey } from './batches.ts';

/** Deliveries one transaction records at most. */
const MAX_BATCH = 200;

export type RecordDeliveredMove = (boardId: string, delivery: Delivered) => Promise<DeliveredMoveOutcome>;

/**
 * Records delivered moves per board in batches: the deliveries that arrive while the board's transaction
 * runs share the next one (one board lock, one commit: on PostgreSQL each commit waits for the disk, and
 * every delivery of a board waits for the board's row lock). If a batch fails, its deliveries are tried
 * one by one, so that only the one that cannot be stored fails (and is delivered again by GitHub).
 */
export function deliveredMoveRecorder(ctx: AppContext): RecordDeliveredMove {
  return batchesPerKey(async (boardId, deliveries) => {
    try {
      const outcomes = await recordDeliveredMoves(ctx.db, boardId, deliveries, ctx.now());
      return outcomes.map((value) => ({ status: 'fulfilled', value }));
    } catch (error) {
      // Without the database every try fails alike (after the connection timeout, maybe): all fail now,
      // rather than keeping this board's later deliveries waiting behind one try per delivery.
      const failAll = (reason: unknown) =>
        deliveries.map((): PromiseSettledResult<never> => ({ status: 'rejected', reason }));
      if (deliveries.length === 1 || isDatabaseUnavailable(error)) return failAll(error);
      const results: PromiseSettledResult<DeliveredMoveOutcome>[] = [];
      for (const delivery of deliveries) {
        const [result] = await Promise.allSettled([
          recordDeliveredMoves(ctx.db, boardId, [delivery], ctx.now()).then(
            ([outcome]) => outcome ?? 'duplicate',
          ),
        ]);
        if (result?.status === 'rejected' && isDatabaseUnavailable(result.reason)) {
          return [...results, ...failAll(result.reason).slice(results.length)];
        }
        if (result) results.push(result);
      }
      return results;
    }
  }, MAX_BATCH);
}
