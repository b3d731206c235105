import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `github_installations` (docs/github.md, GitHub App): the GitHub App's installations as GitHub last told us
 * (webhooks, or `GET /app/installations/{id}`), with the installation access token that reads their boards,
 * sealed with TOKEN_ENCRYPTION_KEY, and the lease that lets one process at a time renew it (installations/).
 */
export const githubInstallations = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('github_installations')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('account_login', 'text', (c) => c.notNull())
      .addColumn('account_type', 'text', (c) => c.notNull())
      .addColumn('repository_selection', 'text', (c) => c.notNull())
      .addColumn('permissions', 'text')
      .addColumn('suspended_at', 'bigint')
      .addColumn('removed_at', 'bigint')
      .addColumn('token_enc', 'text')
      .addColumn('token_expires_at', 'bigint')
      .addColumn('renewal_owner', 'text')
      .addColumn('renewal_until', 'bigint')
      .addColumn('checked_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('github_installations_account_idx')
      .on('github_installations')
      .column('account_login')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('github_installations').execute();
  },
};
