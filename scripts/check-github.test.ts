import { DEMO_PROJECT_ID, startGithubSim } from '@fluxion/github-sim';
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
