import { randomUUID } from 'node:crypto';
import type { ApiContext } from '../context.ts';
import type { Channels } from './channels.ts';
import { claimDueJobs, recoverExpired } from './jobs.ts';
import { PLANNER_LEASE, takeTurn } from './leases.ts';
import { planDueJobs } from './planner.ts';
import { attemptJob, type Outcome } from './send-job.ts';

export type NotifierOptions = {
  owner?: string;
  leaseMs?: number;
  batch?: number;
  /** How often the planner runs (in one process of all: the planner's lease); NOTIFY_TICK_MS by default. */
  planEveryMs?: number;
};

export type Notifier = {
  /** Recovers interrupted jobs, enqueues what is due (when this process holds the planner's turn), and sends what it claims; returns the outcomes. */
  runOnce(): Promise<Outcome[]>;
  /** How many times this notifier has planned (the alert scan over every board included). */
  readonly plans: number;
};

/**
 * A sender of notifications; any number may run against one database: jobs are leased and their keys
 * unique, and planning — the alert scan reads every board's Flow report — runs in one of them per period,
 * under the planner's lease (leases.ts).
 */
export function createNotifier(ctx: ApiContext, channels: Channels, options: NotifierOptions = {}): Notifier {
  const owner = options.owner ?? `notifier-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? ctx.config.notifications.leaseMs;
  const periodMs = options.planEveryMs ?? ctx.config.notifications.tickMs;
  const planned = new Set<string>();
  let plans = 0;
  return {
    get plans() {
      return plans;
    },
    async runOnce() {
      await recoverExpired(ctx.db, ctx.now());
      const turn = { name: PLANNER_LEASE, owner, now: ctx.now(), periodMs, leaseMs };
      if (await takeTurn(ctx.db, turn)) {
        plans++;
        await planDueJobs(ctx, planned);
      }
      const jobs = await claimDueJobs(ctx.db, { owner, now: ctx.now(), leaseMs, limit: options.batch ?? 20 });
      const outcomes: Outcome[] = [];
      for (const job of jobs) outcomes.push(await attemptJob({ ctx, channels, owner, leaseMs }, job));
      return outcomes;
    },
  };
}
