import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { registerEndpoint } from '../http/endpoint.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { handleEvent } from './events.ts';
import { eventSeen, markEvent } from './queries.ts';
import type { Billing } from './service.ts';
import { billingUnavailable } from './stripe-client.ts';

/** What every Stripe event has; a signed body without it is refused, not half processed. */
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.object({}).passthrough() }),
});

function checkEvent(event: unknown): void {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'event';
    throw badRequest(`Not a Stripe event: ${field} is missing or invalid`, field);
  }
}

/**
 * `POST /webhooks/stripe`: the signature is checked over the raw body with the official library, and each event
 * is processed once (stripe_events). Handling is idempotent, so an event is marked only after it took effect:
 * a failure answers 500 and Stripe delivers it again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { billing }: { billing: Billing }) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const { ctx } = billing;

  registerEndpoint(app, endpoints.stripeWebhook, async (request) => {
    if (ctx.config.stripe.mode === 'off') throw billingUnavailable();
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = String(request.headers['stripe-signature'] ?? '');
    let event: Stripe.Event;
    try {
      event = billing.stripe.webhooks.constructEvent(raw, signature, ctx.config.stripe.webhookSecret);
    } catch {
      throw unauthorized('Invalid Stripe webhook signature');
    }
    checkEvent(event);
    if (await eventSeen(ctx.db, event.id)) return { received: true, status: 'duplicate' };
    const status = await handleEvent(billing, event);
    await markEvent(ctx.db, event.id, ctx.now());
    request.log.info({ event: event.id, type: event.type, status }, 'stripe webhook');
    return { received: true, status };
  });
}
