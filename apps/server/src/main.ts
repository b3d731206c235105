import { ConfigError, loadConfig } from './config.ts';
import { StartupError, startServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const mode = config.localMode ? `local mode, GitHub simulator on ${config.github.webUrl}` : 'GitHub';
  console.log(`Fluxion Analytics is running at ${server.url} (${mode})`);
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
