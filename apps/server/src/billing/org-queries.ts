import type { Db } from '../db/connection.ts';
import type { OrgPlansTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';

export type OrgPlanRow = Selectable<OrgPlansTable>;

/** What a Stripe subscription makes of an organization's plan (billing/status.ts decides it). */
export type OrgSubscription = Pick<
  OrgPlanRow,
  'status' | 'subscription_end' | 'period_start' | 'cancel_at_period_end' | 'stripe_trialing' | 'seats'
> & { stripe_subscription_id: string };

export async function findOrgPlan(db: Db, org: string): Promise<OrgPlanRow | undefined> {
  return db.selectFrom('org_plans').selectAll().where('org_login', '=', org).executeTakeFirst();
}

export async function findOrgPlanByCustomer(db: Db, customerId: string): Promise<OrgPlanRow | undefined> {
  return db
    .selectFrom('org_plans')
    .selectAll()
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Stores the organization's plan the first time it is managed, with the trial it already had; keeps an existing one. */
export async function storeOrgPlan(db: Db, org: string, trialEnd: number, now: number): Promise<OrgPlanRow> {
  await db
    .insertInto('org_plans')
    .values({ org_login: org, status: 'trial', trial_end: trialEnd, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('org_login').doNothing())
    .execute();
  return (await findOrgPlan(db, org)) as OrgPlanRow;
}

/** Remembers the organization's Stripe customer; never replaces one already remembered. */
export async function rememberOrgCustomer(
  db: Db,
  org: string,
  customerId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('org_plans')
    .set({ stripe_customer_id: customerId, updated_at: now })
    .where('org_login', '=', org)
    .where('stripe_customer_id', 'is', null)
    .execute();
}

export async function writeOrgSubscription(db: Db, org: string, sub: OrgSubscription, now: number) {
  await db
    .updateTable('org_plans')
    .set({ ...sub, updated_at: now })
    .where('org_login', '=', org)
    .execute();
}

/** The plan's columns a subscription writes (`OrgSubscription`), compared by `writeOrgSubscriptionIfUnchanged`. */
const SUBSCRIPTION_COLUMNS = [
  'status',
  'subscription_end',
  'period_start',
  'cancel_at_period_end',
  'stripe_trialing',
  'seats',
  'stripe_subscription_id',
] as const satisfies readonly (keyof OrgSubscription)[];

/**
 * `writeOrgSubscription`, only while the plan's subscription columns are still `seen`: whether it wrote
 * (an older read of Stripe must not undo a change made since, billing/events.ts).
 */
export async function writeOrgSubscriptionIfUnchanged(
  db: Db,
  org: string,
  seen: OrgPlanRow,
  sub: OrgSubscription,
  now: number,
): Promise<boolean> {
  let update = db
    .updateTable('org_plans')
    .set({ ...sub, updated_at: now })
    .where('org_login', '=', org);
  for (const column of SUBSCRIPTION_COLUMNS) {
    const value = seen[column];
    update = value === null ? update.where(column, 'is', null) : update.where(column, '=', value);
  }
  const written = await update.executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}

/**
 * Compare-and-set of the synced quantity: `from` → `to` on the plan's subscription `subscriptionId`. Answers
 * whether this caller made the change: of two replicas (or a replica and an Account visit) syncing the same
 * change at once, one wins and pushes it to Stripe, the other sees nothing left to do.
 */
export async function swapSeats(
  db: Db,
  change: { org: string; subscriptionId: string; from: number; to: number },
  now: number,
): Promise<boolean> {
  const swapped = await db
    .updateTable('org_plans')
    .set({ seats: change.to, updated_at: now })
    .where('org_login', '=', change.org)
    .where('stripe_subscription_id', '=', change.subscriptionId)
    .where('seats', '=', change.from)
    .executeTakeFirst();
  return Number(swapped.numUpdatedRows) === 1;
}

/** The organizations whose plan has a live Stripe subscription: their seats are kept in step with it. */
export async function liveSubscriptionOrgs(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('org_plans')
    .select('org_login')
    .where('stripe_subscription_id', 'is not', null)
    .where('status', 'in', ['active', 'past_due'])
    .orderBy('org_login')
    .execute();
  return rows.map((row) => row.org_login);
}

export async function orgManagers(db: Db, org: string): Promise<{ login: string; role: string }[]> {
  return db
    .selectFrom('org_plan_managers')
    .select(['login', 'role'])
    .where('org_login', '=', org)
    .orderBy('created_at')
    .execute();
}

/** The organizations whose plan this GitHub login was named to manage. */
export async function managedOrgs(db: Db, login: string): Promise<string[]> {
  const rows = await db
    .selectFrom('org_plan_managers')
    .select('org_login')
    .where('login', '=', login)
    .execute();
  return rows.map((row) => row.org_login);
}

export async function addOrgManager(
  db: Db,
  manager: { org: string; login: string; role: 'owner' | 'billing_manager'; addedBy: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('org_plan_managers')
    .values({
      org_login: manager.org,
      login: manager.login,
      role: manager.role,
      added_by: manager.addedBy,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['org_login', 'login']).doNothing())
    .execute();
}

/**
 * Who may hold a seat of a period: the users who track at least one of the organization's boards, used
 * Fluxion since `since` (a sign-in or a token refresh — an access token lasts 15 minutes), and do not pay
 * for themselves now (a live personal subscription: nobody pays twice; they hold a seat once it ends). A
 * user counts once per organization, however many of its boards they track. Whether GitHub says they are
 * members is asked after (team-plan-management.ts `seatHolders`).
 */
export async function seatCandidates(db: Db, org: string, since: number, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tracked_projects as t')
    .innerJoin('boards as b', 'b.id', 't.board_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select('t.user_id')
    .distinct()
    .where('b.owner_login', '=', org)
    .where('b.owner_type', '=', 'Organization')
    .where('b.is_demo', '=', 0)
    .where((eb) =>
      eb.not(
        eb.and([
          eb('u.subscription_status', 'in', PAID),
          eb.or([eb('u.subscription_end', 'is', null), eb('u.subscription_end', '>', now)]),
        ]),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens as r')
          .select('r.id')
          .whereRef('r.user_id', '=', 't.user_id')
          .where('r.created_at', '>=', since),
      ),
    )
    .execute();
  return rows.map((row) => row.user_id);
}

/** A personal subscription in these states, before its end, is paid for (users/subscription.ts isActiveUser). */
const PAID = ['active', 'past_due'];

/**
 * The organization's trackers who pay for themselves now (a live personal subscription): told before a team
 * plan is bought, and not billed a seat while it lasts.
 */
export async function personalPayers(
  db: Db,
  org: string,
  now: number,
): Promise<
  { id: string; username: string; subscription_end: number | null; cancel_at_period_end: number }[]
> {
  return db
    .selectFrom('tracked_projects as t')
    .innerJoin('boards as b', 'b.id', 't.board_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.username', 'u.subscription_end', 'u.cancel_at_period_end'])
    .distinct()
    .where('b.owner_login', '=', org)
    .where('b.owner_type', '=', 'Organization')
    .where('b.is_demo', '=', 0)
    .where('u.subscription_status', 'in', PAID)
    .where((eb) => eb.or([eb('u.subscription_end', 'is', null), eb('u.subscription_end', '>', now)]))
    .orderBy('u.username')
    .execute();
}

/** When the GitHub App's installation on the organization was removed (null: installed, or never was). */
export async function appRemovedAt(db: Db, org: string): Promise<number | null> {
  const rows = await db
    .selectFrom('github_installations')
    .select('removed_at')
    .where('account_login', '=', org)
    .where('account_type', '=', 'Organization')
    .execute();
  if (rows.length === 0 || rows.some((row) => row.removed_at === null)) return null;
  return Math.max(...rows.map((row) => Number(row.removed_at)));
}
