import type { AppContext } from '../context.ts';
import { GithubSignInNeededError, userGithubToken } from '../github/user-token.ts';
import { unauthorized, upstreamError } from '../http/errors.ts';

/** `unverifiable`: GitHub would not say (the GitHub App lacks the organization permission Members: read). */
export type OrgRole = 'admin' | 'member' | 'none' | 'unverifiable';

/** GitHub's 403 to a GitHub App's token that its permissions do not cover. */
const NOT_ACCESSIBLE = 'Resource not accessible by integration';

/**
 * The user's role in a GitHub organization, asked of GitHub with the user's own token
 * (`GET /user/memberships/orgs/{org}`): `admin` is what GitHub calls an owner. Not a member (404) or a
 * pending invitation: none. A GitHub App's user token needs the App's organization permission Members: read
 * for this call; without it GitHub refuses it as not accessible: unverifiable. GitHub failing is a 502,
 * never a guess.
 */
export async function orgRole(ctx: AppContext, userId: string, org: string): Promise<OrgRole> {
  const token = await userGithubToken(ctx, userId).then(
    (used) => used.token,
    (error: unknown) => {
      if (error instanceof GithubSignInNeededError) throw unauthorized(error.message);
      throw error;
    },
  );
  const url = `${ctx.config.github.apiUrl.replace(/\/$/, '')}/user/memberships/orgs/${encodeURIComponent(org)}`;
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    },
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 403) return (await refusal(response)) === NOT_ACCESSIBLE ? 'unverifiable' : 'none';
  if (response.status === 404) return 'none';
  if (!response.ok) throw upstreamError(`GitHub answered ${response.status} for the organization membership`);
  const membership = (await response.json()) as { state?: string; role?: string };
  if (membership.state !== 'active') return 'none';
  return membership.role === 'admin' ? 'admin' : 'member';
}

async function refusal(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : null;
}
