import {
  GithubAuthError,
  GithubNotFoundError,
  GithubRateLimitError,
  GithubScopeError,
} from '../github/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, notFound, upstreamError } from '../http/errors.ts';

/**
 * A user is waiting: retry briefly, let a long rate-limit wait surface as an answer instead, and end every
 * GitHub call of the request within 20 s (the client is made per request): a GitHub that hangs is then an
 * error with a retry in the dialog, never a list that stays empty.
 */
export const INTERACTIVE = { retries: 2, maxRetryDelayMs: 3_000, deadlineMs: 20_000 };

/** GitHub's failures, as answers our users can act on. */
export function fromGithubError(error: unknown): never {
  // The database failing on the way (the user's token is read from it) is no fault of GitHub's: the error
  // handler answers it 503 with Retry-After, as every other request during an outage.
  if (isDatabaseUnavailable(error)) throw error;
  if (error instanceof GithubNotFoundError) throw notFound('Not found on GitHub, or no access to it');
  // Not 401: that would make the web client refresh Fluxion's own session, which cannot help here.
  if (error instanceof GithubAuthError) {
    throw new AppError(403, 'github_auth', 'GitHub access expired; sign in again');
  }
  if (error instanceof GithubScopeError) throw new AppError(403, 'github_scope', error.message);
  if (error instanceof GithubRateLimitError) {
    throw new AppError(
      503,
      'github_rate_limited',
      `GitHub rate limit reached; retry after ${error.retryAt.toISOString()}`,
    );
  }
  throw upstreamError(`GitHub request failed: ${error instanceof Error ? error.message : String(error)}`);
}
