import type { Db } from '../db/connection.ts';
import { isActiveUser, TRIAL_DAYS } from '../users/subscription.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An organization's plan as it stands: its stored row (billing/ writes it) or, before one exists, its trial. */
export type TeamPlanState = {
  org: string;
  status: string;
  /** The trial's end, or the paid (or trialing) period's end. */
  end: number | null;
  cancelAtPeriodEnd: boolean;
  trialing: boolean;
  managers: string[];
};

type PlanRow = {
  org_login: string;
  status: string;
  trial_end: number;
  subscription_end: number | null;
  cancel_at_period_end: number;
  stripe_trialing: number;
};

/**
 * The plan of an organization: the stored one, or the app's 30-day trial counted from the first time one of
 * its boards was added (no card, nothing stored yet: billing/ stores it the first time it manages it).
 */
export function teamPlanState(
  org: string,
  row: PlanRow | undefined,
  firstBoardAddedAt: number | null,
  managers: string[],
): TeamPlanState | null {
  if (row) {
    const bought = row.status !== 'trial';
    return {
      org,
      status: row.status,
      end: bought ? row.subscription_end : row.trial_end,
      cancelAtPeriodEnd: row.cancel_at_period_end === 1,
      trialing: row.stripe_trialing === 1,
      managers,
    };
  }
  if (firstBoardAddedAt === null) return null;
  const end = firstBoardAddedAt + TRIAL_DAYS * DAY_MS;
  return { org, status: 'trial', end, cancelAtPeriodEnd: false, trialing: false, managers };
}

/** Of several plans covering one user, the one to report: an active one, paid before trial, latest end. */
export function coveringTeamPlan(plans: TeamPlanState[], now: number): TeamPlanState | null {
  const active = plans.filter((plan) => isActiveUser(plan.status, plan.end, now));
  const rank = (plan: TeamPlanState) => (plan.status === 'trial' ? 0 : 1);
  active.sort((a, b) => rank(b) - rank(a) || (b.end ?? Infinity) - (a.end ?? Infinity));
  return active[0] ?? null;
}

/** The organizations whose boards this user tracks (the demo board's owner is not one). */
export async function trackedOrganizations(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tracked_projects as t')
    .innerJoin('boards as b', 'b.id', 't.board_id')
    .select('b.owner_login')
    .distinct()
    .where('t.user_id', '=', userId)
    .where('b.owner_type', '=', 'Organization')
    .where('b.is_demo', '=', 0)
    .execute();
  return rows.map((row) => row.owner_login);
}

/** The plans of these organizations as they stand (see teamPlanState); none for an organization without boards. */
export async function teamPlanStates(db: Db, orgs: string[]): Promise<TeamPlanState[]> {
  if (orgs.length === 0) return [];
  const [rows, firsts, managers] = await Promise.all([
    db.selectFrom('org_plans').selectAll().where('org_login', 'in', orgs).execute(),
    db
      .selectFrom('boards')
      .select(['owner_login', (eb) => eb.fn.min<number>('added_at').as('first')])
      .where('owner_login', 'in', orgs)
      .where('owner_type', '=', 'Organization')
      .where('is_demo', '=', 0)
      .groupBy('owner_login')
      .execute(),
    db
      .selectFrom('org_plan_managers')
      .select(['org_login', 'login'])
      .where('org_login', 'in', orgs)
      .orderBy('created_at')
      .execute(),
  ]);
  return orgs.flatMap((org) => {
    const row = rows.find((r) => r.org_login === org);
    const first = firsts.find((f) => f.owner_login === org)?.first;
    const names = managers.filter((m) => m.org_login === org).map((m) => m.login);
    const state = teamPlanState(
      org,
      row,
      first === undefined || first === null ? null : Number(first),
      names,
    );
    return state ? [state] : [];
  });
}

/** Of these organizations, the ones GitHub says the user is a member of (github/org-membership.ts `memberOrgs`). */
export type VerifiedMemberships = (orgs: string[]) => Promise<string[]>;

/**
 * The organization plan that lets this user use Fluxion now, if any (docs/billing.md, Plans): a plan of an
 * organization whose board they track and which GitHub says they are a member of — tracking a public board
 * of an organization makes no one a member.
 */
export async function findCoveringTeamPlan(
  db: Db,
  userId: string,
  now: number,
  verified: VerifiedMemberships,
): Promise<TeamPlanState | null> {
  const tracked = await trackedOrganizations(db, userId);
  if (tracked.length === 0) return null;
  const plans = (await teamPlanStates(db, tracked)).filter((plan) =>
    isActiveUser(plan.status, plan.end, now),
  );
  if (plans.length === 0) return null;
  const members = await verified(plans.map((plan) => plan.org));
  return coveringTeamPlan(
    plans.filter((plan) => members.includes(plan.org)),
    now,
  );
}
