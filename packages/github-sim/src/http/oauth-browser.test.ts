import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, startSim } from '../test/helpers.ts';

const CHROMIUM = '/usr/bin/chromium';
let sim: GithubSim;
let browser: Browser;
let app: Server;
let appUrl = '';

/** A stand-in for Fluxion's callback: shows what GitHub sent back. */
async function startApp(): Promise<void> {
  app = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<p id="code">${url.searchParams.get('code') ?? ''}</p><p id="state">${url.searchParams.get('state') ?? ''}</p>`,
      );
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const address = app.address();
  appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe.skipIf(!existsSync(CHROMIUM))('OAuth in Chromium', () => {
  beforeAll(async () => {
    sim = await startSim();
    await startApp();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await sim?.close();
    await new Promise((r) => app?.close(r));
  });

  it('shows the approval page, then redirects back with a code and the same state', async () => {
    await control(sim, '/_sim/users', { login: 'octo-dora' });
    const page = await browser.newPage();
    const authorize = `${sim.url}/login/oauth/authorize?client_id=fluxion-local&login=octo-dora&scope=read:project&state=xyz-123&redirect_uri=${encodeURIComponent(`${appUrl}/cb`)}`;
    await page.goto(authorize);
    await expect(page.getByRole('heading', { name: /Authorize/ }).textContent()).resolves.toContain(
      'Authorize',
    );
    await page.getByRole('button', { name: 'Authorize octo-dora' }).click();
    await page.waitForURL(`${appUrl}/cb?**`);
    expect(await page.locator('#state').textContent()).toBe('xyz-123');
    expect(await page.locator('#code').textContent()).toMatch(/^[0-9a-f]{20}$/);
    await page.goto(authorize);
    await page.waitForURL(`${appUrl}/cb?**`);
    expect(await page.locator('#state').textContent()).toBe('xyz-123');
  });

  it('signs a seeded user in without a click', async () => {
    const page = await browser.newPage();
    await page.goto(
      `${sim.url}/login/oauth/authorize?client_id=fluxion-local&state=s2&redirect_uri=${encodeURIComponent(`${appUrl}/cb`)}`,
    );
    await page.waitForURL(`${appUrl}/cb?**`);
    expect(await page.locator('#state').textContent()).toBe('s2');
  });
});
