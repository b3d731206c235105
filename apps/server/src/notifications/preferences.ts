import type { Db } from '../db/connection.ts';
import type { Selectable } from 'kysely';
import type { NotificationPreferencesTable } from '../db/schema.ts';
import { type LastScan, readCrossings } from './crossings.ts';

export type Preferences = Selectable<NotificationPreferencesTable>;

/** What a user chose for a board; everything off until they choose. */
export const NO_PREFERENCES = {
  digest: 0,
  alerts: 0,
  by_email: 1,
  by_slack: 0,
  email: null,
  locale: null,
} as const;

export async function findPreferences(
  db: Db,
  userId: string,
  boardId: string,
): Promise<Preferences | undefined> {
  return db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
}

export async function savePreferences(
  db: Db,
  row: Omit<Preferences, 'updated_at' | 'locale' | 'alerts_since'> & { locale?: string | null },
  now: number,
): Promise<void> {
  const before = await findPreferences(db, row.user_id, row.board_id);
  const { user_id, board_id, ...rest } = row;
  const settings = { ...rest, alerts_since: alertsSince(before, row, now) };
  await db
    .insertInto('notification_preferences')
    .values({ ...row, ...settings, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'board_id']).doUpdateSet({ ...settings, updated_at: now }))
    .execute();
}

type Switches = Pick<Preferences, 'alerts' | 'by_email' | 'by_slack'>;

/**
 * When the user's alerts came on: now, when alerts or one of their channels is turned on; else as
 * before. Crossings before it are not news to them (notifications/crossings.ts).
 */
export function alertsSince(
  before: (Switches & { alerts_since: number | null }) | undefined,
  after: Switches,
  now: number,
): number | null {
  if (after.alerts !== 1) return before?.alerts_since ?? null;
  const cameOn = (key: keyof Switches) => after[key] === 1 && before?.[key] !== 1;
  if (cameOn('alerts') || cameOn('by_email') || cameOn('by_slack') || before?.alerts_since == null)
    return now;
  return Number(before.alerts_since);
}

/** The one-click unsubscribe: one kind of message off for one user and board. */
export async function turnOff(
  db: Db,
  userId: string,
  boardId: string,
  what: 'digest' | 'alerts',
  now: number,
) {
  await db
    .updateTable('notification_preferences')
    .set(what === 'digest' ? { digest: 0, updated_at: now } : { alerts: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('board_id', '=', boardId)
    .execute();
}

/** A user who stops tracking a board stops hearing about it (projects/ calls this when they untrack). */
export async function forgetPreferences(db: Db, userId: string, boardId: string): Promise<void> {
  await db
    .deleteFrom('notification_preferences')
    .where('user_id', '=', userId)
    .where('board_id', '=', boardId)
    .execute();
}

/** Every subscription that wants `kind` on some channel, with the board's calendar and state. */
export async function subscriptionsWanting(db: Db, kind: 'digest' | 'alerts') {
  return db
    .selectFrom('notification_preferences as p')
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .select([
      'p.user_id',
      'p.board_id',
      'p.by_email',
      'p.by_slack',
      'p.email',
      'p.alerts_since',
      'p.updated_at',
      'b.calendar',
      'b.is_demo',
      'b.sync_status',
      'b.last_synced_at',
      'b.last_error',
    ])
    .where(`p.${kind}`, '=', 1)
    .where((eb) => eb.or([eb('p.by_email', '=', 1), eb('p.by_slack', '=', 1)]))
    .execute();
}

/** The board's Slack incoming-webhook URL, sealed. */
export async function findSlackWebhook(db: Db, boardId: string): Promise<string | null> {
  const row = await db
    .selectFrom('notification_boards')
    .select('slack_webhook_enc')
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row?.slack_webhook_enc ?? null;
}

export async function saveSlackWebhook(
  db: Db,
  row: { boardId: string; sealed: string | null; userId: string },
  now: number,
): Promise<void> {
  const values = { slack_webhook_enc: row.sealed, updated_by: row.userId, updated_at: now };
  await db
    .insertInto('notification_boards')
    .values({ board_id: row.boardId, ...values })
    .onConflict((oc) => oc.column('board_id').doUpdateSet(values))
    .execute();
}

/** The board's last alert scan: when, and the crossings it saw; null before the first. */
export async function lastAlertScan(db: Db, boardId: string): Promise<LastScan> {
  const row = await db
    .selectFrom('notification_boards')
    .select(['scanned_at', 'scan_causes'])
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  if (!row || row.scanned_at === null) return null;
  return { at: Number(row.scanned_at), keys: new Set(readCrossings(row.scan_causes)) };
}

/**
 * Records a scan of the board in place of `last`; false when another scan was recorded meanwhile (then
 * this one tells nothing: the other did). Run it in the transaction that enqueues the scan's alerts.
 */
export async function recordAlertScan(
  db: Db,
  boardId: string,
  last: LastScan,
  scan: { at: number; keys: readonly string[] },
): Promise<boolean> {
  const values = { scanned_at: scan.at, scan_causes: JSON.stringify(scan.keys) };
  const updated = await db
    .updateTable('notification_boards')
    .set(values)
    .where('board_id', '=', boardId)
    .where((eb) => (last === null ? eb('scanned_at', 'is', null) : eb('scanned_at', '=', last.at)))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return true;
  if (last !== null) return false;
  const inserted = await db
    .insertInto('notification_boards')
    .values({ board_id: boardId, slack_webhook_enc: null, updated_by: null, updated_at: scan.at, ...values })
    .onConflict((oc) => oc.column('board_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * The account is deleted: the user's choices of every board and their messages not yet sent go; a board's
 * Slack channel they set stays the board's (its other trackers use it), without their name on it.
 */
export async function forgetNotificationsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await db.deleteFrom('notification_jobs').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
  await db
    .updateTable('notification_boards')
    .set({ updated_by: null })
    .where('updated_by', '=', userId)
    .execute();
}

/** A user's digest and alert choices of every board, with the board's project id and title ("Download my data"). */
export function notificationChoicesOf(db: Db, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .innerJoin('boards', 'boards.id', 'notification_preferences.board_id')
    .select([
      'boards.github_project_id',
      'boards.title',
      'notification_preferences.digest',
      'notification_preferences.alerts',
      'notification_preferences.by_email',
      'notification_preferences.by_slack',
      'notification_preferences.email',
      'notification_preferences.locale',
    ])
    .where('notification_preferences.user_id', '=', userId)
    .orderBy('boards.title')
    .execute();
}
