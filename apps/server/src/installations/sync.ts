import {
  ACCESS_LOST_PREFIX,
  markOwnerBoardsAccessLost,
  restoreOwnerBoardsAccess,
} from '../boards/installation-access.ts';
import type { AppContext } from '../context.ts';
import { bringTurnForward, onItsTurn, TASKS } from '../leases/turns.ts';
import { fetchInstallation, type InstallationOnGithub, listInstallations } from './github-app.ts';
import {
  findInstallation,
  hasActiveInstallation,
  type InstallationRow,
  knownInstallationIds,
  markInstallationRemoved,
  saveInstallation,
} from './store.ts';

/** How long boards of an account the App lost wait before the collector tries them again. */
export const ACCESS_LOST_RETRY_MS = 60 * 60_000;

/** What the boards of an account say when the App cannot read them, and what to do about it. */
export function accessLostMessage(account: string, reason: 'removed' | 'suspended'): string {
  const what =
    reason === 'removed'
      ? `the Fluxion GitHub App was uninstalled from ${account}`
      : `the Fluxion GitHub App is suspended on ${account}`;
  return `${ACCESS_LOST_PREFIX} ${what}. Re-install the Fluxion GitHub App on ${account} (or ask an owner of ${account} to) and collection resumes; the history recorded so far is kept.`;
}

/** GitHub's view of an installation: as it exists now, or `gone` (uninstalled; `id` and its account). */
export type InstallationState =
  | { kind: 'present'; installation: InstallationOnGithub }
  | { kind: 'gone'; id: number; accountLogin: string | null };

export type Applied = 'installed' | 'updated' | 'suspended' | 'removed' | 'unchanged' | 'unknown';

/**
 * Stores an installation's state and brings its account's boards along: gone or suspended → the boards are
 * `inaccessible` with what to do (history kept); there and not suspended → active again and due for a
 * full sync when anything changed. Idempotent: the same state applied twice changes nothing more.
 */
export async function applyInstallationState(ctx: AppContext, state: InstallationState): Promise<Applied> {
  const now = ctx.now();
  if (state.kind === 'gone') {
    const row = await findInstallation(ctx.db, state.id);
    const account = row?.account_login ?? state.accountLogin;
    if (!row) return 'unknown';
    await markInstallationRemoved(ctx.db, state.id, now);
    // The account may have the App again under a newer installation: then its boards stay.
    if (row.removed_at !== null) return 'unchanged';
    if (account && !(await hasActiveInstallation(ctx.db, row.account_login)))
      await markOwnerBoardsAccessLost(
        ctx.db,
        account,
        accessLostMessage(account, 'removed'),
        now + ACCESS_LOST_RETRY_MS,
      );
    return 'removed';
  }
  const seen = state.installation;
  const before = await saveInstallation(ctx.db, seen, now);
  if (seen.suspendedAt !== null) {
    if (before && before.suspended_at !== null && before.removed_at === null) return 'unchanged';
    await markOwnerBoardsAccessLost(
      ctx.db,
      seen.accountLogin,
      accessLostMessage(seen.accountLogin, 'suspended'),
      now + ACCESS_LOST_RETRY_MS,
    );
    return 'suspended';
  }
  if (before && !changed(before, seen)) return 'unchanged';
  await restoreOwnerBoardsAccess(ctx.db, seen.accountLogin, now);
  return before && before.removed_at === null ? 'updated' : 'installed';
}

function changed(before: InstallationRow, seen: InstallationOnGithub): boolean {
  return (
    before.removed_at !== null ||
    before.suspended_at !== null ||
    before.repository_selection !== seen.repositorySelection ||
    before.permissions !== JSON.stringify(seen.permissions) ||
    before.account_login !== seen.accountLogin
  );
}

/** How soon an installation change GitHub could not confirm is asked again (by the reconciling pass). */
export const UNCONFIRMED_RETRY_MS = 60_000;

