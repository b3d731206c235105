import { type Endpoint, endpoints } from '@fluxion/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Paths the server answers itself; everything else belongs to the web app. */
const SERVER_PATHS = /^\/(api\/|accounts\/|webhooks\/|healthz$|readyz$)/;

const key = (method: string, url: string) => `${method} ${url}`;
const contractKeys = new Set(
  (Object.values(endpoints) as Endpoint[]).flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].map((url) => key(e.method, url)),
  ),
);

/** The routes a route definition adds, HEAD (which Fastify adds for every GET) left out. */
function routeKeys(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((m) => m !== 'HEAD').map((m) => key(m, route.url));
}

/**
 * Refuses, as it is registered, any server route the contract's endpoint table lacks: an endpoint
 * cannot exist without its schemas and its place in the OpenAPI document.
 */
export function guardContractRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!SERVER_PATHS.test(route.url)) return;
    for (const routeKey of routeKeys(route)) {
      if (!contractKeys.has(routeKey))
        throw new Error(`${routeKey} is not in the endpoint table of packages/contract`);
    }
  });
}

/** Table entries the app does not serve (a test asserts none, the webhook route being on in tests). */
export function endpointsMissingFrom(app: FastifyInstance): string[] {
  return [...contractKeys].filter((routeKey) => {
    const [method, url] = routeKey.split(' ') as [string, string];
    return !app.hasRoute({ method: method as Endpoint['method'], url });
  });
}
