import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { StartupError, startServer } from './server.ts';

const blockers: Server[] = [];
afterAll(() => Promise.all(blockers.map((s) => new Promise((r) => s.close(r)))));

async function occupiedPort(): Promise<number> {
  const server = createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The simulators' ports default to PORT + 1, + 2, + 3: beside an occupied PORT those may be any other
 * process's (once, in CI, the Stripe simulator's was), so each test names the ports it checks and the
 * rest are the system's choice.
 */
function config(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'fluxion-start-'));
  const anyPorts = { GITHUB_SIM_PORT: '0', STRIPE_SIM_PORT: '0', MAIL_SIM_PORT: '0' };
  return loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    COLLECTOR: 'off',
    ...anyPorts,
    ...env,
  });
}

describe('start-up', () => {
  it('stops with one line naming PORT when the port is taken', async () => {
    const port = await occupiedPort();
    const start = startServer(config({ PORT: String(port), GITHUB_SIM_PORT: '0' }), null);
    await expect(start).rejects.toThrow(StartupError);
    await expect(start).rejects.toThrow(`Invalid PORT: port ${port} is already in use`);
  });

  it('stops with one line naming GITHUB_SIM_PORT when the simulator port is taken', async () => {
    const port = await occupiedPort();
    const start = startServer(config({ PORT: '0', GITHUB_SIM_PORT: String(port) }), null);
    await expect(start).rejects.toThrow(`Invalid GITHUB_SIM_PORT: port ${port} is already in use`);
  });

  it('starts in local mode with the simulator, the demo board and a ready database', async () => {
    const server = await startServer(config({ PORT: '0', GITHUB_SIM_PORT: '0' }), null);
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' });
      const demo = await server.ctx.db.selectFrom('boards').select(['is_demo', 'sync_status']).execute();
      expect(demo).toEqual([{ is_demo: 1, sync_status: 'active' }]);
      expect(server.ctx.config.github.apiUrl).not.toMatch(/:0$/);
      // It runs as the simulator's GitHub App, installed on the seeded organization, which tells the
      // server so by its installation webhook.
      expect(server.ctx.config.github.app?.slug).toBeTruthy();
      await expect
        .poll(() => server.ctx.db.selectFrom('github_installations').select(['account_login']).execute(), {
          timeout: 10_000,
        })
        .toEqual([{ account_login: 'fluxion-labs' }]);
      // Users sign in through that App too: GitHub is asked with its client id, without scopes.
      const signIn = await fetch(`${server.url}/accounts/github/login/?login=octo-bob`, {
        redirect: 'manual',
      });
      const toGithub = new URL(signIn.headers.get('location') ?? '');
      expect(toGithub.searchParams.get('client_id')).toBe(server.ctx.config.github.app?.clientId);
      expect(toGithub.searchParams.get('scope') ?? '').toBe('');
    } finally {
      await server.close();
    }
  });
});
