import { expect, test } from '@playwright/test';
import { signInNewUser } from './support/own-world.ts';

test('the demo Flow page shows its tiles, insight, charts and forecast', async ({ page }) => {
  await signInNewUser(page, 'flow');
  await page.getByRole('link', { name: 'Flow', exact: true }).click();
  await expect(page).toHaveURL(/\/flow$/);
  await page.goto('/flow?demo=1');

  for (const tile of ['Throughput per week', 'Cycle time 85th percentile', 'WIP at risk', 'Next 14 days']) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/items \(85%\)$/)).toBeVisible();
  await expect(page.locator('[data-severity]')).toContainText(/against the SLE|the p85 of past cycle times/);

  // Cumulative flow: one stacked area per demo column.
  await expect(page.getByTestId('flow-cfd').locator('.recharts-area')).toHaveCount(6);
  // Cycle-time scatter: dots, the four dashed percentile lines and the board's SLE (docs/metrics.md §17).
  const scatter = page.getByTestId('flow-scatter');
  await expect(scatter.locator('.recharts-scatter-symbol').first()).toBeVisible();
  await expect(scatter.locator('.recharts-reference-line')).toHaveCount(5);
  await expect(scatter.getByText(/^SLE 85%: \d+d$/)).toBeVisible();
  // Aging WIP: dots per column over the percentile bands.
  const aging = page.getByTestId('flow-aging');
  await expect(aging.locator('.recharts-scatter-symbol').first()).toBeVisible();
  await expect(aging.locator('.recharts-reference-area')).not.toHaveCount(0);
  // Forecast table: 50, 85 and 95 % rows.
  const forecast = page.getByTestId('flow-forecast').getByRole('row');
  await expect(forecast).toHaveCount(4);
  await expect(forecast.nth(2)).toContainText('85%');

  await page.getByLabel('Window:').selectOption('60');
  await expect(page.getByText(/finished in 60 days/)).toBeVisible();
  // A week carried in the address (as from Lead Time) is Flow's window too, not a silent 30 days.
  await page.goto('/flow?demo=1&days=7');
  await expect(page.getByText(/finished in 7 days/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Window:')).toHaveValue('7');
  await page.screenshot({ path: 'test-results/flow.png', fullPage: true });
});

test('Home shows the demo board at a glance, and its stuck item leads to its column in Issues in Columns', async ({
  page,
}) => {
  await signInNewUser(page, 'flow');
  await expect(page.getByRole('heading', { name: 'Your boards at a glance' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Flow How much/ })).toHaveAttribute('href', '/flow');

  const card = page.getByRole('article', { name: 'Storefront delivery' });
  await expect(card).toContainText('Demo');
  for (const tile of [
    'Throughput per week',
    'Cycle time 85th percentile',
    'WIP at risk',
    'Oldest in progress',
  ]) {
    await expect(card.getByText(tile, { exact: true })).toBeVisible();
  }
  await expect(card.locator('[data-severity]')).toContainText(
    /against the SLE|the p85 of past cycle times|in progress/,
  );

  const stuck = card.getByTestId('stuck-item-link');
  const [, item, column] = /^(#\d+) in (.+) →$/.exec((await stuck.textContent()) ?? '') ?? [];
  expect(column, 'the link names the item and its column').toBeTruthy();
  await page.screenshot({ path: 'test-results/home.png', fullPage: true });
  await stuck.click();

  await expect(page).toHaveURL(/\/issues-in-columns\?project=.+&column=/);
  const selector = page.getByRole('banner').getByRole('combobox', { name: 'Project' });
  await expect(selector.locator('option:checked')).toHaveText('Storefront delivery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Issues in Columns');
  await expect(page.getByLabel('Select Column:')).toHaveValue(column ?? '');
  await expect(page.getByRole('table')).toContainText(item ?? '');
  // The column's insight states a count ("1 of 1 issue…"), not an estimate: no confidence line (issue 31).
  await expect(
    page
      .locator('[data-severity]')
      .filter({ hasText: column ?? '' })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/Confidence:/)).toHaveCount(0);
});
