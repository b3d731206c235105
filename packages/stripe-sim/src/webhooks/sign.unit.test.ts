import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from './sign.ts';

describe('signatureHeader', () => {
  const payload = JSON.stringify({ id: 'evt_1', type: 'customer.created' });
  const now = Math.floor(Date.now() / 1000);

  it('is what the official client verifies, with the endpoint secret and the given time', () => {
    const header = signatureHeader(payload, 'whsec_sim', now);
    expect(header).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    expect(Stripe.webhooks.constructEvent(payload, header, 'whsec_sim').id).toBe('evt_1');
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(/signature/i);
  });
});
