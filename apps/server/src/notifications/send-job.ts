import { canAnalyse } from '../billing/paywall.ts';
import type { ApiContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { decryptSecret } from '../users/secret-box.ts';
import { findUser } from '../users/queries.ts';
import type { Channels } from './channels.ts';
import {
  type AlertCause,
  collectionStoppedAlert,
  crossingsAlert,
  digestForChannel,
  digestForUser,
  flowAlert,
  readCause,
} from './compose.ts';
import { readCrossings } from './crossings.ts';
import type { Alert } from './messages.ts';
import { finishJob, type Job, retryLater, startSending } from './jobs.ts';
import { alertEmail, digestEmail } from './messages.ts';
import { findPreferences, findSlackWebhook } from './preferences.ts';
import { githubRefusal } from './github-refusal.ts';
import { findBoardById, trackersOf, tracks } from './queries.ts';
import { retryDelayMs } from './schedule.ts';
import { alertSlack, digestSlack } from './slack.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { emailStatus } from './email-confirmation.ts';

export type Sender = { ctx: ApiContext; channels: Channels; owner: string; leaseMs: number };

/** What became of a job in this attempt. */
export type Outcome = 'sent' | 'dropped' | 'retrying' | 'failed' | 'taken';

type Delivery = { drop: string } | { send: () => Promise<void> };
const drop = (reason: string): Delivery => ({ drop: reason });

/**
 * One attempt at a claimed job: decide whether it may still go and build it (nothing is recorded as
 * sending yet, so a failure here is simply retried), then `sending` → the channel → `sent`. A failure of
 * the channel is retried with backoff until the job's give-up time.
 */
export async function attemptJob(sender: Sender, job: Job): Promise<Outcome> {
  const { ctx, owner } = sender;
  let delivery: Delivery;
  try {
    delivery = await deliveryOf(sender, job);
  } catch (error) {
    return retry(sender, job, `Could not prepare the message: ${(error as Error).message}`);
  }
  if ('drop' in delivery) {
    await finishJob(ctx.db, job, owner, ctx.now(), { state: 'dropped', reason: delivery.drop });
    return 'dropped';
  }
  if (!(await startSending(ctx.db, job, owner, ctx.now(), sender.leaseMs))) return 'taken';
  try {
    await delivery.send();
  } catch (error) {
    return retry(sender, job, (error as Error).message);
  }
  await finishJob(ctx.db, job, owner, ctx.now(), { state: 'sent' });
  return 'sent';
}

async function retry(sender: Sender, job: Job, reason: string): Promise<Outcome> {
  const { ctx } = sender;
  const now = ctx.now();
  const retryAt = now + retryDelayMs(job.attempts + 1, ctx.config.notifications.retryMs);
  await retryLater(ctx.db, job, sender.owner, now, { reason, retryAt });
  return job.give_up_at !== null && retryAt >= Number(job.give_up_at) ? 'failed' : 'retrying';
}

async function deliveryOf(sender: Sender, job: Job): Promise<Delivery> {
  const { ctx } = sender;
  const board = await findBoardById(ctx.db, job.board_id);
  if (!board) return drop('The board is no longer tracked');
  if (board.is_demo === 1 && job.kind !== 'test_digest') return drop('The demo board sends nothing');
  if (job.kind === 'alert') {
    const cause = readCause(job.cause ?? '');
    if (!cause) return drop(`Unknown alert cause ${job.cause}`);
    if (cause.kind === 'collection_stopped' && board.sync_status !== 'inaccessible')
      return drop('Collection resumed before the alert went out');
  }
  return job.channel === 'email' ? emailDelivery(sender, job, board) : slackDelivery(sender, job, board);
}

/**
 * Why a user may not receive news of a board now, or null when they may: what is known here first, then
 * whether GitHub still lets them read the board (cached; throws when GitHub cannot be asked: retried).
 * Not for the "collection stopped" alert: it exists for the case where GitHub no longer lets anyone read
 * the board (the App uninstalled or suspended), so it goes to whoever tracked it, and could read it, when
 * collection stopped; it says only that, and what to do.
 */
async function recipientRefusal(
  ctx: ApiContext,
  userId: string,
  board: Board,
  job: Job,
): Promise<string | null> {
  const user = await findUser(ctx.db, userId);
  if (!user) return 'The user no longer exists';
  if (user.github_access_revoked_at !== null)
    return 'The user’s GitHub access ended: they need to sign in again';
  if (board.is_demo === 1) return null;
  if (!(await tracks(ctx.db, userId, board.id))) return 'The user no longer tracks this board';
  if (!(await canAnalyse(ctx, user, board))) return PAYWALL;
  if (job.kind === 'alert' && readCause(job.cause ?? '')?.kind === 'collection_stopped') return null;
  return githubRefusal(ctx, userId, board);
}

const PAYWALL = 'The user’s trial or subscription has ended';

const wants = (job: Job, p: { digest: number; alerts: number }) =>
  job.kind === 'test_digest' || (job.kind === 'digest' ? p.digest === 1 : p.alerts === 1);

async function emailDelivery(sender: Sender, job: Job, board: Board): Promise<Delivery> {
  const { ctx, channels } = sender;
  const userId = job.user_id;
  if (!userId) return drop('An e-mail job without a recipient');
  const refusal = await recipientRefusal(ctx, userId, board, job);
  if (refusal) return drop(refusal);
  const prefs = await findPreferences(ctx.db, userId, board.id);
  if (!prefs?.email) return drop('No e-mail address is set');
  if ((await emailStatus(ctx, userId, prefs.email)) !== 'confirmed')
    return drop('The e-mail address is waiting for its confirmation');
  if (!wants(job, prefs) || (job.kind !== 'test_digest' && prefs.by_email !== 1))
    return drop('Turned off before it was sent');
  const email = channels.email;
  if (!email) return drop('E-mail is not configured on this server (SMTP_URL)');
  const what = job.kind === 'alert' ? 'alerts' : 'digest';
  const token = unsubscribeToken({ userId, boardId: board.id, what }, ctx.config.jwtSecret);
  const unsubscribeUrl = `${ctx.config.publicUrl}/api/notifications/unsubscribe/?token=${token}`;
  let message: ReturnType<typeof digestEmail>;
  if (job.kind === 'alert') {
    const alert = await alertFor(ctx, job, board, userId, [userId]);
    if (!alert) return drop(RESOLVED);
    message = alertEmail(
      alert,
      `${ctx.config.publicUrl}/manage-projects?notifications=${board.github_project_id}`,
      unsubscribeUrl,
    );
  } else {
    const digest = await digestForUser(ctx, userId, board, job.period ?? '');
    if (!digest) return drop('The board is no longer visible to the user');
    message = digestEmail(digest, unsubscribeUrl);
  }
  const to = prefs.email;
  return { send: () => email({ ...message, to, messageId: job.message_id, unsubscribeUrl }) };
}

async function slackDelivery(sender: Sender, job: Job, board: Board): Promise<Delivery> {
  const { ctx, channels } = sender;
  const sealed = await findSlackWebhook(ctx.db, board.id);
  if (!sealed) return drop('No Slack channel is set for this board');
  const viewers = await trackersOf(ctx.db, board.id);
  // Someone who still wants this kind of message in the channel, and may read the board.
  let reader: string | null = null;
  const candidates = job.kind === 'test_digest' && job.user_id ? [job.user_id] : viewers;
  for (const userId of candidates) {
    const prefs = await findPreferences(ctx.db, userId, board.id);
    if (prefs === undefined) continue;
    if (prefs.by_slack !== 1 || !wants(job, prefs)) continue;
    if ((await recipientRefusal(ctx, userId, board, job)) === null) {
      reader = userId;
      break;
    }
  }
  if (!reader) return drop('Nobody who may read the board still wants this in Slack');
  const url = decryptSecret(sealed, ctx.config.tokenEncryptionKey);
  if (job.kind === 'alert') {
    const alert = await alertFor(ctx, job, board, reader, viewers);
    if (!alert) return drop(RESOLVED);
    const message = alertSlack(alert);
    return { send: () => channels.slack(url, message) };
  }
  const digest = await digestForChannel(ctx, reader, viewers, board, job.period ?? '');
  if (!digest) return drop('The board is no longer visible');
  const message = digestSlack(digest);
  return { send: () => channels.slack(url, message) };
}

const RESOLVED =
  'Resolved before the alert went out (the item finished, or the column is back within its limit)';

/** The alert of a job's cause as `reader` may read it, with `viewers` all the people it reaches. */
async function alertFor(
  ctx: ApiContext,
  job: Job,
  board: Board,
  reader: string,
  viewers: readonly string[],
): Promise<Alert | null> {
  const cause = readCause(job.cause ?? '') as AlertCause;
  if (cause.kind === 'collection_stopped') return collectionStoppedAlert(board, ctx.config.publicUrl);
  if (cause.kind === 'crossings')
    return crossingsAlert(ctx, reader, viewers, board, readCrossings(job.crossings));
  return flowAlert(ctx, reader, viewers, board, cause);
}
