import { randomUUID } from 'node:crypto';
import type { ApiContext } from '../context.ts';
import type { Channels } from './channels.ts';
import { claimDueJobs, recoverExpired } from './jobs.ts';
import { planDueJobs } from './planner.ts';
import { attemptJob, type Outcome } from './send-job.ts';

export type NotifierOptions = { owner?: string; leaseMs?: number; batch?: number };

export type Notifier = {
  /** Recovers interrupted jobs, enqueues what is due, and sends what it claims; returns the outcomes. */
  runOnce(): Promise<Outcome[]>;
};

/** A sender of notifications; any number may run against one database (jobs are leased, keys unique). */
export function createNotifier(ctx: ApiContext, channels: Channels, options: NotifierOptions = {}): Notifier {
  const owner = options.owner ?? `notifier-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? ctx.config.notifications.leaseMs;
  const planned = new Set<string>();
  return {
    async runOnce() {
      await recoverExpired(ctx.db, ctx.now());
      await planDueJobs(ctx, planned);
      const jobs = await claimDueJobs(ctx.db, { owner, now: ctx.now(), leaseMs, limit: options.batch ?? 20 });
      const outcomes: Outcome[] = [];
      for (const job of jobs) outcomes.push(await attemptJob({ ctx, channels, owner, leaseMs }, job));
      return outcomes;
    },
  };
}
