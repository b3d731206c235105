import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachCard } from '../model/customers.ts';
import type { StripeState } from '../model/state.ts';
import { retryOpenInvoices } from '../model/subscriptions.ts';
import { escapeHtml, page } from './html.ts';

type PortalRequest = FastifyRequest<{ Params: { id: string }; Querystring: { updated?: string } }>;

/** Stripe's test card that always declines. */
const DECLINING = '4000000000000002';

function portalPage(state: StripeState, id: string, updated: boolean): string {
  const portal = state.portals.get(id);
  if (!portal) return page('Not found', '<h1>This portal session does not exist.</h1>');
  const card = state.cards.get(portal.customer);
  const subs = [...state.subscriptions.values()].filter((s) => s.customer === portal.customer);
  const rows = subs.map((s) => `<li>${escapeHtml(s.id)}: ${escapeHtml(s.status)}</li>`).join('');
  return page(
    'Billing',
    `<h1>Manage billing</h1>
<p>Payment method: ${card ? `${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}` : 'none'}</p>
<ul>${rows}</ul>
${updated ? '<p class="ok" role="status">Card updated.</p>' : ''}
<form method="post" action="/p/session/${escapeHtml(id)}/card">
<label>Card number <input name="number" value="4242 4242 4242 4242" autocomplete="off"></label>
<button class="primary" type="submit">Update card</button></form>
${portal.return_url ? `<p><a class="button" href="${escapeHtml(portal.return_url)}">Return to Fluxion</a></p>` : ''}`,
  );
}

/** The Billing Portal: shows the card and subscriptions, "updates the card" (retrying an overdue invoice). */
export function registerPortalPages(
  app: FastifyInstance,
  state: StripeState,
  settle: () => Promise<void>,
): void {
  app.get('/p/session/:id', async (request: PortalRequest, reply) => {
    const known = state.portals.has(request.params.id);
    const body = portalPage(state, request.params.id, request.query.updated === '1');
    return reply
      .code(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(body);
  });
  app.post('/p/session/:id/card', async (request: PortalRequest, reply) => {
    const portal = state.portals.get(request.params.id);
    if (!portal)
      return reply
        .code(404)
        .type('text/html')
        .send(portalPage(state, request.params.id, false));
    const fields = (request.body ?? {}) as { number?: unknown };
    const number = String(fields.number ?? '').replace(/\D/g, '') || '4242424242424242';
    attachCard(state, portal.customer, {
      brand: 'visa',
      last4: number.slice(-4),
      declines: number === DECLINING,
    });
    retryOpenInvoices(state, portal.customer);
    await settle();
    return reply.redirect(`/p/session/${portal.id}?updated=1`, 303);
  });
}
