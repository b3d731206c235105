import type { AccountData, AccountDeletion } from '@fluxion/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../auth/sessions.ts';
import { type BillingWorld, START, startBillingWorld } from '../testing/billing-world.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dropDatabase } from '../testing/collector-sim.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

const DAY = 86_400_000;

/**
 * "Download my data" and "Delete my account" (docs/api.md, Account) against the Stripe simulator: Alice
 * pays, tracks a board of her own and one Bob tracks too, has digests, a share link and two sign-ins.
 */
describe.each(await dialectCases())('the account on $name', ({ create }) => {
  let database: TestDatabase;
  let world: BillingWorld;
  let bobId: string;
  let subscription: string;

  beforeAll(async () => {
    database = await create();
    world = await startBillingWorld(database);
    const { db } = world.ctx;
    subscription = await world.subscribe();
    bobId = (await signedInUser(world.ctx, 'octo-bob')).user.id;
    const alice = world.userId;
    await insertTestBoard(db, {
      id: 'b-solo',
      githubProjectId: 'PVT_solo',
      title: 'Solo board',
      addedAt: START,
      trackedBy: { userId: alice, iterationLengthDays: 14 },
    });
    await insertTestBoard(db, {
      id: 'b-shared',
      githubProjectId: 'PVT_shared',
      title: 'Shared board',
      addedAt: START,
      trackedBy: { userId: alice, iterationLengthDays: 7 },
    });
    await db.updateTable('boards').set({ settings_user_id: alice }).where('id', '=', 'b-shared').execute();
    await db
      .insertInto('tracked_projects')
      .values({
        user_id: bobId,
        board_id: 'b-shared',
        iteration_length_days: 7,
        cycle_time_start_column: null,
        added_at: START + DAY,
        column_classification: null,
      })
      .execute();
    const prefs = (userId: string, boardId: string, email: string) => ({
      user_id: userId,
      board_id: boardId,
      digest: 1,
      alerts: 0,
      by_email: 1,
      by_slack: 0,
      email,
      locale: null,
      updated_at: START,
      alerts_since: null,
    });
    await db
      .insertInto('notification_preferences')
      .values([
        prefs(alice, 'b-solo', 'alice@example.test'),
        prefs(alice, 'b-shared', 'alice@example.test'),
        prefs(bobId, 'b-shared', 'bob@example.test'),
      ])
      .execute();
    await db
      .insertInto('share_links')
      .values({
        id: 'link-1',
        token_hash: 'hash-1',
        user_id: alice,
        board_id: 'b-shared',
        filters: '{}',
        created_at: START,
        expires_at: START + 30 * DAY,
        revoked_at: null,
      })
      .execute();
    await startSession(db, alice, START); // a second browser
  });
  afterAll(async () => {
    await world.close();
    await dropDatabase(database);
  });

  it('downloads the user’s data: boards with their settings, plan, notification choices and share links', async () => {
    const data = await world.api<AccountData>('/api/account/data/', 'GET');
    expect(data.status).toBe(200);
    expect(data.body.user.username).toBe('octo-alice');
    expect(data.body.subscription.subscription_status).toBe('active');
    expect(data.body.boards.map((b) => [b.title, b.iteration_length_days]).sort()).toEqual([
      ['Shared board', 7],
      ['Solo board', 14],
    ]);
    expect(data.body.notifications.map((n) => [n.title, n.email, n.digest])).toEqual([
      ['Shared board', 'alice@example.test', true],
      ['Solo board', 'alice@example.test', true],
    ]);
    expect(data.body.share_links.map((l) => l.project)).toEqual(['PVT_shared']);
  });

  it('says before deleting what goes and what stays', async () => {
    const preview = await world.api<AccountDeletion>('/api/account/deletion/', 'GET');
    expect(preview.status).toBe(200);
    expect(preview.body.deleted_boards.map((b) => b.title)).toEqual(['Solo board']);
    expect(preview.body.kept_boards.map((b) => b.title)).toEqual(['Shared board']);
    expect(preview.body.plan_ends_at).not.toBeNull();
  });

  it('deletes the account: sign-ins end, the plan is cancelled at period end, only the boards no one else tracks go', async () => {
    const { db } = world.ctx;
    const alice = world.userId;
    const deleted = await world.api<AccountDeletion>('/api/account/', 'DELETE');
    expect(deleted.status).toBe(200);
    expect(deleted.body.kept_boards.map((b) => b.title)).toEqual(['Shared board']);
    expect(world.sim.state.subscriptions.get(subscription)?.cancel_at_period_end).toBe(true);
    expect(deleted.body.plan_ends_at).not.toBeNull();

    expect((await world.api('/api/me/', 'GET')).status).toBe(401);
    const rowsOf = async (table: 'auth_sessions' | 'refresh_tokens' | 'tracked_projects' | 'share_links') =>
      (await db.selectFrom(table).select('user_id').where('user_id', '=', alice).execute()).length;
    expect(await rowsOf('auth_sessions')).toBe(0);
    expect(await rowsOf('refresh_tokens')).toBe(0);
    expect(await rowsOf('tracked_projects')).toBe(0);
    expect(await rowsOf('share_links')).toBe(0);
    expect(await db.selectFrom('users').select('id').where('id', '=', alice).execute()).toEqual([]);
    const prefs = await db.selectFrom('notification_preferences').select(['user_id', 'board_id']).execute();
    expect(prefs).toEqual([{ user_id: bobId, board_id: 'b-shared' }]);

    const boards = await db
      .selectFrom('boards')
      .select(['id', 'collector_user_id', 'settings_user_id'])
      .where('id', 'in', ['b-solo', 'b-shared'])
      .execute();
    // Bob's board stays, read with his token and its shared settings his to set.
    expect(boards).toEqual([{ id: 'b-shared', collector_user_id: bobId, settings_user_id: bobId }]);
  });
});
