import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Alerts that inform (docs/operations.md, "Digest and alerts"): only crossings since the subscription or
 * the last scan are news, in one message per board per scan.
 * - `notification_preferences.alerts_since`: when the user's alerts last came on (a subscription on
 *   already is taken as on since its last change);
 * - `notification_boards.scanned_at`, `scan_causes`: the board's last alert scan and the crossings it
 *   saw (JSON list of cause keys);
 * - `notification_jobs.crossings`: the crossings one alert message lists (JSON list of cause keys).
 */
export const alertScans = {
  async up(db: AnyDb) {
    await db.schema.alterTable('notification_preferences').addColumn('alerts_since', 'bigint').execute();
    await db
      .updateTable('notification_preferences')
      .set({ alerts_since: sql`updated_at` })
      .where('alerts', '=', 1)
      .execute();
    await db.schema.alterTable('notification_boards').addColumn('scanned_at', 'bigint').execute();
    await db.schema.alterTable('notification_boards').addColumn('scan_causes', 'text').execute();
    await db.schema.alterTable('notification_jobs').addColumn('crossings', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('notification_jobs').dropColumn('crossings').execute();
    await db.schema.alterTable('notification_boards').dropColumn('scan_causes').execute();
    await db.schema.alterTable('notification_boards').dropColumn('scanned_at').execute();
    await db.schema.alterTable('notification_preferences').dropColumn('alerts_since').execute();
  },
};
