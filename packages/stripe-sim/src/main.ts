import { DEFAULT_PRICE_ID, startStripeSim } from './index.ts';

// `npx tsx packages/stripe-sim/src/main.ts`: a Stripe simulator on its own, e.g. to try the hosted pages.
const port = Number(process.env.STRIPE_SIM_PORT ?? Number(process.env.PORT ?? 3000) + 2);
const sim = await startStripeSim({
  port,
  host: process.env.STRIPE_SIM_HOST ?? '127.0.0.1',
  webhookUrl: process.env.STRIPE_SIM_WEBHOOK_URL,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_fluxion_local',
  // Where it keeps its world between runs (none: it starts empty each time).
  ...(process.env.STRIPE_SIM_STATE_FILE ? { stateFile: process.env.STRIPE_SIM_STATE_FILE } : {}),
});

console.log(`Stripe simulator listening on ${sim.url} · price ${DEFAULT_PRICE_ID} · any sk_test_… key`);

const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
