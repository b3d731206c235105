import type { AccountData, AccountDeletion } from '@fluxion/contract';
import { profileOf } from '../billing/profile.ts';
import { forgetUserSessions } from '../auth/sessions.ts';
import { passCollectorOn } from '../boards/repository.ts';
import { cancelPlanOfDeletedAccount } from '../billing/service.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { forgetNotificationsOf, notificationChoicesOf } from '../notifications/preferences.ts';
import { deleteTracking, type OnUntrack, trackedByOthers } from '../tracked-boards/queries.ts';
import { listProjects, listVisibleRows } from '../tracked-boards/service.ts';
import { deleteShareLinksOf } from '../sharing/queries.ts';
import { listShareLinks } from '../sharing/service.ts';
import { deleteUser, findUser } from '../users/queries.ts';
import { revokeGithubTokens } from './github-tokens.ts';

const iso = (ms: number) => new Date(ms).toISOString();

async function currentUser(ctx: AppContext, userId: string) {
  const user = await findUser(ctx.db, userId);
  if (!user) throw unauthorized('User no longer exists');
  return user;
}

/** "Download my data": what Fluxion keeps that is the user's own (docs/api.md, Account). */
export async function accountData(ctx: AppContext, userId: string): Promise<AccountData> {
  const user = await currentUser(ctx, userId);
  const now = ctx.now();
  const [projects, choices, links] = await Promise.all([
    listProjects(ctx, userId),
    notificationChoicesOf(ctx.db, userId),
    listShareLinks(ctx, userId),
  ]);
  return {
    exported_at: iso(now),
    user: {
      username: user.username,
      github_id: Number(user.github_id),
      avatar_url: user.avatar_url,
      created_at: iso(Number(user.created_at)),
      personal_boards_connected: user.github_personal_token_enc !== null,
    },
    subscription: await profileOf(ctx, user),
    boards: projects.filter((project) => !project.is_demo),
    notifications: choices.map((c) => ({
      project_id: c.github_project_id,
      title: c.title,
      digest: c.digest === 1,
      alerts: c.alerts === 1,
      by_email: c.by_email === 1,
      by_slack: c.by_slack === 1,
      email: c.email,
      locale: c.locale,
    })),
    share_links: links,
  };
}

/** The user's boards, each with whether someone else tracks it too (it then stays). */
async function boardsOf(ctx: AppContext, userId: string) {
  const rows = (await listVisibleRows(ctx, userId)).filter((row) => row.is_demo !== 1);
  return Promise.all(rows.map(async (row) => ({ row, kept: await trackedByOthers(ctx.db, row.id, userId) })));
}

const named = (row: { github_project_id: string; title: string; owner_login: string; number: number }) => ({
  project_id: row.github_project_id,
  title: row.title,
  full_name: `${row.owner_login}/${row.number}`,
});

/** What deleting the account would remove and keep, for the confirmation. */
export async function accountDeletion(ctx: AppContext, userId: string): Promise<AccountDeletion> {
  const user = await currentUser(ctx, userId);
  const boards = await boardsOf(ctx, userId);
  const paid =
    user.stripe_subscription_id !== null && ['active', 'past_due'].includes(user.subscription_status);
  return {
    deleted_boards: boards.filter((b) => !b.kept).map((b) => named(b.row)),
    kept_boards: boards.filter((b) => b.kept).map((b) => named(b.row)),
    plan_ends_at: paid && user.subscription_end !== null ? iso(user.subscription_end) : null,
  };
}

/**
 * Deletes the account. The personal plan is cancelled at period end first (Stripe failing stops here,
 * with nothing deleted); then GitHub tokens are revoked at GitHub and forgotten, every board leaves the
 * user's list as "remove" does (`onUntrack`: share links, notification choices; a board nobody else tracks
 * is deleted with its history, one others track passes its settings and its reading on), and each folder
 * removes its own rows of the user: notifications, share links, sign-ins, and the user last.
 */
export async function deleteAccount(
  ctx: AppContext,
  userId: string,
  onUntrack: OnUntrack,
): Promise<AccountDeletion> {
  const user = await currentUser(ctx, userId);
  const boards = await boardsOf(ctx, userId);
  const planEnd = await cancelPlanOfDeletedAccount(ctx, user);
  await revokeGithubTokens(ctx, user);
  const now = ctx.now();
  for (const { row } of boards) await deleteTracking(ctx.db, userId, row.id, now, onUntrack);
  await passCollectorOn(ctx.db, userId);
  await forgetNotificationsOf(ctx.db, userId);
  await deleteShareLinksOf(ctx.db, userId);
  await forgetUserSessions(ctx.db, userId, now);
  await deleteUser(ctx.db, userId);
  return {
    deleted_boards: boards.filter((b) => !b.kept).map((b) => named(b.row)),
    kept_boards: boards.filter((b) => b.kept).map((b) => named(b.row)),
    plan_ends_at: planEnd === null ? null : iso(planEnd),
  };
}
