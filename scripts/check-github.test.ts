import { DEMO_PROJECT_ID, SEEDED, startGithubSim } from '@fluxion/github-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetHostFeatures } from '../apps/server/src/github/host-features.ts';
import { checkGithub } from './check-github.ts';

afterEach(forgetHostFeatures);

describe('npm run check:github, against the simulator', () => {
  for (const schema of ['extended', 'published'] as const) {
    it(`runs every read the collector makes and says what falls back (${schema} schema)`, async () => {
      const sim = await startGithubSim({ port: 0, schema });
      try {
        const lines = await checkGithub({
          GITHUB_API_URL: sim.url,
          GITHUB_TOKEN: sim.createToken('octo-alice'),
          CHECK_BOARD: DEMO_PROJECT_ID,
        });
        const outcome = Object.fromEntries(lines.map((l) => [l.read, l.outcome]));
        const fallback = schema === 'published' ? 'falls back' : 'works';
        expect(outcome).toEqual({
          viewer: 'works',
          'board and fields': 'works',
          'board versions': 'works',
          'full listing': 'works',
          'filtered listing (items(query:))': fallback,
          'history import (timeline events)': fallback,
        });
        expect(lines.find((l) => l.read === 'full listing')?.points).toBeGreaterThanOrEqual(2);
      } finally {
        await sim.close();
      }
    });
  }
});

describe('npm run check:github with the App credentials, against the simulator', () => {
  it('mints the installation token as the server does and runs the same reads with it', async () => {
    const sim = await startGithubSim({ port: 0 });
    try {
      const installed = await fetch(`${sim.url}/_sim/installations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ org: SEEDED.demoOrg }),
      });
      const installation = (await installed.json()) as { id: number };
      const app = sim.app();
      const appEnv = {
        GITHUB_API_URL: sim.url,
        GITHUB_APP_ID: String(app.id),
        // One line with \n escapes, as environment files hold it.
        GITHUB_APP_PRIVATE_KEY: app.privateKey.replaceAll('\n', '\\n'),
        CHECK_BOARD: DEMO_PROJECT_ID,
      };
      for (const account of [
        { CHECK_ORG: SEEDED.demoOrg },
        { CHECK_INSTALLATION_ID: String(installation.id) },
      ]) {
        const lines = await checkGithub({ ...appEnv, ...account });
        expect(Object.fromEntries(lines.map((l) => [l.read, l.outcome]))).toEqual({
          'installation token (App)': 'works',
          'board and fields': 'works',
          'board versions': 'works',
          'full listing': 'works',
          'filtered listing (items(query:))': 'works',
          'history import (timeline events)': 'works',
        });
        expect(lines[0]?.detail).toContain(`installation ${installation.id}`);
        expect(lines.find((l) => l.read === 'full listing')?.points).toBeGreaterThanOrEqual(2);
      }
      // No installation on the account: said so, and nothing else is tried.
      const missing = await checkGithub({ ...appEnv, CHECK_ORG: 'no-such-org' });
      expect(missing).toEqual([
        expect.objectContaining({ outcome: 'fails', detail: 'the App has no installation on "no-such-org"' }),
      ]);
    } finally {
      await sim.close();
    }
  });
});
