import { startGithubSim } from '@fluxion/github-sim';
import { type CaughtMail, startMailSim } from '@fluxion/mail-sim';
import type { FlowResponse, NotificationSettings } from '@fluxion/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { startSession } from '../auth/sessions.ts';
import { createCollector } from '../collector/runner.ts';
import { readerFactory } from '../collector/readers.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simInstall } from '../testing/github-app.ts';
import { vaultBoard } from '../testing/private-board.ts';
import { signedInAppUser } from '../testing/users.ts';
import { type Channels, createChannels } from './channels.ts';
import { messageIdOf } from './jobs.ts';
import { createNotifier } from './runner.ts';
import { DEMO_PROJECT_ID } from '@fluxion/demo-board';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { currentDigestPeriod } from './schedule.ts';
import { formatter } from '@fluxion/contract/format';
import { simControl } from '../testing/sim-control.ts';

/**
 * Digests and alerts through the real SMTP path (the mail catcher) and the Slack receiver, on a board two
 * users track where one item is in a repository only Bob may read (docs/operations.md, "Digest and alerts").
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
const mail = await startMailSim();
afterAll(async () => {
  await sim.close();
  await mail.close();
});
const vault = await vaultBoard(sim);
await simInstall(sim, 'fluxion-labs');

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const HOOK = `${mail.slackBase}T0001/B0001/vaultsecret`;

/** Waits (up to 10 s of real time) for something a process does on its own. */
async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

const mailsTo = (address: string, from = 0): CaughtMail[] =>
  mail.inbox.mails.slice(from).filter((m) => m.to.includes(address));

