import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { leaveCheckoutSession, payCheckoutSession } from '../model/checkout.ts';
import { StripeError } from '../model/errors.ts';
import type { StripeState } from '../model/state.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import { escapeHtml, formatAmount, page } from './html.ts';
import { registerPortalPages } from './portal-pages.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function checkoutPage(state: StripeState, id: string, error?: string): string {
  const session = state.sessions.get(id);
  const order = state.orders.get(id);
  if (!session || !order) return page('Not found', '<h1>This checkout session does not exist.</h1>');
  if (session.status !== 'open')
    return page('Checkout', `<h1>This checkout session is ${session.status}.</h1>`);
  const { price } = order;
  return page(
    'Checkout',
    `<h1>Subscribe to Fluxion Analytics Pro</h1>
<div class="amount">${formatAmount(price.unit_amount * order.quantity, price.currency)}
<span class="note">per ${escapeHtml(price.recurring.interval)}${order.quantity > 1 ? ` (${order.quantity} seats × ${formatAmount(price.unit_amount, price.currency)})` : ''}</span></div>
${order.trialEnd ? `<p class="note">Trial until ${new Date(order.trialEnd * 1000).toISOString().slice(0, 10)}: nothing is charged today.</p>` : ''}
<p>Card: visa •••• 4242 (test card)</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/c/pay/${escapeHtml(id)}/confirm"><button class="primary" type="submit">Pay</button></form>
<form method="post" action="/c/pay/${escapeHtml(id)}/cancel"><button type="submit">Cancel</button></form>`,
  );
}

function invoicePage(state: StripeState, id: string): string {
  const invoice = state.invoices.get(id);
  if (!invoice) return page('Not found', '<h1>This invoice does not exist.</h1>');
  const date = new Date(invoice.created * 1000).toISOString().slice(0, 10);
  const lines = invoice.lines.data
    .map((line) => `<li>${escapeHtml(line.description)}: ${formatAmount(line.amount, line.currency)}</li>`)
    .join('');
  return page(
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<div class="amount">${formatAmount(invoice.total, invoice.currency)}</div>
<p>${escapeHtml(date)} · <span class="${invoice.status === 'paid' ? 'ok' : 'error'}">${escapeHtml(invoice.status)}</span></p>
<ul>${lines}</ul>`,
  );
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

/**
 * The hosted pages a browser is sent to. Like Stripe, they redirect at once, before the webhooks arrive;
 * `awaitWebhooks` makes them wait for them first (at most 5 s).
 */
export function registerPages(
  app: FastifyInstance,
  state: StripeState,
  webhooks: WebhookDispatcher,
  awaitWebhooks: boolean,
): void {
  const settle = () => (awaitWebhooks ? webhooks.settle() : Promise.resolve());
  app.get('/c/pay/:id', async (request: IdRequest, reply) => {
    const known = state.sessions.has(request.params.id);
    return html(reply, known ? 200 : 404, checkoutPage(state, request.params.id));
  });
  app.post('/c/pay/:id/confirm', async (request: IdRequest, reply) => {
    try {
      const target = payCheckoutSession(state, request.params.id);
      await settle();
      return reply.redirect(target, 303);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      await settle();
      return html(reply, error.status, checkoutPage(state, request.params.id, error.message));
    }
  });
  app.post('/c/pay/:id/cancel', async (request: IdRequest, reply) =>
    reply.redirect(leaveCheckoutSession(state, request.params.id), 303),
  );
  app.get('/i/:id', async (request: IdRequest, reply) => {
    const known = state.invoices.has(request.params.id);
    return html(reply, known ? 200 : 404, invoicePage(state, request.params.id));
  });
  registerPortalPages(app, state, settle);
}
