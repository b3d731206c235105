import type { GithubSim } from '@fluxion/github-sim';
import type { Config } from './config.ts';

export type LocalSimulators = {
  github: GithubSim;
  /** Points the simulator's webhooks at the server once its real address is known. */
  connect(serverUrl: string): void;
  /** A token of a seeded user, for the collector to read the (public) demo board. */
  demoToken(): string;
  close(): Promise<void>;
};

/** With no GitHub credentials, a local GitHub simulator stands in so that `npm start` is a whole product. */
export async function startLocalSimulators(config: Config): Promise<LocalSimulators> {
  const { startGithubSim, SEEDED } = await import('@fluxion/github-sim');
  const github = await startGithubSim({
    port: config.github.simPort,
    host: '127.0.0.1',
    webhookSecret: config.github.webhookSecret,
    demoMovement: config.nodeEnv !== 'test',
  });
  return {
    github,
    connect: (serverUrl) => {
      github.webhooks.urls = [`${serverUrl.replace('localhost', '127.0.0.1')}/webhooks/github`];
    },
    demoToken: () => github.createToken(SEEDED.users[0]),
    close: () => github.close(),
  };
}
