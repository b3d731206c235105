import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCheckoutSession } from '../model/checkout.ts';
import { createCustomer } from '../model/customers.ts';
import { invalidParam, missingParam } from '../model/errors.ts';
import { stripeId } from '../model/ids.ts';
import type { StripeState } from '../model/state.ts';
import { endSubscription, setCancelAtPeriodEnd } from '../model/subscriptions.ts';
import type { PortalSession } from '../model/types.ts';
import {
  type Form,
  listAt,
  metadata,
  objectAt,
  optionalBoolean,
  optionalString,
  optionalTimestamp,
  requiredString,
} from './form.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
const form = (request: FastifyRequest): Form => (request.body ?? {}) as Form;

function checkoutInput(state: StripeState, body: Form) {
  const mode = requiredString(body, 'mode');
  if (mode !== 'subscription') throw invalidParam('mode', 'The simulator supports mode=subscription only.');
  const [line] = listAt(body, 'line_items');
  if (!line) throw missingParam('line_items');
  const quantity = Number(optionalString(line, 'quantity') ?? '1');
  const subscriptionData = objectAt(body, 'subscription_data');
  return {
    customer: optionalString(body, 'customer'),
    customerEmail: optionalString(body, 'customer_email'),
    clientReferenceId: optionalString(body, 'client_reference_id'),
    metadata: metadata(body),
    successUrl: requiredString(body, 'success_url'),
    cancelUrl: optionalString(body, 'cancel_url'),
    price: state.price(requiredString(line, 'price'), 'line_items[0][price]'),
    quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
    subscriptionMetadata: metadata(subscriptionData),
    trialEnd: optionalTimestamp(subscriptionData, 'trial_end', 'subscription_data[trial_end]'),
  };
}

function createPortal(state: StripeState, body: Form): PortalSession {
  const customer = state.customer(requiredString(body, 'customer')).id;
  const id = stripeId('bps');
  const portal: PortalSession = {
    id,
    object: 'billing_portal.session',
    created: state.clock.seconds(),
    customer,
    return_url: optionalString(body, 'return_url'),
    url: `${state.publicUrl}/p/session/${id}`,
    livemode: false,
  };
  state.portals.set(id, portal);
  return portal;
}

/** The REST calls Fluxion makes, at Stripe's paths (`/v1/...`), form-encoded in, Stripe JSON out. */
export function registerApiRoutes(app: FastifyInstance, state: StripeState): void {
  app.post('/v1/customers', async (request) => {
    const body = form(request);
    return createCustomer(state, {
      email: optionalString(body, 'email'),
      name: optionalString(body, 'name'),
      metadata: metadata(body),
    });
  });
  app.get('/v1/customers/:id', async (request: IdRequest) => state.customer(request.params.id, 'id'));
  app.post('/v1/checkout/sessions', async (request) =>
    createCheckoutSession(state, checkoutInput(state, form(request))),
  );
  app.get('/v1/checkout/sessions/:id', async (request: IdRequest) => state.session(request.params.id));
  app.get('/v1/invoices/:id', async (request: IdRequest) => state.invoice(request.params.id));
  app.get('/v1/subscriptions/:id', async (request: IdRequest) => state.subscription(request.params.id));
  app.post('/v1/subscriptions/:id', async (request: IdRequest) => {
    const sub = state.subscription(request.params.id);
    const body = form(request);
    const cancel = optionalBoolean(body, 'cancel_at_period_end');
    if (body.metadata !== undefined) sub.metadata = { ...sub.metadata, ...metadata(body) };
    return cancel === null ? sub : setCancelAtPeriodEnd(state, sub, cancel);
  });
  app.delete('/v1/subscriptions/:id', async (request: IdRequest) => {
    const sub = state.subscription(request.params.id);
    endSubscription(state, sub);
    return sub;
  });
  app.post('/v1/billing_portal/sessions', async (request) => createPortal(state, form(request)));
}
