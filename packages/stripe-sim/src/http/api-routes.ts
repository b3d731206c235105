import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCheckoutSession } from '../model/checkout.ts';
import { createCustomer } from '../model/customers.ts';
import { invalidParam, missingParam } from '../model/errors.ts';
import { stripeId } from '../model/ids.ts';
import type { StripeState } from '../model/state.ts';
import { listInvoices } from '../model/invoices.ts';
import {
  changeQuantity,
  endSubscription,
  type ProrationBehavior,
  setCancelAtPeriodEnd,
} from '../model/subscriptions.ts';
import type { PortalSession, Subscription } from '../model/types.ts';
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
type ListRequest = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;
const BEHAVIORS: ProrationBehavior[] = ['create_prorations', 'always_invoice', 'none'];
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

/** `items[0][id]` and `items[0][quantity]` of a subscription update: the seats change, prorated as asked. */
function updateItems(state: StripeState, sub: Subscription, body: Form): void {
  const [line] = listAt(body, 'items');
  if (!line) return;
  const id = optionalString(line, 'id');
  if (id !== null && id !== sub.items.data[0]?.id) {
    throw invalidParam('items[0][id]', `No such subscription item: '${id}'`);
  }
  const quantity = optionalString(line, 'quantity');
  if (quantity === null) return;
  const behavior = (optionalString(body, 'proration_behavior') ?? 'create_prorations') as ProrationBehavior;
  if (!BEHAVIORS.includes(behavior)) {
    throw invalidParam('proration_behavior', `Invalid proration_behavior: ${behavior}`);
  }
  if (!/^\d+$/.test(quantity))
    throw invalidParam('items[0][quantity]', 'Invalid integer: items[0][quantity]');
  changeQuantity(state, sub, Number(quantity), behavior);
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
  app.get('/v1/prices/:id', async (request: IdRequest) => state.price(request.params.id, 'id'));
  app.get('/v1/invoices', async (request: ListRequest) => {
    const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? '10') || 10));
    const data = listInvoices(state, {
      customer: request.query.customer ?? null,
      subscription: request.query.subscription ?? null,
      limit,
    });
    return { object: 'list', url: '/v1/invoices', has_more: false, data };
  });
  app.get('/v1/invoices/:id', async (request: IdRequest) => state.invoice(request.params.id));
  app.get('/v1/subscriptions/:id', async (request: IdRequest) => state.subscription(request.params.id));
  app.post('/v1/subscriptions/:id', async (request: IdRequest) => {
    const sub = state.subscription(request.params.id);
    const body = form(request);
    const cancel = optionalBoolean(body, 'cancel_at_period_end');
    if (body.metadata !== undefined) sub.metadata = { ...sub.metadata, ...metadata(body) };
    updateItems(state, sub, body);
    return cancel === null ? sub : setCancelAtPeriodEnd(state, sub, cancel);
  });
  app.delete('/v1/subscriptions/:id', async (request: IdRequest) => {
    const sub = state.subscription(request.params.id);
    endSubscription(state, sub);
    return sub;
  });
  app.post('/v1/billing_portal/sessions', async (request) => createPortal(state, form(request)));
}
