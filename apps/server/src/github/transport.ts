import { withCustomRequest } from '@octokit/graphql';
import { request as octokitRequest } from '@octokit/request';
import type { GithubClientOptions, RateLimitInfo } from './types.ts';

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

/**
 * The official Octokit request and graphql functions, bound to a base URL and token, with a fetch wrapper
 * that records the rate-limit headers of every answer.
 */
export function createTransport(options: GithubClientOptions) {
  const rate: RateHolder = { current: null };
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const request = octokitRequest.defaults({
    baseUrl: apiUrl,
    headers: { authorization: `token ${options.token}`, 'user-agent': 'fluxion-analytics' },
    request: {
      fetch: async (url: string | URL, init?: RequestInit) => {
        const response = await fetch(url, init);
        readRateHeaders(response.headers, rate);
        return response;
      },
    },
  });
  const graphql = withCustomRequest(request).defaults({ url: options.graphqlUrl ?? `${apiUrl}/graphql` });
  return { request, graphql, rate };
}
