import { GraphqlResponseError } from '@octokit/graphql';
import { toGithubError } from './error-mapping.ts';
import { GithubSchemaError } from './errors.ts';
import { type HostFeature, hostLacks, markHostLacks } from './host-features.ts';
import { type Page, present } from './mappers.ts';
import { createOctokit, type GithubOctokit } from './octokit.ts';
import type { GithubClientOptions, RateLimitInfo } from './types.ts';

type Rate = {
  rateLimit?: { limit: number; remaining: number; used: number; cost: number; resetAt: string } | null;
};

/** A connection's page in a query's answer; undefined where the answer has none (e.g. a null node). */
export type PickPage<D, T> = (data: D) => Page<T> | undefined;

/**
 * How the client talks to one GitHub host with one token: Octokit with its retries and throttling
 * (octokit.ts), every error typed (error-mapping.ts), the last rate-limit figures kept, and what the host's
 * schema lacks remembered (host-features.ts).
 */
export type GithubTransport = {
  octokit: GithubOctokit;
  rate: { current: RateLimitInfo | null };
  /** The API's base URL without a trailing slash: the key of what the host lacks. */
  host: string;
  logger: GithubClientOptions['logger'];
};

export function createTransport(options: GithubClientOptions): GithubTransport {
  const { octokit, rate } = createOctokit(options);
  return { octokit, rate, host: options.apiUrl.replace(/\/$/, ''), logger: options.logger };
}

function noteRate(t: GithubTransport, data: Rate): void {
  const limit = data.rateLimit;
  if (limit) t.rate.current = { ...limit, resource: 'graphql' };
}

function typedError(t: GithubTransport, error: unknown): Error {
  return toGithubError(error, t.rate.current?.resetAt ?? null);
}

/** A call whose failure is thrown as one of the typed GitHub errors (errors.ts). */
export async function typed<T>(t: GithubTransport, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw typedError(t, error);
  }
}

export async function gql<T>(
  t: GithubTransport,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const data = await typed(t, () => t.octokit.graphql<T & Rate>(query, variables));
  noteRate(t, data);
  return data;
}

/** Whether every error of a `nodes(ids:)` answer is an id GitHub could not resolve for this token. */
function onlyUnresolvedNodes(error: GraphqlResponseError<unknown>): boolean {
  return (
    error.data !== undefined &&
    error.data !== null &&
    (error.errors ?? []).every(
      (e) =>
        ['NOT_FOUND', 'FORBIDDEN'].includes((e as { type?: string }).type ?? '') && e.path?.[0] === 'nodes',
    )
  );
}

/**
 * A `nodes(ids:)` query: GitHub answers the ids it cannot resolve for this token (deleted, access lost)
 * with null and a NOT_FOUND or FORBIDDEN error at their place, and the others alongside. Those errors
 * leave the partial answer; any other error is thrown, typed.
 */
export async function gqlNodes<T>(
  t: GithubTransport,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  let data: T & Rate;
  try {
    data = await t.octokit.graphql<T & Rate>(query, variables);
  } catch (error) {
    if (!(error instanceof GraphqlResponseError) || !onlyUnresolvedNodes(error)) throw typedError(t, error);
    data = error.data as T & Rate;
  }
  noteRate(t, data);
  return data;
}

/**
 * A paginated query's answers, page after page (the query takes `$cursor`). An answer without page info
 * (a null node) is the last page.
 */
export async function* eachPage<D>(
  t: GithubTransport,
  query: string,
  variables: Record<string, unknown>,
): AsyncGenerator<D & Rate> {
  const pages = t.octokit.graphql.paginate.iterator<D & Rate>(query, variables)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<D & Rate>;
    try {
      next = await pages.next();
    } catch (error) {
      if ((error as Error).name !== 'MissingPageInfo') throw typedError(t, error);
      next = { done: false, value: (error as { response: D & Rate }).response };
      noteRate(t, next.value);
      yield next.value;
      return;
    }
    if (next.done) return;
    noteRate(t, next.value);
    yield next.value;
  }
}

/** Every node of a connection over all its pages. */
export async function allPages<D, T>(
  t: GithubTransport,
  query: string,
  variables: Record<string, unknown>,
  pick: PickPage<D, T>,
): Promise<T[]> {
  const all: T[] = [];
  for await (const data of eachPage<D>(t, query, variables)) all.push(...present(pick(data)?.nodes ?? []));
  return all;
}

/**
 * A call that needs a part of GitHub's schema some hosts lack: refused at once on a host known to lack it,
 * and the host marked (and logged once) when GitHub's answer says so.
 */
export async function needing<T>(
  t: GithubTransport,
  feature: HostFeature,
  run: () => Promise<T>,
): Promise<T> {
  if (hostLacks(t.host, feature)) throw new GithubSchemaError(`${t.host} does not offer ${feature}`);
  try {
    return await run();
  } catch (error) {
    if (error instanceof GithubSchemaError && markHostLacks(t.host, feature))
      t.logger?.warn({ host: t.host, feature, reason: error.message }, 'GitHub host lacks a GraphQL feature');
    throw error;
  }
}
