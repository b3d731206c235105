import { expect, test } from '@playwright/test';

test('an unauthenticated visit to /lead-time lands on /login with the sign-in button', async ({ page }) => {
  await page.goto('/lead-time');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /sign in with github/i })).toBeVisible();
  await expect(page.getByText(/only.*project list and issue metadata/i)).toBeVisible();
});

test('every protected route redirects to /login', async ({ page }) => {
  for (const path of ['/', '/time-in-state', '/issues-in-columns', '/manage-projects', '/account']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('the welcome page states the trial, the metadata-only promise and links the legal texts', async ({
  page,
}) => {
  await page.goto('/welcome-login');
  await expect(page.getByText(/30-day free trial/i)).toBeVisible();
  await expect(page.getByText(/no credit card/i)).toBeVisible();
  await expect(page.getByRole('link', { name: /privacy policy/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /terms of use/i })).toBeVisible();
});

test('the payment result pages lead back into the product', async ({ page }) => {
  await page.goto('/payment-success');
  await expect(page.getByText(/account.*activated/i)).toBeVisible();
  await page.goto('/payment-cancelled');
  await expect(page.getByText(/no changes/i)).toBeVisible();
});

test('the logo is served from a static path', async ({ request }) => {
  const response = await request.get('/logo.svg');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('svg');
});
