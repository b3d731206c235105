import { buildServer } from './http/server.ts';
import { SimClock } from './model/clock.ts';
import { loadStateFile, saveStateFile } from './model/snapshot.ts';
import { StripeState } from './model/state.ts';
import type { Price } from './model/types.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';

export { signatureHeader } from './webhooks/sign.ts';
export { parseForm } from './http/form.ts';
export { API_VERSION, StripeState } from './model/state.ts';
export type * from './model/types.ts';
export type { Delivery } from './webhooks/dispatcher.ts';

/** The price the simulator knows from the start: Fluxion Analytics Pro, monthly. */
export const DEFAULT_PRICE_ID = 'price_fluxion_pro_monthly';
export const DEFAULT_SECRET_KEY = 'sk_test_fluxion_local';

export type StripeSimOptions = {
  /** 0 = a random free port. */
  port?: number;
  host?: string;
  /** Where events are posted (`/webhooks/stripe` of the app); more can be set later on `webhooks.urls`. */
  webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /**
   * The webhook endpoint's API version (default: the simulator's, API_VERSION). Stripe renders events in it;
   * before `2025-03-31.basil`, invoices carry `subscription` and no `parent`.
   */
  webhookApiVersion?: string;
  /** The hosted pages wait (at most 5 s) for their webhooks before redirecting. Default false: at once, as Stripe. */
  awaitWebhooksBeforeRedirect?: boolean;
  /** When set, only this secret key is accepted; otherwise any `sk_…` key is. */
  secretKey?: string;
  /**
   * Where the simulator keeps its world (local mode: `DATA_DIR/stripe-sim.json`): restored at start, written
   * after every change (each POST and each event) and on close. None: it starts empty each time.
   */
  stateFile?: string;
  /** The base clock (epoch ms); tests pass theirs. The control API advances on top of it. */
  now?: () => number;
  /** Prices on sale; default one monthly price, DEFAULT_PRICE_ID. */
  prices?: {
    id: string;
    unit_amount: number;
    currency?: string;
    interval?: Price['recurring']['interval'];
    tax_behavior?: Price['tax_behavior'];
    nickname?: string;
    product?: string;
  }[];
};

export type StripeSim = {
  url: string;
  state: StripeState;
  webhooks: WebhookDispatcher;
  close(): Promise<void>;
};

function toPrice(input: NonNullable<StripeSimOptions['prices']>[number]): Price {
  return {
    id: input.id,
    object: 'price',
    active: true,
    currency: input.currency ?? 'usd',
    unit_amount: input.unit_amount,
    type: 'recurring',
    recurring: { interval: input.interval ?? 'month', interval_count: 1, usage_type: 'licensed' },
    billing_scheme: 'per_unit',
    tax_behavior: input.tax_behavior ?? 'exclusive',
    nickname: input.nickname ?? null,
    product: input.product ?? 'prod_fluxion_pro',
    livemode: false,
  };
}

export async function startStripeSim(options: StripeSimOptions): Promise<StripeSim> {
  const state = new StripeState(new SimClock(options.now));
  for (const price of options.prices ?? [{ id: DEFAULT_PRICE_ID, unit_amount: 1200 }]) {
    state.prices.set(price.id, toPrice(price));
  }
  const { stateFile } = options;
  if (stateFile) loadStateFile(state, stateFile);
  const save = () => stateFile && saveStateFile(state, stateFile);
  const webhooks = new WebhookDispatcher(
    options.webhookUrl ? [options.webhookUrl] : [],
    options.webhookSecret,
  );
  webhooks.apiVersion = options.webhookApiVersion ?? null;
  state.listeners.add((event) => webhooks.send(event));
  const app = await buildServer({
    state,
    webhooks,
    secretKey: options.secretKey ?? null,
    awaitWebhooks: options.awaitWebhooksBeforeRedirect ?? false,
  });
  if (stateFile) {
    // Every change is a POST (the API, the hosted pages, the control API): kept before the next request.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET') save();
    });
    state.listeners.add(() => queueMicrotask(save));
  }
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  state.publicUrl = url;
  return {
    url,
    state,
    webhooks,
    close: async () => {
      await webhooks.idle();
      await app.close();
      save();
    },
  };
}
