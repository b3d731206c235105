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

/** The price of Fluxion Analytics Pro from Stripe's Price (public: /welcome-login shows it). */
export const getPrice = () => api.call('billingPrice', {});
/** The personal plan's past invoices. */
export const getInvoices = () => api.call('invoices', {});
/** The team plans of the user's organizations. */
export const getOrgPlans = () => api.call('orgPlans', {});
export const orgPlanInvoices = (org: string) => api.call('orgPlanInvoices', { params: { org } });
export const orgPlanCheckout = (org: string) => api.send('orgPlanCheckout', { params: { org } });
export const orgPlanPortal = (org: string) => api.send('orgPlanPortal', { params: { org } });
export const orgPlanCancel = (org: string) => api.send('orgPlanCancel', { params: { org } });
export const orgPlanReactivate = (org: string) => api.send('orgPlanReactivate', { params: { org } });
export const addOrgPlanManager = (org: string, login: string) =>
  api.send('orgPlanManagers', { params: { org }, body: { login } });
