import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GithubSim } from '@fluxion/github-sim';
import { type GithubAppConfig, loadConfig } from '../config.ts';

/** The simulator's GitHub App as Fluxion's configuration reads it (GITHUB_APP_* from `sim.app()`). */
export function simAppConfig(sim: GithubSim): GithubAppConfig {
  const app = sim.app();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fluxion-app-config-')),
    GITHUB_APP_ID: String(app.id),
    GITHUB_APP_PRIVATE_KEY: app.privateKey,
    GITHUB_APP_CLIENT_ID: app.clientId,
    GITHUB_APP_CLIENT_SECRET: app.clientSecret,
    GITHUB_APP_WEBHOOK_SECRET: app.webhookSecret,
    GITHUB_APP_SLUG: app.slug,
  });
  if (!config.github.app) throw new Error('the simulator App did not configure');
  return config.github.app;
}

/** Installs the simulator's App on an organization (as its owner would) → GitHub's installation object. */
export async function simInstall(
  sim: GithubSim,
  org: string,
  repositories?: string[],
): Promise<{ id: number; account: { login: string } }> {
  const response = await fetch(`${sim.url}/_sim/installations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ org, ...(repositories ? { repositories } : {}) }),
  });
  if (!response.ok) throw new Error(`install on ${org}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; account: { login: string } };
}
