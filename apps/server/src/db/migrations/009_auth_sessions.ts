import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * One row per sign-in: every refresh token rotated or refreshed from it carries its id, and access tokens
 * name it, so logout (or a replayed token) ends the whole sign-in at once. Existing tokens become a
 * sign-in each.
 */
export const authSessions = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('auth_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint')
      .execute();
    await db.schema.alterTable('refresh_tokens').addColumn('session_id', 'text').execute();
    await sql`INSERT INTO auth_sessions (id, user_id, created_at, ended_at)
      SELECT id, user_id, created_at, NULL FROM refresh_tokens`.execute(db);
    await sql`UPDATE refresh_tokens SET session_id = id`.execute(db);
    await db.schema
      .createIndex('refresh_tokens_session_idx')
      .on('refresh_tokens')
      .column('session_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('refresh_tokens_session_idx').execute();
    await db.schema.alterTable('refresh_tokens').dropColumn('session_id').execute();
    await db.schema.dropTable('auth_sessions').execute();
  },
};
