import { randomBytes } from 'node:crypto';
import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { type MailSim, startMailSim } from '@fluxion/mail-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, findJobByKey, idempotencyKey, type NewJob } from './notifications/jobs.ts';
import { currentDigestPeriod } from './notifications/schedule.ts';
import { savePreferences, saveSlackWebhook } from './notifications/preferences.ts';
import { statusOf } from './notifications/status.ts';
import { upsertTracking } from './tracked-boards/queries.ts';
import { insertTestBoard } from './testing/boards.ts';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from './testing/databases.ts';
import { type Child, kill, killEveryChild, startEntryPoint, waitFor } from './testing/scale-out/processes.ts';
import { upsertGithubUser } from './users/queries.ts';
import { encryptSecret } from './users/secret-box.ts';

/**
 * Digests and alerts sent by real worker processes on one PostgreSQL database (docs/operations.md,
 * "Exactly once"): two workers at once, an SMTP server refusing and recovering, a worker killed
 * (SIGKILL) while the SMTP server holds its message — a digest is then never sent again, an alert is,
 * with the same Message-ID — and a Slack receiver failing (5xx, down, hung) and recovering. Each
 * subscriber's board is a simulator board GitHub lets them read (checked before every message).
 */
const reachable = await isPostgresReachable();
const LEASE_MS = 3_000;
/** NOTIFY_RETRY_MS: retries after 1 s, 2 s, 4 s… (30 s, 1 min… in production), to keep the suite short. */
const RETRY_MS = 1_000;
const WORKER = 'apps/server/src/worker.ts';

