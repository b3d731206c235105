import type { AppContext } from '../context.ts';
import { afterBadCredentials, GithubSignInNeededError, userGithubToken } from '../github/user-token.ts';
import { unauthorized, upstreamError } from '../http/errors.ts';
import { activeInstallationAccounts } from './store.ts';

/** One installation of the App the user may see, as GitHub lists it to them. */
export type UserInstallation = { id: number; account: string; suspended: boolean };

const PER_PAGE = 100;
/** 10 pages of 100: more installations than any user sees; a longer list is cut, never looped over. */
const MAX_PAGES = 10;

/**
 * The App's installations this user may see, asked of GitHub with the user's own App token
 * (`GET /user/installations`: those on accounts they belong to). GitHub's setup-URL documentation asks for
 * this check of a redirect's `installation_id`, and it is what a user is shown of the App's installations.
 * A token GitHub refuses ends the user's sign-ins (401); GitHub failing is a 502, never a guess.
 */
export async function userInstallations(ctx: AppContext, userId: string): Promise<UserInstallation[]> {
  let used = await userGithubToken(ctx, userId).catch(signInAgain);
  const found: UserInstallation[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    let response = await listPage(ctx, used.token, page);
    if (response.status === 401) {
      const renewed = await afterBadCredentials(ctx, userId, used);
      if (!renewed) throw unauthorized('GitHub no longer accepts your sign-in; sign in again');
      used = renewed;
      response = await listPage(ctx, used.token, page);
    }
    if (!response.ok) throw upstreamError(`GitHub answered ${response.status} for your installations`);
    const body = (await response.json()) as { installations?: GithubInstallation[] };
    const installations = body.installations ?? [];
    for (const i of installations)
      found.push({ id: i.id, account: i.account?.login ?? '', suspended: Boolean(i.suspended_at) });
    if (installations.length < PER_PAGE) break;
  }
  return found;
}

type GithubInstallation = { id: number; account?: { login?: string } | null; suspended_at?: string | null };

function listPage(ctx: AppContext, token: string, page: number): Promise<Response> {
  const base = ctx.config.github.apiUrl.replace(/\/$/, '');
  return fetch(`${base}/user/installations?per_page=${PER_PAGE}&page=${page}`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    },
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => {
    throw upstreamError(`GitHub could not be reached: ${(error as Error).message}`);
  });
}

function signInAgain(error: unknown): never {
  if (error instanceof GithubSignInNeededError) throw unauthorized(error.message);
  throw error;
}

/**
 * The accounts where the App is installed and active that this user belongs to: what GitHub lists to them
 * (`GET /user/installations`) of what Fluxion stores, never the App's other tenants.
 */
export async function installedOnForUser(ctx: AppContext, userId: string): Promise<string[]> {
  const theirs = new Set(
    (await userInstallations(ctx, userId)).filter((i) => !i.suspended).map((i) => i.account),
  );
  return (await activeInstallationAccounts(ctx.db)).filter((account) => theirs.has(account));
}
