import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { StripeError } from '../model/errors.ts';
import { API_VERSION, type StripeState } from '../model/state.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import { registerApiRoutes } from './api-routes.ts';
import { registerControl } from './control.ts';
import { registerIdempotency } from './idempotency.ts';
import { parseForm } from './form.ts';
import { registerPages } from './pages.ts';

export type ServerParts = {
  state: StripeState;
  webhooks: WebhookDispatcher;
  secretKey: string | null;
  /** Hosted pages wait for their webhooks before redirecting (real Stripe does not). */
  awaitWebhooks: boolean;
};

const masked = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

/** `Authorization: Bearer sk_…` (or Basic with the key as user name), as Stripe takes it. */
function checkKey(request: FastifyRequest, expected: string | null): void {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
  if (!key) {
    throw new StripeError(
      401,
      'invalid_request_error',
      'You did not provide an API key. Use `Authorization: Bearer sk_…`.',
    );
  }
  if (!key.startsWith('sk_') || (expected !== null && key !== expected)) {
    throw new StripeError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked(key)}`,
      'api_key_invalid',
    );
  }
}

/**
 * `Stripe-Version`: Stripe answers each request in the version it names (else the account's). The
 * simulator renders only its own, so it refuses another instead of answering it in a shape Stripe would
 * not send; a value that is no version at all is refused as Stripe does.
 */
function checkVersion(request: FastifyRequest): void {
  const asked = request.headers['stripe-version'];
  if (asked === undefined || asked === API_VERSION) return;
  const value = String(asked);
  if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(value))
    throw new StripeError(400, 'invalid_request_error', `Invalid Stripe API version: ${value}`);
  throw new StripeError(
    400,
    'invalid_request_error',
    `The simulator answers API version ${API_VERSION} only; this request asked for ${value}.`,
  );
}

/** api.stripe.com (`/v1`), the hosted pages (`/c/pay`, `/p/session`) and the test controls (`/_sim`) on one origin. */
export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, genReqId: () => `req_${Math.random().toString(36).slice(2, 16)}` });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseForm(String(body))),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id);
    if (!request.url.startsWith('/v1/')) return;
    checkKey(request, parts.secretKey);
    checkVersion(request);
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof StripeError) return reply.code(error.status).send(error.toJSON());
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const type = status >= 500 ? 'api_error' : 'invalid_request_error';
    return reply.code(status).send(new StripeError(status, type, (error as Error).message).toJSON());
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        new StripeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${request.url}).`,
        ).toJSON(),
      ),
  );
  app.get('/', async () => ({ simulator: 'stripe', docs: 'docs/billing.md' }));
  registerIdempotency(app, parts.state);
  registerApiRoutes(app, parts.state);
  registerPages(app, parts.state, parts.webhooks, parts.awaitWebhooks);
  registerControl(app, parts.state, parts.webhooks);
  return app;
}
