import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // As the node project: a busy 2-core CI machine renders a long table in seconds, not ms.
          testTimeout: 20_000,
          // Primer's components import their CSS: let Vite transform them instead of Node loading them.
          server: { deps: { inline: [/@primer\/react/] } },
        },
      },
    ],
  },
});
