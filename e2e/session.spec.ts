import { expect, type Page, test } from '@playwright/test';

/** Every Content-Security-Policy violation the browser reports on a page, for the test to assert none. */
const cspViolations = new WeakMap<Page, string[]>();
test.beforeEach(({ page }) => {
  const seen: string[] = [];
  cspViolations.set(page, seen);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
});
test.afterEach(({ page }) => {
  expect(cspViolations.get(page) ?? []).toEqual([]);
});

async function signIn(page: Page, login = 'octo-alice') {
  await page.goto('/login');
  if (login !== 'octo-alice') {
    await page.goto(`/accounts/github/login/?login=${login}`);
  } else {
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
}

/**
 * Logout from the user menu. Once in a CI run (2 workers, a loaded machine) the click on the menu's
 * freshly mounted item was lost: the menu stayed open on Home. The click is made again only while the
 * menu still shows it, so a logout that does not land on /login still fails the test.
 */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const item = page.getByRole('menuitem', { name: 'Logout' });
  await expect(async () => {
    if (await item.isVisible()) await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}

test('signs in from /login with GitHub and lands on home with the avatar menu', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText(/Hello octo-alice/)).toBeVisible();
  const stored = await page.evaluate(() => [
    localStorage.getItem('access_token'),
    localStorage.getItem('refresh_token'),
  ]);
  expect(stored.every((t) => typeof t === 'string' && t.length > 20)).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/access_token=|refresh_token=/);
  await page.screenshot({ path: 'test-results/home.png', fullPage: true });
});

test('a reload keeps the session, and an expired access token is refreshed without the user noticing', async ({
  page,
}) => {
  await signIn(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  // The token is spoiled from a page of the origin that runs no app (the logo): from Home, Home's own
  // requests could meet the spoiled token and refresh at the same moment as the next page.
  await page.goto('/logo.svg');
  const before = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await page.evaluate(() => localStorage.setItem('access_token', 'expired.or.garbage'));
  await page.goto('/manage-projects');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/manage-projects$/);
  const after = await page.evaluate(() => [
    localStorage.getItem('access_token'),
    localStorage.getItem('refresh_token'),
  ]);
  expect(after[0]).not.toBe('expired.or.garbage');
  expect(after[1]).not.toBe(before);
});

test('logout lands on /login and the old refresh token is refused by the server', async ({
  page,
  request,
}) => {
  await signIn(page);
  const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  const response = await request.post('/api/token/refresh/', { data: { refresh } });
  expect(response.status()).toBe(401);
});

test('logout also ends the tokens refreshed by other tabs of the same sign-in', async ({ page, request }) => {
  await signIn(page);
  const refresh = (await page.evaluate(() => localStorage.getItem('refresh_token'))) ?? '';
  // Another tab refreshed a moment ago with the same token (the grace window), and got its own pair.
  const otherTab = await request.post('/api/token/refresh/', { data: { refresh } });
  expect(otherTab.status()).toBe(200);
  const { access, refresh: otherRefresh } = (await otherTab.json()) as { access: string; refresh: string };
  await logOut(page);
  expect((await request.post('/api/token/refresh/', { data: { refresh: otherRefresh } })).status()).toBe(401);
  const me = await request.get('/api/me/', { headers: { authorization: `Bearer ${access}` } });
  expect(me.status()).toBe(401);
});

test('a link with tokens in it does not sign a fresh browser in as whoever made it', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const [access, refresh] = await page.evaluate(() => [
    localStorage.getItem('access_token') ?? '',
    localStorage.getItem('refresh_token') ?? '',
  ]);
  const victim = await browser.newContext();
  const victimPage = await victim.newPage();
  for (const link of [
    `/?token=${encodeURIComponent(access)}&refresh=${encodeURIComponent(refresh)}`,
    '/?signed_in=1',
  ]) {
    await victimPage.goto(link);
    await expect(victimPage).toHaveURL(/\/login(\?|$)/);
    await expect(victimPage.getByRole('button', { name: 'Sign in with GitHub' })).toBeVisible();
    expect(await victimPage.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    expect(victimPage.url()).not.toContain(refresh);
  }
  await victim.close();
});

test('the app cannot be framed, and runs under its CSP', async ({ page }) => {
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  await signIn(page);
  await page.goto('/manage-projects');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
});

test('a failed OAuth round trip shows the failure message and cleans the URL', async ({ page }) => {
  await page.goto('/accounts/github/login/callback/?code=forged&state=forged');
  await expect(page.getByText('OAuth authentication failed. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
