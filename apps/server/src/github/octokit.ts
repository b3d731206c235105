import { createHash } from 'node:crypto';
import { Octokit } from '@octokit/core';
import { paginateGraphQL } from '@octokit/plugin-paginate-graphql';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck';
import { GithubError } from './errors.ts';
import { GITHUB_CALL_TIMEOUT_MS, timedFetch } from './timed-fetch.ts';
import type { GithubClientOptions, RateLimitInfo } from './types.ts';

const FluxionOctokit = Octokit.plugin(retry, throttling, paginateGraphQL);
export type GithubOctokit = InstanceType<typeof FluxionOctokit>;

/** The 5xx and network-error backoff: (n + 1)² × this, i.e. 0.25, 1, 2.25, 4 s. */
const SERVER_ERROR_BASE_MS = 250;

/**
 * The throttling plugin counts a GraphQL query as a write (it is a POST) and spaces writes a second apart,
 * per token. Fluxion only reads, and a board's listing is one page after another: GitHub's limits for
 * reads are the points budget and concurrency, which the plugin's `global` queue (10 at a time per token)
 * and its rate-limit handlers already cover. One gate for the process, like the plugin's own queues:
 * GitHub's limits are per token, whichever app in the process uses it.
 */
const graphqlGate = new Bottleneck.Group({ maxConcurrent: null, minTime: 0 });

type RateHolder = { current: RateLimitInfo | null };

function readRateHeaders(headers: Headers, holder: RateHolder): void {
  const limit = headers.get('x-ratelimit-limit');
  const remaining = headers.get('x-ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset');
  if (limit === null || remaining === null || reset === null) return;
  holder.current = {
    limit: Number(limit),
    remaining: Number(remaining),
    used: Number(headers.get('x-ratelimit-used') ?? Number(limit) - Number(remaining)),
    resetAt: new Date(Number(reset) * 1000).toISOString(),
    resource: headers.get('x-ratelimit-resource') ?? 'core',
  };
}

/** A key for the token in the plugins' queues that is not the token itself. */
function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/**
 * Octokit with the retry, throttling and GraphQL pagination plugins, bound to a base URL and token.
 * Retries: 5xx and network errors (plugin-retry, growing waits), secondary rate limits whose wait is at
 * most `maxRetryDelayMs` (plugin-throttling, honouring retry-after). A spent primary budget is never
 * waited for here: the caller gets the typed error and the collector's schedule holds the board until
 * the reset. Each call gives up after `callTimeoutMs` (15 s), and with `deadlineMs` every call, retry and
 * wait of the client ends by then (a secondary limit whose wait would pass it is thrown at once).
 * Every answer's rate-limit headers are recorded in `rate`.
 */
export function createOctokit(options: GithubClientOptions) {
  const rate: RateHolder = { current: null };
  const retries = options.retries ?? 4;
  const maxDelayMs = options.maxRetryDelayMs ?? 60_000;
  const scale = options.retryDelayScale ?? 1;
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  // Every call ends within GITHUB_CALL_TIMEOUT_MS, and all of a client's calls with their retries and
  // waits within `deadlineMs` of its creation (a user-facing route's client: created per request).
  const deadline = options.deadlineMs === undefined ? null : Date.now() + options.deadlineMs;
  const timed = timedFetch(options.callTimeoutMs ?? GITHUB_CALL_TIMEOUT_MS, deadline);
  const octokit: GithubOctokit = new FluxionOctokit({
    auth: options.token,
    baseUrl: apiUrl,
    userAgent: 'fluxion-analytics',
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    request: {
      fetch: async (url: string | URL, init?: RequestInit) => {
        const response = await timed(url, init);
        readRateHeaders(response.headers, rate);
        return response;
      },
    },
    retry: {
      retries,
      retryAfterBaseValue: SERVER_ERROR_BASE_MS * scale,
      // 429 is the throttling plugin's to judge (a rate limit, not a failure).
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
    },
    throttle: {
      id: tokenKey(options.token),
      write: graphqlGate,
      retryAfterBaseValue: 1000 * scale,
      onRateLimit: () => false,
      onSecondaryRateLimit: (
        retryAfter: number,
        _request: unknown,
        _octokit: unknown,
        retryCount: number,
      ) => {
        const retrying =
          retryCount < retries &&
          retryAfter * 1000 <= maxDelayMs &&
          (deadline === null || Date.now() + retryAfter * 1000 * scale < deadline);
        if (retrying)
          options.logger?.warn({ retryAfter, retryCount }, 'GitHub secondary rate limit; retrying');
        return retrying;
      },
    },
  });
  if (deadline !== null) endByDeadline(octokit, deadline);
  return { octokit, rate };
}

/**
 * Each call of the client answers by `deadline`: the fetch itself is cut there (timedFetch), and the
 * retry plugin's waits between attempts are not waited out past it either (this hook, registered after
 * the plugins', wraps them all). A call cut short ends in the background within its own bounds.
 */
function endByDeadline(octokit: GithubOctokit, deadline: number): void {
  const late = () => new GithubError('GitHub did not answer in time (the request deadline passed)', 504);
  octokit.hook.wrap('request', (request, options) => {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.reject(late());
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(late()), left);
    });
    const call = Promise.resolve(request(options));
    call.catch(() => undefined);
    return Promise.race([call, expired]).finally(() => clearTimeout(timer));
  });
}
