import type { TokenStore } from '../auth/tokens.ts';
import {
  type EndpointInput,
  type EndpointName,
  type EndpointResponse,
  endpointRequest,
} from './endpoint-call.ts';
import { reportAnswerOutsideContract } from './check-answer.ts';
import { HttpError, httpErrorFrom, SessionExpiredError } from './errors.ts';

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  fetch: FetchFn;
  tokens: TokenStore;
  /** Called once the refresh token is refused, after both tokens are cleared. */
  onSessionExpired: () => void;
};

export type ApiClient = {
  /**
   * Any call with the bearer header and the 401 → refresh → retry-once rule (docs/api.md, Sign-in and
   * session).
   */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** `request`, then the JSON body; non-OK answers throw an HttpError. */
  json: <T>(path: string, init?: RequestInit) => Promise<T>;
  /** POST with a JSON body. */
  postJson: <T>(path: string, body: unknown) => Promise<T>;
  /** One endpoint of the contract's table: its answer typed by the table; non-OK answers throw an HttpError. */
  call: <N extends EndpointName>(name: N, input: EndpointInput<N>) => Promise<EndpointResponse<N>>;
  /** The same call's raw response, for callers that read the status themselves. */
  send: <N extends EndpointName>(name: N, input: EndpointInput<N>) => Promise<Response>;
  setSessionExpiredHandler: (handler: () => void) => void;
};

function withBearer(init: RequestInit | undefined, access: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (access) headers.set('Authorization', `Bearer ${access}`);
  return { ...init, headers };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { fetch, tokens } = options;
  let onExpired = options.onSessionExpired;
  let refreshing: Promise<string | null> | null = null;

  /** The server rotates refresh tokens: a successor, when it sends one, replaces the spent token. */
  async function refreshAccess(refresh: string): Promise<string | null> {
    try {
      const response = await fetch('/api/token/refresh/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { access?: unknown; refresh?: unknown };
      if (typeof body.access !== 'string' || !body.access) return null;
      if (typeof body.refresh === 'string' && body.refresh)
        tokens.save({ access: body.access, refresh: body.refresh });
      return body.access;
    } catch {
      return null;
    }
  }

  /** Concurrent 401s share one refresh call. */
  function sharedRefresh(refresh: string): Promise<string | null> {
    refreshing ??= refreshAccess(refresh)
      .then((access) => {
        if (access) {
          tokens.setAccess(access);
        } else {
          tokens.clear();
          onExpired();
        }
        return access;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function request(path: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(path, withBearer(init, tokens.getAccess()));
    const refresh = tokens.getRefresh();
    if (response.status !== 401 || !refresh) return response;
    const access = await sharedRefresh(refresh);
    if (!access) throw new SessionExpiredError();
    return fetch(path, withBearer(init, access));
  }

  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await request(path, init);
    if (!response.ok) throw await httpErrorFrom(response);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  function postJson<T>(path: string, body: unknown): Promise<T> {
    const headers = { 'Content-Type': 'application/json' };
    return json<T>(path, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  async function call<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
  ): Promise<EndpointResponse<N>> {
    const { url, init } = endpointRequest(name, input);
    const body = await json<EndpointResponse<N>>(url, init);
    if (import.meta.env.DEV) void reportAnswerOutsideContract(name, body);
    return body;
  }

  function send<N extends EndpointName>(name: N, input: EndpointInput<N>): Promise<Response> {
    const { url, init } = endpointRequest(name, input);
    return request(url, init);
  }

  return {
    request,
    json,
    postJson,
    call,
    send,
    setSessionExpiredHandler: (handler) => {
      onExpired = handler;
    },
  };
}

export { HttpError, SessionExpiredError };
