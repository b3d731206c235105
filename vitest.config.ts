import { defineConfig } from 'vitest/config';

/**
 * Three tiers (README, "Tests"): `unit` is pure code — the engine, the contract, the web app — with no
 * database, server or process (the inner loop, well under a minute); `integration` runs the app on real
 * databases and the simulators over real HTTP; `system` runs real processes, database outages and
 * simulated hours. `npm test` runs all three; a system test is named `*.system.test.ts`.
 */
const UNIT = [
  // Pure checks beside the code they check (e.g. the server's GraphQL documents against GitHub's schema).
  '**/*.unit.test.ts',
  'packages/flow/src/**/*.test.ts',
  'packages/contract/src/**/*.test.ts',
  'packages/demo-board/src/**/*.test.ts',
  // The server's fitness tests read source text only.
  'apps/server/src/db/table-owners.test.ts',
];
const SYSTEM = ['apps/server/src/**/*.system.test.ts'];
/**
 * Integration suites that share one process per worker (`isolate: false`): a process per file loads the
 * whole server and the GitHub simulator again (GitHub's schema alone is about a second of CPU), which was
 * half of these files' CPU (collector folder on a loaded 2-core machine: 234 s -> 113 s CPU, the same
 * tests passing; the simulators' 25 files: 49 s -> 22 s). Only files that were run so belong here: module
 * state then outlives a file, so a module cache is keyed by what it caches for (a database, a host), and
 * testing/shared-process-setup.ts resets what a next file must not inherit.
 */
const SHARED_PROCESS = ['apps/server/src/**/*.test.ts', 'packages/*-sim/src/**/*.test.ts'];

const node = { environment: 'node' as const, testTimeout: 20_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1). The integration and system files wait on
    // databases, simulators and child processes much of their time: a third worker keeps both cores busy.
    // Test databases never collide: each is a fresh copy (testing/databases.ts).
    maxWorkers: 3,
    projects: [
      { test: { ...node, name: 'unit', include: UNIT } },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // One jsdom per worker, not per file: building it was most of this tier's time (about 40 s of
          // 50). testing/setup.ts clears the page and storage after each test instead.
          isolate: false,
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // A busy 2-core CI machine renders a long table in seconds, not ms.
          testTimeout: 20_000,
          // Primer's components import their CSS: let Vite transform them instead of Node loading them.
          server: { deps: { inline: [/@primer\/react/] } },
        },
      },
      {
        test: {
          ...node,
          name: 'integration',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...UNIT, ...SYSTEM, ...SHARED_PROCESS],
        },
      },
      {
        test: {
          ...node,
          name: 'integration-shared',
          include: SHARED_PROCESS,
          exclude: [...UNIT, ...SYSTEM],
          isolate: false,
          setupFiles: ['apps/server/src/testing/shared-process-setup.ts'],
        },
      },
      { test: { ...node, name: 'system', include: SYSTEM } },
    ],
  },
});
