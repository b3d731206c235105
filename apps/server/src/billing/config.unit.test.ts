import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const env = (vars: Record<string, string>) => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'fluxion-cfg-')),
  ...vars,
});
const REAL = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_ID: 'price_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
};

describe('Stripe configuration', () => {
  it('without a secret key, the simulator stands in outside production and billing is off in production', () => {
    const local = loadConfig(env({})).stripe;
    expect(local).toMatchObject({ mode: 'sim', secretKey: 'sk_test_fluxion_local', apiUrl: null });
    expect(local.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(loadConfig(env({ NODE_ENV: 'production' })).stripe.mode).toBe('off');
  });

  it('with real keys, Stripe itself', () => {
    expect(loadConfig(env(REAL)).stripe).toEqual({
      mode: 'stripe',
      secretKey: 'sk_live_abc',
      publishableKey: 'pk_live_abc',
      webhookSecret: 'whsec_abc',
      priceId: 'price_abc',
      apiUrl: null,
    });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'sk_test_x' },
      /Invalid STRIPE_WEBHOOK_SECRET \/ STRIPE_PRICE_ID: both are required/,
    ],
    [{ ...REAL, STRIPE_SECRET_KEY: 'pk_live_x' }, /Invalid STRIPE_SECRET_KEY/],
    [{ ...REAL, STRIPE_PUBLISHABLE_KEY: 'sk_live_x' }, /Invalid STRIPE_PUBLISHABLE_KEY/],
    [{ ...REAL, STRIPE_WEBHOOK_SECRET: 'secret' }, /Invalid STRIPE_WEBHOOK_SECRET/],
    [{ ...REAL, STRIPE_PRICE_ID: 'prod_x' }, /Invalid STRIPE_PRICE_ID/],
  ])('%o is refused, naming the variable', (vars, message) => {
    expect(() => loadConfig(env(vars))).toThrow(message);
  });
});
