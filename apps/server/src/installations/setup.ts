import { AppError } from '../http/errors.ts';
import type { AppContext } from '../context.ts';
import { findInstallation } from './store.ts';
import { refreshInstallation } from './sync.ts';
import { userInstallations } from './user-installations.ts';

/** GitHub's page that installs the App (`<web>/apps/<slug>/installations/new`), or null without an App. */
export function installUrl(ctx: AppContext): string | null {
  const app = ctx.config.github.app;
  return app ? `${ctx.config.github.webUrl}/apps/${encodeURIComponent(app.slug)}/installations/new` : null;
}

export type SetupOutcome = { result: 'installed' | 'requested' | 'suspended' | 'failed'; message: string };

/** The user asked an owner to install the App: nothing to check, nothing stored. */
export const REQUESTED: SetupOutcome = {
  result: 'requested',
  message:
    'An owner of the organization has been asked to approve the Fluxion GitHub App. Its boards are read with it once they install it.',
};

const NOT_YOURS: SetupOutcome = {
  result: 'failed',
  message: 'GitHub does not list that installation of the Fluxion GitHub App among yours.',
};

/**
 * What an install the setup URL named means, for the signed-in user confirming it. As GitHub's setup-URL
 * documentation asks, `installation_id` is believed only when GitHub lists it among the user's own
 * installations (`GET /user/installations` with their token: a forged or someone else's id is refused
 * before the App asks anything); it is then read with the App's JWT, stored, and its organization's boards
 * read with it. GitHub refusing the user's token is a 401 (sign in again).
 */
export async function confirmInstall(ctx: AppContext, userId: string, id: number): Promise<SetupOutcome> {
  if (!ctx.config.github.app)
    return { result: 'failed', message: 'This Fluxion server has no GitHub App configured.' };
  if (!Number.isSafeInteger(id)) return NOT_YOURS;
  let theirs: boolean;
  try {
    theirs = (await userInstallations(ctx, userId)).some((installation) => installation.id === id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) throw error;
    return couldNotConfirm(ctx, id, error);
  }
  if (!theirs) return NOT_YOURS;
  try {
    const applied = await refreshInstallation(ctx, id);
    const row = await findInstallation(ctx.db, id);
    if (applied === 'unknown' || !row || row.removed_at !== null) return NOT_YOURS;
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
    return couldNotConfirm(ctx, id, error);
  }
}

function couldNotConfirm(ctx: AppContext, id: number, error: unknown): SetupOutcome {
  ctx.log?.warn({ installation: id, reason: (error as Error).message }, 'confirming an installation failed');
  return {
    result: 'failed',
    message: 'GitHub could not confirm the installation just now; try again in a minute.',
  };
}
