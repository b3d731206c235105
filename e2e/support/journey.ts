import { expect, type Locator, type Page, test as base } from '@playwright/test';

/** The GitHub simulator of the server under test (local mode: the next port). */
export const GITHUB_SIM = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

export const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/**
 * Every journey fails on a console error, unless the test says which failures it causes on purpose
 * (`consoleErrors.allow(/502/)` while GitHub is made to fail).
 */
export const test = base.extend<{ consoleErrors: { allow: (pattern: RegExp) => void } }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      page.on('request', (request) => {
        const host = new URL(request.url()).hostname;
        if (!['localhost', '127.0.0.1'].includes(host))
          errors.push(`request to the internet: ${request.url()}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))).toEqual([]);
    },
    { auto: true },
  ],
});

/** A user of the simulator, approved for Fluxion's local OAuth app. */
/** A new GitHub user who has already authorized Fluxion (its GitHub App, in local mode), as the seeded ones. */
export async function simUser(page: Page, login: string): Promise<void> {
  const app = (await (await page.request.get(`${GITHUB_SIM}/_sim/app`)).json()) as { clientId: string };
  const response = await page.request.post(`${GITHUB_SIM}/_sim/users`, {
    data: { login, approvedClients: ['fluxion-local', app.clientId] },
  });
  expect(response.ok()).toBe(true);
}

export async function signIn(page: Page, login: string): Promise<void> {
  await page.goto(`/accounts/github/login/?login=${login}`);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
}

/**
 * "Connect personal boards" from Manage Projects: local mode signs in through the GitHub App, which GitHub
 * lets read no user-owned board, so a journey that adds the user's own board connects them first.
 */
export async function connectPersonalBoards(page: Page): Promise<void> {
  await page.goto('/manage-projects');
  await page.getByRole('button', { name: 'Connect personal boards' }).first().click();
  await expect(page).toHaveURL(/\/manage-projects\?github_personal=connected/);
  await expect(page.getByRole('button', { name: 'Disconnect personal boards' })).toBeVisible();
}

export async function sim<T>(page: Page, path: string, data?: unknown, method = 'POST'): Promise<T> {
  const response = await page.request.fetch(`${GITHUB_SIM}${path}`, { method, data });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/**
 * What a tap at the element's centre reaches is the element itself (or inside it): nothing covers it.
 * Asked until it holds (as every web-first assertion is): a page still settling, on a busy machine, may
 * draw something over it for a moment; what stays covered fails.
 */
export async function expectUncovered(locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport();
  const reached = () =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
  await expect.poll(reached, { message: `${locator} is covered` }).toBe(true);
}

/** The element is drawn inside the page's width: nothing hides it off to the right. */
export async function expectWithinWidth(locator: Locator, width: number): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(await locator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The chart's legend ends above its highest y-axis tick label. */
export async function expectLegendClearOfTicks(chart: Locator): Promise<void> {
  const ticks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  const legend = await chart.locator('.recharts-legend-wrapper .recharts-default-legend').boundingBox();
  const tops = await ticks.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().top));
  expect(legend).not.toBeNull();
  expect(tops.length).toBeGreaterThan(0);
  expect((legend?.y ?? 0) + (legend?.height ?? 0)).toBeLessThanOrEqual(Math.min(...tops));
}

/** A board of the simulator no one has recorded yet: two issues in "Doing", one in "Todo". */
export async function freshBoard(page: Page, owner: string, title: string): Promise<{ id: string }> {
  const project = await sim<{ id: string }>(page, '/_sim/projects', {
    owner,
    title,
    columns: ['Todo', 'Doing', 'Done'],
  });
  for (const [name, status] of [
    ['Checkout button', 'Doing'],
    ['Search filters', 'Doing'],
    ['Dark mode', 'Todo'],
  ]) {
    await sim(page, '/_sim/issues', { repo: `${owner}/app`, title: name, projectId: project.id, status });
  }
  return project;
}
