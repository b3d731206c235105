import type { Invoice, StripeEvent } from '../model/types.ts';

/** The API version that moved an invoice's subscription under `parent.subscription_details`. */
const BASIL = '2025-03-31.basil';

/** An invoice as API versions before basil render it: `subscription` at the top, no `parent`. */
function legacyInvoice(invoice: Invoice): Record<string, unknown> {
  const { parent, ...rest } = invoice;
  return {
    ...rest,
    subscription: parent.subscription_details.subscription,
    subscription_details: { metadata: parent.subscription_details.metadata },
  };
}

/**
 * An event as an endpoint receives it: Stripe renders webhooks in the endpoint's API version, not the caller's.
 * Only the difference Fluxion meets is modelled (invoices before basil); versions compare as dates.
 */
export function renderEvent(event: StripeEvent, apiVersion: string): StripeEvent | Record<string, unknown> {
  if (apiVersion === event.api_version) return event;
  const object = event.data.object;
  const legacy = apiVersion < BASIL && object.object === 'invoice';
  return {
    ...event,
    api_version: apiVersion,
    data: { ...event.data, object: legacy ? legacyInvoice(object) : object },
  };
}
