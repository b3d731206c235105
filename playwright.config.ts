import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
// Workers inherit the runner's environment, so they find the server's data (e2e/support/database.ts).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'fluxion-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The server's output goes to a file, printed only when the run fails (e2e/support/server-log-reporter.ts).
const serverLog = process.env.E2E_SERVER_LOG ?? join(dataDir, 'server.log');
process.env.E2E_SERVER_LOG = serverLog;

/** End-to-end tests drive Debian's Chromium against the real server in local mode (GitHub simulator). */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  // The server, Chromium and two workers share two cores in CI: a chart drawn in 1 s here takes 3 there.
  expect: { timeout: 10_000 },
  // Spec files run side by side, each on its own simulator users and boards (e2e/support/own-world.ts);
  // the tests of a file run in order. Two: the server and Chromium already keep a 2-core machine busy.
  workers: 2,
  fullyParallel: false,
  // No retries: a flaky test is a bug to fix, not to hide.
  retries: 0,
  reporter: [['list'], ['./e2e/support/server-log-reporter.ts']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    // What `npm start` runs: the server bundle, (re)built first when older than its sources.
    command: `node scripts/start.mjs > '${serverLog}' 2>&1`,
    url: `http://localhost:${port}/readyz`,
    reuseExistingServer: false,
    // Room for those builds when `npx playwright test` runs without `npm run build` first.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      FLUXION_E2E: '1',
      // Every journey signs in from 127.0.0.1: far more sign-ins a minute than one real client makes.
      AUTH_RATE_LIMIT: '600',
    },
  },
});