describe.skipIf(!reachable)('notifications sent by worker processes', () => {
  let database: TestDatabase;
  let mail: MailSim;
  let github: GithubSim;
  let env: Record<string, string>;
  const db = () => database.handle.db;
  const now = Date.now();
  let next = 0;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    mail = await startMailSim();
    github = await startGithubSim({ port: 0 });
    github.world.createOrg({ login: 'sys-org', members: [] });
    env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url as string,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      GITHUB_CLIENT_ID: 'fluxion-local',
      GITHUB_CLIENT_SECRET: 'fluxion-local-secret',
      GITHUB_API_URL: github.url,
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'Fluxion <digest@fluxion.test>',
      NOTIFY_TICK_MS: '200',
      NOTIFY_LEASE_MS: String(LEASE_MS),
      NOTIFY_RETRY_MS: String(RETRY_MS),
      COLLECTOR_TICK_MS: '3600000',
    };
  }, 60_000);

  afterAll(async () => {
    await killEveryChild();
    await mail?.close();
    await github?.close();
    await database?.drop();
  }, 30_000);

  const startWorker = async (name: string): Promise<Child> => {
    const worker = startEntryPoint(name, WORKER, env);
    await waitFor(
      `${name} to start`,
      async () => (worker.output().includes('collector worker') ? true : undefined),
      {
        timeoutMs: 40_000,
        children: [worker],
      },
    );
    return worker;
  };

  /**
   * A user tracking a board of their organization on the simulator (their token reads it) with the digest
   * (and alerts) on by e-mail; collection left alone.
   */
  const subscriber = async (alerts = false) => {
    const i = next++;
    const login = `sys${i}`;
    github.world.createUser({ login });
    github.world.orgs.get('sys-org')?.members.add(login);
    const project = github.world.createProject({ owner: 'sys-org', title: `System board ${i}` });
    const tokenEnc = encryptSecret(github.createToken(login), env.TOKEN_ENCRYPTION_KEY as string);
    const user = await upsertGithubUser(
      db(),
      { githubId: 70_000 + i, login, avatarUrl: null, tokenEnc },
      now,
    );
    const boardId = `sys-board-${i}`;
    await insertTestBoard(db(), {
      id: boardId,
      githubProjectId: project.nodeId,
      title: `System board ${i}`,
      addedAt: now,
      trackedBy: { userId: user.id, iterationLengthDays: 7 },
    });
    await upsertTracking(db(), {
      userId: user.id,
      boardId,
      iterationLengthDays: 7,
      cycleStart: null,
      classification: undefined,
      now,
    });
    await db()
      .updateTable('boards')
      .set({ next_sync_at: now + 86_400_000 })
      .where('id', '=', boardId)
      .execute();
    const email = `sys${i}@example.test`;
    await savePreferences(
      db(),
      {
        user_id: user.id,
        board_id: boardId,
        digest: 1,
        alerts: alerts ? 1 : 0,
        by_email: 1,
        by_slack: 0,
        email,
      },
      now,
    );
    // Confirmed the user's (GitHub listed it verified, or its link was followed).
    await db()
      .insertInto('email_confirmations')
      .values({ user_id: user.id, email, confirmed_at: now, nonce: null, sent_at: null, created_at: now })
      .execute();
    return { userId: user.id, boardId, email };
  };

  const digestJob = (s: { userId: string; boardId: string }): NewJob => ({
    kind: 'digest',
    boardId: s.boardId,
    userId: s.userId,
    channel: 'email',
    // This week's period, as the workers' own scheduler names it: from Monday 09:00 it enqueues the same
    // digest (the same key, so one job); a fixed past week made it a second mail on Mondays.
    period: currentDigestPeriod(Date.now(), 'UTC').key,
    cause: null,
    giveUpAt: Date.now() + 3_600_000,
  });
  const mailsTo = (email: string) => mail.inbox.mails.filter((m) => m.to.includes(email));
  const stateOf = async (boardId: string) =>
    (
      await db()
        .selectFrom('notification_jobs')
        .select('state')
        .where('board_id', '=', boardId)
        .executeTakeFirst()
    )?.state;

  let a: Child;
  let b: Child;
  let d: Child;

  it('two workers send 30 digests, each exactly once', async () => {
    const subs: { userId: string; boardId: string; email: string }[] = [];
    for (let i = 0; i < 30; i++) subs.push(await subscriber());
    for (const s of subs) await enqueue(db(), digestJob(s), Date.now());
    [a, b] = await Promise.all([startWorker('worker-a'), startWorker('worker-b')]);
    await waitFor(
      '30 digests sent',
      async () => (subs.every((s) => mailsTo(s.email).length > 0) ? true : undefined),
      {
        timeoutMs: 60_000,
        children: [a, b],
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const s of subs) expect(mailsTo(s.email)).toHaveLength(1);
    const senders = await db()
      .selectFrom('notification_jobs')
      .select('state')
      .where('state', '!=', 'sent')
      .execute();
    expect(senders).toEqual([]);
  }, 120_000);

  it('retries while SMTP refuses and sends once it recovers', async () => {
    const s = await subscriber();
    mail.inbox.faults.smtp = { code: 451, message: 'Try again later', count: 1 };
    await enqueue(db(), digestJob(s), Date.now());
    await waitFor(
      'the refusal recorded',
      async () => {
        const job = await db()
          .selectFrom('notification_jobs')
          .selectAll()
          .where('board_id', '=', s.boardId)
          .executeTakeFirst();
        return job?.last_error?.startsWith('SMTP refused: 451') ? job : undefined;
      },
      { timeoutMs: 20_000, children: [a, b] },
    );
    expect(mailsTo(s.email)).toHaveLength(0);
    // The first retry comes RETRY_MS later.
    await waitFor('the retry sent', async () => ((await stateOf(s.boardId)) === 'sent' ? true : undefined), {
      timeoutMs: 60_000,
      children: [a, b],
    });
    expect(mailsTo(s.email)).toHaveLength(1);
  }, 120_000);

  it('a worker killed mid-send: the digest is not sent again, the alert is, with the same Message-ID', async () => {
    await kill(b);
    const s = await subscriber(true);
    mail.inbox.faults.hold = { ms: 120_000, count: 1 };
    await enqueue(db(), digestJob(s), Date.now());
    await waitFor('the digest in the catcher', async () => (mailsTo(s.email).length > 0 ? true : undefined), {
      timeoutMs: 20_000,
      children: [a],
    });
    await kill(a);
    const c = await startWorker('worker-c');
    await waitFor(
      'the digest found interrupted',
      async () => ((await stateOf(s.boardId)) === 'interrupted' ? true : undefined),
      { timeoutMs: 30_000, children: [c] },
    );
    expect(mailsTo(s.email)).toHaveLength(1);

    await db()
      .updateTable('boards')
      .set({ sync_status: 'inaccessible', last_error: 'Access lost: test' })
      .where('id', '=', s.boardId)
      .execute();
    mail.inbox.faults.hold = { ms: 120_000, count: 1 };
    const alert: NewJob = {
      kind: 'alert',
      boardId: s.boardId,
      userId: s.userId,
      channel: 'email',
      period: null,
      cause: 'collection_stopped:never',
      giveUpAt: null,
    };
    await enqueue(db(), alert, Date.now());
    const alerts = () => mailsTo(s.email).filter((m) => m.subject.includes('stopped collecting'));
    await waitFor('the alert in the catcher', async () => (alerts().length > 0 ? true : undefined), {
      timeoutMs: 20_000,
      children: [c],
    });
    await kill(c);
    d = await startWorker('worker-d');
    await waitFor('the alert sent again', async () => (alerts().length > 1 ? true : undefined), {
      timeoutMs: 30_000,
      children: [d],
    });
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]?.messageId).toBe(alerts()[0]?.messageId);
    expect(mailsTo(s.email).filter((m) => !m.subject.includes('stopped collecting'))).toHaveLength(1);
  }, 120_000);

  it('retries a Slack channel that fails (503, down, then hung) with backoff, says so, and posts once it recovers', async () => {
    let slack = await startMailSim();
    const port = Number(new URL(slack.url).port);
    const webhook = `${slack.slackBase}T0001/B0001/outage`;
    const s = await subscriber();
    await db()
      .updateTable('notification_preferences')
      .set({ by_email: 0, by_slack: 1 })
      .where('board_id', '=', s.boardId)
      .execute();
    const sealed = encryptSecret(webhook, env.TOKEN_ENCRYPTION_KEY as string);
    await saveSlackWebhook(db(), { boardId: s.boardId, sealed, userId: s.userId }, now);
    slack.inbox.faults.slack = { status: 503, count: 1 };
    const job: NewJob = { ...digestJob(s), userId: null, channel: 'slack' };
    await enqueue(db(), job, Date.now());
    const stored = () => findJobByKey(db(), idempotencyKey(job));
    /** The job once its `attempts`-th attempt failed with `error`: the Notifications status then says so. */
    const failed = (attempts: number, error: string) =>
      waitFor(
        `attempt ${attempts} failed with ${error}`,
        async () => {
          const row = await stored();
          return row?.attempts === attempts && row.state === 'pending' && row.last_error?.startsWith(error)
            ? row
            : undefined;
        },
        { timeoutMs: 30_000, children: [d] },
      );
    try {
      const first = await failed(1, 'Slack refused: 503');
      await slack.close(); // nothing listens any more: connection refused
      expect(statusOf(first)?.message).toMatch(/^last digest failed: Slack refused: 503 .*— retrying$/);
      expect(Number(first.next_attempt_at) - Number(first.sending_at)).toBeGreaterThanOrEqual(RETRY_MS);
      const second = await failed(2, 'Slack unreachable');
      expect(statusOf(second)?.message).toMatch(/^last digest failed: Slack unreachable: .* — retrying$/);
      expect(Number(second.next_attempt_at) - Number(second.sending_at)).toBeGreaterThanOrEqual(2 * RETRY_MS);
      // Back, but hung: the answer would come after the sender's time-out (a quarter of its lease).
      slack = await startMailSim({ port });
      slack.inbox.faults.slack = { status: 503, count: 1, delayMs: LEASE_MS };
      const third = await failed(3, 'Slack unreachable');
      expect(third.last_error).toMatch(/timeout|aborted/i);
      expect(Number(third.next_attempt_at) - Number(third.sending_at)).toBeGreaterThanOrEqual(4 * RETRY_MS);
      const sent = await waitFor(
        'the digest posted',
        async () => {
          const row = await stored();
          return row?.state === 'sent' ? row : undefined;
        },
        { timeoutMs: 30_000, children: [d] },
      );
      expect(sent.attempts).toBe(4);
      expect(statusOf(sent)?.message).toBe('last digest sent');
      expect(slack.inbox.slack.map((m) => m.webhook)).toEqual(['T0001/B0001/outage']);
    } finally {
      await slack.close().catch(() => undefined);
    }
  }, 120_000);
});
