import { GraphqlResponseError } from '@octokit/graphql';
import {
  GithubAuthError,
  GithubError,
  GithubNotFoundError,
  GithubRateLimitError,
  GithubSchemaError,
  GithubScopeError,
} from './errors.ts';

type Headers = Record<string, string | number | undefined>;
type HttpLike = Error & { status: number; response?: { headers?: Headers } };
type GraphqlError = { type?: string; message?: string };
/** What plugin-throttling throws for a GraphQL answer with a RATE_LIMITED error, once it gives up. */
type GraphqlRateLimited = Error & { data: { errors: GraphqlError[] }; response?: { headers?: Headers } };

const isHttpError = (error: unknown): error is HttpLike =>
  error instanceof Error && typeof (error as { status?: unknown }).status === 'number';

const isGraphqlRateLimited = (error: unknown): error is GraphqlRateLimited =>
  error instanceof Error &&
  Array.isArray((error as { data?: { errors?: unknown } }).data?.errors) &&
  (error as GraphqlRateLimited).data.errors.some((e) => e.type === 'RATE_LIMITED');

function resetFrom(headers: Headers | undefined, fallback: string | null): Date {
  const reset = Number(headers?.['x-ratelimit-reset']);
  if (reset > 0) return new Date(reset * 1000);
  return new Date(fallback ?? Date.now() + 3_600_000);
}

function fromHttp(error: HttpLike, resetAt: string | null): GithubError {
  const headers = error.response?.headers;
  const { status, message } = error;
  if (status === 401) return new GithubAuthError('GitHub rejected the token (401)', 401);
  if (status === 404) return new GithubNotFoundError(message, 404);
  if (status === 403 || status === 429) {
    const retryAfter = Number(headers?.['retry-after']);
    if (/secondary rate/i.test(message) || retryAfter > 0) {
      const waitMs = (retryAfter > 0 ? retryAfter : 60) * 1000;
      return new GithubRateLimitError(
        'GitHub secondary rate limit',
        new Date(Date.now() + waitMs),
        true,
        status,
        waitMs,
      );
    }
    if (String(headers?.['x-ratelimit-remaining']) === '0')
      return new GithubRateLimitError(
        'GitHub rate limit exhausted',
        resetFrom(headers, resetAt),
        false,
        status,
      );
  }
  // Octokit answers a network failure as a 500 too; both were retried before reaching here.
  if (status >= 500) return new GithubError(`GitHub kept failing: ${message}`, status);
  return new GithubError(message, status);
}

function fromGraphql(error: GraphqlResponseError<unknown>, resetAt: string | null): GithubError {
  const types = (error.errors ?? []).map((e) => (e as GraphqlError).type);
  const message = error.errors?.[0]?.message ?? error.message;
  if (types.includes('RATE_LIMITED'))
    return new GithubRateLimitError(message, resetFrom(undefined, resetAt), false);
  if (types.includes('NOT_FOUND')) return new GithubNotFoundError(message);
  if (types.includes('INSUFFICIENT_SCOPES')) return new GithubScopeError(message);
  // Errors without a type and without data: the document failed validation, before any execution.
  if (error.data === undefined && types.every((type) => type === undefined))
    return new GithubSchemaError(message);
  return new GithubError(message);
}

/**
 * The typed error for whatever Octokit (with its retry and throttling plugins) finally threw.
 * `resetAt`: when the GraphQL budget resets, as last reported, for answers that do not say.
 */
export function toGithubError(error: unknown, resetAt: string | null): Error {
  if (error instanceof GithubError) return error;
  if (error instanceof GraphqlResponseError) return fromGraphql(error, resetAt);
  if (isGraphqlRateLimited(error)) {
    const message = error.data.errors[0]?.message ?? error.message;
    return new GithubRateLimitError(message, resetFrom(error.response?.headers, resetAt), false);
  }
  if (isHttpError(error)) return fromHttp(error, resetAt);
  return error instanceof Error ? error : new GithubError(String(error));
}
