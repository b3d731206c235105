import type { Config } from './config.ts';

export type LocalSimulators = { githubUrl: string; close(): Promise<void> };

/** With no GitHub credentials, a local GitHub simulator stands in so that `npm start` is a whole product. */
export async function startLocalSimulators(config: Config): Promise<LocalSimulators> {
  const { startGithubSim } = await import('@fluxion/github-sim');
  const github = await startGithubSim({
    port: config.github.simPort,
    host: '127.0.0.1',
    webhookSecret: config.github.webhookSecret,
    webhookUrls: [`http://127.0.0.1:${config.port}/webhooks/github`],
    demoMovement: config.nodeEnv !== 'test',
  });
  return { githubUrl: github.url, close: () => github.close() };
}
