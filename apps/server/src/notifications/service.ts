import { randomUUID } from 'node:crypto';
import type { NotificationSettings, SaveNotificationSettings, TestDigestResult } from '@fluxion/contract';
import { canAnalyse, paywallMessage } from '../billing/paywall.ts';
import type { ApiContext, AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../http/errors.ts';
import { resolveProject } from '../tracked-boards/service.ts';
import { maySetSharedSettings, takeSharedSettings } from '../tracked-boards/shared-settings.ts';
import { decryptSecret, encryptSecret } from '../users/secret-box.ts';
import { findUser } from '../users/queries.ts';
import type { Channels } from './channels.ts';
import { boardTimeZone, periodNow } from './compose.ts';
import { claimJobByKey, enqueue, findJobByKey, idempotencyKey, latestJob, type NewJob } from './jobs.ts';
import { canonicalLocale } from '@fluxion/contract/format';
import {
  findPreferences,
  findSlackWebhook,
  NO_PREFERENCES,
  savePreferences,
  saveSlackWebhook,
  turnOff,
} from './preferences.ts';
import { findBoardById } from './queries.ts';
import { attemptJob } from './send-job.ts';
import { slackWebhookProblem, webhookHint } from './slack.ts';
import { statusOf } from './status.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';
import { emailStatus, requireConfirmation, resendConfirmation } from './email-confirmation.ts';

/** GET /api/projects/:id/notifications/ */
export async function notificationSettings(
  ctx: AppContext,
  userId: string,
  projectId: string,
): Promise<NotificationSettings> {
  const board = await resolveProject(ctx, userId, projectId);
  return settingsOf(ctx, userId, board);
}

async function settingsOf(ctx: AppContext, userId: string, board: Board): Promise<NotificationSettings> {
  const prefs = (await findPreferences(ctx.db, userId, board.id)) ?? NO_PREFERENCES;
  const sealed = await findSlackWebhook(ctx.db, board.id);
  const url = sealed ? decryptSecret(sealed, ctx.config.tokenEncryptionKey) : null;
  const latest = (
    kinds: ('digest' | 'test_digest' | 'alert')[],
    channel: 'email' | 'slack',
    user: string | null,
  ) => latestJob(ctx.db, { boardId: board.id, userId: user, kinds, channel });
  return {
    digest: prefs.digest === 1,
    alerts: prefs.alerts === 1,
    by_email: prefs.by_email === 1,
    by_slack: prefs.by_slack === 1,
    email: prefs.email,
    email_status: prefs.email ? await emailStatus(ctx, userId, prefs.email) : null,
    slack: {
      configured: url !== null,
      hint: url ? webhookHint(url) : null,
      may_change: await maySetSharedSettings(ctx, board, userId),
    },
    email_available: ctx.config.notifications.smtpUrl !== null,
    schedule: `Mondays at 09:00 (${boardTimeZone(board)})`,
    is_demo: board.is_demo === 1,
    status: {
      digest: statusOf(await latest(['digest', 'test_digest'], 'email', userId)),
      alerts: statusOf(await latest(['alert'], 'email', userId)),
      slack:
        board.is_demo === 1
          ? null
          : statusOf(await latest(['digest', 'test_digest', 'alert'], 'slack', null)),
    },
  };
}

/** POST /api/projects/:id/notifications/ */
export async function saveNotificationSettings(
  ctx: AppContext,
  channels: Channels,
  userId: string,
  projectId: string,
  body: SaveNotificationSettings,
): Promise<NotificationSettings> {
  const board = await resolveProject(ctx, userId, projectId);
  const now = ctx.now();
  if (body.by_email && (body.digest || body.alerts) && !body.email)
    throw badRequest('Give the e-mail address the digest and alerts go to', 'email');
  if (body.slack_webhook_url !== undefined)
    await saveWebhook(ctx, userId, board, body.slack_webhook_url, now);
  if (body.by_slack && !(await findSlackWebhook(ctx.db, board.id)))
    throw badRequest('Set the board’s Slack incoming-webhook URL first', 'slack_webhook_url');
  const prefs = await findPreferences(ctx.db, userId, board.id);
  await savePreferences(
    ctx.db,
    {
      user_id: userId,
      board_id: board.id,
      digest: body.digest ? 1 : 0,
      alerts: body.alerts ? 1 : 0,
      by_email: body.by_email ? 1 : 0,
      by_slack: body.by_slack ? 1 : 0,
      email: body.email,
      locale: canonicalLocale(body.locale) ?? prefs?.locale ?? null,
    },
    now,
  );
  if (body.email && body.by_email) await requireConfirmation(ctx, channels, userId, body.email);
  return settingsOf(ctx, userId, board);
}

/** POST /api/projects/:id/notifications/email-confirmation/: a new link to the caller's waiting address. */
export async function resendEmailConfirmation(
  ctx: AppContext,
  channels: Channels,
  userId: string,
  projectId: string,
): Promise<NotificationSettings> {
  const board = await resolveProject(ctx, userId, projectId);
  const prefs = await findPreferences(ctx.db, userId, board.id);
  if (!prefs?.email) throw badRequest('Give the e-mail address the digest and alerts go to', 'email');
  await resendConfirmation(ctx, channels, userId, prefs.email);
  return settingsOf(ctx, userId, board);
}

async function saveWebhook(ctx: AppContext, userId: string, board: Board, url: string | null, now: number) {
  if (board.is_demo === 1) throw badRequest('The demo board has no Slack channel', 'slack_webhook_url');
  await takeSharedSettings(
    ctx,
    board,
    userId,
    'Only the user who sets this board’s shared settings may change its Slack channel',
  );
  if (url === null || url === '') {
    await saveSlackWebhook(ctx.db, { boardId: board.id, sealed: null, userId }, now);
    return;
  }
  const problem = slackWebhookProblem(url, ctx.config.notifications.slackWebhookBase);
  if (problem) throw badRequest(problem, 'slack_webhook_url');
  const sealed = encryptSecret(url, ctx.config.tokenEncryptionKey);
  await saveSlackWebhook(ctx.db, { boardId: board.id, sealed, userId }, now);
}

/**
 * POST /api/projects/:id/notifications/test-digest/: this week's digest now, to the caller's address (and
 * the board's Slack channel when they chose it; never for the demo, which has none). Each press is its own
 * job and sends (the route limits how many an hour). Behind the paywall like the analyses.
 */
export async function sendTestDigest(
  ctx: ApiContext,
  channels: Channels,
  userId: string,
  projectId: string,
): Promise<TestDigestResult> {
  const board = await resolveProject(ctx, userId, projectId);
  const user = await findUser(ctx.db, userId);
  if (!user) throw unauthorized('User no longer exists');
  if (!(await canAnalyse(ctx, user, board)))
    throw new AppError(402, 'subscription_required', paywallMessage(user.subscription_status));
  const prefs = await findPreferences(ctx.db, userId, board.id);
  const wantsEmail = prefs?.by_email === 1 && prefs.email;
  const wantsSlack = prefs?.by_slack === 1 && board.is_demo !== 1;
  if (!wantsEmail && !wantsSlack)
    throw badRequest(
      'Choose e-mail (with an address) or the board’s Slack channel, and save, first',
      'email',
    );
  const now = ctx.now();
  const base = {
    kind: 'test_digest',
    boardId: board.id,
    userId,
    period: periodNow(board, now),
    cause: `test:${randomUUID()}`,
    giveUpAt: now + 60 * 60_000,
  } as const;
  const jobs: NewJob[] = [];
  if (wantsEmail) jobs.push({ ...base, channel: 'email' });
  if (wantsSlack) jobs.push({ ...base, channel: 'slack' });
  const results: TestDigestResult['results'] = [];
  for (const job of jobs) results.push(await sendNow(ctx, channels, job, `test-${userId}`));
  return { results };
}

/** Enqueues a job and sends it at once in this request; the notifier retries it should this fail. */
async function sendNow(ctx: ApiContext, channels: Channels, job: NewJob, owner: string) {
  const key = idempotencyKey(job);
  const leaseMs = ctx.config.notifications.leaseMs;
  await enqueue(ctx.db, job, ctx.now());
  const claimed = await claimJobByKey(ctx.db, { key, owner, now: ctx.now(), leaseMs });
  if (claimed) await attemptJob({ ctx, channels, owner, leaseMs }, claimed);
  const stored = await findJobByKey(ctx.db, key);
  const status = statusOf(stored);
  return { channel: job.channel, state: status?.state ?? 'pending', message: status?.message ?? 'queued' };
}

/** What an unsubscribe link names, checked: the board's title for the page, or null for a bad link. */
export async function unsubscribeTarget(ctx: AppContext, token: string) {
  const target = readUnsubscribeToken(token, ctx.config.jwtSecret);
  if (!target) return null;
  const board = await findBoardById(ctx.db, target.boardId);
  return { ...target, boardTitle: board?.title ?? 'a board you no longer track' };
}

/** The one-click unsubscribe: turns the link's kind of message off; idempotent. */
export async function unsubscribe(ctx: AppContext, token: string) {
  const target = await unsubscribeTarget(ctx, token);
  if (target) await turnOff(ctx.db, target.userId, target.boardId, target.what, ctx.now());
  return target;
}
