import type { OrgPlan } from '@fluxion/contract';
import type Stripe from 'stripe';
import type { User } from '../db/schema.ts';
import { conflict, upstreamError } from '../http/errors.ts';
import { type TeamPlanState, teamPlanStates, trackedOrganizations } from './team-plan.ts';
import { isActiveUser, TRIAL_DAYS } from '../users/subscription.ts';
import { managerRole, planOf, requireManager, requireOwner } from './org-access.ts';
import { type AskOptions, isOrgMember, memberOrgs, orgRole } from '../github/org-membership.ts';
import { AppError } from '../http/errors.ts';
import {
  addOrgManager,
  appRemovedAt,
  findOrgPlan,
  managedOrgs,
  type OrgPlanRow,
  personalPayers,
  seatCandidates,
  rememberOrgCustomer,
  storeOrgPlan,
  swapSeats,
  writeOrgSubscription,
  writeOrgSubscriptionIfUnchanged,
} from './org-queries.ts';
import { customerInvoices } from './price.ts';
import { type Billing, CHANGED, stripeTrialEnd, untilUnchanged } from './service.ts';
import { orgSubscription, shouldApplyToOrg } from './status.ts';
import { callStripe, subscriptionFacts } from './stripe-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACTIVE_DAYS = 30;
const LIVE = ['active', 'past_due'];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The plan row, stored the first time the plan is managed, with the trial it already had. */
async function storedPlan(billing: Billing, state: TeamPlanState): Promise<OrgPlanRow> {
  const { ctx } = billing;
  const existing = await findOrgPlan(ctx.db, state.org);
  if (existing) return existing;
  return storeOrgPlan(ctx.db, state.org, state.end ?? ctx.now(), ctx.now());
}

/**
 * Since when a member's use of Fluxion makes a seat: the start of the paid period (or of the trial), and never
 * less than the last 30 days — so the members who used it just before a purchase or a renewal keep their seat.
 */
function periodStart(row: OrgPlanRow | undefined, state: TeamPlanState, now: number): number {
  const lookBack = now - ACTIVE_DAYS * DAY_MS;
  if (row?.period_start != null && row.status !== 'trial') return Math.min(row.period_start, lookBack);
  const trialEnd = row?.trial_end ?? state.end ?? 0;
  return Math.min(trialEnd - TRIAL_DAYS * DAY_MS, lookBack);
}

/**
 * Seats = the members active in the period, kept in step with the subscription's quantity (at least 1) while
 * it is live; Stripe prorates the change (create_prorations: on the next invoice). Answers the count.
 * Safe to run anywhere at once (replicas' background sync, Account visits, webhooks): only the caller that
 * swaps the stored quantity pushes the change.
 */
export async function syncSeats(billing: Billing, org: string, asking: AskOptions = {}): Promise<number> {
  const { ctx } = billing;
  const state = (await teamPlanStates(ctx.db, [org]))[0];
  if (!state) return 0;
  const row = await findOrgPlan(ctx.db, org);
  const seats = (await seatHolders(billing, org, periodStart(row, state, ctx.now()), asking)).length;
  const id = row?.stripe_subscription_id;
  if (!row || !id || !LIVE.includes(row.status)) return seats;
  const change: SeatChange = { org, subscriptionId: id, from: row.seats, to: Math.max(1, seats) };
  if (change.from === change.to || !(await swapSeats(ctx.db, change, ctx.now()))) return seats;
  try {
    await pushQuantity(billing, change, seatsIdempotencyKey(change, row.updated_at));
  } catch (error) {
    // Give the change back, so that the next sync pushes it again.
    await swapSeats(ctx.db, { ...change, from: change.to, to: change.from }, ctx.now());
    throw error;
  }
  return seats;
}

/**
 * The seats of a period: the candidates (active in the period, not paying for themselves: seatCandidates)
 * whom GitHub says are members of the organization — a stranger who tracks a public board of it is no seat.
 * One without a GitHub token Fluxion may use cannot be verified: no seat. GitHub failing fails the count
 * (the quantity stays; the next sync tries again), never a guess either way.
 */
async function seatHolders(
  billing: Billing,
  org: string,
  since: number,
  asking: AskOptions,
): Promise<string[]> {
  const { ctx } = billing;
  const candidates = await seatCandidates(ctx.db, org, since, ctx.now());
  const verified = (userId: string) =>
    isOrgMember(ctx, userId, org, asking).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 401) return false;
      throw error;
    });
  const members = await Promise.all(candidates.map(verified));
  return candidates.filter((_, i) => members[i]);
}

type SeatChange = { org: string; subscriptionId: string; from: number; to: number };

