import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payCheckoutSession } from '../model/checkout.ts';
import { attachCard, TEST_CARD } from '../model/customers.ts';
import { settleDunning } from '../model/dunning.ts';
import { FAILED_PAYMENT_OUTCOMES, type FailedPaymentOutcome, type StripeState } from '../model/state.ts';
import { endSubscription, renewSubscription, settleDueSubscriptions } from '../model/subscriptions.ts';
import type { Subscription } from '../model/types.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
type Advance = { ms?: number; seconds?: number; days?: number };

const advanceMs = (body: Advance) =>
  (body.ms ?? 0) + (body.seconds ?? 0) * 1e3 + (body.days ?? 0) * 86_400_000;

/** What the passing of time does: retries, expiries, then renewals. */
function settle(state: StripeState): void {
  settleDunning(state);
  settleDueSubscriptions(state);
}

/** Moves the clock to the end of the subscription's period, so it renews (or ends) now. */
function toPeriodEnd(state: StripeState, sub: Subscription): void {
  const end = sub.items.data[0]?.current_period_end;
  if (end !== undefined && end * 1000 > state.clock.now())
    state.clock.advance(end * 1000 - state.clock.now());
  settle(state);
}

/**
 * Ends the current period now and renews, as `billing_cycle_anchor=now` does: the clock stays where it is, so
 * the simulator keeps the app's time (a Checkout trial_end is checked against it).
 */
function renewNow(state: StripeState, sub: Subscription): void {
  const item = sub.items.data[0];
  if (item) item.current_period_end = state.clock.seconds();
  renewSubscription(state, sub);
}

/**
 * Test controls under `/_sim`: the clock (renewals happen as it passes period ends), payment failures,
 * immediate cancellation, and the event log with resending. Every control answers after its webhooks were delivered.
 */
export function registerControl(app: FastifyInstance, state: StripeState, webhooks: WebhookDispatcher): void {
  const clock = () => ({ now: new Date(state.clock.now()).toISOString(), seconds: state.clock.seconds() });
  const settled = async <T>(value: T) => {
    await webhooks.idle();
    return value;
  };
  app.get('/_sim/clock', async () => clock());
  app.post('/_sim/clock/advance', async (request: FastifyRequest<{ Body: Advance }>) => {
    state.clock.advance(advanceMs(request.body ?? {}));
    settle(state);
    return settled(clock());
  });
  app.post('/_sim/subscriptions/:id/renew', async (request: IdRequest) => {
    const sub = state.subscription(request.params.id);
    toPeriodEnd(state, sub);
    return settled(sub);
  });
  app.post('/_sim/subscriptions/:id/fail-payment', async (request: IdRequest) => {
    const sub = state.subscription(request.params.id);
    attachCard(state, sub.customer, { ...TEST_CARD, last4: '0002', declines: true });
    renewNow(state, sub);
    return settled(sub);
  });
  app.post('/_sim/subscriptions/:id/cancel', async (request: IdRequest) => {
    const sub = state.subscription(request.params.id);
    endSubscription(state, sub);
    return settled(sub);
  });
  app.post(
    '/_sim/customers/:id/card',
    async (request: FastifyRequest<{ Params: { id: string }; Body: { declines?: boolean } }>) => {
      const declines = request.body?.declines === true;
      return settled(
        attachCard(state, request.params.id, { ...TEST_CARD, last4: declines ? '0002' : '4242', declines }),
      );
    },
  );
  app.post('/_sim/checkout/sessions/:id/pay', async (request: IdRequest) =>
    settled({ redirect: payCheckoutSession(state, request.params.id) }),
  );
  app.get('/_sim/subscriptions', async () => [...state.subscriptions.values()]);
  app.post(
    '/_sim/settings',
    async (request: FastifyRequest<{ Body: { failedPaymentOutcome?: unknown } }>, reply) => {
      const outcome = request.body?.failedPaymentOutcome;
      if (!FAILED_PAYMENT_OUTCOMES.includes(outcome as FailedPaymentOutcome))
        return reply
          .code(400)
          .send({ message: `failedPaymentOutcome must be one of ${FAILED_PAYMENT_OUTCOMES.join(', ')}` });
      state.failedPaymentOutcome = outcome as FailedPaymentOutcome;
      return { failedPaymentOutcome: state.failedPaymentOutcome };
    },
  );
  app.get('/_sim/events', async (request: FastifyRequest<{ Querystring: { type?: string } }>) =>
    state.events.filter((e) => !request.query.type || e.type === request.query.type),
  );
  app.post('/_sim/events/:id/resend', async (request: IdRequest, reply) => {
    const event = state.events.find((e) => e.id === request.params.id);
    if (!event)
      return reply.code(404).send({ error: { type: 'invalid_request_error', message: 'No such event' } });
    webhooks.send(event, true);
    return settled({ resent: event.id });
  });
  app.get('/_sim/webhooks/deliveries', async () => webhooks.deliveries);
  app.post('/_sim/webhooks/flush', async () => settled({ flushed: true }));
}
