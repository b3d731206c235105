import type { Endpoint } from '@fluxion/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessBody<E extends Endpoint> = Parsed<E['responses'][Extract<keyof E['responses'], 200 | 201>]>;

/** A request whose params, query and body the endpoint's schemas have already validated. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
};

/** A handler answers the endpoint's success body, or sends something else itself (a status, a redirect). */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<SuccessBody<E> | FastifyReply | string> | SuccessBody<E> | FastifyReply | string;

/**
 * Registers one route of the contract's endpoint table (and its aliases): method, path, and the schemas
 * that validate the request and serialise the answer all come from the table.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: {
    preHandler?: preHandlerHookHandler;
    config?: RouteOptions['config'];
    /**
     * The handler sends its answers already encoded for the client (`sendJsonBody`): @fastify/compress's
     * hooks are left out of the route (they only looked at each answer and let it pass). An error's small
     * JSON then goes out as it is.
     */
    encodesItself?: boolean;
  } = {},
): void {
  const response = Object.fromEntries(
    Object.entries(endpoint.responses).filter(([, schema]) => schema !== null && schema !== undefined),
  );
  const schema: RouteOptions['schema'] = {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      schema,
      // The schemas above validated params, query and body before the handler runs.
      handler: handler as unknown as RouteHandlerMethod,
      ...(options.preHandler ? { preHandler: options.preHandler } : {}),
      ...(options.config ? { config: options.config } : {}),
      ...(options.encodesItself ? { compress: false, decompress: false } : {}),
    });
  }
}
