import { T } from '../texts.ts';

export type CheckoutResult = { ok: true; url: string } | { ok: false; error: string };

/** Checks the POST /api/create-checkout-session/ answer: an `id` starting with cs_, else an error. */
export function interpretCheckout(status: number, body: unknown): CheckoutResult {
  const data = (body ?? {}) as { id?: unknown; url?: unknown; message?: unknown };
  // A refusal that says why (409: a team plan already covers the buyer) is shown as the server put it.
  if (status === 409 && typeof data.message === 'string') return { ok: false, error: data.message };
  if (status < 200 || status >= 300) return { ok: false, error: T.billing.serverError(status) };
  if (typeof data.id !== 'string' || !data.id.startsWith('cs_'))
    return { ok: false, error: T.billing.invalidSession };
  if (typeof data.url !== 'string' || !data.url) return { ok: false, error: T.billing.stripeUnavailable };
  return { ok: true, url: data.url };
}

/** The publishable key must start with pk_; a test-mode key is rejected in production. */
export function publishableKeyError(key: string | undefined, production: boolean): string | null {
  if (!key) return null;
  if (!key.startsWith('pk_')) return T.billing.stripeInitFailed;
  if (production && key.startsWith('pk_test_')) return T.billing.stripeUnavailable;
  return null;
}

/** 'Subscription will end at: {date}' from the seconds timestamp of the cancel answer. */
export function cancelMessage(currentPeriodEnd: number, format: (iso: string) => string): string {
  return T.account.willEnd(format(new Date(currentPeriodEnd * 1000).toISOString()));
}

export const RELOAD_DELAY_MS = 1800;
