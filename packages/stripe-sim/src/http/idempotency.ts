import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StripeError } from '../model/errors.ts';
import type { StripeState } from '../model/state.ts';

/** How long Stripe keeps an idempotent request's answer. */
const KEPT_SECONDS = 24 * 60 * 60;

type Saved = {
  /** The method, path and parameters the key was first used with. */
  request: string;
  at: number;
  answer: { status: number; payload: string } | 'in-flight';
};

const CLAIMED = Symbol('idempotency key claimed');
type Claimed = FastifyRequest & { [CLAIMED]?: string };

const fingerprint = (request: FastifyRequest) =>
  `${request.method} ${request.url.split('?')[0]} ${JSON.stringify(request.body ?? {})}`;

function keyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '' || request.method !== 'POST') return null;
  return request.url.startsWith('/v1/') ? key : null;
}

/**
 * Stripe's idempotent requests (`Idempotency-Key` on a POST): the first answer is kept for 24 hours and
 * replayed to the same key (`Idempotent-Replayed: true`) without doing anything again; the key with other
 * parameters is a 400, and while the first request is still running a 409. Server errors are not kept.
 */
export function registerIdempotency(app: FastifyInstance, state: StripeState): void {
  const saved = new Map<string, Saved>();
  app.addHook('preHandler', async (request: Claimed, reply: FastifyReply) => {
    const key = keyOf(request);
    if (key === null) return;
    const now = state.clock.seconds();
    const before = saved.get(key);
    if (before && now - before.at < KEPT_SECONDS) {
      if (before.request !== fingerprint(request)) throw reused(key);
      if (before.answer === 'in-flight') throw inFlight(key);
      return reply
        .code(before.answer.status)
        .header('idempotent-replayed', 'true')
        .type('application/json')
        .send(before.answer.payload);
    }
    saved.set(key, { request: fingerprint(request), at: now, answer: 'in-flight' });
    request[CLAIMED] = key;
  });
  app.addHook('onSend', async (request: Claimed, reply, payload) => {
    const key = request[CLAIMED];
    const entry = key === undefined ? undefined : saved.get(key);
    if (key === undefined || !entry) return payload;
    if (reply.statusCode >= 500 || typeof payload !== 'string') saved.delete(key);
    else entry.answer = { status: reply.statusCode, payload };
    return payload;
  });
}

const reused = (key: string) =>
  new StripeError(
    400,
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );

const inFlight = (key: string) =>
  new StripeError(
    409,
    'idempotency_error',
    `There is currently another in-progress request using this Stripe-Idempotency-Key ('${key}'). Please try again later.`,
    'idempotency_key_in_use',
  );
