import { LRUCache } from 'lru-cache';
import type { AnalyticsState } from '../analytics/state.ts';
import type { ApiContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { GithubAuthError, GithubNotFoundError } from '../github/errors.ts';
import { readAsUser } from '../github/for-user.ts';
import { AppError } from '../http/errors.ts';

/** How long GitHub's answer "this user may (not) read this board" is trusted before a message is sent. */
export const BOARD_ACCESS_TTL_MS = 10 * 60_000;

export const BOARD_NOT_READABLE = 'GitHub no longer lets the user read this board';
export const SIGN_IN_ENDED = 'GitHub no longer accepts the user’s sign-in: they need to sign in again';

/** Why GitHub refuses the user the board (one of the two above), or null when they may read it. */
type Answer = string | null;

/**
 * The answers per app (its analytics state): each app has its own clock and GitHub, so two apps in one
 * process share nothing. A question under way is shared; a failure to ask is forgotten at once.
 */
const answersOf = new WeakMap<AnalyticsState, LRUCache<string, { answer: Promise<Answer> }>>();

function answers(ctx: ApiContext) {
  let cache = answersOf.get(ctx.analytics);
  if (!cache) {
    cache = new LRUCache<string, { answer: Promise<Answer> }>({
      max: 50_000,
      ttl: BOARD_ACCESS_TTL_MS - 1,
      ttlResolution: 0,
      perf: { now: ctx.now },
    });
    answersOf.set(ctx.analytics, cache);
  }
  return cache;
}

/**
 * Whether GitHub still lets `userId` read the board, asked with their own token (as when they added it;
 * their personal-boards connection too, for a board of their own in App mode) and trusted for
 * BOARD_ACCESS_TTL_MS: a user removed from the organization, or from the board, stops receiving its news
 * though they still track it here. Null: they may; else why not. Throws when GitHub could not be asked
 * (outage, rate limit): the message waits and is tried again rather than sent or dropped blind.
 */
export async function githubRefusal(ctx: ApiContext, userId: string, board: Board): Promise<string | null> {
  const key = `${userId}\n${board.github_project_id}`;
  const cache = answers(ctx);
  const known = cache.get(key);
  if (known) return known.answer;
  const entry = { answer: askGithub(ctx, userId, board.github_project_id) };
  cache.set(key, entry);
  entry.answer.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.answer;
}

async function askGithub(ctx: ApiContext, userId: string, projectId: string): Promise<Answer> {
  try {
    await readAsUser(ctx, userId, { retries: 1, maxRetryDelayMs: 2_000 }, (client) =>
      client.getProject(projectId),
    );
    return null;
  } catch (error) {
    if (error instanceof GithubNotFoundError) return BOARD_NOT_READABLE;
    // No token left to ask with (revoked, signed out), or GitHub refuses it.
    if (error instanceof GithubAuthError || (error instanceof AppError && error.statusCode === 401))
      return SIGN_IN_ENDED;
    throw new Error(
      `GitHub could not be asked whether the user may read the board: ${(error as Error).message}`,
    );
  }
}
