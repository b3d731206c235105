import { createHash, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { claimEach, leaseFree } from '../leases/lease.ts';
import type { NotificationJobsTable } from '../db/schema.ts';

export type Job = Selectable<NotificationJobsTable>;
export type JobKind = 'digest' | 'test_digest' | 'alert';
export type Channel = 'email' | 'slack';

/**
 * pending → sending → sent; or `failed` (gave up), `dropped` (not to be sent: the recipient lost the board,
 * their subscription ended…), `interrupted` (a digest whose sender died mid-send: never sent again).
 */
export type JobState = 'pending' | 'sending' | 'sent' | 'failed' | 'dropped' | 'interrupted';

export type NewJob = {
  kind: JobKind;
  boardId: string;
  /** The recipient; null for a board's Slack channel, which belongs to no one user. */
  userId: string | null;
  channel: Channel;
  /** A digest's week (its Monday), or null. */
  period: string | null;
  /** An alert's cause (what happened, and when), or a test digest's request; null for a digest. */
  cause: string | null;
  /** After this the job is given up (a digest stops being news); null: retried for as long as it takes. */
  giveUpAt: number | null;
  /** The crossings an alert of a scan lists (cause keys; notifications/crossings.ts). */
  crossings?: readonly string[];
};

/**
 * The idempotency key: board, recipient, channel and cause or period (a digest's week; an alert's or a test
 * digest's cause, which a test digest has besides its week). Two enqueues of one key are one job.
 */
export function idempotencyKey(job: Omit<NewJob, 'giveUpAt' | 'crossings'>): string {
  return [job.kind, job.boardId, job.userId ?? '-', job.channel, job.cause ?? job.period ?? '-'].join('|');
}

/**
 * The e-mail Message-ID of a job, derived from its key alone: should an alert be sent twice (a sender
 * that died after the SMTP server accepted it, see `recoverExpired`), both copies carry the same id,
 * which mail clients and archives recognise as one message.
 */
export function messageIdOf(key: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@notifications.fluxion>`;
}

/** Adds a job unless one with its key exists; true when this call added it. */
export async function enqueue(db: Db, job: NewJob, now: number): Promise<boolean> {
  const key = idempotencyKey(job);
  const result = await db
    .insertInto('notification_jobs')
    .values({
      id: randomUUID(),
      idempotency_key: key,
      kind: job.kind,
      board_id: job.boardId,
      user_id: job.userId,
      channel: job.channel,
      period: job.period,
      cause: job.cause,
      state: 'pending',
      next_attempt_at: now,
      give_up_at: job.giveUpAt,
      message_id: messageIdOf(key),
      created_at: now,
      crossings: job.crossings ? JSON.stringify(job.crossings) : null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Jobs whose sender's lease ran out while `sending` (it died or hung mid-send). The choice, per kind:
 * a digest is at most once — it may have gone out, so it is marked `interrupted` and never sent again
 * (at most one digest per board, user and week); an alert is at least once — it goes back to `pending`
 * and is sent again with the same Message-ID, since a lost alert is worse than a recognisable duplicate.
 */
export async function recoverExpired(db: Db, now: number): Promise<void> {
  await db
    .updateTable('notification_jobs')
    .set({
      state: 'interrupted',
      lease_owner: null,
      lease_until: null,
      finished_at: now,
      last_error: 'The sender stopped mid-send; not sent again so that no digest arrives twice',
    })
    .where('state', '=', 'sending')
    .where('lease_until', '<', now)
    .where('kind', '!=', 'alert')
    .execute();
  await db
    .updateTable('notification_jobs')
    .set({ state: 'pending', lease_owner: null, lease_until: null, next_attempt_at: now })
    .where('state', '=', 'sending')
    .where('lease_until', '<', now)
    .where('kind', '=', 'alert')
    .execute();
}

/** Claims due jobs, one conditional UPDATE each (the leases' one rule: leases/lease.ts). */
export async function claimDueJobs(
  db: Db,
  params: { owner: string; now: number; leaseMs: number; limit: number },
): Promise<Job[]> {
  const { now } = params;
  const due = await db
    .selectFrom('notification_jobs')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where(leaseFree('lease_until', now))
    .orderBy('next_attempt_at')
    .limit(params.limit)
    .execute();
  const take = async (id: string) => {
    const result = await db
      .updateTable('notification_jobs')
      .set({ lease_owner: params.owner, lease_until: now + params.leaseMs })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where(leaseFree('lease_until', now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  const read = (id: string) =>
    db.selectFrom('notification_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return claimEach(
    due.map((row) => row.id),
    take,
    read,
  );
}

/** Recorded before the message leaves: from here a crash is seen as `sending` with a lapsed lease. */
export async function startSending(
  db: Db,
  job: Job,
  owner: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('notification_jobs')
    // The lease starts again: the send has all of it (preparing the message may have taken a while).
    .set({ state: 'sending', sending_at: now, attempts: job.attempts + 1, lease_until: now + leaseMs })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a job held by `owner`: sent, dropped (with why) or failed for good. */
export async function finishJob(
  db: Db,
  job: Job,
  owner: string,
  now: number,
  end: { state: 'sent' | 'dropped' | 'failed'; reason?: string },
): Promise<void> {
  await db
    .updateTable('notification_jobs')
    .set({
      state: end.state,
      finished_at: now,
      lease_owner: null,
      lease_until: null,
      last_error: end.reason?.slice(0, 500) ?? null,
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or given up once past the job's `give_up_at`. */
export async function retryLater(
  db: Db,
  job: Job,
  owner: string,
  now: number,
  failure: { reason: string; retryAt: number },
): Promise<void> {
  const givingUp = job.give_up_at !== null && failure.retryAt >= Number(job.give_up_at);
  await db
    .updateTable('notification_jobs')
    .set({
      state: givingUp ? 'failed' : 'pending',
      next_attempt_at: failure.retryAt,
      lease_owner: null,
      lease_until: null,
      last_error: failure.reason.slice(0, 500),
      ...(givingUp ? { finished_at: now } : {}),
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** The latest job of a kind for a user's board (their e-mail) or its Slack channel: the settings' status line. */
export async function latestJob(
  db: Db,
  where: { boardId: string; userId: string | null; kinds: JobKind[]; channel: Channel },
): Promise<Job | undefined> {
  let query = db
    .selectFrom('notification_jobs')
    .selectAll()
    .where('board_id', '=', where.boardId)
    .where('channel', '=', where.channel)
    .where('kind', 'in', where.kinds);
  query =
    where.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', where.userId);
  return query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Every job with its state: tests and the bench count what was sent. */
export async function jobCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('notification_jobs')
    .select(['state', db.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** Claims one job by its key now (a test digest sent while the user waits), as `claimDueJobs` would. */
export async function claimJobByKey(
  db: Db,
  params: { key: string; owner: string; now: number; leaseMs: number },
): Promise<Job | undefined> {
  const { now } = params;
  const result = await db
    .updateTable('notification_jobs')
    .set({ lease_owner: params.owner, lease_until: now + params.leaseMs })
    .where('idempotency_key', '=', params.key)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('notification_jobs')
    .selectAll()
    .where('idempotency_key', '=', params.key)
    .executeTakeFirst();
}

export async function findJobByKey(db: Db, key: string): Promise<Job | undefined> {
  return db.selectFrom('notification_jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}
