import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Sign-in through the GitHub App (docs/github.md): a user access token that expires (8 hours) and the
 * single-use refresh token (6 months) that renews it, both sealed like `github_token_enc`, with their expiry
 * times; `github_token_kind` says which kind the stored token is ('github-app'; null: an OAuth app's token
 * that never expires); the refresh lease lets one process at a time spend the refresh token
 * (`github_refresh_owner` until `github_refresh_until`); `github_access_revoked_at` is when GitHub refused
 * the user's token or refresh token (authorization revoked): the user's sign-ins end at their next use.
 */
const COLUMNS: [string, 'text' | 'bigint'][] = [
  ['github_token_kind', 'text'],
  ['github_token_expires_at', 'bigint'],
  ['github_refresh_token_enc', 'text'],
  ['github_refresh_expires_at', 'bigint'],
  ['github_refresh_owner', 'text'],
  ['github_refresh_until', 'bigint'],
  ['github_access_revoked_at', 'bigint'],
];

export const expiringGithubTokens = {
  async up(db: AnyDb) {
    // One column a statement: SQLite adds one at a time.
    for (const [name, type] of COLUMNS) await db.schema.alterTable('users').addColumn(name, type).execute();
  },
  async down(db: AnyDb) {
    for (const [name] of [...COLUMNS].reverse())
      await db.schema.alterTable('users').dropColumn(name).execute();
  },
};
