import { api } from './instance.ts';

/** POST /api/create-checkout-session/ — the raw answer; the account page checks it (lib/checkout.ts). */
export const createCheckoutSession = () => api.send('createCheckoutSession', {});
export const reactivateSubscription = () => api.send('reactivateSubscription', {});
export const cancelSubscription = () => api.send('cancelSubscription', {});
/** The Stripe Billing Portal session for "Update Payment Method" (docs/api.md, Billing). */
export const createPortalSession = () => api.send('createPortalSession', {});
/** The buyer is back from Checkout: the server applies the session now, before Stripe's webhooks arrive. */
export const confirmCheckoutSession = (sessionId: string) =>
  api.call('confirmCheckoutSession', { body: { session_id: sessionId } });
