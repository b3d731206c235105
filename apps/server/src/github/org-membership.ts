import type { AppContext } from '../context.ts';
import { unauthorized, upstreamError } from '../http/errors.ts';
import { GithubSignInNeededError, userGithubToken } from './user-token.ts';

/** `unverifiable`: GitHub would not say (the GitHub App lacks the organization permission Members: read). */
export type OrgRole = 'admin' | 'member' | 'none' | 'unverifiable';

/** GitHub's 403 to a GitHub App's token that its permissions do not cover. */
const NOT_ACCESSIBLE = 'Resource not accessible by integration';

/**
 * How long GitHub's answer is trusted: short, so that a member who leaves the organization on GitHub
 * loses what membership gives within a minute, while a page that asks for many boards asks GitHub once.
 */
export const ORG_ROLE_TTL_MS = 60_000;

/** Per database client (one per app): `${userId} ${org}` → the role and until when it holds. */
const remembered = new WeakMap<object, Map<string, { role: OrgRole; until: number }>>();

/**
 * The user's role in a GitHub organization, asked of GitHub with the user's own token
 * (`GET /user/memberships/orgs/{org}`): `admin` is what GitHub calls an owner. Not a member (404) or a
 * pending invitation: none. A GitHub App's user token needs the App's organization permission Members: read
 * for this call; without it GitHub refuses it as not accessible: unverifiable. GitHub failing is a 502,
 * never a guess. An answer is kept for `ORG_ROLE_TTL_MS` (failures are not kept). The one place Fluxion
 * asks who belongs to an organization (team plans' owners and seats, a board's shared settings).
 */
export async function orgRole(
  ctx: AppContext,
  userId: string,
  org: string,
  options: AskOptions = {},
): Promise<OrgRole> {
  const memo = remembered.get(ctx.db) ?? new Map<string, { role: OrgRole; until: number }>();
  remembered.set(ctx.db, memo);
  const key = `${userId} ${org.toLowerCase()}`;
  const now = ctx.now();
  const known = memo.get(key);
  if (known && known.until > now && !options.fresh) return known.role;
  const role = await askGithub(ctx, userId, org);
  // Unverifiable is not kept: it ends when an owner accepts the App's permission, which a user then retries.
  if (role !== 'unverifiable') memo.set(key, { role, until: now + ORG_ROLE_TTL_MS });
  return role;
}

/** `fresh`: ask GitHub even when an answer is kept (a team plan's seat sync asks again each time). */
export type AskOptions = { fresh?: boolean };

/** Whether GitHub says, now, that the user is a member (or an owner) of the organization. */
export async function isOrgMember(
  ctx: AppContext,
  userId: string,
  org: string,
  options: AskOptions = {},
): Promise<boolean> {
  const role = await orgRole(ctx, userId, org, options);
  return role === 'admin' || role === 'member';
}

/**
 * Of these organizations, the ones GitHub says the user is a member of (a team plan's coverage). One that
 * GitHub cannot be asked about now (no token Fluxion may use, GitHub failing) is left out and logged: a
 * membership is never assumed.
 */
export async function memberOrgs(ctx: AppContext, userId: string, orgs: string[]): Promise<string[]> {
  const answers = await Promise.all(
    orgs.map((org) =>
      isOrgMember(ctx, userId, org).catch((error: unknown) => {
        ctx.log?.warn({ org, userId, reason: (error as Error).message }, 'GitHub did not tell a membership');
        return false;
      }),
    ),
  );
  return orgs.filter((_, i) => answers[i]);
}

async function askGithub(ctx: AppContext, userId: string, org: string): Promise<OrgRole> {
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
