import type { NotificationSettings, TestDigestResult } from '@fluxion/contract';
import { DEMO_PROJECT_ID } from '@fluxion/demo-board';
import { startGithubSim } from '@fluxion/github-sim';
import { startMailSim } from '@fluxion/mail-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, listenTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';

const sim = await startGithubSim({ port: 0 });
const mail = await startMailSim();
afterAll(async () => {
  await sim.close();
  await mail.close();
});

const MINUTE = 60_000;
const DAY = 86_400_000;
const notifications = {
  smtpUrl: mail.smtpUrl,
  mailFrom: 'Fluxion <digest@fluxion.test>',
  slackWebhookBase: mail.slackBase,
  tickMs: 1000,
  leaseMs: 60_000,
  retryMs: 30_000,
  testDigestsPerHour: 20,
  mailSimPort: 0,
};

/**
 * A digest address other than the user's verified GitHub e-mail is confirmed by a link first (docs/operations.md,
 * "Digest and alerts"): over HTTP, with the GitHub simulator's `GET /user/emails` and the mail catcher.
 */
describe.each(await dialectCases())('digest addresses are confirmed ($name)', async ({ name, create }) => {
  const database = await create();
  const clock = testClock(sim.world.now());
  const test = await buildTestApp(database, { githubUrl: sim.url, clock, config: { notifications } });
  const { app, ctx } = test;
  const url = await listenTestApp(test);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  await ensureDemoBoard(ctx, { live: false });
  const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  const githubEmail = sim.world.users.get('octo-bob')?.email ?? '';
  const other = `bob-elsewhere-${name}@example.test`;
  const path = `/api/projects/${DEMO_PROJECT_ID}/notifications/`;
  const save = async (email: string) => {
    const payload = { digest: true, alerts: false, by_email: true, by_slack: false, email };
    const response = await app.inject({ method: 'POST', url: path, headers: bob.auth, payload });
    expect(response.statusCode).toBe(200);
    return response.json() as NotificationSettings;
  };
  const resend = () => app.inject({ method: 'POST', url: `${path}email-confirmation/`, headers: bob.auth });
  const testDigest = async () =>
    (
      await app.inject({ method: 'POST', url: `${path}test-digest/`, headers: bob.auth })
    ).json() as TestDigestResult;
  const mailsTo = (address: string) => mail.inbox.mails.filter((m) => m.to.includes(address));
  const linkIn = (text: string) => {
    const found = /https?:\/\/\S+confirm-email\/\?token=\S+/.exec(text)?.[0];
    if (!found) throw new Error(`no confirmation link in: ${text}`);
    return new URL(found).search;
  };
  const follow = (search: string, method: 'GET' | 'POST') =>
    fetch(`${url}/api/notifications/confirm-email/${search}`, { method });

  it("takes the user's verified GitHub e-mail at once", async () => {
    const saved = await save(githubEmail);
    expect(saved.email_status).toBe('confirmed');
    expect(mailsTo(githubEmail).filter((m) => m.subject.startsWith('Confirm'))).toEqual([]);
  });

  it('sends nothing to another address until its link is followed, once, within a week', async () => {
    const saved = await save(other);
    expect(saved.email_status).toBe('waiting');
    const [confirmation] = mailsTo(other);
    expect(confirmation?.subject).toBe('Confirm your e-mail address for Fluxion Analytics');
    expect((await testDigest()).results).toEqual([
      expect.objectContaining({ channel: 'email', state: 'dropped' }),
    ]);
    expect(mailsTo(other)).toHaveLength(1);

    // A resend within the minute is refused; after it, a new link, and the first one no longer works.
    expect((await resend()).statusCode).toBe(429);
    clock.advance(MINUTE + 1000);
    expect((await resend()).statusCode).toBe(200);
    const [first, second] = mailsTo(other).map((m) => linkIn(m.text));
    expect(second).toBeDefined();
    expect((await follow(first as string, 'POST')).status).toBe(400);
    // Opening the link (a mail scanner too) confirms nothing: it shows one button.
    const page = await follow(second as string, 'GET');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Confirm</button>');
    expect((await resend()).statusCode).toBe(429);
    const done = await follow(second as string, 'POST');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Address confirmed');
    expect((await follow(second as string, 'POST')).status).toBe(400);

    const settings = (await app.inject({ url: path, headers: bob.auth })).json() as NotificationSettings;
    expect(settings.email_status).toBe('confirmed');
    expect((await testDigest()).results).toEqual([
      expect.objectContaining({ channel: 'email', state: 'sent' }),
    ]);
    expect(mailsTo(other).filter((m) => !m.subject.startsWith('Confirm'))).toHaveLength(1);
  });

  it('refuses a link older than a week, and one not signed by this server', async () => {
    const late = `bob-late-${name}@example.test`;
    expect((await save(late)).email_status).toBe('waiting');
    const [link] = mailsTo(late).map((m) => linkIn(m.text));
    clock.advance(8 * DAY);
    expect((await follow(link as string, 'POST')).status).toBe(400);
    const forged = (link as string).replace(/\.[^.]+$/, '.AAAA');
    expect((await follow(forged, 'POST')).status).toBe(400);
    expect((await follow('?token=nonsense', 'POST')).status).toBe(400);
  });
});
