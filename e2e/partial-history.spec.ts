import { expect } from '@playwright/test';
import { SIZES, simUser, test } from './support/journey.ts';
import { addOwnBoard, partialBoard } from './support/own-world.ts';

const WHY = 'GitHub lost the history of all 6 items finished';
const NOTE = 'All 6 items finished in the last 30 days have no known start: GitHub lost their history';

for (const size of SIZES) {
  test.describe(`a board whose history GitHub lost, on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('every page counts the six finished items and says why their durations are unknown', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const login = `octo-partial-${size.name}`;
      const title = `Partial board ${size.name}`;
      await simUser(page, login);
      // No item has any evidence of its start: GitHub lost the history of all six finished.
      const project = await partialBoard(page, { login, title, itemTitle: 'Partial item' });
      await addOwnBoard(page, { login, title, cycleStart: 'Doing' });
      const row = page
        .getByRole('list', { name: 'Projects' })
        .getByRole('listitem')
        .filter({ hasText: title });
      await expect(async () => {
        await page.reload();
        await expect(row.locator('[data-history]')).toContainText(
          'History imported for 9 items, partial for 8',
          {
            timeout: 2_000,
          },
        );
      }).toPass({ timeout: 45_000 });

      // Flow: the throughput tile, the banner and the note tell one story; nothing is reassuringly green.
      await page.goto(`/flow?project=${project.id}&days=30`);
      await expect(page.getByText('6 items finished in 30 days')).toBeVisible();
      const banner = page.locator('[data-severity]').first();
      await expect(banner).toContainText('6 items finished in the last 30 days.');
      await expect(banner).toContainText(WHY);
      await expect(banner).not.toContainText('No item finished');
      await expect(page.getByTestId('history-gaps')).toContainText(NOTE);
      await expect(page.getByTestId('history-gaps')).toContainText('not in the cycle times');
      await expect(page.getByTestId('flow-scatter')).toContainText(
        'The 6 items finished in this window have no known cycle time: GitHub lost their history.',
      );
      const atRisk = page.locator('[data-tone]').filter({ hasText: 'WIP at risk' });
      await expect(atRisk).toContainText('Unknown');
      // No item carries the blocked label: no "0 items are blocked now" line beside the SLE.
      await expect(page.getByTestId('flow-policies')).toBeVisible();
      await expect(page.getByTestId('flow-policies')).not.toContainText('blocked now');
      await page.screenshot({ path: `test-results/partial-flow-${size.name}.png`, fullPage: true });

      // Lead Time and Time in State: no "Not enough data", but the same count and the same reason.
      await page.goto(`/lead-time?project=${project.id}&days=30`);
      // Their joining the board is known (issue 37, b383193): the six count in the lead times, with Flow's count.
      await expect(page.locator('[data-severity]').first()).toContainText('(a sample of 6)');
      await expect(page.locator('[data-severity]').first()).toContainText('over the last 30 days');
      // The trend tile names the window the insight names ("no completions in the 30 days before").
      await expect(page.locator('[data-tone]').filter({ hasText: 'Lead Time Trend' })).toContainText(
        'Needs a completion in the 30 days before',
      );
      // The cycle-time tile's N/A says why, with Flow's count and words.
      await expect(page.getByTestId('history-gaps')).toContainText(NOTE);
      await expect(page.getByTestId('history-gaps')).toContainText('not in the cycle times');
      // No cycle time is known: the chart draws no cycle-time line (it drew one at 0 days).
      await expect(page.locator('.recharts-legend-wrapper')).toContainText('Average Lead Time');
      await expect(page.locator('.recharts-legend-wrapper')).not.toContainText('Cycle Time');
      await expect(page.getByRole('region', { name: 'Not enough data yet' })).toHaveCount(0);
      await page.screenshot({ path: `test-results/partial-lead-time-${size.name}.png`, fullPage: true });
      await page.goto(`/time-in-state?project=${project.id}&days=30`);
      await expect(page.locator('[data-severity]').first()).toContainText(WHY);
      // No in-progress stay ended: no "Confidence: 9% (a sample of 1)" counted from an Inbox stay.
      await expect(page.locator('[data-severity]').first()).not.toContainText('Confidence');
      // Queue health needs no history (docs/metrics.md §4): the two committed open items' columns are known, and
      // neither waits. It says N/A only when no committed item is open (issue 31).
      await expect(page.locator('[data-tone]').filter({ hasText: 'Queue Health' })).toContainText(
        '0% of committed items wait in a queue column',
      );
      await expect(page.getByTestId('history-gaps')).toContainText(NOTE);

      // Its 7-day iteration holds no completion: each page says so of the window, not of the board.
      await page.goto(`/lead-time?project=${project.id}&days=7`);
      // Their lead times are known now (issue 37), the page's chart has them: the banner speaks of the window.
      await expect(page.locator('[data-severity]').first()).toContainText(
        'No item finished in the last 7 days: no lead time to tell.',
      );
      // ...and so do its tiles: no average of 0 days, no "Half of the 0 items", no "-100%" trend.
      await expect(page.locator('[data-tone]').filter({ hasText: 'Avg Lead Time' })).toContainText('N/A');
      await expect(page.getByText('Half of the 0 items')).toHaveCount(0);
      await expect(page.locator('[data-tone]').filter({ hasText: 'Lead Time Trend' })).toContainText(
        'Needs a completion in this window',
      );
      await page.goto(`/time-in-state?project=${project.id}&days=7`);
      const ratio = page.locator('[data-tone]').filter({ hasText: 'Active work ratio' });
      await expect(ratio).toContainText('N/A');
      await expect(page.locator('[data-severity]').first()).not.toContainText('Only 0%');

      // Issues in Columns lists the six in Shipped.
      await page.goto(`/issues-in-columns?project=${project.id}`);
      await expect(page.getByLabel('Select Column:').locator('option')).toContainText(['Shipped (6 issues)']);
      // One of them: its page says of it only what its tiles show unknown (its lead time is known, issue 37).
      await page.getByLabel('Select Column:').selectOption({ label: 'Shipped (6 issues)' });
      await page.getByTestId('issue-item-link').first().click();
      await expect(page.locator('[data-tone]').filter({ hasText: 'Lead time' })).toContainText(/\d+ days/);
      await expect(page.locator('[data-tone]').filter({ hasText: 'Cycle time' })).toContainText('Unknown');
      await expect(page.getByTestId('item-partial')).toContainText(
        'so it has no cycle time; its lead time counts from when it joined the board.',
      );

      // Home's card: the Flow page's figures and sentence.
      await page.goto('/');
      const card = page.getByTestId('board-card').filter({ hasText: title });
      await expect(card.locator('[data-severity]')).toContainText(WHY);
      await expect(card.getByTestId('history-gaps')).toContainText(NOTE);
      await expect(card.locator('[data-tone]').filter({ hasText: 'WIP at risk' })).toContainText('Unknown');
      // Its entry into Doing is GitHub's own (the value's updatedAt, issue 37): an age, not a lower bound.
      const oldest = card.locator('[data-tone]').filter({ hasText: 'Oldest' });
      await expect(oldest).toContainText(/\d+ days/);
      await expect(oldest).not.toContainText('at least');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/partial-home-${size.name}.png`, fullPage: true });
    });
  });
}
