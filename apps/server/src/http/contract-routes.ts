import { type Endpoint, endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';

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

const endpointByKey = new Map(
  (Object.values(endpoints) as Endpoint[]).flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].map((url) => [key(e.method, url), e] as const),
  ),
);

/**
 * Checks every JSON answer against its endpoint's schema for that status, including the answers sent
 * as cached text that the serialiser never sees; a mismatch becomes a 500 naming the endpoint and the
 * field, so any test that calls the endpoint fails. On in tests (`buildTestApp`), off in production,
 * where a parse per answer would cost what the caches save.
 */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const endpoint = endpointByKey.get(key(request.method, request.routeOptions.url ?? ''));
    const schema = endpoint?.responses[reply.statusCode as keyof Endpoint['responses']];
    // A cached analysis goes out as bytes (http/json-body.ts): read too, unless compressed.
    const text = typeof payload === 'string' ? payload : uncompressedText(reply, payload);
    if (!schema || text === null) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const checked = schema.safeParse(JSON.parse(text));
    if (checked.success) return payload;
    const issue = checked.error.issues[0];
    const message = `${endpoint.method} ${endpoint.path} answered ${reply.statusCode} outside the endpoint table: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`;
    request.log.error(message);
    reply.status(500);
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ code: 'contract_mismatch', message });
  });
}

function uncompressedText(reply: FastifyReply, payload: unknown): string | null {
  if (!Buffer.isBuffer(payload) || reply.getHeader('content-encoding') !== undefined) return null;
  return payload.toString('utf8');
}
