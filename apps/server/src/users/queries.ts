import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { User } from '../db/schema.ts';
import { trialEnd, type UserSubscription } from './subscription.ts';

export type GithubIdentity = { githubId: number; login: string; avatarUrl: string | null; tokenEnc: string };

/** Creates the user on first sign-in (starting the free trial) or refreshes name, avatar and token. */
export async function upsertGithubUser(db: Db, identity: GithubIdentity, now: number): Promise<User> {
  const existing = await db
    .selectFrom('users')
    .selectAll()
    .where('github_id', '=', identity.githubId)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({
        username: identity.login,
        avatar_url: identity.avatarUrl,
        github_token_enc: identity.tokenEnc,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        github_id: identity.githubId,
        username: identity.login,
        avatar_url: identity.avatarUrl,
        github_token_enc: identity.tokenEnc,
        subscription_status: 'trial',
        subscription_end: trialEnd(now),
        cancel_at_period_end: 0,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        demo_hidden: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('github_id').doNothing())
      .execute();
  }
  return db
    .selectFrom('users')
    .selectAll()
    .where('github_id', '=', identity.githubId)
    .executeTakeFirstOrThrow();
}

export async function findUser(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setDemoHidden(db: Db, userId: string, hidden: boolean, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ demo_hidden: hidden ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Remembers the user's Stripe customer; never replaces one already remembered. */
export async function rememberCustomer(
  db: Db,
  userId: string,
  customerId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ stripe_customer_id: customerId, updated_at: now })
    .where('id', '=', userId)
    .where('stripe_customer_id', 'is', null)
    .execute();
}

export async function writeSubscription(
  db: Db,
  userId: string,
  sub: UserSubscription,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...sub, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * `writeSubscription`, only while the user's subscription columns are still `seen`: whether it wrote. A
 * write between the read of `seen` and this one (the user reactivated while an older event was applied)
 * makes it write nothing, on every replica alike.
 */
export async function writeSubscriptionIfUnchanged(
  db: Db,
  userId: string,
  seen: Pick<User, keyof UserSubscription>,
  sub: UserSubscription,
  now: number,
): Promise<boolean> {
  let update = db
    .updateTable('users')
    .set({ ...sub, updated_at: now })
    .where('id', '=', userId);
  for (const column of SUBSCRIPTION_COLUMNS) {
    const value = seen[column];
    update = value === null ? update.where(column, 'is', null) : update.where(column, '=', value);
  }
  const written = await update.executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}

/** The columns `writeSubscription` writes, every one compared by `writeSubscriptionIfUnchanged`. */
const SUBSCRIPTION_COLUMNS = [
  'subscription_status',
  'subscription_end',
  'cancel_at_period_end',
  'stripe_subscription_id',
  'subscription_trialing',
] as const satisfies readonly (keyof UserSubscription)[];

/** Forgets the user's Stripe customer (Stripe no longer has it). */
export async function forgetCustomer(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ stripe_customer_id: null }).where('id', '=', userId).execute();
}

/** The account is deleted (account/): its row goes last, once every other folder removed its own rows. */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
