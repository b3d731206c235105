import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `email_confirmations` (apps/server/src/notifications/email-confirmation.ts, docs/operations.md "Digest and
 * alerts"): the addresses a user gave for digests and alerts, in lower case, and whether each is theirs:
 * `confirmed_at` (GitHub listed it verified, or its confirmation link was followed), else `nonce` names the
 * one confirmation link that still works (single use) and `sent_at` when it was last sent.
 */
export const emailConfirmations = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('email_confirmations')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'bigint')
      .addColumn('nonce', 'text')
      .addColumn('sent_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_confirmations_pk', ['user_id', 'email'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('email_confirmations').execute();
  },
};
