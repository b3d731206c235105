import type { BoardReader } from './board-reader.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { createGithubClient, type GithubClient } from './client.ts';
import { GithubAuthError, GithubNotFoundError } from './errors.ts';
import type { GithubClientOptions } from './types.ts';
import {
  afterBadCredentials,
  GithubSignInNeededError,
  type UserToken,
  userGithubToken,
} from './user-token.ts';

/** Retry tuning a caller may pass through (tests make retries instant). */
export type GithubTuning = Pick<GithubClientOptions, 'retries' | 'maxRetryDelayMs' | 'retryDelayScale'>;

/**
 * A GitHub client acting as this user, with the token they granted at sign-in: a GitHub App's user access
 * token is refreshed first when it expires within 5 minutes (github/user-token.ts), and a 401 on a call
 * with it either retries once with the token refreshed meanwhile or, the authorization revoked, forgets
 * the tokens so that the user's sign-ins end. 401 (unauthorized) when the user has no token to use.
 */
export async function githubForUser(
  ctx: AppContext,
  userId: string,
  tuning: GithubTuning = {},
): Promise<GithubClient> {
  let used: UserToken;
  try {
    used = await userGithubToken(ctx, userId);
  } catch (error) {
    if (error instanceof GithubSignInNeededError) throw unauthorized(error.message);
    throw error;
  }
  const client = githubWithToken(ctx, used.token, tuning);
  // An OAuth app's token: as before (a 401 is the caller's to answer; the sign-in goes on).
  if (used.kind !== 'github-app') return client;
  return retriedOnBadCredentials(client, async () => {
    const fresh = await afterBadCredentials(ctx, userId, used);
    if (!fresh) return null;
    used = fresh;
    return githubWithToken(ctx, fresh.token, tuning);
  });
}

/**
 * The client's calls, each retried once on a client `next` answers after a 401 (GithubAuthError); when
 * it answers null, the 401 stands. Calls that answer no promise (the rate figures) pass through.
 */
function retriedOnBadCredentials(
  client: GithubClient,
  next: () => Promise<GithubClient | null>,
): GithubClient {
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(client)) {
    if (typeof member !== 'function') {
      wrapped[name] = member;
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      const result: unknown = (member as (...a: unknown[]) => unknown)(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch(async (error: unknown) => {
        if (!(error instanceof GithubAuthError)) throw error;
        const retry = await next();
        if (!retry) throw error;
        return (retry[name as keyof GithubClient] as (...a: unknown[]) => unknown)(...args);
      });
    };
  }
  return wrapped as GithubClient;
}

export function githubWithToken(ctx: AppContext, token: string, tuning: GithubTuning = {}): GithubClient {
  return createGithubClient({ ...tuning, apiUrl: ctx.config.github.apiUrl, token, logger: ctx.log });
}

export type BoardOnGithub = {
  id: string;
  title: string;
  ownerLogin: string;
  ownerType: string;
  number: number;
  columns: string[];
  /** The Status options with their ids (a later rename keeps the id). */
  options: { id: string; name: string }[];
};

/** A board's identity and Status columns, or null when it does not exist or the user may not see it. */
export async function readBoard(client: GithubClient, projectId: string): Promise<BoardOnGithub | null> {
  try {
    const [project, columns] = await Promise.all([
      client.getProject(projectId),
      client.getProjectColumns(projectId),
    ]);
    return {
      id: project.id,
      title: project.title,
      ownerLogin: project.owner.login,
      ownerType: project.owner.type,
      number: project.number,
      columns: columns.map((c) => c.name),
      options: columns.map(({ id, name }) => ({ id, name })),
    };
  } catch (error) {
    if (error instanceof GithubNotFoundError) return null;
    throw error;
  }
}

export function boardReader(client: GithubClient): BoardReader {
  return {
    getProjectColumns: (id) => client.getProjectColumns(id),
    listProjectItems: (id, options) => client.listProjectItems(id, options),
    getStatusHistory: (id) => client.getStatusHistory({ projectId: id }),
    boardVersions: (ids) => client.boardVersions(ids),
    rateBudget: () => {
      const limit = client.rateLimit();
      return limit ? { remaining: limit.remaining, resetAt: Date.parse(limit.resetAt) } : null;
    },
  };
}
