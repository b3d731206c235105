import { expect, type Page, test } from '@playwright/test';
import { signInNewUser } from './support/own-world.ts';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The filter bar folds behind its "Filters" button on a phone. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (await toggle.isVisible()) await toggle.click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`iterations at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the demo iteration report: burn-up with scope change, committed vs completed, in items or estimates', async ({
      page,
    }) => {
      await signInNewUser(page, 'iterations');
      await page.goto('/iterations?demo=1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iterations');
      const burnUp = page.getByTestId('iteration-burnup');
      await expect(burnUp.getByRole('heading')).toContainText(/^Burn-up: Iteration \d+$/);
      // Scope and completed as lines, added and removed as bars.
      await expect(burnUp.locator('.recharts-line')).toHaveCount(2);
      await expect(burnUp.locator('.recharts-bar-rectangle').first()).toBeVisible();
      for (const tile of ['Committed', 'Scope change', 'Completed']) {
        await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
      }
      const history = page.getByTestId('iteration-history');
      // The last six finished iterations, newest first, under the header row.
      await expect(history.getByRole('row')).toHaveCount(7);
      await expect(history.locator('.recharts-bar-rectangle').first()).toBeVisible();
      const committedInItems = await history.getByRole('row').nth(1).textContent();
      await page.screenshot({ path: `test-results/iterations-${viewport.width}.png`, fullPage: true });

      await page.getByLabel('Count:').selectOption('estimate');
      await expect(page).toHaveURL(/[?&]unit=estimate(&|$)/);
      await expect(page.getByText('Not estimated', { exact: true })).toBeVisible();
      await expect(history.getByRole('row').nth(1)).not.toHaveText(committedInItems ?? '');
      await expect(burnUp.locator('.recharts-label', { hasText: 'Estimate' })).toBeVisible();
      // The address holds the unit: a reload shows the same.
      await page.reload();
      await expect(page.getByLabel('Count:')).toHaveValue('estimate');
      await page.screenshot({
        path: `test-results/iterations-estimate-${viewport.width}.png`,
        fullPage: true,
      });
    });

    test('an iteration filter on the demo Flow page changes its figures, names the iteration and lives in the address', async ({
      page,
    }) => {
      await signInNewUser(page, 'iterations');
      await page.goto('/flow?demo=1&days=90');
      await expect(page.getByText('Throughput per week', { exact: true })).toBeVisible();
      const insight = page.locator('[data-severity]');
      await expect(insight).not.toContainText('Filter on');
      const before = await page.locator('[data-tone]').allTextContents();

      await openFilters(page);
      const iteration = page.getByLabel('Iteration', { exact: true });
      await expect(iteration.locator('option')).toContainText([
        'Any iteration',
        'Current iteration',
        'Previous iteration',
      ]);
      await iteration.selectOption('previous');
      await page.getByRole('button', { name: 'Apply filter' }).click();
      await expect(page).toHaveURL(/[?&]iteration=previous(&|$)/);
      await expect(insight).toContainText(/\(Filter on: iteration "Iteration \d+"\.\)/);
      expect(await page.locator('[data-tone]').allTextContents()).not.toEqual(before);
      await page.screenshot({ path: `test-results/flow-iteration-${viewport.width}.png`, fullPage: true });

      // In estimate units, under the same filter; the reload keeps both.
      await page.getByLabel('Count:').selectOption('estimate');
      await expect(page).toHaveURL(/[?&]unit=estimate(&|$)/);
      await expect(page.getByTestId('flow-unit-note')).toContainText('Counted in Estimate');
      await expect(page.getByText(/of Estimate finished in 90 days/)).toBeVisible();
      await page.reload();
      await expect(insight).toContainText('Filter on: iteration');
      await openFilters(page);
      await expect(page.getByLabel('Iteration', { exact: true })).toHaveValue('previous');
    });
  });
}
