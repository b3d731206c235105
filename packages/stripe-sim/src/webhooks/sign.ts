import Stripe from 'stripe';

/** `Stripe-Signature: t=…,v1=…` as Stripe signs, made by the stripe package's own test helper. */
export function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}
