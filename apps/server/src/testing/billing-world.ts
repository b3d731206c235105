import type { Profile } from '@fluxion/contract';
import { DEFAULT_PRICE_ID, type StripeEvent, type StripeSim, startStripeSim } from '@fluxion/stripe-sim';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { buildTestApp, listenTestApp, type TestApp, testClock } from './app.ts';
import { dropDatabase } from './collector-sim.ts';
import type { TestDatabase } from './databases.ts';
import { signedInUser } from './users.ts';
import { simControl } from './sim-control.ts';

export const START = Date.UTC(2026, 10, 1, 9);
export const WEBHOOK_SECRET = 'whsec_billing_test_secret';

type Answer<T> = { status: number; body: T };
/** How the simulator behaves in this world (see StripeSimOptions). */
export type BillingWorldOptions = { webhookApiVersion?: string };

/** The real app listening on a real port, a Stripe simulator on the app's clock, and octo-alice signed in. */
export type BillingWorld = TestApp & {
  sim: StripeSim;
  url: string;
  userId: string;
  api<T = Record<string, unknown>>(path: string, method?: string, body?: unknown): Promise<Answer<T>>;
  me(): Promise<Profile>;
  control<T = unknown>(path: string, body?: unknown): Promise<T>;
  /** "Pay" on the hosted checkout page; answers where the browser is sent (at once, before the webhooks). */
  pay(sessionId: string): Promise<string | null>;
  /** Checkout, Pay, and the webhooks delivered: answers the new subscription's id. */
  subscribe(): Promise<string>;
  events(type?: string): StripeEvent[];
  close(): Promise<void>;
};

export async function startBillingWorld(
  database: TestDatabase,
  options: BillingWorldOptions = {},
): Promise<BillingWorld> {
  const clock = testClock(START);
  const sim = await startStripeSim({
    webhookSecret: WEBHOOK_SECRET,
    secretKey: 'sk_test_billing',
    now: clock.now,
    ...options,
  });
  const stripe = {
    mode: 'sim' as const,
    secretKey: 'sk_test_billing',
    publishableKey: null,
    webhookSecret: WEBHOOK_SECRET,
    priceId: DEFAULT_PRICE_ID,
    apiUrl: sim.url,
  };
  const test = await buildTestApp(database, { clock, config: { stripe } });
  const url = await listenTestApp(test);
  sim.webhooks.urls = [`${url}/webhooks/stripe`];
  const { user, sessionId } = await signedInUser(test.ctx, 'octo-alice');
  // A fresh access token each call, so tests can move the clock by days.
  const bearer = async () => ({
    authorization: `Bearer ${await issueAccessToken({ userId: user.id, sessionId, secret: test.ctx.config.jwtSecret, now: test.ctx.now() })}`,
  });

  const api = async <T>(path: string, method = 'POST', body: unknown = {}): Promise<Answer<T>> => {
    const auth = await bearer();
    const init =
      method === 'POST'
        ? { body: JSON.stringify(body), headers: { ...auth, 'content-type': 'application/json' } }
        : { headers: auth };
    const response = await fetch(`${url}${path}`, { method, ...init });
    return { status: response.status, body: (await response.json()) as T };
  };
  const control = <T>(path: string, body: unknown = {}): Promise<T> => simControl<T>(sim.url, path, body);
  const pay = async (sessionId: string) => {
    const response = await fetch(`${sim.url}/c/pay/${sessionId}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    });
    return response.headers.get('location');
  };
  const subscribe = async () => {
    const checkout = await api<{ id: string }>('/api/create-checkout-session/');
    await pay(checkout.body.id);
    await sim.webhooks.idle();
    return String(sim.state.sessions.get(checkout.body.id)?.subscription);
  };
  return {
    ...test,
    sim,
    url,
    userId: user.id,
    api,
    me: async () => (await api<Profile>('/api/me/', 'GET')).body,
    control,
    pay,
    subscribe,
    events: (type) => sim.state.events.filter((e) => !type || e.type === type),
    close: async () => {
      await sim.close();
      await test.app.close();
    },
  };
}

/** One database per file and dialect, emptied after each test; a fresh simulator and app for every test. */
export function billingWorldPerTest(
  create: () => Promise<TestDatabase>,
  options: BillingWorldOptions = {},
): BillingWorld {
  let database: TestDatabase;
  let current: BillingWorld | undefined;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => dropDatabase(database));
  beforeEach(async () => {
    current = await startBillingWorld(database, options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
    const { db } = database.handle;
    await db.deleteFrom('stripe_events').execute();
    await db.deleteFrom('refresh_tokens').execute();
    await db.deleteFrom('users').execute();
  });
  return new Proxy({} as BillingWorld, {
    get: (_target, property) => {
      if (!current) throw new Error('the billing world exists only inside a test');
      return Reflect.get(current, property);
    },
  });
}
