import type { AnalyticsState } from './analytics/state.ts';
import { SEAT_SYNC_EVERY_MS, seatSyncFor } from './billing/seat-sync.ts';
import { createCollector, type ReaderFactory } from './collector/runner.ts';
import type { AppContext } from './context.ts';
import { reconcilingEvery } from './installations/sync.ts';
import { releaseTurnsOf } from './leases/turns.ts';
import { createChannels } from './notifications/channels.ts';
import { createNotifier } from './notifications/runner.ts';

/** A task run again `tickMs` after each run ends (never two at once), until stopped. */
export type RepeatedTask = { runOnce(): Promise<unknown> };

export function runRepeatedly(
  task: RepeatedTask,
  options: { tickMs: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    current = task
      .runOnce()
      .catch(options.onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.tickMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/**
 * The work a Fluxion process does besides answering requests, the same in the server (COLLECTOR=inprocess)
 * and in `npm run worker`: the collector (with the GitHub App's installations reconciled), digests and
 * alerts (jobs are leased: any number of processes may send), and the team plans' seats pushed to Stripe
 * (one process a period: leases/turns.ts). `owner` holds this process's turns; they are given back on stop,
 * so another process takes them when next due.
 */
export function startBackgroundWork(
  ctx: AppContext,
  parts: {
    owner: string;
    readers: ReaderFactory;
    analytics: AnalyticsState;
    workerId?: string;
    onError: (what: string, error: unknown) => void;
  },
): { stop(): Promise<void> } {
  const { owner, onError } = parts;
  const timing = ctx.config.collectorTiming;
  const collector = reconcilingEvery(
    ctx,
    createCollector(ctx, parts.readers, parts.workerId ? { workerId: parts.workerId } : {}),
    { turnOwner: owner },
  );
  const collecting = runRepeatedly(collector, {
    tickMs: timing.tickMs,
    onError: (error) => onError('collector run', error),
  });
  const channels = createChannels(ctx.config.notifications);
  const notifier = createNotifier({ ...ctx, analytics: parts.analytics }, channels, { owner });
  const notifying = runRepeatedly(
    { runOnce: () => notifier.runOnce() },
    { tickMs: ctx.config.notifications.tickMs, onError: (error) => onError('notifier run', error) },
  );
  const seatSync = seatSyncFor(ctx, owner);
  const seats = seatSync
    ? runRepeatedly(seatSync, {
        tickMs: SEAT_SYNC_EVERY_MS,
        onError: (error) => onError('seat sync run', error),
      })
    : null;
  return {
    stop: async () => {
      await seats?.stop();
      await notifying.stop();
      channels.close();
      await collecting.stop();
      await releaseTurnsOf(ctx.db, [owner]).catch(() => undefined);
    },
  };
}
