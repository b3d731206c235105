import { expect, type Page } from '@playwright/test';
import { SIZES, test } from './support/journey.ts';
import { signInNewUser } from './support/own-world.ts';

/** A loaded machine draws the demo's first Flow answer slowly: its first figures may take a while. */
const FIRST = { timeout: 30_000 };

/** The type rows of Flow's work type distribution: type → finished items. */
async function finishedByType(page: Page): Promise<Map<string, number>> {
  const rows = page.getByTestId('flow-by-type').getByTestId('type-row');
  const finished = new Map<string, number>();
  for (const row of await rows.all()) {
    const cells = await row.getByRole('cell').allTextContents();
    finished.set(cells[0] ?? '', Number(cells[1]));
  }
  return finished;
}

/** "43 items finished in 30 days": the Throughput tile's count. */
async function throughputTotal(page: Page): Promise<number> {
  const text = await page
    .getByText(/items? finished in \d+ days/)
    .first()
    .textContent();
  return Number(/(\d+) items? finished/.exec(text ?? '')?.[1]);
}

/**
 * Flow split by type (issue 36; docs/metrics.md, "Breakdown by type"): the demo's Bugs, Features and Tasks
 * divide its finished items and work in progress, each with its cycle-time percentiles and oldest item;
 * the issue type filter keeps one type on the whole page.
 */
for (const size of SIZES) {
  test.describe(`Flow split by type at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('the demo Flow page splits its finished work, WIP, percentiles and aging by type', async ({
      page,
    }) => {
      await signInNewUser(page, 'flow-by-type');
      await page.goto('/flow?demo=1&breakdown=issue_type');
      await expect(page.getByText('Throughput per week', { exact: true })).toBeVisible(FIRST);
      await expect(page.getByTestId('level-of-work').first()).toContainText(
        'Counting leaf items: 2 parents left out',
      );
      const card = page.getByTestId('flow-by-type');
      await expect(card).toBeVisible(FIRST);
      await expect(card.getByTestId('type-row')).toHaveCount(3);
      const finished = await finishedByType(page);
      expect([...finished.keys()].sort()).toEqual(['Bug', 'Feature', 'Task']);
      // Every finished item is of one type: the types add up to the Throughput tile.
      expect([...finished.values()].reduce((a, b) => a + b, 0)).toBe(await throughputTotal(page));
      await expect(
        card.getByTestId('type-counts-chart').locator('.recharts-bar-rectangle').first(),
      ).toBeVisible();
      await expect(
        card.getByTestId('type-times-chart').locator('.recharts-bar-rectangle').first(),
      ).toBeVisible();
      await expect(card.getByTestId('type-times-chart')).toContainText('cycle time p85');
      const task = card.getByTestId('type-row').filter({ hasText: 'Task' });
      await expect(task.getByRole('cell').nth(4)).toHaveText(/^\d+(\.\d)? days?$/);
      // The oldest of the types' oldest items is the page's oldest at-risk item, read the same: "57.6 days".
      const oldest = await card
        .getByTestId('type-row')
        .evaluateAll((rows) =>
          rows.map((row) => Number.parseFloat(row.querySelectorAll('td')[5]?.textContent ?? '')),
        );
      const atRisk = await page.getByTestId('sle-at-risk').textContent();
      expect(atRisk).toContain(`${Math.max(...oldest)} days in progress`);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/flow-by-type-${size.name}.png` });

      // One type on the whole page: the Throughput tile counts the Bugs alone.
      const bugs = finished.get('Bug') ?? -1;
      await page.goto('/flow?demo=1&breakdown=issue_type&issue_type=Bug');
      await expect(page.locator('[data-severity]')).toContainText('Filter on', FIRST);
      await expect(card.getByTestId('type-row')).toHaveCount(1, FIRST);
      await expect(card.getByTestId('type-row').getByRole('cell').first()).toHaveText('Bug');
      expect(await throughputTotal(page)).toBe(bugs);
    });
  });
}
