import { createCheckoutSession } from '../../api/billing.ts';
import { interpretCheckout, publishableKeyError } from '../../lib/checkout.ts';
import { T } from '../../texts.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** "Buy" anywhere (Account, the paywall): to Stripe Checkout, or an alert with the failure's message. */
export async function openCheckout(): Promise<void> {
  const keyError = publishableKeyError(import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY, import.meta.env.PROD);
  if (keyError) return window.alert(keyError);
  try {
    const response = await createCheckoutSession();
    const body: unknown = await response.json().catch(() => null);
    const result = interpretCheckout(response.status, body);
    if (!result.ok) throw new Error(result.error);
    window.location.assign(result.url);
  } catch (error) {
    window.alert(T.billing.paymentFailed(errorText(error)));
  }
}
