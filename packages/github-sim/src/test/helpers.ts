import { graphql } from '@octokit/graphql';
import { type GithubSim, type GithubSimOptions, startGithubSim } from '../index.ts';

export async function startSim(options: GithubSimOptions = {}): Promise<GithubSim> {
  return startGithubSim({ port: 0, ...options });
}

/** The official client, pointed at the simulator. */
export function gqlFor(sim: GithubSim, token: string) {
  return graphql.defaults({ baseUrl: sim.url, headers: { authorization: `token ${token}` } });
}

export async function control<T = unknown>(
  sim: GithubSim,
  path: string,
  body?: unknown,
  method = 'POST',
): Promise<T> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export async function rawGraphql(
  sim: GithubSim,
  query: string,
  token?: string,
  variables?: Record<string, unknown>,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${sim.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}
