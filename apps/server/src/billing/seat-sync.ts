import type { AppContext } from '../context.ts';
import { onItsTurn, TASKS } from '../leases/turns.ts';
import { syncSeats } from './team-plan-management.ts';
import { liveSubscriptionOrgs } from './org-queries.ts';
import type { Billing } from './service.ts';
import { createStripeClient } from './stripe-client.ts';

/**
 * How often the seats of every live team plan are recounted, by one server or worker process of all those
 * sharing the database: a member who becomes active mid-period is billed within this, without anyone
 * opening Account.
 */
export const SEAT_SYNC_EVERY_MS = 5 * 60_000;

export type SeatSync = {
  /** Pushes the seats of every live team plan whose count changed; answers how many plans were checked. */
  runOnce(): Promise<number>;
};

/**
 * The background seat sweep. Any number of processes may run it against one database: a change is pushed by
 * the one whose compare-and-set of the stored quantity wins (syncSeats), with an Idempotency-Key. One plan
 * failing (Stripe away) is logged and tried again at the next run; the others go on.
 */
export function createSeatSync(billing: Billing): SeatSync {
  const { ctx } = billing;
  return {
    async runOnce() {
      const orgs = await liveSubscriptionOrgs(ctx.db);
      for (const org of orgs) {
        // Each member's membership is asked of GitHub again at each sync.
        await syncSeats(billing, org, { fresh: true }).catch((error: unknown) => {
          ctx.log?.warn({ org, reason: (error as Error).message }, 'syncing a team plan’s seats failed');
        });
      }
      return orgs.length;
    },
  };
}

/**
 * The seat sync of this process, when it can reach Stripe (or the simulator local mode started); else null.
 * It sweeps on its turn only (leases/turns.ts): once per SEAT_SYNC_EVERY_MS across all processes.
 */
export function seatSyncFor(ctx: AppContext, turnOwner?: string): SeatSync | null {
  const { stripe } = ctx.config;
  if (stripe.mode === 'off' || (stripe.mode === 'sim' && !stripe.apiUrl)) return null;
  const sweep = createSeatSync({ ctx, stripe: createStripeClient(stripe) });
  const task = { name: TASKS.seatSync, periodMs: SEAT_SYNC_EVERY_MS };
  return { runOnce: onItsTurn(ctx, task, () => sweep.runOnce(), 0, turnOwner) };
}
