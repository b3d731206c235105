import { ConfigError, loadConfig } from './config.ts';
import { StartupError, startServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Fluxion Analytics is running at ${server.url}`);
  const { github, stripe } = server.ctx.config;
  if (config.localMode)
    console.log(`  GitHub simulator: ${github.webUrl} (sign in as octo-alice or octo-bob)`);
  if (stripe.mode === 'sim') console.log(`  Stripe simulator: ${stripe.apiUrl}`);
  if (server.mailUrl)
    console.log(`  Mail catcher and Slack receiver: ${server.mailUrl} (what digests and alerts sent)`);
  if (stripe.mode === 'off') console.log('  Billing is off: STRIPE_SECRET_KEY is not set');
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(`Fluxion cannot start: ${error.message}`);
  } else {
    console.error('Fluxion cannot start:', error);
  }
  process.exit(1);
});