/**
 * Asks GitHub (`GET /app/installations/{id}`, as the App) how an installation stands and applies it: the
 * truth for a delivery that came twice, late or out of order. GitHub failing is thrown.
 */
export async function refreshInstallation(ctx: AppContext, id: number): Promise<Applied> {
  const seen = await fetchInstallation(ctx, id);
  return applyInstallationState(
    ctx,
    seen ? { kind: 'present', installation: seen } : { kind: 'gone', id, accountLogin: null },
  );
}

/**
 * What a webhook delivery about an installation does: `refreshInstallation`, its payload never applied by
 * itself. When GitHub cannot be asked, nothing changes and the reconciling pass runs within
 * `UNCONFIRMED_RETRY_MS` (any process's next collector run), applying what GitHub says then.
 */
export async function refreshInstallationOrRetry(ctx: AppContext, id: number): Promise<Applied | 'deferred'> {
  try {
    return await refreshInstallation(ctx, id);
  } catch (error) {
    ctx.log?.warn(
      { installation: id, reason: (error as Error).message },
      'GitHub could not confirm an installation; asking again within a minute',
    );
    await bringTurnForward(ctx.db, TASKS.installations, ctx.now() + UNCONFIRMED_RETRY_MS);
    return 'deferred';
  }
}

/**
 * The repositories of an installation changed (`installation_repositories`): once GitHub confirms the
 * installation is there and not suspended, its account's boards are due for a full sync now, which reads
 * what the App may see of them now (the list itself is GitHub's to keep; it is not stored).
 */
export async function refreshInstallationRepositories(
  ctx: AppContext,
  id: number,
): Promise<Applied | 'deferred'> {
  const applied = await refreshInstallationOrRetry(ctx, id);
  if (applied !== 'unchanged') return applied;
  const row = await findInstallation(ctx.db, id);
  if (!row || row.removed_at !== null || row.suspended_at !== null) return applied;
  await restoreOwnerBoardsAccess(ctx.db, row.account_login, ctx.now());
  return 'updated';
}

/**
 * Brings every stored installation in line with GitHub (`GET /app/installations`): new ones stored,
 * changed ones updated, those GitHub no longer lists removed. Corrects what webhooks that never came
 * left behind.
 */
export async function reconcileInstallations(ctx: AppContext): Promise<Record<number, Applied>> {
  const listed = await listInstallations(ctx);
  const outcome: Record<number, Applied> = {};
  for (const installation of listed)
    outcome[installation.id] = await applyInstallationState(ctx, { kind: 'present', installation });
  const present = new Set(listed.map((i) => i.id));
  for (const id of await knownInstallationIds(ctx.db)) {
    if (!present.has(id))
      outcome[id] = await applyInstallationState(ctx, { kind: 'gone', id, accountLogin: null });
  }
  return outcome;
}

/** How often a collector process brings the stored installations in line with GitHub. */
export const RECONCILE_EVERY_MS = 10 * 60_000;

/**
 * A collector whose runs also reconcile the installations (reconcileInstallations) every `everyMs` of the
 * app's clock, when a GitHub App is configured: what missed webhooks left behind is corrected within
 * that time, by one process of all those sharing the database (its turn, leases/turns.ts). A failed
 * reconciliation is logged and tried again at the next turn; the sync goes on.
 */
export function reconcilingEvery<C extends { runOnce(): Promise<number> }>(
  ctx: AppContext,
  collector: C,
  { everyMs = RECONCILE_EVERY_MS, turnOwner }: { everyMs?: number; turnOwner?: string } = {},
): C {
  if (!ctx.config.github.app) return collector;
  const reconcile = onItsTurn(
    ctx,
    { name: TASKS.installations, periodMs: everyMs },
    async () => {
      await reconcileInstallations(ctx).catch((error: unknown) => {
        ctx.log?.warn({ reason: (error as Error).message }, 'reconciling GitHub App installations failed');
      });
    },
    undefined,
    turnOwner,
  );
  const runOnce = async () => {
    await reconcile();
    return collector.runOnce();
  };
  return { ...collector, runOnce };
}
