import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { RENEWAL, type RenewalStep, renewedByOne, WAIT_FOR_RENEWAL } from '../leases/renewal.ts';
import { decryptSecret, encryptSecret } from '../users/secret-box.ts';
import { InstallationGoneError, InstallationSuspendedError, mintInstallationToken } from './github-app.ts';
import {
  findInstallation,
  type InstallationRow,
  markInstallationRemoved,
  markInstallationSuspended,
  releaseRenewal,
  storeRenewedToken,
  takeRenewal,
} from './store.ts';

const WAIT_STEP_MS = 50;

/** The App cannot read this installation's boards: uninstalled, suspended, or never stored. */
export class InstallationUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: 'removed' | 'suspended' | 'unknown',
  ) {
    super(message);
  }
}

const usable = (row: InstallationRow, now: number, margin: number) =>
  row.token_enc !== null && row.token_expires_at !== null && row.token_expires_at - now > margin;

function unavailable(row: InstallationRow | undefined, id: number): InstallationUnavailableError | null {
  if (!row) return new InstallationUnavailableError(`No GitHub App installation ${id}`, 'unknown');
  if (row.removed_at !== null)
    return new InstallationUnavailableError(
      `The GitHub App was uninstalled from ${row.account_login}`,
      'removed',
    );
  if (row.suspended_at !== null)
    return new InstallationUnavailableError(
      `The GitHub App is suspended on ${row.account_login}`,
      'suspended',
    );
  return null;
}

/**
 * An installation access token for installation `id`: the stored one while it has more than 5 minutes
 * left; otherwise one process renews it (the renewal lease, a compare-and-set on the row) and the others
 * keep using the old token while it is still valid, or wait briefly for the new one. Tokens are stored
 * sealed with TOKEN_ENCRYPTION_KEY. GitHub's 404 or 403 on minting marks the installation removed or
 * suspended (a webhook that never came) and throws InstallationUnavailableError.
 */
export async function installationToken(ctx: AppContext, id: number): Promise<string> {
  return renewedByOne(() => lookAtInstallationToken(ctx, id), {
    waitMs: RENEWAL.waitMs,
    stepMs: WAIT_STEP_MS,
    timedOut: () =>
      new Error(`Timed out waiting for another process to renew the token of installation ${id}`),
  });
}

async function lookAtInstallationToken(ctx: AppContext, id: number): Promise<RenewalStep<string>> {
  const row = await findInstallation(ctx.db, id);
  const refused = unavailable(row, id);
  if (refused || !row) throw refused;
  const now = ctx.now();
  const stored = () => ({ use: decryptSecret(row.token_enc as string, ctx.config.tokenEncryptionKey) });
  if (usable(row, now, RENEWAL.renewBeforeMs)) return stored();
  const owner = randomUUID();
  const lease = { now, leaseMs: RENEWAL.leaseMs, renewBeforeMs: RENEWAL.renewBeforeMs };
  if (await takeRenewal(ctx.db, id, owner, lease)) return { use: await renew(ctx, id, owner) };
  // Someone else renews: their old token serves meanwhile, while it lives.
  return usable(row, now, 0) ? stored() : WAIT_FOR_RENEWAL;
}

async function renew(ctx: AppContext, id: number, owner: string): Promise<string> {
  try {
    const minted = await mintInstallationToken(ctx, id);
    const sealed = encryptSecret(minted.token, ctx.config.tokenEncryptionKey);
    await storeRenewedToken(ctx.db, id, owner, sealed, minted.expiresAt);
    return minted.token;
  } catch (error) {
    await releaseRenewal(ctx.db, id, owner).catch(() => undefined);
    if (error instanceof InstallationGoneError) {
      await markInstallationRemoved(ctx.db, id, ctx.now());
      throw unavailable(await findInstallation(ctx.db, id), id) ?? error;
    }
    if (error instanceof InstallationSuspendedError) {
      await markInstallationSuspended(ctx.db, id, ctx.now());
      throw unavailable(await findInstallation(ctx.db, id), id) ?? error;
    }
    throw error;
  }
}
