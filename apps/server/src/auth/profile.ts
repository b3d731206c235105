import type { Profile } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { memberOrgs } from '../github/org-membership.ts';
import { findCoverage } from '../users/coverage.ts';
import { toProfile } from '../users/subscription.ts';

/**
 * The user's profile now (`GET /api/me/`, the checkout return), with the team plan that covers them: only
 * of an organization GitHub says they are a member of. It stands for their own subscription when that does
 * not let them in (or is a free trial or pilot); beside a paid one it is reported as `also_covered_by`.
 */
export async function profileOf(ctx: AppContext, user: User): Promise<Profile> {
  const now = ctx.now();
  const coverage = await findCoverage(ctx.db, user.id, now, (orgs) => memberOrgs(ctx, user.id, orgs));
  return toProfile(user, now, coverage);
}
