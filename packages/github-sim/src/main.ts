import { startGithubSim } from './index.ts';

const port = Number(process.env.GITHUB_SIM_PORT ?? Number(process.env.PORT ?? 3000) + 1);
const webhookUrls = process.env.GITHUB_SIM_WEBHOOK_URLS?.split(',').filter(Boolean);

const sim = await startGithubSim({
  port,
  host: process.env.GITHUB_SIM_HOST ?? '127.0.0.1',
  webhookUrls,
  webhookSecret: process.env.GITHUB_WEBHOOK_SECRET ?? '',
  demoMovement: process.env.GITHUB_SIM_DEMO_MOVEMENT !== '0',
});

console.log(`GitHub simulator listening on ${sim.url}`);
console.log(
  '  users: octo-alice, octo-bob · orgs: fluxion-labs, fluxion-demo · OAuth client id: fluxion-local',
);
const app = sim.app();
console.log(
  `  GitHub App: ${app.slug} (id ${app.id}, client id ${app.clientId}); private key and settings: GET ${sim.url}/_sim/app`,
);

const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
