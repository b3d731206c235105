import { GraphqlResponseError } from '@octokit/graphql';
import {
  GithubAuthError,
  GithubError,
  GithubNotFoundError,
  GithubRateLimitError,
  GithubSchemaError,
  GithubScopeError,
} from './errors.ts';

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; error: Error };

type HttpLike = {
  status: number;
  message: string;
  response?: { headers?: Record<string, string | undefined> };
};

function isHttpError(error: unknown): error is HttpLike {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

function backoff(attempt: number, baseMs: number): number {
  return Math.round(baseMs * 2 ** attempt * (0.75 + Math.random() * 0.5));
}

function fromHttp(error: HttpLike, attempt: number, maxDelayMs: number): RetryDecision {
  const headers = error.response?.headers ?? {};
  const { status } = error;
  if (status === 401)
    return { retry: false, error: new GithubAuthError('GitHub rejected the token (401)', 401) };
  if (status === 404) return { retry: false, error: new GithubNotFoundError(error.message, 404) };
  if (status === 403 || status === 429) {
    const retryAfter = Number(headers['retry-after']);
    if (headers['x-ratelimit-remaining'] === '0' && !retryAfter) {
      const reset = new Date(Number(headers['x-ratelimit-reset'] ?? 0) * 1000);
      return {
        retry: false,
        error: new GithubRateLimitError('GitHub rate limit exhausted', reset, false, status),
      };
    }
    const secondary = retryAfter > 0 || /secondary rate limit/i.test(error.message);
    if (!secondary) return { retry: false, error: new GithubError(error.message, status) };
    // GitHub: honour retry-after; without it wait at least a minute, growing exponentially.
    const delayMs = retryAfter > 0 ? retryAfter * 1000 : Math.max(60_000, backoff(attempt, 60_000));
    if (delayMs > maxDelayMs) {
      return {
        retry: false,
        error: new GithubRateLimitError(
          'GitHub secondary rate limit',
          new Date(Date.now() + delayMs),
          true,
          status,
        ),
      };
    }
    return { retry: true, delayMs };
  }
  if (status >= 500) return { retry: true, delayMs: Math.min(backoff(attempt, 500), maxDelayMs) };
  return { retry: false, error: new GithubError(error.message, status) };
}

function fromGraphql(error: GraphqlResponseError<unknown>, resetAt: string | null): RetryDecision {
  const types = (error.errors ?? []).map((e) => (e as { type?: string }).type);
  const message = error.errors?.[0]?.message ?? error.message;
  if (types.includes('RATE_LIMITED')) {
    return {
      retry: false,
      error: new GithubRateLimitError(message, new Date(resetAt ?? Date.now() + 3_600_000), false),
    };
  }
  if (types.includes('NOT_FOUND')) return { retry: false, error: new GithubNotFoundError(message) };
  if (types.includes('INSUFFICIENT_SCOPES')) return { retry: false, error: new GithubScopeError(message) };
  // Errors without a type and without data: the document failed validation, before any execution.
  if (error.data === undefined && types.every((type) => type === undefined))
    return { retry: false, error: new GithubSchemaError(message) };
  return { retry: false, error: new GithubError(message) };
}

/** Whether a failed call is worth retrying, and after how long; otherwise the typed error to throw. */
export function decideRetry(
  error: unknown,
  attempt: number,
  maxDelayMs: number,
  resetAt: string | null,
): RetryDecision {
  if (error instanceof GraphqlResponseError) return fromGraphql(error, resetAt);
  if (isHttpError(error)) return fromHttp(error, attempt, maxDelayMs);
  if (
    error instanceof TypeError ||
    (error instanceof Error && /fetch failed|ECONNRESET|ECONNREFUSED|socket/i.test(error.message))
  ) {
    return { retry: true, delayMs: Math.min(backoff(attempt, 500), maxDelayMs) };
  }
  return { retry: false, error: error instanceof Error ? error : new GithubError(String(error)) };
}

export type RetryOptions = {
  retries: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  resetAt: () => string | null;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
};

export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const decision = decideRetry(error, attempt, options.maxDelayMs, options.resetAt());
      if (!decision.retry) throw decision.error;
      if (attempt >= options.retries)
        throw error instanceof Error
          ? new GithubError(
              `GitHub kept failing: ${error.message}`,
              (error as { status?: number }).status ?? null,
            )
          : error;
      options.onRetry?.({
        attempt: attempt + 1,
        delayMs: decision.delayMs,
        reason: error instanceof Error ? error.message : String(error),
      });
      await options.sleep(decision.delayMs);
    }
  }
}
