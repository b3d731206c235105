import type { AppContext } from '../context.ts';
import { findInstallation } from './store.ts';
import { refreshInstallation } from './sync.ts';

/** GitHub's page that installs the App (`<web>/apps/<slug>/installations/new`), or null without an App. */
export function installUrl(ctx: AppContext): string | null {
  const app = ctx.config.github.app;
  return app ? `${ctx.config.github.webUrl}/apps/${encodeURIComponent(app.slug)}/installations/new` : null;
}

export type SetupOutcome = { result: 'installed' | 'requested' | 'suspended' | 'failed'; message: string };

/**
 * What GitHub's redirect to the setup URL means. An install or update is believed only once GitHub
 * confirms it to the App (`GET /app/installations/{id}` with the App JWT: a forged redirect names no
 * installation of ours); it is then stored and its organization's boards read with it. A request: an
 * owner of the organization has to approve it first.
 */
export async function completeSetup(
  ctx: AppContext,
  query: { installation_id?: string; setup_action?: string },
): Promise<SetupOutcome> {
  if (!ctx.config.github.app)
    return { result: 'failed', message: 'This Fluxion server has no GitHub App configured.' };
  if (query.setup_action === 'request') {
    return {
      result: 'requested',
      message:
        'An owner of the organization has been asked to approve the Fluxion GitHub App. Its boards are read with it once they install it.',
    };
  }
  const id = Number(query.installation_id);
  if (!query.installation_id || !Number.isSafeInteger(id))
    return {
      result: 'failed',
      message: 'GitHub did not say which installation was made; try installing again.',
    };
  try {
    const applied = await refreshInstallation(ctx, id);
    const row = await findInstallation(ctx.db, id);
    if (applied === 'unknown' || !row || row.removed_at !== null)
      return {
        result: 'failed',
        message: 'GitHub does not know that installation of the Fluxion GitHub App.',
      };
    const account = row.account_login;
    if (row.suspended_at !== null) {
      return {
        result: 'suspended',
        message: `The Fluxion GitHub App is suspended on ${account}: unsuspend it in ${account}'s settings to read its boards.`,
      };
    }
    return {
      result: 'installed',
      message: `The Fluxion GitHub App is installed on ${account}: its boards are read with it from now on, items of private repositories included.`,
    };
  } catch (error) {
    ctx.log?.warn(
      { installation: id, reason: (error as Error).message },
      'confirming an installation failed',
    );
    return {
      result: 'failed',
      message: 'GitHub could not confirm the installation just now; try again in a minute.',
    };
  }
}