/** One key per change of the stored plan (its version included): a retried push is applied once by Stripe. */
export const seatsIdempotencyKey = (change: SeatChange, version: number) =>
  `fluxion-seats-${change.subscriptionId}-${change.from}-to-${change.to}-at-${version}`;

async function pushQuantity(billing: Billing, change: SeatChange, idempotencyKey: string): Promise<void> {
  const { stripe } = billing;
  const sub = await callStripe(() => stripe.subscriptions.retrieve(change.subscriptionId));
  const item = sub.items.data[0];
  if (!item || item.quantity === change.to) return;
  await callStripe(() =>
    stripe.subscriptions.update(
      change.subscriptionId,
      { items: [{ id: item.id, quantity: change.to }], proration_behavior: 'create_prorations' },
      { idempotencyKey },
    ),
  );
}

async function planView(billing: Billing, user: User, state: TeamPlanState): Promise<OrgPlan> {
  const { ctx } = billing;
  const seats = await syncSeats(billing, state.org);
  const row = await findOrgPlan(ctx.db, state.org);
  const current = (await teamPlanStates(ctx.db, [state.org]))[0] ?? state;
  const role = await managerRole(ctx, user, state.org);
  return {
    org: current.org,
    status: current.status,
    end: iso(current.end),
    trialing: current.trialing,
    is_active: isActiveUser(current.status, current.end, ctx.now()),
    cancel_at_period_end: current.cancelAtPeriodEnd,
    purchased: Boolean(row?.stripe_subscription_id),
    seats,
    billed_seats: row?.stripe_subscription_id ? (row.seats ?? 0) : 0,
    managers: current.managers,
    is_manager: role.manager,
    is_owner: role.owner,
    app_removed_at: iso(await appRemovedAt(ctx.db, current.org)),
    owner_unverifiable: role.ownerUnverifiable && !role.manager,
    paying_personally: role.manager ? await payingPersonally(billing, current.org) : [],
  };
}

/** The organization's members who pay for a personal plan now: they hold no seat while it lasts. */
async function payingPersonally(billing: Billing, org: string) {
  const { ctx } = billing;
  const payers = await personalPayers(ctx.db, org, ctx.now());
  const members = await Promise.all(payers.map((payer) => memberOrgs(ctx, payer.id, [org])));
  return payers
    .filter((_, i) => members[i]?.length === 1)
    .map((payer) => ({
      login: payer.username,
      until: iso(payer.subscription_end === null ? null : Number(payer.subscription_end)),
      cancel_at_period_end: payer.cancel_at_period_end === 1,
    }));
}

/**
 * The plans of the organizations whose boards the user tracks, unless GitHub says they are no member of it
 * (a stranger tracking a public board: where GitHub will not tell, the card says what to do), or that they
 * were named to manage.
 */
export async function listOrgPlans(billing: Billing, user: User): Promise<OrgPlan[]> {
  const { ctx } = billing;
  const { db } = ctx;
  const tracked = await trackedOrganizations(db, user.id);
  // GitHub failing to answer shows the plan (its card reports the failure); only a clear "no member" hides it.
  const roles = await Promise.all(
    tracked.map((org) => orgRole(ctx, user.id, org).catch(() => 'unknown' as const)),
  );
  const orgs = new Set([
    ...tracked.filter((_, i) => roles[i] !== 'none'),
    ...(await managedOrgs(db, user.username)),
  ]);
  const states = await teamPlanStates(db, [...orgs]);
  return Promise.all(states.map((state) => planView(billing, user, state)));
}

async function orgCustomer(billing: Billing, row: OrgPlanRow, user: User): Promise<string> {
  const { ctx, stripe } = billing;
  if (row.stripe_customer_id) return row.stripe_customer_id;
  const created = await callStripe(() =>
    stripe.customers.create({
      name: row.org_login,
      metadata: { org_login: row.org_login, bought_by: user.username },
    }),
  );
  await rememberOrgCustomer(ctx.db, row.org_login, created.id, ctx.now());
  return (await findOrgPlan(ctx.db, row.org_login))?.stripe_customer_id ?? created.id;
}

