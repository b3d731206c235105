import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `org_webhook_secrets` (apps/server/src/webhooks/org-secrets.ts, docs/github.md "Organization webhooks"):
 * the secret an organization's own webhook signs its deliveries with, one per organization (login in lower
 * case), set by one of its owners on GitHub. `sealed_secret` is sealed as users' GitHub tokens are.
 */
export const orgWebhookSecrets = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('org_webhook_secrets')
      .addColumn('org_login', 'text', (c) => c.primaryKey())
      .addColumn('sealed_secret', 'text', (c) => c.notNull())
      .addColumn('set_by', 'text', (c) => c.notNull())
      .addColumn('set_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('org_webhook_secrets').execute();
  },
};