describe.each(cases)('digest and alerts ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  // Only the app's clock moves (weeks): its users' App tokens are kept as never expiring, as the
  // simulator, whose clock stays, still takes them (their renewal is tested in auth/).
  const appClock = testClock(sim.world.now());
  const clock = {
    ...appClock,
    set: (ms: number) => {
      appClock.set(ms);
    },
    advance: (ms: number) => clock.set(appClock.now() + ms),
  };
  /** The first Monday 09:00 UTC after the simulator's history, a minute past: a digest is due. */
  const firstMonday = currentDigestPeriod(sim.world.now() + WEEK, 'UTC').at + 60_000;
  const notifications = {
    smtpUrl: mail.smtpUrl,
    mailFrom: 'Fluxion <digest@fluxion.test>',
    slackWebhookBase: mail.slackBase,
    tickMs: 1000,
    leaseMs: 60_000,
    retryMs: 30_000,
    testDigestsPerHour: 3,
    mailSimPort: 0,
  };
  const testApp = await buildTestApp(database, { githubUrl: sim.url, clock, config: { notifications } });
  const { app, ctx } = testApp;
  const api = { ...ctx, analytics: app.analytics };
  const bob = await signedInAppUser(ctx, sim, 'octo-bob');
  const alice = await signedInAppUser(ctx, sim, 'octo-alice');
  for (const user of [bob, alice]) {
    const payload = { project_id: vault, iteration_length: 7 };
    const added = await app.inject({ method: 'POST', url: '/api/projects/', headers: user.auth, payload });
    if (added.statusCode !== 201) throw new Error(`add: ${added.statusCode} ${added.body}`);
  }
  await createCollector(ctx, readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 }), {
    backfill: false,
  }).runOnce();
  await ctx.db.updateTable('users').set({ github_token_expires_at: null }).execute();
  // Both pay (the weeks below outlast a trial); the paywall test ends Alice's subscription.
  await ctx.db.updateTable('users').set({ subscription_status: 'active', subscription_end: null }).execute();
  const channels = createChannels(notifications);
  afterAll(() => channels.close());
  const notifier = (owner: string, with_ = channels) => createNotifier(api, with_, { owner });
  /** A sign-in at the app's clock now (weeks pass between the tests; access tokens last minutes). */
  const as = async (user: typeof bob) => {
    const now = clock.now();
    const session = { userId: user.user.id, sessionId: await startSession(ctx.db, user.user.id, now) };
    return {
      authorization: `Bearer ${await issueAccessToken({ ...session, secret: ctx.config.jwtSecret, now })}`,
    };
  };
  const bobMail = `bob-${database.url ? 'pg' : 'lite'}@example.test`;
  const aliceMail = `alice-${database.url ? 'pg' : 'lite'}@example.test`;
  // GitHub lists both addresses verified (the App may read them: its "Email addresses" permission).
  const simApp = sim.world.app;
  if (simApp) simApp.permissions.emails = 'read';
  for (const [login, email] of [
    ['octo-bob', bobMail],
    ['octo-alice', aliceMail],
  ] as const) {
    const account = sim.world.users.get(login);
    if (account) account.otherEmails = [...(account.otherEmails ?? []), { email, verified: true }];
  }

  const save = async (user: typeof bob, body: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/projects/${vault}/notifications/`,
      headers: await as(user),
      payload: body,
    });
    return { status: response.statusCode, body: response.json() as NotificationSettings };
  };
  const settings = async (user: typeof bob) =>
    (
      await app.inject({ url: `/api/projects/${vault}/notifications/`, headers: await as(user) })
    ).json() as NotificationSettings;
  const on = { digest: true, alerts: true, by_email: true, by_slack: false };

  it('refuses a Slack URL that is not an incoming webhook, and e-mail without an address', async () => {
    const bad = await save(bob, { ...on, email: bobMail, slack_webhook_url: 'https://evil.example/hook' });
    expect(bad.status).toBe(400);
    expect((await save(bob, { ...on, email: null })).status).toBe(400);
    const locale = await save(bob, { ...on, email: bobMail, locale: 'not a locale!' });
    expect(locale.status).toBe(400);
    expect(JSON.stringify(locale.body)).toContain('locale must be a BCP 47 language tag');
  });

  it('sends one digest per user and channel under two notifiers, with the Flow page’s figures, private items to Bob only', async () => {
    expect((await save(bob, { ...on, by_slack: true, email: bobMail, slack_webhook_url: HOOK })).status).toBe(
      200,
    );
    // Alice reads in British English (her browser's locale, sent with her settings); Bob never said.
    expect((await save(alice, { ...on, email: aliceMail, locale: 'en-gb' })).status).toBe(200);
    clock.set(firstMonday);
    const before = mail.inbox.mails.length;
    const slackBefore = mail.inbox.slack.length;
    await Promise.all([notifier('a').runOnce(), notifier('b').runOnce()]);
    await Promise.all([notifier('a').runOnce(), notifier('b').runOnce()]);
    const [bobs, alices] = [mailsTo(bobMail, before), mailsTo(aliceMail, before)];
    expect(bobs).toHaveLength(1);
    expect(alices).toHaveLength(1);
    const slack = mail.inbox.slack.slice(slackBefore);
    expect(slack).toHaveLength(1);

    const flowAnswer = await app.inject({
      url: `/api/flow/?project=${vault}&days=28`,
      headers: await as(bob),
    });
    expect(flowAnswer.statusCode, flowAnswer.body.slice(0, 300)).toBe(200);
    const flow = flowAnswer.json() as FlowResponse;
    const thisWeek = flow.throughput.weekly.at(-1)?.count ?? 0;
    const bobDigest = bobs[0] as CaughtMail;
    expect(bobDigest.text).toContain(`Finished this week: ${thisWeek}`);
    expect(bobDigest.text).toContain(`In progress: ${flow.aging.items.length},`);
    expect(bobDigest.text).toContain(flow.aging.items[0]?.title ?? '?');
    expect(bobDigest.text).toContain('Move the HSM');
    const aliceDigest = alices[0] as CaughtMail;
    expect(aliceDigest.text).toContain('Private item');
    const monday = currentDigestPeriod(firstMonday, 'UTC').key;
    expect(bobDigest.text).toContain(`week of ${formatter('en-US').date(monday)}`);
    expect(aliceDigest.text).toContain(`week of ${formatter('en-GB').date(monday)}`);
    expect(formatter('en-GB').date(monday)).not.toBe(formatter('en-US').date(monday));
    for (const secret of ['Move the HSM', 'fluxion-labs/vault']) {
      expect(aliceDigest.text + (aliceDigest.html ?? '')).not.toContain(secret);
      expect(JSON.stringify(slack[0]?.body)).not.toContain(secret);
    }
    expect(bobDigest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(bobDigest.headers['list-unsubscribe']).toMatch(
      /^<http.*\/api\/notifications\/unsubscribe\/\?token=/,
    );
    const period = currentDigestPeriod(firstMonday, 'UTC').key;
    const board = await ctx.db
      .selectFrom('boards')
      .select('id')
      .where('github_project_id', '=', vault)
      .executeTakeFirstOrThrow();
    expect(bobDigest.messageId).toBe(messageIdOf(`digest|${board.id}|${bob.user.id}|email|${period}`));
    expect((await settings(bob)).status.digest?.message).toBe('last digest sent');
  });

  it('retries a refused e-mail with backoff, shows it in the settings, and sends it once when SMTP recovers', async () => {
    clock.set(firstMonday + WEEK);
    mail.inbox.faults.smtp = { code: 451, message: 'Try again later', count: 2 };
    const before = mail.inbox.mails.length;
    await notifier('a').runOnce();
    const status = (await settings(bob)).status.digest;
    expect(status?.message).toMatch(/^last digest failed: SMTP refused: 451 .*— retrying$/);
    clock.advance(61_000);
    await notifier('b').runOnce();
    await notifier('a').runOnce();
    expect(mailsTo(bobMail, before)).toHaveLength(1);
    expect(mailsTo(aliceMail, before)).toHaveLength(1);
  });

  it('never sends a digest twice when its sender dies mid-send (at most once)', async () => {
    clock.set(firstMonday + 2 * WEEK);
    const before = mail.inbox.mails.length;
    // A sender that hands the message to SMTP and then never comes back (the process died).
    const dying: Channels = {
      ...channels,
      email: async (message) => {
        await channels.email?.(message);
        await new Promise(() => {});
      },
    };
    void createNotifier(api, dying, { owner: 'dying', batch: 1 }).runOnce();
    await waitFor(() => mail.inbox.mails.length > before);
    expect(mailsTo(bobMail, before).length + mailsTo(aliceMail, before).length).toBe(1);
    clock.advance(notifications.leaseMs + 1);
    await notifier('b').runOnce();
    await notifier('b').runOnce();
    // The interrupted digest is not sent again; the other user's is sent by the live notifier.
    expect(mailsTo(bobMail, before)).toHaveLength(1);
    expect(mailsTo(aliceMail, before)).toHaveLength(1);
    const interrupted = await ctx.db
      .selectFrom('notification_jobs')
      .select('state')
      .where('state', '=', 'interrupted')
      .execute();
    expect(interrupted.length).toBeGreaterThanOrEqual(1);
  });

  it('alerts each subscriber once when the board’s collection stops, by e-mail and in Slack', async () => {
    await ctx.db
      .updateTable('boards')
      .set({
        sync_status: 'inaccessible',
        last_error: 'Access lost: the Fluxion GitHub App was uninstalled from fluxion-labs.',
      })
      .where('github_project_id', '=', vault)
      .execute();
    clock.advance(DAY);
    const before = mail.inbox.mails.length;
    const slackBefore = mail.inbox.slack.length;
    // What an uninstall does: GitHub lets neither of them read the board any more (404), which is why
    // the alert exists; it goes to those who could read it when collection stopped.
    const members = sim.world.orgs.get('fluxion-labs')?.members as Set<string>;
    members.delete('octo-alice');
    members.delete('octo-bob');
    try {
      await Promise.all([notifier('a').runOnce(), notifier('b').runOnce()]);
      await notifier('a').runOnce();
    } finally {
      members.add('octo-alice');
      members.add('octo-bob');
    }
    const alerts = mail.inbox.mails.slice(before).filter((m) => m.subject.includes('stopped collecting'));
    expect(alerts.map((m) => m.to[0]).sort()).toEqual([aliceMail, bobMail].sort());
    expect(alerts[0]?.text).toContain('uninstalled from fluxion-labs');
    expect(mail.inbox.slack.slice(slackBefore)).toHaveLength(1);
  });

  it('sends an alert again when its sender died mid-send (at least once), with the same Message-ID', async () => {
    await ctx.db
      .updateTable('boards')
      .set({ last_synced_at: clock.now() }) // a new stoppage: a new cause
      .where('github_project_id', '=', vault)
      .execute();
    await ctx.db.updateTable('notification_preferences').set({ by_slack: 0 }).execute();
    clock.advance(DAY);
    const before = mail.inbox.mails.length;
    const dying: Channels = {
      ...channels,
      email: async (message) => {
        await channels.email?.(message);
        await new Promise(() => {});
      },
    };
    void createNotifier(api, dying, { owner: 'dying-alert', batch: 1 }).runOnce();
    await waitFor(() => mail.inbox.mails.length > before);
    const first = mail.inbox.mails.slice(before);
    expect(first).toHaveLength(1);
    clock.advance(notifications.leaseMs + 1);
    await notifier('b').runOnce();
    await notifier('b').runOnce();
    const to = first[0]?.to[0] as string;
    const copies = mailsTo(to, before);
    expect(copies).toHaveLength(2);
    expect(copies[1]?.messageId).toBe(copies[0]?.messageId);
    await ctx.db
      .updateTable('notification_preferences')
      .set({ by_slack: 1 })
      .where('user_id', '=', bob.user.id)
      .execute();
  });

  it('unsubscribes in one click without sign-in, and refuses a forged link', async () => {
    const last = mailsTo(aliceMail).at(-1) as CaughtMail;
    const link = /<([^>]+)>/.exec(last.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    const path = link.slice(link.indexOf('/api/'));
    const page = await app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect((await settings(alice)).alerts).toBe(true); // opening the link changes nothing
    const post = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect((await settings(alice)).alerts).toBe(false);
    const forged = await app.inject({ method: 'POST', url: `${path.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);
  });

  it('sends nothing to a user whose trial ended, and refuses their test digest (paywall)', async () => {
    await ctx.db
      .updateTable('users')
      .set({ subscription_status: 'canceled', subscription_end: clock.now() - DAY })
      .where('id', '=', alice.user.id)
      .execute();
    // The organization's team trial is over too: no plan covers her.
    const now = clock.now();
    await ctx.db
      .insertInto('org_plans')
      .values({
        org_login: 'fluxion-labs',
        status: 'trial',
        trial_end: now - DAY,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await ctx.db
      .updateTable('boards')
      .set({ sync_status: 'active' })
      .where('github_project_id', '=', vault)
      .execute();
    clock.set(firstMonday + 3 * WEEK);
    const before = mail.inbox.mails.length;
    await notifier('a').runOnce();
    expect(mailsTo(bobMail, before)).toHaveLength(1);
    expect(mailsTo(aliceMail, before)).toHaveLength(0);
    expect((await settings(alice)).status.digest?.message).toContain('trial or subscription has ended');
    const test = await app.inject({
      method: 'POST',
      url: `/api/projects/${vault}/notifications/test-digest/`,
      headers: await as(alice),
    });
    expect(test.statusCode).toBe(402);
  });

  it('alerts once, in one message, when an item crosses the SLE and a column goes over its WIP limit, and the digest says both', async () => {
    const policies = { sle: { percent: 85, days: 5 }, wip_limits: { Todo: 1 } };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: await as(bob),
      payload: { project_id: vault, iteration_length: 7, flow_policies: policies },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBeLessThan(300);
    clock.set(firstMonday + 4 * WEEK);
    const before = mail.inbox.mails.length;
    const slackBefore = mail.inbox.slack.length;
    await Promise.all([notifier('a').runOnce(), notifier('b').runOnce()]);
    await notifier('a').runOnce();
    clock.advance(60_000);
    await notifier('b').runOnce(); // a later scan: nothing new crossed
    const bobs = mailsTo(bobMail, before);
    const alerts = bobs.filter((m) => !m.subject.includes('digest'));
    expect(alerts.map((m) => m.subject)).toEqual([
      'Vault migration: 1 item crossed the SLE, 1 column went over its WIP limit',
    ]);
    expect(alerts[0]?.text).toContain('Move the HSM');
    expect(alerts[0]?.text).toContain('Todo holds 2 items; its WIP limit is 1.');
    const digest = bobs.find((m) => m.subject.includes('digest')) as CaughtMail;
    expect(digest.text).toContain('SLE 85% within 5 days (set by the team): 1 item past it');
    expect(digest.text).toContain('Over the WIP limit: Todo holds 2 (limit 1).');
    // The channel reaches Alice too, who may not read the item: it is not named there.
    const channel = mail.inbox.slack.slice(slackBefore).map((m) => JSON.stringify(m));
    const alertsInChannel = channel.filter((m) => m.includes('crossed the SLE'));
    expect(alertsInChannel).toHaveLength(1);
    expect(alertsInChannel[0]).not.toContain('Move the HSM');
  });

  it('sends nothing to a user GitHub no longer lets read the board, though they still track it, and says why', async () => {
    await ctx.db
      .updateTable('users')
      .set({ subscription_status: 'active', subscription_end: null })
      .where('id', '=', alice.user.id)
      .execute();
    const members = sim.world.orgs.get('fluxion-labs')?.members as Set<string>;
    members.delete('octo-alice'); // she leaves the organization: GitHub shows her its boards no more
    try {
      clock.set(firstMonday + 5 * WEEK);
      const before = mail.inbox.mails.length;
      await notifier('a').runOnce();
      const digests = (to: string) => mailsTo(to, before).filter((m) => m.subject.includes('digest'));
      expect(digests(bobMail)).toHaveLength(1);
      expect(digests(aliceMail)).toHaveLength(0);
      expect((await settings(alice)).status.digest?.message).toBe(
        'last digest not sent: GitHub no longer lets the user read this board',
      );
    } finally {
      members.add('octo-alice');
    }
  });

  it('turning alerts on tells nothing of crossings weeks old; then one message per scan lists what crossed since', async () => {
    // Alice unsubscribed from alerts above; the HSM item crossed the SLE and Todo went over its limit weeks ago.
    clock.advance(DAY);
    const before = mail.inbox.mails.length;
    expect((await save(alice, { ...on, email: aliceMail })).status).toBe(200);
    await notifier('a').runOnce();
    clock.advance(60_000);
    await notifier('b').runOnce();
    const alertsTo = (to: string) => mailsTo(to, before).filter((m) => !m.subject.includes('digest'));
    expect(alertsTo(aliceMail)).toEqual([]);
    // Now two things cross at once: the runbook starts (long ago on the board's record) and In Progress
    // goes over a new limit of 1.
    const content = [...sim.world.contents.values()].find((c) => c.title === 'Write the runbook');
    const runbook = [...sim.world.items.values()].find((i) => i.contentId === content?.nodeId);
    if (!runbook) throw new Error('no runbook item');
    await simControl(sim.url, `/_sim/items/${runbook.nodeId}/move`, { status: 'In Progress' });
    await createCollector(api, readerFactory(api, null, { retries: 1, retryDelayScale: 0 }), {
      backfill: false,
    }).runOnce();
    const policies = { sle: { percent: 85, days: 5 }, wip_limits: { Todo: 1, 'In Progress': 1 } };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: await as(bob),
      payload: { project_id: vault, iteration_length: 7, flow_policies: policies },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBeLessThan(300);
    clock.advance(60_000);
    await Promise.all([notifier('a').runOnce(), notifier('b').runOnce()]);
    await notifier('a').runOnce();
    const alices = alertsTo(aliceMail);
    expect(alices.map((m) => m.subject)).toEqual([
      'Vault migration: 1 item crossed the SLE, 1 column went over its WIP limit',
    ]);
    expect(alices[0]?.text).toContain('Write the runbook');
    expect(alices[0]?.text).toContain('In Progress holds 2 items; its WIP limit is 1.');
    // Bob already heard of the HSM item: his message lists the same two crossings, not it again.
    const bobs = alertsTo(bobMail);
    expect(bobs.map((m) => m.subject + m.text)).toHaveLength(1);
    expect(bobs[0]?.text).not.toContain('Move the HSM');
  });

  it('sends a test digest now, to the caller only', async () => {
    const before = mail.inbox.mails.length;
    const test = await app.inject({
      method: 'POST',
      url: `/api/projects/${vault}/notifications/test-digest/`,
      headers: await as(bob),
    });
    expect(test.statusCode).toBe(200);
    expect(
      test
        .json()
        .results.map((r: { channel: string; state: string }) => `${r.channel}:${r.state}`)
        .sort(),
    ).toEqual(['email:sent', 'slack:sent']);
    expect(mail.inbox.mails.slice(before).map((m) => m.to[0])).toEqual([bobMail]);
  });

  it('sends a test digest at each press, up to NOTIFY_TEST_DIGESTS_PER_HOUR an hour per user, then 429 with Retry-After', async () => {
    const press = async () =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${vault}/notifications/test-digest/`,
        headers: await as(bob),
      });
    clock.advance(61 * 60_000); // a new hour: the test above counted one
    const before = mail.inbox.mails.length;
    for (let i = 0; i < 3; i++) expect((await press()).statusCode).toBe(200);
    expect(mailsTo(bobMail, before)).toHaveLength(3);
    const limited = await press();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(mailsTo(bobMail, before)).toHaveLength(3);
    // Alice's own presses are hers to count.
    const hers = await app.inject({
      method: 'POST',
      url: `/api/projects/${vault}/notifications/test-digest/`,
      headers: await as(alice),
    });
    expect(hers.statusCode).toBe(200);
    clock.advance(61 * 60_000);
  });

  it('sends the digest and a test digest to a member whom the organization’s team plan covers, her own trial over', async () => {
    const labs = 'fluxion-labs';
    await ctx.db
      .updateTable('users')
      .set({ subscription_status: 'canceled', subscription_end: clock.now() - DAY })
      .where('id', '=', alice.user.id)
      .execute();
    const bought = { status: 'active', subscription_end: clock.now() + 60 * DAY };
    await ctx.db.updateTable('org_plans').set(bought).where('org_login', '=', labs).execute();
    try {
      clock.set(firstMonday + 6 * WEEK);
      const before = mail.inbox.mails.length;
      await notifier('a').runOnce();
      const digests = mailsTo(aliceMail, before).filter((m) => m.subject.includes('digest'));
      expect(digests).toHaveLength(1);
      const test = await app.inject({
        method: 'POST',
        url: `/api/projects/${vault}/notifications/test-digest/`,
        headers: await as(alice),
      });
      expect(test.statusCode, test.body.slice(0, 300)).toBe(200);
      expect(mailsTo(aliceMail, before)).toHaveLength(2);
    } finally {
      const ended = { status: 'canceled', subscription_end: clock.now() - DAY };
      await ctx.db.updateTable('org_plans').set(ended).where('org_login', '=', labs).execute();
    }
  });

  it('forgets a user’s settings of a board they stop tracking: nothing more is sent to them about it', async () => {
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/projects/${vault}/`,
      headers: await as(alice),
    });
    expect(removed.statusCode).toBeLessThan(300);
    const left = await ctx.db
      .selectFrom('notification_preferences')
      .select('user_id')
      .where('user_id', '=', alice.user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('gives completed work in items and in the estimate unit where the board has an estimate field, as the Flow page does', async () => {
    await ensureDemoBoard(ctx, { live: false });
    const demo = encodeURIComponent(DEMO_PROJECT_ID);
    const saved = await app.inject({
      method: 'POST',
      url: `/api/projects/${demo}/notifications/`,
      headers: await as(bob),
      payload: { digest: true, alerts: false, by_email: true, by_slack: false, email: bobMail },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const before = mail.inbox.mails.length;
    const test = await app.inject({
      method: 'POST',
      url: `/api/projects/${demo}/notifications/test-digest/`,
      headers: await as(bob),
    });
    expect(test.statusCode, test.body.slice(0, 300)).toBe(200);
    const [digest] = mailsTo(bobMail, before);
    const weeks = async (unit: string) => {
      const answer = await app.inject({
        url: `/api/flow/?project=${demo}&days=28&unit=${unit}`,
        headers: await as(bob),
      });
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      return (answer.json() as FlowResponse).throughput.weekly.map((w) => Math.round(w.count * 10) / 10);
    };
    const [items, points] = [await weeks('items'), await weeks('estimate')];
    expect(points).not.toEqual(items); // the two units tell apart
    const [lastItems, lastPoints] = [items.at(-1), points.at(-1)];
    const line = `Finished this week: ${lastItems} item${lastItems === 1 ? '' : 's'}, ${lastPoints} Estimate (previous weeks: ${items.slice(0, -1).join(', ')} items, mean `;
    expect(digest?.text).toContain(line);
    expect(digest?.text).toContain(`; ${points.slice(0, -1).join(', ')} Estimate, mean `);
    expect(digest?.subject).toContain(`(${lastPoints} Estimate) finished this week`);
  });
});
