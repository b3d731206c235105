import { api } from './instance.ts';

const jsonPost = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' };

/** POST /api/create-checkout-session/ — the raw answer; the account page checks it (spec §5, §8). */
export const createCheckoutSession = () => api.request('/api/create-checkout-session/', jsonPost);
export const reactivateSubscription = () => api.request('/api/reactivate-subscription/', jsonPost);
export const cancelSubscription = () => api.request('/api/cancel-subscription/', jsonPost);
/** Not in spec §7: the Stripe Billing Portal session for "Update Payment Method" (design.md). */
export const createPortalSession = () => api.request('/api/create-portal-session/', jsonPost);
