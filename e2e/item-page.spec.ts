import { expect } from '@playwright/test';
import { SIZES, test } from './support/journey.ts';
import { signInNewUser } from './support/own-world.ts';

/**
 * The item page (docs/metrics.md, "The item page"): a row of Issues in Columns and a dot of the Flow
 * page open one item in Fluxion (not github.com, a 404 in local mode), and its address reopens it.
 */
for (const size of SIZES) {
  test.describe(`item page on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a row and a chart dot open the item in Fluxion: its moves, time per column and SLE, then GitHub', async ({
      page,
    }) => {
      await signInNewUser(page, 'item-page');
      await page.goto('/issues-in-columns?demo=1');
      const row = page.getByTestId('issue-item-link').first();
      await expect(row).toBeVisible();
      await row.click();
      await expect(page).toHaveURL(/\/item\?project=.+&item=.+/);
      const moves = page.getByTestId('item-moves');
      await expect(moves).toBeVisible();
      await expect(moves.getByText('Demo history').first()).toBeVisible();
      await expect(page.getByTestId('item-columns')).toBeVisible();
      await expect(page.getByTestId('item-sle')).toBeVisible();
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      expect(heading).toMatch(/^#\d+ /);
      // The address reopens it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
      await expect(page.getByTestId('item-github')).toHaveAttribute('href', /\/issues\/\d+$/);
      await page.screenshot({ path: `test-results/item-page-${size.name}.png`, fullPage: true });

      await page.goto('/flow?demo=1');
      const dot = page.getByRole('link', { name: /^Open .+ in Fluxion$/ }).first();
      await expect(dot).toBeAttached();
      await dot.dispatchEvent('click');
      await expect(page).toHaveURL(/\/item\?project=.+&item=.+/);
      await expect(page.getByTestId('item-moves')).toBeVisible();
    });
  });
}
