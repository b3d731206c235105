import type { ApiContext } from '../context.ts';
import { boardTimeZone, flowAlertCauses } from './compose.ts';
import { findBoardById } from './queries.ts';
import { enqueue, idempotencyKey, type NewJob } from './jobs.ts';
import { subscriptionsWanting } from './preferences.ts';
import { currentDigestPeriod, DIGEST_GRACE_MS, digestStillDue } from './schedule.ts';

/**
 * Keys this process has already enqueued (or found enqueued): the planner runs every tick in every
 * process, and the unique key makes a repeat harmless; this spares the database the repeats.
 */
export type PlannedKeys = Set<string>;
const MAX_REMEMBERED = 200_000;

/**
 * Enqueues what is due now: each subscriber's digest of this week once its Monday 09:00 has come on the
 * board's clock (e-mail per user; the board's Slack channel once, whoever asked for it), and an alert per
 * subscriber and channel for each board whose collection stopped, keyed by the last sync before it
 * stopped — one alert per stoppage. Any number of processes may run it at once.
 */
export async function planDueJobs(ctx: ApiContext, planned: PlannedKeys): Promise<number> {
  const now = ctx.now();
  let added = 0;
  const add = async (job: NewJob) => {
    const key = idempotencyKey(job);
    if (planned.has(key)) return;
    if (await enqueue(ctx.db, job, now)) added++;
    if (planned.size >= MAX_REMEMBERED) planned.clear();
    planned.add(key);
  };
  for (const sub of await subscriptionsWanting(ctx.db, 'digest')) {
    if (sub.is_demo === 1) continue; // the demo sends nothing
    const period = currentDigestPeriod(now, boardTimeZone(sub));
    if (!digestStillDue(period, now)) continue;
    const base = { kind: 'digest', boardId: sub.board_id, period: period.key, cause: null } as const;
    const giveUpAt = period.at + DIGEST_GRACE_MS;
    if (sub.by_email === 1 && sub.email)
      await add({ ...base, userId: sub.user_id, channel: 'email', giveUpAt });
    if (sub.by_slack === 1) await add({ ...base, userId: null, channel: 'slack', giveUpAt });
  }
  // Flow causes (SLE crossings, WIP-limit breaches) are the same for every viewer: found once per board.
  const flowCauses = new Map<string, Promise<string[]>>();
  for (const sub of await subscriptionsWanting(ctx.db, 'alerts')) {
    if (sub.is_demo === 1) continue;
    const causes =
      sub.sync_status === 'inaccessible'
        ? [`collection_stopped:${sub.last_synced_at ?? 'never'}`]
        : await causesOnce(ctx, flowCauses, sub.board_id, sub.user_id);
    for (const cause of causes) {
      const base = { kind: 'alert', boardId: sub.board_id, period: null, cause, giveUpAt: null } as const;
      if (sub.by_email === 1 && sub.email) await add({ ...base, userId: sub.user_id, channel: 'email' });
      if (sub.by_slack === 1) await add({ ...base, userId: null, channel: 'slack' });
    }
  }
  return added;
}

function causesOnce(ctx: ApiContext, found: Map<string, Promise<string[]>>, boardId: string, userId: string) {
  let causes = found.get(boardId);
  if (!causes) {
    causes = (async () => {
      const board = await findBoardById(ctx.db, boardId);
      return board ? flowAlertCauses(ctx, userId, board) : [];
    })().catch((error: unknown) => {
      ctx.log?.warn(
        { board: boardId, reason: (error as Error).message },
        'alerts: the board’s figures failed',
      );
      return [];
    });
    found.set(boardId, causes);
  }
  return causes;
}
