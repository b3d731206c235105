import type { BoardReader } from './board-reader.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { createGithubClient, type GithubClient } from './client.ts';
import { GithubAuthError, GithubNotFoundError } from './errors.ts';
import { defaultWorkflowField, findWorkflowField, type WorkflowFieldRef } from '../boards/workflow-field.ts';
import type { GithubClientOptions } from './types.ts';
import { readPersonalToken, signedInThroughApp } from '../users/github-tokens.ts';
import { decryptSecret } from '../users/secret-box.ts';
import {
  afterBadCredentials,
  GithubSignInNeededError,
  type UserToken,
  userGithubToken,
} from './user-token.ts';

/** Retry tuning a caller may pass through (tests make retries instant). */
export type GithubTuning = Pick<
  GithubClientOptions,
  'retries' | 'maxRetryDelayMs' | 'retryDelayScale' | 'callTimeoutMs' | 'deadlineMs'
>;

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

/** Shown where a user-owned board cannot be read because personal boards are not connected. */
/** Shown on a board whose reader's GitHub token ended (github/user-token.ts). */
export const SIGN_IN_NEEDED =
  'GitHub access of the user who reads this board ended (authorization revoked or expired): they need to sign in to Fluxion again';

export const PERSONAL_BOARDS_NOT_CONNECTED =
  "GitHub does not let the Fluxion GitHub App read boards owned by a user: use 'Connect personal boards' in Manage Projects (read-only access to your projects), or move the board to an organization where the App is installed";

/**
 * A client that reads the user's own (user-owned) boards. A GitHub App's tokens read none (GitHub answers
 * an empty list, not an error), so a user who signed in through the App reads them with the OAuth app's
 * token of "Connect personal boards" (`read:project`, never `repo`); null when they have not connected
 * it. A user who signed in with the OAuth app reads them with their sign-in token, as before.
 */
export async function githubForPersonalBoards(
  ctx: AppContext,
  userId: string,
  tuning: GithubTuning = {},
): Promise<GithubClient | null> {
  if (!(await signedInThroughApp(ctx.db, userId))) return githubForUser(ctx, userId, tuning);
  const sealed = await readPersonalToken(ctx.db, userId);
  if (!sealed) return null;
  return githubWithToken(ctx, decryptSecret(sealed, ctx.config.tokenEncryptionKey), tuning);
}

/**
 * Reads with the user's sign-in client, and when that finds nothing (a user-owned board, which no App token
 * reads) with their personal-boards client, if any. "Nothing" is `read` answering null or GitHub's
 * NOT_FOUND (GithubNotFoundError), which is thrown as it came when there is no second client to ask.
 */
export async function readAsUser<T>(
  ctx: AppContext,
  userId: string,
  tuning: GithubTuning,
  read: (client: GithubClient) => Promise<T | null>,
): Promise<T | null> {
  let missing: GithubNotFoundError | null = null;
  const found = await read(await githubForUser(ctx, userId, tuning)).catch((error: unknown) => {
    if (!(error instanceof GithubNotFoundError)) throw error;
    missing = error;
    return null;
  });
  if (found !== null) return found;
  const personal = (await signedInThroughApp(ctx.db, userId))
    ? await githubForPersonalBoards(ctx, userId, tuning)
    : null;
  if (personal) return read(personal);
  if (missing) throw missing;
  return null;
}

export function githubWithToken(ctx: AppContext, token: string, tuning: GithubTuning = {}): GithubClient {
  return createGithubClient({ ...tuning, apiUrl: ctx.config.github.apiUrl, token, logger: ctx.log });
}

/** A workflow field id that is not one of the board's single-select fields. */
export class UnknownWorkflowFieldError extends Error {
  override name = 'UnknownWorkflowFieldError';
  constructor(readonly fieldId: string) {
    super(`${fieldId} is not a single-select field of this board`);
  }
}

export type BoardOnGithub = {
  id: string;
  title: string;
  ownerLogin: string;
  ownerType: string;
  number: number;
  columns: string[];
  /** The workflow field's options with their ids (a later rename keeps the id). */
  options: { id: string; name: string }[];
  /** The single-select field whose options are the columns; null when the board has none. */
  workflowField: { id: string; name: string } | null;
};

/**
 * A board's identity and columns, or null when it does not exist or the user may not see it. The columns
 * are the options of the workflow field `field` names (by id, else by name; not a single-select field of
 * the board: UnknownWorkflowFieldError), without one of the field `defaultWorkflowField` picks.
 */
export async function readBoard(
  client: GithubClient,
  projectId: string,
  field: WorkflowFieldRef | null = null,
): Promise<BoardOnGithub | null> {
  try {
    const { project, fields } = await client.getProjectWithFields(projectId);
    const chosen = field ? findWorkflowField(fields, field) : defaultWorkflowField(fields);
    if (field && !chosen) throw new UnknownWorkflowFieldError(field.id ?? field.name);
    const columns = chosen?.options ?? [];
    return {
      id: project.id,
      title: project.title,
      ownerLogin: project.owner.login,
      ownerType: project.owner.type,
      number: project.number,
      columns: columns.map((c) => c.name),
      options: columns.map(({ id, name }) => ({ id, name })),
      workflowField: chosen ? { id: chosen.id, name: chosen.name } : null,
    };
  } catch (error) {
    if (error instanceof GithubNotFoundError) return null;
    throw error;
  }
}

export function boardReader(client: GithubClient): BoardReader {
  return {
    getProjectFields: (id) => client.getProjectFields(id),
    listProjectItems: (id, options) => client.listProjectItems(id, options),
    getStatusHistory: (id) => client.getStatusHistory({ projectId: id }),
    boardVersions: (ids) => client.boardVersions(ids),
    rateBudget: () => {
      const limit = client.rateLimit();
      return limit ? { remaining: limit.remaining, resetAt: Date.parse(limit.resetAt) } : null;
    },
  };
}
