/**
 * `npm run bench -- digest` (docs/operations.md, "Digest and alerts"):
 * 1. CPU per board's digest on the 100,000-issue board: the Flow report is the cached analysis the pages
 *    already computed (timed apart, once), the digest's own work is measured — figures, e-mail (HTML and
 *    text) and Slack message — as CPU time, median of BENCH_RUNS runs.
 * 2. 1,000 boards' digests (BENCH_DIGEST_BOARDS) sent through the mail catcher by two notifiers at once
 *    on SQLite: how long, and that no digest arrived twice (distinct recipients and Message-IDs). Each
 *    board is one of a simulated GitHub organization's, which GitHub is asked (once per user and board)
 *    still lets its subscriber read, each subscriber's address confirmed as GitHub's verified primary.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGithubSim } from '../packages/github-sim/src/index.ts';
import { startMailSim } from '../packages/mail-sim/src/index.ts';
import { buildFlowReport, toTransitionColumns } from '../packages/flow/src/index.ts';
import { createAnalyticsState } from '../apps/server/src/analytics/state.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createChannels } from '../apps/server/src/notifications/channels.ts';
import { buildDigest } from '../apps/server/src/notifications/digest.ts';
import { jobCounts } from '../apps/server/src/notifications/jobs.ts';
import { requireConfirmation } from '../apps/server/src/notifications/email-confirmation.ts';
import { digestEmail } from '../apps/server/src/notifications/messages.ts';
import { savePreferences } from '../apps/server/src/notifications/preferences.ts';
import { scheduleDueJobs } from '../apps/server/src/notifications/scheduler.ts';
import { createNotifier } from '../apps/server/src/notifications/runner.ts';
import { currentDigestPeriod } from '../apps/server/src/notifications/schedule.ts';
import { digestSlack } from '../apps/server/src/notifications/slack.ts';
import { upsertTracking } from '../apps/server/src/tracked-boards/queries.ts';
import { insertTestBoard } from '../apps/server/src/testing/boards.ts';
import { upsertGithubUser } from '../apps/server/src/users/queries.ts';
import { encryptSecret } from '../apps/server/src/users/secret-box.ts';
import { generateBoard } from './generate-board.ts';

const issues = Number(process.env.BENCH_ITEMS ?? 100_000);
const transitions = Number(process.env.BENCH_TRANSITIONS ?? issues * 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const BOARDS = Number(process.env.BENCH_DIGEST_BOARDS ?? 1000);
const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function digestCpu() {
  const board = generateBoard({ issues, transitions, days: 730 });
  const moves = toTransitionColumns([...board.transitions].sort((a, b) => a.at - b.at));
  const started = process.cpuUsage();
  const report = buildFlowReport({ ...board, transitions: moves, days: 28, horizon: 14, targetItems: 10 });
  const reportMs = cpuMs(started);
  const digestOnce = () => {
    const digest = buildDigest({
      boardTitle: 'Bench',
      projectId: 'PVT_bench',
      period: '2026-11-23',
      report,
      publicUrl: 'https://fluxion.example',
    });
    digestEmail(digest, 'https://fluxion.example/api/notifications/unsubscribe/?token=x');
    digestSlack(digest);
  };
  digestOnce();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    digestOnce();
    times.push(cpuMs(start));
  }
  console.log(`digest on ${issues} issues, ${transitions} moves (${report.aging.items.length} in progress)`);
  console.log(
    `  Flow report (the cached analysis, computed once for the pages): ${reportMs.toFixed(0)} ms CPU`,
  );
  console.log(
    `  digest from the cached report: median ${median(times).toFixed(2)} ms CPU, max ${Math.max(...times).toFixed(2)} ms (target ≤ 50 ms)`,
  );
}

async function thousandDigests() {
  const mail = await startMailSim();
  const github = await startGithubSim({ port: 0 });
  github.world.createOrg({ login: 'bench-org', members: [] });
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-bench-digest-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  config.notifications = { ...config.notifications, smtpUrl: mail.smtpUrl, slackWebhookBase: mail.slackBase };
  config.github = { ...config.github, apiUrl: github.url };
  const handle = openDatabase({ databaseUrl: null, dataDir, preparedStatements: true });
  await migrateToLatest(handle);
  const period = currentDigestPeriod(Date.UTC(2026, 10, 27), 'UTC');
  const now = period.at + 60_000;
  const ctx = { config, db: handle.db, dialect: handle.dialect, now: () => now };
  const confirmations = createChannels(config.notifications);
  for (let i = 0; i < BOARDS; i++) {
    const login = `bench${i}`;
    const email = `bench${i}@example.test`;
    github.world.createUser({ login, email });
    github.world.orgs.get('bench-org')?.members.add(login);
    const project = github.world.createProject({ owner: 'bench-org', title: `Board ${i}` });
    const tokenEnc = encryptSecret(github.createToken(login), config.tokenEncryptionKey);
    const user = await upsertGithubUser(ctx.db, { githubId: 100 + i, login, avatarUrl: null, tokenEnc }, now);
    await insertTestBoard(ctx.db, {
      id: `b${i}`,
      githubProjectId: project.nodeId,
      title: `Board ${i}`,
      addedAt: now - 86_400_000,
      trackedBy: { userId: user.id, iterationLengthDays: 7 },
    });
    await upsertTracking(ctx.db, {
      userId: user.id,
      boardId: `b${i}`,
      iterationLengthDays: 7,
      cycleStart: null,
      classification: undefined,
      now,
    });
    await savePreferences(
      ctx.db,
      {
        user_id: user.id,
        board_id: `b${i}`,
        digest: 1,
        alerts: 0,
        by_email: 1,
        by_slack: 0,
        email,
      },
      now,
    );
    // As saving the preferences does: GitHub lists the address verified, so it is confirmed at once.
    const status = await requireConfirmation(ctx, confirmations, user.id, email);
    if (status !== 'confirmed') throw new Error(`${email} was not confirmed (${status})`);
  }
  confirmations.close();
  const notifiers = ['one', 'two'].map((owner) => {
    const analytics = createAnalyticsState(config.analytics, ctx.now);
    const channels = createChannels(config.notifications);
    return { notifier: createNotifier({ ...ctx, analytics }, channels, { owner, batch: 50 }), channels };
  });
  const start = performance.now();
  // Scheduling runs in one notifier (the scheduler's lease); both then send what it enqueued.
  await scheduleDueJobs({ ...ctx, analytics: createAnalyticsState(config.analytics, ctx.now) }, new Set());
  const run = async ({ notifier }: (typeof notifiers)[number]) => {
    while ((await notifier.runOnce()).length > 0);
  };
  await Promise.all(notifiers.map(run));
  const seconds = (performance.now() - start) / 1000;
  const mails = mail.inbox.mails;
  const recipients = new Set(mails.map((m) => m.to.join(','))).size;
  const ids = new Set(mails.map((m) => m.messageId)).size;
  console.log(
    `${BOARDS} boards' digests by two notifiers through the mail catcher (SQLite): ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  e-mails ${mails.length}, distinct recipients ${recipients}, distinct Message-IDs ${ids}, duplicates ${mails.length - ids}`,
  );
  console.log(`  jobs: ${JSON.stringify(await jobCounts(ctx.db))}`);
  const whyNot = await ctx.db
    .selectFrom('notification_jobs')
    .select(['state', 'last_error', ctx.db.fn.countAll<number>().as('n')])
    .where('state', '!=', 'sent')
    .groupBy(['state', 'last_error'])
    .execute();
  for (const row of whyNot)
    console.log(`  not sent: ${row.n} ${row.state}: ${row.last_error ?? '(no reason)'}`);
  for (const { channels } of notifiers) channels.close();
  await handle.close();
  await mail.close();
  await github.close();
  if (mails.length !== BOARDS || ids !== BOARDS) process.exitCode = 1;
}

digestCpu();
await thousandDigests();
