import { randomBytes } from 'node:crypto';
import { startMailSim } from '@fluxion/mail-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, type NewJob } from './notifications/jobs.ts';
import { savePreferences } from './notifications/preferences.ts';
import { upsertTracking } from './projects/queries.ts';
import { insertTestBoard } from './testing/boards.ts';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from './testing/databases.ts';
import { type Child, kill, killEveryChild, startEntryPoint, waitFor } from './testing/scale-out/processes.ts';
import { upsertGithubUser } from './users/queries.ts';

/**
 * Digests and alerts sent by real worker processes on one PostgreSQL database (docs/operations.md,
 * "Exactly once"): two workers at once, an SMTP server refusing and recovering, and a worker killed
 * (SIGKILL) while the SMTP server holds its message — a digest is then never sent again, an alert is,
 * with the same Message-ID.
 */
const reachable = await isPostgresReachable();
const LEASE_MS = 3_000;
const WORKER = 'apps/server/src/worker.ts';

describe.skipIf(!reachable)('notifications sent by worker processes', () => {
  let database: TestDatabase;
  let mail: Awaited<ReturnType<typeof startMailSim>>;
  let env: Record<string, string>;
  const db = () => database.handle.db;
  const now = Date.now();
  let next = 0;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    mail = await startMailSim();
    env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url as string,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      GITHUB_CLIENT_ID: 'fluxion-local',
      GITHUB_CLIENT_SECRET: 'fluxion-local-secret',
      GITHUB_API_URL: 'http://127.0.0.1:9',
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'Fluxion <digest@fluxion.test>',
      NOTIFY_TICK_MS: '200',
      NOTIFY_LEASE_MS: String(LEASE_MS),
      COLLECTOR_TICK_MS: '3600000',
    };
  }, 60_000);

  afterAll(async () => {
    await killEveryChild();
    await mail?.close();
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

  /** A user tracking their own board with the digest (and alerts) on by e-mail; collection left alone. */
  const subscriber = async (alerts = false) => {
    const i = next++;
    const user = await upsertGithubUser(
      db(),
      { githubId: 70_000 + i, login: `sys${i}`, avatarUrl: null, tokenEnc: 'none' },
      now,
    );
    const boardId = `sys-board-${i}`;
    await insertTestBoard(db(), {
      id: boardId,
      githubProjectId: `PVT_sys${i}`,
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
    return { userId: user.id, boardId, email };
  };

  const digestJob = (s: { userId: string; boardId: string }): NewJob => ({
    kind: 'digest',
    boardId: s.boardId,
    userId: s.userId,
    channel: 'email',
    period: '2026-11-23',
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
    // The first retry comes 30 s later.
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
    const d = await startWorker('worker-d');
    await waitFor('the alert sent again', async () => (alerts().length > 1 ? true : undefined), {
      timeoutMs: 30_000,
      children: [d],
    });
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]?.messageId).toBe(alerts()[0]?.messageId);
    expect(mailsTo(s.email).filter((m) => !m.subject.includes('stopped collecting'))).toHaveLength(1);
  }, 120_000);
});
