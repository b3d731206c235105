import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { teamPlanStates } from './team-plan.ts';
import type { TeamPlanState } from './team-plan.ts';
import { orgRole } from '../github/org-membership.ts';
import { orgManagers } from './org-queries.ts';

/**
 * How a user may act on an organization's plan: an owner on GitHub, or a billing manager an owner named.
 * `ownerUnverifiable`: GitHub would not tell whether they own it (the App lacks Members: read there).
 */
export type ManagerRole = { owner: boolean; manager: boolean; ownerUnverifiable: boolean };

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function managerRole(ctx: AppContext, user: User, org: string): Promise<ManagerRole> {
  const named = (await orgManagers(ctx.db, org)).some(
    (m) => m.role === 'billing_manager' && sameLogin(m.login, user.username),
  );
  const role = await orgRole(ctx, user.id, org);
  const owner = role === 'admin';
  return { owner, manager: owner || named, ownerUnverifiable: role === 'unverifiable' };
}

/** What to do when GitHub will not tell Fluxion who owns the organization (docs/billing.md, Managers). */
export function ownerUnverifiableMessage(org: string): string {
  return (
    `Fluxion cannot check who owns ${org} on GitHub: the Fluxion GitHub App lacks the organization ` +
    `permission "Members: read" there, so the team plan cannot be bought or managed by its owners yet. ` +
    `An owner of ${org} accepts the App's request for that permission on GitHub (${org} → Settings → ` +
    `GitHub Apps → Fluxion → Review request; if the App does not ask for it, whoever registered the App adds ` +
    `Organization permissions → Members: Read first), then tries again.`
  );
}

/** The organization's plan as it stands; 404 when none of its boards was ever added to Fluxion. */
export async function planOf(ctx: AppContext, org: string): Promise<TeamPlanState> {
  const [state] = await teamPlanStates(ctx.db, [org]);
  if (!state)
    throw notFound(`No board of ${org} is tracked in Fluxion: its team plan starts with its first board`);
  return state;
}

/** 403 for anyone but the plan's managers: members see the plan, they do not manage it. */
export async function requireManager(ctx: AppContext, user: User, org: string): Promise<ManagerRole> {
  const role = await managerRole(ctx, user, org);
  if (!role.manager && role.ownerUnverifiable) throw forbidden(ownerUnverifiableMessage(org));
  if (!role.manager) {
    throw forbidden(
      `Only an owner of ${org} on GitHub or a billing manager they named manages its team plan`,
    );
  }
  return role;
}

export async function requireOwner(ctx: AppContext, user: User, org: string): Promise<void> {
  const role = await managerRole(ctx, user, org);
  if (role.ownerUnverifiable) throw forbidden(ownerUnverifiableMessage(org));
  if (!role.owner) {
    throw forbidden(`Only an owner of ${org} on GitHub names its billing managers`);
  }
}
