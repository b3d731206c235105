import type { ApiContext } from '../context.ts';
import { boardTimeZone, flowCrossings } from './compose.ts';
import { type Crossing, crossingsNews, scanCause } from './crossings.ts';
import { findBoardById } from './queries.ts';
import { enqueue, idempotencyKey, type NewJob } from './jobs.ts';
import { lastAlertScan, recordAlertScan, subscriptionsWanting } from './preferences.ts';
import { currentDigestPeriod, DIGEST_GRACE_MS, digestStillDue } from './schedule.ts';

/**
 * Keys this process has already enqueued (or found enqueued): the scheduler runs every tick in every
 * process, and the unique key makes a repeat harmless; this spares the database the repeats.
 */
export type ScheduledKeys = Set<string>;
const MAX_REMEMBERED = 200_000;

/**
 * Enqueues what is due now: each subscriber's digest of this week once its Monday 09:00 has come on the
 * board's clock (e-mail per user; the board's Slack channel once, whoever asked for it); an alert per
 * subscriber and channel for each board whose collection stopped, keyed by the last sync before it
 * stopped — one alert per stoppage; and each other board's alert scan (`scanBoard`). Any number of
 * processes may run it at once.
 */
export async function scheduleDueJobs(ctx: ApiContext, scheduled: ScheduledKeys): Promise<number> {
  const now = ctx.now();
  let added = 0;
  const add = async (job: NewJob) => {
    const key = idempotencyKey(job);
    if (scheduled.has(key)) return;
    if (await enqueue(ctx.db, job, now)) added++;
    if (scheduled.size >= MAX_REMEMBERED) scheduled.clear();
    scheduled.add(key);
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
  const alerting = await subscriptionsWanting(ctx.db, 'alerts');
  for (const sub of alerting) {
    if (sub.is_demo === 1 || sub.sync_status !== 'inaccessible') continue;
    const base = {
      kind: 'alert',
      boardId: sub.board_id,
      period: null,
      cause: `collection_stopped:${sub.last_synced_at ?? 'never'}`,
      giveUpAt: null,
    } as const;
    if (sub.by_email === 1 && sub.email) await add({ ...base, userId: sub.user_id, channel: 'email' });
    if (sub.by_slack === 1) await add({ ...base, userId: null, channel: 'slack' });
  }
  for (const subs of byBoard(alerting.filter((s) => s.is_demo !== 1 && s.sync_status !== 'inaccessible'))) {
    added += await scanBoard(ctx, subs, now);
  }
  return added;
}

type Subscription = Awaited<ReturnType<typeof subscriptionsWanting>>[number];

function byBoard(subs: readonly Subscription[]): Subscription[][] {
  const boards = new Map<string, Subscription[]>();
  for (const sub of subs) boards.set(sub.board_id, [...(boards.get(sub.board_id) ?? []), sub]);
  return [...boards.values()];
}

const sinceOf = (sub: Subscription) => Number(sub.alerts_since ?? sub.updated_at);

/**
 * One alert scan of a board: its crossings now (SLE breaches, WIP-limit stretches: the same for every
 * viewer, so read once) against its last scan; each subscriber gets one message listing what is news to
 * them (notifications/crossings.ts), the board's Slack channel one for the earliest of its subscribers.
 * The scan and its messages are recorded together, so a scan that lost a race to another tells nothing.
 */
async function scanBoard(ctx: ApiContext, subs: readonly Subscription[], now: number): Promise<number> {
  const first = subs[0] as Subscription;
  const crossings = await boardCrossings(ctx, first.board_id, first.user_id);
  if (crossings === null) return 0;
  return ctx.db.transaction().execute(async (trx) => {
    const last = await lastAlertScan(trx, first.board_id);
    const keys = crossings.map((c) => c.key);
    if (!(await recordAlertScan(trx, first.board_id, last, { at: now, keys }))) return 0;
    const base = {
      kind: 'alert',
      boardId: first.board_id,
      period: null,
      cause: scanCause(now),
      giveUpAt: null,
    } as const;
    let added = 0;
    const send = async (job: NewJob) => {
      if ((job.crossings?.length ?? 0) > 0 && (await enqueue(trx, job, now))) added++;
    };
    for (const sub of subs) {
      if (sub.by_email !== 1 || !sub.email) continue;
      const news = crossingsNews(crossings, last, sinceOf(sub));
      await send({ ...base, userId: sub.user_id, channel: 'email', crossings: news });
    }
    const slack = subs.filter((s) => s.by_slack === 1);
    if (slack.length > 0) {
      const since = Math.min(...slack.map(sinceOf));
      await send({
        ...base,
        userId: null,
        channel: 'slack',
        crossings: crossingsNews(crossings, last, since),
      });
    }
    return added;
  });
}

/** The board's crossings now, or null when its figures could not be had (the scan is then skipped). */
async function boardCrossings(ctx: ApiContext, boardId: string, userId: string): Promise<Crossing[] | null> {
  try {
    const board = await findBoardById(ctx.db, boardId);
    return board ? await flowCrossings(ctx, userId, board) : [];
  } catch (error) {
    ctx.log?.warn({ board: boardId, reason: (error as Error).message }, 'alerts: the board’s figures failed');
    return null;
  }
}
