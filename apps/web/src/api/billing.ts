import { api } from './instance.ts';

/** POST /api/create-checkout-session/ — the raw answer; the account page checks it (spec §5, §8). */
export const createCheckoutSession = () => api.send('createCheckoutSession', {});
export const reactivateSubscription = () => api.send('reactivateSubscription', {});
export const cancelSubscription = () => api.send('cancelSubscription', {});
/** Not in spec §7: the Stripe Billing Portal session for "Update Payment Method" (design.md). */
export const createPortalSession = () => api.send('createPortalSession', {});
/** The buyer is back from Checkout: the server applies the session now, before Stripe's webhooks arrive. */
export const confirmCheckoutSession = (sessionId: string) =>
  api.call('confirmCheckoutSession', { body: { session_id: sessionId } });
