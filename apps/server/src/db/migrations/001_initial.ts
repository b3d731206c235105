import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

export function initial(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('github_id', 'bigint', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('avatar_url', 'text')
        .addColumn('github_token_enc', 'text')
        .addColumn('subscription_status', 'text', (c) => c.notNull())
        .addColumn('subscription_end', 'bigint')
        .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stripe_customer_id', 'text')
        .addColumn('stripe_subscription_id', 'text')
        .addColumn('demo_hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('replaced_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('boards')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('github_project_id', 'text', (c) => c.notNull().unique())
        .addColumn('owner_login', 'text', (c) => c.notNull())
        .addColumn('owner_type', 'text', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('column_list', 'text', (c) => c.notNull())
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addColumn('sync_status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('last_synced_at', 'bigint')
        .addColumn('next_sync_at', 'bigint', (c) => c.notNull())
        .addColumn('sync_error_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('collector_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('boards_next_sync').on('boards').column('next_sync_at').execute();

      await db.schema
        .createTable('tracked_projects')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('iteration_length_days', 'integer', (c) => c.notNull())
        .addColumn('cycle_time_start_column', 'text')
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tracked_projects_pk', ['user_id', 'board_id'])
        .execute();

      await db.schema
        .createTable('items')
        .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('number', 'integer')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('milestone', 'text')
        .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('column_name', 'text')
        .addColumn('entered_column_at', 'bigint')
        .addColumn('removed_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('items_pk', ['board_id', 'item_id'])
        .execute();

      await db.schema
        .createTable('transitions')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('from_column', 'text')
        .addColumn('to_column', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'bigint', (c) => c.notNull())
        .execute();
      // One move of one item at one instant is recorded once, whichever way it arrived.
      await sql`CREATE UNIQUE INDEX transitions_once ON transitions (board_id, item_id, at, coalesce(to_column, ''))`.execute(
        db,
      );
      await db.schema
        .createIndex('transitions_board_at')
        .on('transitions')
        .columns(['board_id', 'at'])
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('delivery_id', 'text', (c) => c.primaryKey())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('stripe_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'stripe_events',
        'webhook_deliveries',
        'transitions',
        'items',
        'tracked_projects',
        'boards',
        'refresh_tokens',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
