import { expect } from '@playwright/test';
import { SIZES, signIn, simUser, test } from './support/journey.ts';

/**
 * The demo board's GitHub Iteration field has 14-day iterations (docs/metrics.md, "The iteration"): the
 * analyses read that length, not the typed default of 7, and the Iterations page says of each finished
 * iteration its scope at start and at end, and what of it was completed and not done.
 */
for (const size of SIZES) {
  test.describe(`iterations from GitHub (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('the demo is analysed with its Iteration field’s 14 days, and each iteration says what was not done', async ({
      page,
    }) => {
      const login = `iter-${size.name}-${Date.now().toString(36)}`;
      await simUser(page, login);
      await signIn(page, login);

      await page.goto('/time-in-state?demo=1');
      await expect(page.getByLabel('Window:')).toHaveValue('14');
      await expect(page.getByLabel('Window:').locator('option:checked')).toHaveText(
        'Last 14 days (iteration)',
      );

      await page.goto('/iterations?demo=1');
      await expect(page.getByText('Not done yet', { exact: true })).toBeVisible();
      const history = page.getByTestId('iteration-history');
      const headers = await history.getByRole('columnheader').allTextContents();
      expect(headers).toEqual([
        'Iteration',
        'Dates',
        'Scope at start',
        'Added',
        'Removed',
        'Scope at end',
        'Completed',
        'Not done',
      ]);
      const rows = history.getByRole('row');
      await expect(rows).toHaveCount(7);
      let someNotDone = false;
      for (let i = 1; i < 7; i++) {
        const cells = (await rows.nth(i).getByRole('cell').allTextContents()).map((c) => c.trim());
        const [scope, completed, notDone] = cells.slice(5).map(Number);
        expect(scope, cells.join(' | ')).toBe((completed ?? 0) + (notDone ?? 0));
        if ((notDone ?? 0) > 0) someNotDone = true;
      }
      expect(someNotDone).toBe(true);
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/iteration-source-${size.name}.png`, fullPage: true });

      await page.goto('/manage-projects');
      await expect(page.getByText('14 days iteration (from GitHub)')).toBeVisible();
      await page.getByRole('button', { name: 'Add Project' }).first().click();
      await expect(
        page.getByText(/Used for a board without an Iteration field on GitHub; a board with one is analysed/),
      ).toBeVisible();
    });
  });
}
