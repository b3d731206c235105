import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Notifications (docs/operations.md, "Digest and alerts"), owned by apps/server/src/notifications:
 * - `notification_preferences`: per user and board, digest and alerts on or off, by e-mail and/or the
 *   board's Slack channel, the address to write to, and when the user unsubscribed from a link;
 * - `notification_boards`: the board's Slack incoming-webhook URL, sealed with TOKEN_ENCRYPTION_KEY;
 * - `notification_jobs`: one row per message to send, unique by its idempotency key (board, user, channel,
 *   period or cause), claimed with a lease and moved pending → sending → sent, so that no two processes
 *   send it and a crash mid-send is seen (a 'sending' row whose lease ran out).
 */
export const notifications = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('board_id', 'text', (c) => c.notNull())
      .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('by_email', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('by_slack', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'board_id'])
      .execute();
    await db.schema
      .createTable('notification_boards')
      .addColumn('board_id', 'text', (c) => c.primaryKey())
      .addColumn('slack_webhook_enc', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notification_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('board_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('period', 'text')
      .addColumn('cause', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('give_up_at', 'bigint')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sending_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('notification_jobs_due_idx')
      .on('notification_jobs')
      .columns(['state', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('notification_jobs_board_idx')
      .on('notification_jobs')
      .columns(['board_id', 'created_at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('notification_jobs').execute();
    await db.schema.dropTable('notification_boards').execute();
    await db.schema.dropTable('notification_preferences').execute();
  },
};
