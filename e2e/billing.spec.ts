import { expect, test } from '@playwright/test';

/**
 * Buying, cancelling and reactivating Fluxion Analytics Pro through the Stripe simulator that the server starts in
 * local mode: the hosted checkout page is the simulator's, its webhooks reach the server signed as Stripe signs them.
 */
/** The simulator listens on PORT + 2 (playwright.config.ts runs the server on E2E_PORT). */
const SIM = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 2}`;
const GITHUB_SIM = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

test('a user buys on the checkout page, sees it active, cancels, reactivates, and fixes a failed payment', async ({
  page,
  request,
}) => {
  // A new GitHub user each run, so a retry starts from a trial again.
  const login = `buyer-${Date.now().toString(36)}`;
  await request.post(`${GITHUB_SIM}/_sim/users`, { data: { login, approvedClients: ['fluxion-local'] } });
  await page.goto(`/accounts/github/login/?login=${login}`);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();

  await page.goto('/account');
  await expect(page.getByText(/Free trial — \d+ days left\./)).toBeVisible();
  await page.getByRole('button', { name: 'Buy Fluxion Analytics Pro' }).click();

  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Subscribe to Fluxion Analytics Pro' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByText('Your account has been activated.', { exact: false })).toBeVisible();

  await page.goto('/account');
  const paidUntil = page.getByText(/^Fluxion Analytics Pro — paid until (.+)\.$/);
  await expect(paidUntil).toBeVisible();
  const date = /paid until (.+)\.$/.exec((await paidUntil.textContent()) ?? '')?.[1] ?? '';
  expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(page.getByRole('button', { name: 'Buy Fluxion Analytics Pro' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(`Subscription will end at: ${date}`)).toBeVisible();

  // The page reloads after 1.8 s and shows the cancellation; reactivating undoes it.
  await expect(page.getByText(`Cancelled — your subscription stays active until ${date}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText('Subscription reactivated successfully!')).toBeVisible();
  await expect(page.getByText(`Fluxion Analytics Pro — paid until ${date}.`)).toBeVisible();
  await page.screenshot({ path: 'test-results/account-active.png', fullPage: true });

  // The next renewal fails (the simulator's control API): past due, then a new card in the portal.
  const subs = (await (await request.get(`${SIM}/_sim/subscriptions`)).json()) as { id: string }[];
  const failed = await request.post(`${SIM}/_sim/subscriptions/${subs.at(-1)?.id}/fail-payment`);
  expect(failed.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('Payment overdue. Please update your payment method.')).toBeVisible();
  await page.getByRole('button', { name: 'Update Payment Method' }).click();
  await expect(page).toHaveURL(/\/p\/session\/bps_/);
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('status')).toHaveText('Card updated.');
  await page.getByRole('link', { name: 'Return to Fluxion' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(/^Fluxion Analytics Pro — paid until .+\.$/)).toBeVisible();
});
