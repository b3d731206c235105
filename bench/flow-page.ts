/**
 * The Flow page drawing the reference board's answer in Chromium (`npm run bench -- page`): the answer of
 * a 100,000-issue board (the engine's Flow report with the API bench's policies, for a viewer who may read
 * none of its items, as flow-first-run.ts makes it) is served in place of `/api/flow/` to a signed-in page of
 * the real server (local mode, a throwaway data directory), at 1280 × 800 and 390 × 844; each run opens
 * the page afresh and times the address opened → the aging chart's first dot, and counts the page's
 * elements. Prints each size's runs and median. Debian's Chromium (`CHROMIUM_PATH`, /usr/bin/chromium);
 * `BENCH_CODE_ROOT=<checkout>`: that checkout's server and web app (built by its `npm start`).
 * `BENCH_PAGE_RUNS` (3), `BENCH_ITEMS` (100,000), `BENCH_PAGE_DAYS` (the answer's window, 30 days),
 * `BENCH_PAGE_SHOTS=<dir>` (screenshots of the charts and the at-risk list, to look at).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { codeRoot, flowCode } from './code.ts';
import { generateBoard } from './generate-board.ts';
import { benchPolicies, privateForms } from './private-view.ts';

const PORT = 5260;
const BASE = `http://localhost:${PORT}`;
const GITHUB_SIM = `http://127.0.0.1:${PORT + 1}`;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const runs = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const issues = Number(process.env.BENCH_ITEMS ?? 100_000);
const windowDays = Number(process.env.BENCH_PAGE_DAYS ?? 30);

const answer = await flowAnswer();
console.log(
  `Flow page (bench/flow-page.ts): an answer of ${(answer.length / 1e6).toFixed(2)} MB, code measured: ${codeRoot}`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-page-'));
const server = startServer(dataDir);
let browser: Browser | undefined;
try {
  await untilReady();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  for (const size of SIZES) {
    const figures: { ms: number; elements: number; dots: number }[] = [];
    for (let r = 0; r < runs; r++) figures.push(await drawOnce(browser, size));
    const ms = figures.map((f) => f.ms);
    const median = [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] as number;
    console.log(
      `${size.width} × ${size.height}: aging chart drawn after ${ms.join(', ')} ms (median ${median}); ` +
        `${figures[0]?.elements} elements, ${figures[0]?.dots} dots`,
    );
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}

/** The reference board's Flow answer as the API sends it to a viewer who may read none of its items. */
async function flowAnswer(): Promise<Buffer> {
  const { buildFlowReport, toTransitionColumns } =
    (await flowCode()) as typeof import('../packages/flow/src/index.ts');
  const board = generateBoard({ issues, transitions: issues * 10, days: 730 });
  const moves = toTransitionColumns([...board.transitions].sort((a, b) => a.at - b.at));
  const report = buildFlowReport({
    columns: board.columns,
    transitions: moves,
    items: privateForms(board.items),
    now: board.now,
    days: windowDays,
    storyDays: 14,
    horizon: 14,
    targetItems: 10,
    policies: benchPolicies(board.columns),
    labelChanges: [],
  } as never);
  return Buffer.from(JSON.stringify(report));
}

function startServer(dir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: codeRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      FLUXION_E2E: '1',
    },
  });
}

async function untilReady(): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the server did not get ready in 3 minutes');
}

/** A new simulator user, signed in, opens the Flow page with the big answer: ms to the aging chart's first dot. */
async function drawOnce(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: BASE });
  const page = await context.newPage();
  const login = `page-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const app = (await (await page.request.get(`${GITHUB_SIM}/_sim/app`)).json()) as { clientId: string };
  await page.request.post(`${GITHUB_SIM}/_sim/users`, {
    data: { login, approvedClients: ['fluxion-local', app.clientId] },
  });
  await page.goto(`/accounts/github/login/?login=${login}`);
  await page.getByRole('button', { name: 'Open user menu' }).waitFor({ timeout: 60_000 });
  await page.route('**/api/flow/**', (route) =>
    route.fulfill({ body: answer, contentType: 'application/json' }),
  );
  const start = Date.now();
  await page.goto('/flow?demo=1');
  await page
    .locator('[data-testid="flow-aging"] .recharts-scatter-symbol')
    .first()
    .waitFor({ timeout: 120_000 });
  const ms = Date.now() - start;
  const elements = await page.evaluate(() => document.querySelectorAll('*').length);
  const dots = await page.locator('[data-testid="flow-aging"] .recharts-scatter-symbol').count();
  const shots = process.env.BENCH_PAGE_SHOTS;
  if (shots)
    for (const part of ['flow-scatter', 'flow-aging', 'sle-at-risk'])
      await page.getByTestId(part).screenshot({ path: join(shots, `${part}-${viewport.width}.png`) });
  await context.close();
  return { ms, elements, dots };
}
