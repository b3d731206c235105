import { createHmac } from 'node:crypto';

/** `Stripe-Signature: t=…,v1=…`: HMAC-SHA256 of `"{t}.{payload}"` with the endpoint's secret, as Stripe signs. */
export function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
