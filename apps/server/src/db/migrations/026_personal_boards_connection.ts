import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * "Connect personal boards" (docs/github.md): a user who signs in through the GitHub App may also connect
 * the OAuth app (`read:project` only), whose token reads their user-owned boards, which no App token can.
 * Sealed like `github_token_enc`; `github_personal_connected_at` is when it was granted.
 */
const COLUMNS: [string, 'text' | 'bigint'][] = [
  ['github_personal_token_enc', 'text'],
  ['github_personal_connected_at', 'bigint'],
];

export const personalBoardsConnection = {
  async up(db: AnyDb) {
    for (const [name, type] of COLUMNS) await db.schema.alterTable('users').addColumn(name, type).execute();
  },
  async down(db: AnyDb) {
    for (const [name] of [...COLUMNS].reverse())
      await db.schema.alterTable('users').dropColumn(name).execute();
  },
};
