import { decryptSecret } from '../users/secret-box.ts';
import type { BoardReader } from './board-reader.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { findUser } from '../users/queries.ts';
import { createGithubClient, type GithubClient } from './client.ts';
import { GithubNotFoundError } from './errors.ts';
import type { GithubClientOptions } from './types.ts';

/** Retry tuning a caller may pass through (tests make retries instant). */
export type GithubTuning = Pick<GithubClientOptions, 'retries' | 'maxRetryDelayMs' | 'retryDelayScale'>;

/** A GitHub client acting as this user, with the token they granted at sign-in. */
export async function githubForUser(
  ctx: AppContext,
  userId: string,
  tuning: GithubTuning = {},
): Promise<GithubClient> {
  const user = await findUser(ctx.db, userId);
  if (!user?.github_token_enc) throw unauthorized('No GitHub access for this user; sign in again');
  return githubWithToken(ctx, decryptSecret(user.github_token_enc, ctx.config.tokenEncryptionKey), tuning);
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
