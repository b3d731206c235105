import type { OrgPlan } from '@fluxion/contract';
import { DEFAULT_CLIENT_ID, type GithubSim, SEEDED, startGithubSim } from '@fluxion/github-sim';
import { DEFAULT_PRICE_ID, type StripeSim, startStripeSim } from '@fluxion/stripe-sim';
import { expect } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { createRefreshToken } from '../auth/refresh-tokens.ts';
import type { User } from '../db/schema.ts';
import { buildTestApp, listenTestApp, type TestApp, testClock } from './app.ts';
import { insertTestBoard } from './boards.ts';
import type { TestDatabase } from './databases.ts';
import { simControl } from './sim-control.ts';
import { signedInAppUser, signedInGithubUser } from './users.ts';

/** Team-plan tests (billing/team-plan-management.test.ts, seat-sync.test.ts, owner-check.test.ts): a shared world. */
export const START = Date.UTC(2026, 10, 1, 9);
export const DAY = 86_400_000;
export const ORG: string = SEEDED.org;
export const OTHER_ORG = 'globex';
const SECRET = 'whsec_org_plans';

export type Member = { user: User; sessionId: string; login: string };
export type OrgPlanWorld = TestApp & {
  url: string;
  github: GithubSim;
  stripe: StripeSim;
  alice: Member;
  bob: Member;
  /** Signs in a GitHub user who is a member of no organization (made on the simulator first). */
  stranger(login?: string): Promise<Member>;
  call<T>(who: Member, path: string, method?: string, body?: unknown): Promise<{ status: number; body: T }>;
  track(who: Member, org: string, board?: string): Promise<void>;
};

/** The tables a team-plan test writes, emptied after each. */
export const ORG_PLAN_TABLES = [
  'github_installations',
  'org_plan_managers',
  'org_plans',
  'stripe_events',
  'tracked_projects',
  'boards',
  'refresh_tokens',
  'auth_sessions',
  'users',
] as const;

let boards = 0;

/**
 * The app on a real port with the GitHub and Stripe simulators on its clock; octo-alice (an owner of the
 * seeded organization) and octo-bob (a member; an owner of globex) signed in — with OAuth app tokens, or
 * (`signIn: 'app'`) with the GitHub App's user access tokens.
 */
export async function startOrgPlanWorld(
  database: TestDatabase,
  options: { signIn?: 'oauth' | 'app' } = {},
): Promise<OrgPlanWorld> {
  const clock = testClock(START);
  const github = await startGithubSim({ port: 0, clock: 'manual', startAt: START });
  github.world.createOrg({ login: OTHER_ORG, members: ['octo-alice', 'octo-bob'], owners: ['octo-bob'] });
  const stripe = await startStripeSim({ webhookSecret: SECRET, secretKey: 'sk_test_org', now: clock.now });
  const config = {
    stripe: {
      mode: 'sim' as const,
      secretKey: 'sk_test_org',
      publishableKey: null,
      webhookSecret: SECRET,
      priceId: DEFAULT_PRICE_ID,
      apiUrl: stripe.url,
    },
  };
  const test = await buildTestApp(database, { clock, config, githubUrl: github.url });
  const url = await listenTestApp(test);
  stripe.webhooks.urls = [`${url}/webhooks/stripe`];
  const member = async (login: string): Promise<Member> => {
    const signed =
      options.signIn === 'app'
        ? await signedInAppUser(test.ctx, github, login)
        : await signedInGithubUser(test.ctx, github, login);
    return { user: signed.user, sessionId: await sessionOf(test, signed.user.id), login };
  };
  const alice = await member('octo-alice');
  const bob = await member('octo-bob');
  const call = async <T>(who: Member, path: string, method = 'GET', body?: unknown) => {
    const token = await issueAccessToken({
      userId: who.user.id,
      sessionId: who.sessionId,
      secret: test.ctx.config.jwtSecret,
      now: test.ctx.now(),
    });
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const track = async (who: Member, org: string, board = `board-${org}-${boards++}`) => {
    const existing = await test.ctx.db
      .selectFrom('boards')
      .select('id')
      .where('id', '=', board)
      .executeTakeFirst();
    if (!existing) {
      await insertTestBoard(test.ctx.db, {
        id: board,
        githubProjectId: `PVT_${board}`,
        addedAt: test.ctx.now(),
        owner: { login: org, type: 'Organization' },
      });
    }
    await test.ctx.db
      .insertInto('tracked_projects')
      .values({
        user_id: who.user.id,
        board_id: board,
        iteration_length_days: 7,
        cycle_time_start_column: null,
        added_at: test.ctx.now(),
      })
      .execute();
  };
  const stranger = async (login = 'octo-carol') => {
    github.world.createUser({ login, name: login, approvedClients: [DEFAULT_CLIENT_ID] });
    return member(login);
  };
  return { ...test, url, github, stripe, alice, bob, stranger, call, track };
}

export async function closeOrgPlanWorld(world: OrgPlanWorld, database: TestDatabase): Promise<void> {
  await world.stripe.close();
  await world.github.close();
  await world.app.close();
  for (const table of ORG_PLAN_TABLES) await database.handle.db.deleteFrom(table).execute();
}

async function sessionOf(test: TestApp, userId: string): Promise<string> {
  const row = await test.ctx.db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The personal trial of a user ended: whatever lets them in now is a team plan. */
export async function endPersonalTrial(world: OrgPlanWorld, who: Member) {
  await world.ctx.db
    .updateTable('users')
    .set({ subscription_end: world.ctx.now() - DAY })
    .where('id', '=', who.user.id)
    .execute();
}

/** The user used Fluxion now (a token refresh), so they are active in the current period. */
export async function useFluxion(world: OrgPlanWorld, who: Member) {
  await createRefreshToken(world.ctx.db, { userId: who.user.id, sessionId: who.sessionId }, world.ctx.now());
}

/** Checkout of the organization's plan by `buyer`, paid, its webhooks delivered: answers the subscription id. */
export async function buyTeamPlan(world: OrgPlanWorld, org = ORG, buyer = world.alice): Promise<string> {
  const checkout = await world.call<{ id: string; url: string }>(
    buyer,
    `/api/org-plans/${org}/checkout/`,
    'POST',
  );
  expect(checkout.status).toBe(200);
  await simControl(world.stripe.url, `/_sim/checkout/sessions/${checkout.body.id}/pay`);
  await world.stripe.webhooks.idle();
  return String(world.stripe.state.sessions.get(checkout.body.id)?.subscription);
}

export const orgPlanOf = async (world: OrgPlanWorld, who: Member, org = ORG): Promise<OrgPlan | undefined> =>
  (await world.call<{ plans: OrgPlan[] }>(who, '/api/org-plans/')).body.plans.find((p) => p.org === org);
