import type { AppContext } from '../context.ts';
import { GithubSignInNeededError, userGithubToken } from '../github/user-token.ts';
import { unauthorized, upstreamError } from '../http/errors.ts';

export type OrgRole = 'admin' | 'member' | 'none';

/**
 * The user's role in a GitHub organization, asked of GitHub with the user's own token
 * (`GET /user/memberships/orgs/{org}`): `admin` is what GitHub calls an owner. Not a member (404) or a
 * pending invitation: none. GitHub failing is a 502, never a guess.
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
  if (response.status === 404 || response.status === 403) return 'none';
  if (!response.ok) throw upstreamError(`GitHub answered ${response.status} for the organization membership`);
  const membership = (await response.json()) as { state?: string; role?: string };
  if (membership.state !== 'active') return 'none';
  return membership.role === 'admin' ? 'admin' : 'member';
}
