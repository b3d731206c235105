/**
 * The README's screenshots (docs/screenshots/): the product as a newcomer's `npm start` shows it, signed
 * in as octo-alice of the local GitHub simulator, in Debian's Chromium at 1280×800 (Home) and 390×844
 * (Home, the demo's Flow page). Build the web app first, and keep other builds away meanwhile:
 *   flock /tmp/e2e.lock sh -c 'npm run build >/dev/null && npx tsx scripts/readme-screenshots.ts'
 * The server runs on SCREENSHOT_PORT (default 4399, the simulators on the next two) with a data
 * directory of its own, so what is shown is the seeded world, not someone's local state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page } from '@playwright/test';

const port = Number(process.env.SCREENSHOT_PORT ?? 4399);
const base = `http://localhost:${port}`;
const out = 'docs/screenshots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function ready(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer on ${base}/readyz`);
}

async function signedIn(browser: Browser, viewport: typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  await page.goto('/accounts/github/login/?login=octo-alice');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  return page;
}

/** Alice tracks the seeded organization's boards beside the demo, as a team trying Fluxion would. */
async function addOrganizationBoards(page: Page): Promise<void> {
  const added = await page.evaluate(async () => {
    const auth = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const listed = await fetch('/api/github-projects-by-owner/?owner=fluxion-labs', { headers: auth });
    const boards = (await listed.json()) as { id: string }[];
    for (const board of boards) {
      await fetch('/api/projects/', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ project_id: board.id, iteration_length: 7 }),
      });
    }
    return boards.length;
  });
  if (added === 0) throw new Error('the seeded organization has no boards');
}

/** Home once every board's card has its figures (the first sync done, nothing loading). */
async function home(page: Page, file: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('article', { name: 'Storefront delivery' })).toBeVisible();
  const cards = await page.getByRole('article').count();
  await expect(page.getByText(/^Synced with GitHub/)).toHaveCount(cards, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(out, file) });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-screenshots-'));
  const server = startServer(dataDir);
  try {
    await ready();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const desktop = await signedIn(browser, DESKTOP);
    await addOrganizationBoards(desktop);
    await home(desktop, 'home.png');
    const phone = await signedIn(browser, PHONE);
    await home(phone, 'home-phone.png');
    await phone.goto('/flow?demo=1');
    await expect(phone.getByTestId('flow-scatter').getByRole('link').first()).toBeVisible();
    await phone.waitForLoadState('networkidle');
    await phone.screenshot({ path: join(out, 'flow-phone.png') });
    await browser.close();
    console.log(`home.png, home-phone.png and flow-phone.png written to ${out}/`);
  } finally {
    // The server saves the simulator's world on its way out: its directory goes after it has exited.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
