import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { ApiContext } from '../context.ts';
import { TASKS, takeTurn } from '../leases/turns.ts';
import type { Channels } from './channels.ts';
import { claimDueJobs, recoverExpired } from './jobs.ts';
import { scheduleDueJobs } from './scheduler.ts';
import { attemptJob, type Outcome } from './send-job.ts';

/**
 * Claimed jobs sent at once: each waits on GitHub (is the recipient still allowed the board?), SMTP or
 * Slack far more than on the CPU, so one after the other would leave a batch's last jobs waiting.
 */
const SENDS_AT_ONCE = 4;

export type NotifierOptions = {
  owner?: string;
  leaseMs?: number;
  batch?: number;
  /** How often the scheduler runs (in one process of all: the scheduler's lease); NOTIFY_TICK_MS by default. */
  scheduleEveryMs?: number;
};

export type Notifier = {
  /** Recovers interrupted jobs, enqueues what is due (when this process holds the scheduler's turn), and sends what it claims; returns the outcomes. */
  runOnce(): Promise<Outcome[]>;
  /** How many times this notifier has run the scheduler (the alert scan over every board included). */
  readonly schedulerRuns: number;
};

/**
 * A sender of notifications; any number may run against one database: jobs are leased and their keys
 * unique, and the scheduler — the alert scan reads every board's Flow report — runs in one of them per period,
 * under the scheduler's turn (leases/turns.ts).
 */
export function createNotifier(ctx: ApiContext, channels: Channels, options: NotifierOptions = {}): Notifier {
  const owner = options.owner ?? `notifier-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? ctx.config.notifications.leaseMs;
  const periodMs = options.scheduleEveryMs ?? ctx.config.notifications.tickMs;
  const scheduled = new Set<string>();
  let schedulerRuns = 0;
  return {
    get schedulerRuns() {
      return schedulerRuns;
    },
    async runOnce() {
      await recoverExpired(ctx.db, ctx.now());
      const turn = { name: TASKS.scheduler, owner, now: ctx.now(), periodMs, leaseMs };
      if (await takeTurn(ctx.db, turn)) {
        schedulerRuns++;
        await scheduleDueJobs(ctx, scheduled);
      }
      const jobs = await claimDueJobs(ctx.db, { owner, now: ctx.now(), leaseMs, limit: options.batch ?? 20 });
      const limit = pLimit(SENDS_AT_ONCE);
      return Promise.all(jobs.map((job) => limit(() => attemptJob({ ctx, channels, owner, leaseMs }, job))));
    },
  };
}