/** Checkout for the team plan: one seat per member active in the trial, the trial's days kept (no charge before). */
export async function startOrgCheckout(billing: Billing, user: User, org: string) {
  const { ctx, stripe } = billing;
  await requireManager(ctx, user, org);
  const state = await planOf(ctx, org);
  const row = await storedPlan(billing, state);
  if (LIVE.includes(row.status) && isActiveUser(state.status, state.end, ctx.now())) {
    throw conflict(`The team plan of ${org} is already active`);
  }
  const customer = await orgCustomer(billing, row, user);
  const seats = (await seatHolders(billing, org, periodStart(row, state, ctx.now()), { fresh: true })).length;
  const trialEnd = row.status === 'trial' ? stripeTrialEnd(state.end, ctx.now()) : undefined;
  const base = ctx.config.publicUrl;
  const metadata = { org_login: org, bought_by: user.username };
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: ctx.config.stripe.priceId, quantity: Math.max(1, seats) }],
      success_url: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/payment-cancelled`,
      metadata,
      subscription_data: { metadata, ...(trialEnd ? { trial_end: trialEnd } : {}) },
    }),
  );
  if (!session.url) throw upstreamError('Stripe answered a checkout session without a URL');
  await addOrgManager(
    ctx.db,
    { org, login: user.username, role: 'owner', addedBy: user.username },
    ctx.now(),
  );
  return { id: session.id, url: session.url };
}

/** Writes a Stripe subscription to the organization's plan when it is the plan's (or a new live one). */
export async function applyOrgSubscription(
  billing: Billing,
  org: string,
  sub: Stripe.Subscription,
): Promise<'applied' | 'ignored'> {
  const { ctx } = billing;
  const row = await findOrgPlan(ctx.db, org);
  if (!row) return 'ignored';
  const facts = subscriptionFacts(sub);
  if (!shouldApplyToOrg(row, facts)) return 'ignored';
  await writeOrgSubscription(ctx.db, org, planColumnsOf(sub), ctx.now());
  return 'applied';
}

/** What a Stripe subscription makes of the plan's columns (its seats are its first item's quantity). */
function planColumnsOf(sub: Stripe.Subscription) {
  const quantity = sub.items.data[0]?.quantity ?? 1;
  const start = sub.items.data[0]?.current_period_start ?? null;
  return orgSubscription(subscriptionFacts(sub), quantity, start);
}

/**
 * The subscription as Stripe has it after the plan's row was read, written only if the row is still as read
 * (`untilUnchanged`): an event's older read must not undo the manager's change made since.
 */
export function applyLatestOrgSubscription(
  billing: Billing,
  org: string,
  subscriptionId: string,
): Promise<'applied' | 'ignored'> {
  const { ctx } = billing;
  return untilUnchanged(subscriptionId, async () => {
    const seen = await findOrgPlan(ctx.db, org);
    if (!seen) return 'ignored';
    const sub = await callStripe(() => billing.stripe.subscriptions.retrieve(subscriptionId));
    if (!shouldApplyToOrg(seen, subscriptionFacts(sub))) return 'ignored';
    const written = await writeOrgSubscriptionIfUnchanged(ctx.db, org, seen, planColumnsOf(sub), ctx.now());
    return written ? 'applied' : CHANGED;
  });
}

async function liveSubscription(billing: Billing, user: User, org: string, verb: string) {
  await requireManager(billing.ctx, user, org);
  const row = await findOrgPlan(billing.ctx.db, org);
  const id = row?.stripe_subscription_id;
  if (!row || !id || !LIVE.includes(row.status))
    throw conflict(`${org} has no team plan subscription to ${verb}`);
  return id;
}

export async function setOrgCancelAtPeriodEnd(billing: Billing, user: User, org: string, cancel: boolean) {
  const id = await liveSubscription(billing, user, org, cancel ? 'cancel' : 'reactivate');
  const sub = await callStripe(() =>
    billing.stripe.subscriptions.update(id, { cancel_at_period_end: cancel }),
  );
  await applyOrgSubscription(billing, org, sub);
  return subscriptionFacts(sub);
}

export async function startOrgPortal(billing: Billing, user: User, org: string) {
  await requireManager(billing.ctx, user, org);
  const customer = (await findOrgPlan(billing.ctx.db, org))?.stripe_customer_id;
  if (!customer) throw conflict(`${org} has no billing account to manage yet`);
  const return_url = `${billing.ctx.config.publicUrl}/account`;
  const portal = await callStripe(() =>
    billing.stripe.billingPortal.sessions.create({ customer, return_url }),
  );
  return { url: portal.url };
}

export async function orgInvoices(billing: Billing, user: User, org: string) {
  await requireManager(billing.ctx, user, org);
  const customer = (await findOrgPlan(billing.ctx.db, org))?.stripe_customer_id ?? null;
  return { invoices: await customerInvoices(billing, customer) };
}

/** An owner names a billing manager: they may then buy, cancel, reactivate and change the card. */
export async function addBillingManager(billing: Billing, user: User, org: string, login: string) {
  const { ctx } = billing;
  await requireOwner(ctx, user, org);
  await storedPlan(billing, await planOf(ctx, org));
  await addOrgManager(ctx.db, { org, login, role: 'billing_manager', addedBy: user.username }, ctx.now());
  return planView(billing, user, await planOf(ctx, org));
}
