import type { EndpointInput, EndpointName, EndpointResponse } from '@fluxion/contract';
import { fillPath, type QueryValue, queryString, routes } from '@fluxion/contract/routes';

/** The URL and fetch options of one call to an endpoint of the contract's table. */
export function endpointRequest<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
): { url: string; init: RequestInit } {
  const route = routes[name];
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  const url = `${fillPath(route.path, params)}${queryString(query)}`;
  const init: RequestInit = { method: route.method };
  if (route.method === 'POST') {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body ?? {});
  }
  return { url, init };
}

export type { EndpointInput, EndpointName, EndpointResponse };
