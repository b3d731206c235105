import type { Db } from '../db/connection.ts';
import type { GithubInstallationsTable } from '../db/schema.ts';
import { leaseFree } from '../leases/lease.ts';
import type { InstallationOnGithub } from './github-app.ts';

/**
 * Every read and write of `github_installations` (this folder owns the table). Rows are never deleted:
 * an uninstalled installation keeps its row with `removed_at`, so that its boards can say why they stopped.
 */

export type InstallationRow = GithubInstallationsTable;

export async function findInstallation(db: Db, id: number): Promise<InstallationRow | undefined> {
  return db.selectFrom('github_installations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The installation that speaks for an account: the one not removed (there is at most one per account on
 * GitHub), else the latest removed one (so its boards can say access was lost); undefined when the App
 * was never installed there.
 */
export async function installationOfAccount(db: Db, login: string): Promise<InstallationRow | undefined> {
  const rows = await db
    .selectFrom('github_installations')
    .selectAll()
    .where('account_login', '=', login)
    .orderBy('id', 'desc')
    .execute();
  return rows.find((r) => r.removed_at === null) ?? rows[0];
}

/** Whether the App is installed on the account now (suspended or not). */
export async function hasActiveInstallation(db: Db, login: string): Promise<boolean> {
  const row = await db
    .selectFrom('github_installations')
    .select('id')
    .where('account_login', '=', login)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function knownInstallationIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('github_installations')
    .select('id')
    .where('removed_at', 'is', null)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Stores GitHub's current view of an installation (it exists: created, unsuspended, repositories
 * changed…). A different repository selection or permissions drop the stored token, which covers the
 * old ones. Returns the row as it was before (undefined: new).
 */
export async function saveInstallation(
  db: Db,
  seen: InstallationOnGithub,
  now: number,
): Promise<InstallationRow | undefined> {
  const before = await findInstallation(db, seen.id);
  const permissions = JSON.stringify(seen.permissions);
  const values = {
    account_login: seen.accountLogin,
    account_type: seen.accountType,
    repository_selection: seen.repositorySelection,
    permissions,
    suspended_at: seen.suspendedAt,
    removed_at: null,
    checked_at: now,
  };
  if (!before) {
    await db
      .insertInto('github_installations')
      .values({ id: seen.id, ...values, created_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    return undefined;
  }
  const coverageChanged =
    before.repository_selection !== seen.repositorySelection ||
    before.permissions !== permissions ||
    before.removed_at !== null ||
    seen.suspendedAt !== null;
  await db
    .updateTable('github_installations')
    .set({ ...values, ...(coverageChanged ? { token_enc: null, token_expires_at: null } : {}) })
    .where('id', '=', seen.id)
    .execute();
  return before;
}

/** GitHub no longer has the installation (uninstalled); its token goes with it. */
export async function markInstallationRemoved(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('github_installations')
    .set({ removed_at: now, token_enc: null, token_expires_at: null, checked_at: now })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .execute();
}

/** GitHub refused a token because the installation is suspended (a missed `suspend` webhook). */
export async function markInstallationSuspended(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('github_installations')
    .set({ suspended_at: now, token_enc: null, token_expires_at: null, checked_at: now })
    .where('id', '=', id)
    .where('suspended_at', 'is', null)
    .execute();
}

/** The stored token covers what the installation covered before (repositories added or removed). */
export async function dropInstallationToken(db: Db, id: number): Promise<void> {
  await db
    .updateTable('github_installations')
    .set({ token_enc: null, token_expires_at: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Compare-and-set of the renewal lease: true when `owner` now holds it (nobody held it, or the holder's
 * lease ran out) and the stored token is still due (`renewBeforeMs` or less left, or none): a caller that
 * read the row before another process stored a new token does not renew it again. Only the holder mints
 * a token, so replicas and workers do not all mint at once.
 */
export async function takeRenewal(
  db: Db,
  id: number,
  owner: string,
  { now, leaseMs, renewBeforeMs }: { now: number; leaseMs: number; renewBeforeMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('github_installations')
    .set({ renewal_owner: owner, renewal_until: now + leaseMs })
    .where('id', '=', id)
    .where(leaseFree('renewal_until', now))
    .where((eb) =>
      eb.or([
        eb('token_enc', 'is', null),
        eb('token_expires_at', 'is', null),
        eb('token_expires_at', '<=', now + renewBeforeMs),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The lease holder stores the new sealed token and ends its lease in one statement. */
export async function storeRenewedToken(
  db: Db,
  id: number,
  owner: string,
  sealed: string,
  expiresAt: number,
): Promise<void> {
  await db
    .updateTable('github_installations')
    .set({ token_enc: sealed, token_expires_at: expiresAt, renewal_owner: null, renewal_until: null })
    .where('id', '=', id)
    .where('renewal_owner', '=', owner)
    .execute();
}

/** Ends the lease without a token (the renewal failed): the next caller tries. */
export async function releaseRenewal(db: Db, id: number, owner: string): Promise<void> {
  await db
    .updateTable('github_installations')
    .set({ renewal_owner: null, renewal_until: null })
    .where('id', '=', id)
    .where('renewal_owner', '=', owner)
    .execute();
}

/** The accounts where the App is installed and not suspended (their boards are read by the App). */
export async function activeInstallationAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('github_installations')
    .select('account_login')
    .where('removed_at', 'is', null)
    .where('suspended_at', 'is', null)
    .orderBy('account_login')
    .execute();
  return [...new Set(rows.map((r) => r.account_login))];
}
