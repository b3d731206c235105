import { expect, type Page } from '@playwright/test';
import { connectPersonalBoards, SIZES, signIn, sim, simUser, test } from './support/journey.ts';

const DAY = 86_400_000;
const STAGES = ['Inbox', 'Doing', 'Verify', 'Shipped'];
const WHY = 'GitHub lost the history of all 6 items finished';
const NOTE = 'All 6 items finished in the last 30 days have no known start: GitHub lost their history';

/**
 * Issue 31's board: its columns live in "Stage", so GitHub writes no timeline event for any move (as it
 * now loses most Status events too), and nine items moved through it over 30 days, six to Shipped.
 */
async function partialBoard(page: Page, login: string, title: string) {
  const project = await sim<{ id: string; number: number }>(page, '/_sim/projects', {
    owner: login,
    title,
    columns: STAGES,
    statusField: 'Stage',
    at: new Date(Date.now() - 40 * DAY).toISOString(),
  });
  const paths = [
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing'],
    ['Doing', 'Verify'],
    [],
  ];
  for (const [i, path] of paths.entries()) {
    const issue = await sim<{ itemId: string }>(page, '/_sim/issues', {
      repo: `${login}/partial`,
      title: `Partial item ${i + 1}`,
      projectId: project.id,
      status: 'Inbox',
      at: new Date(Date.now() - (30 - i) * DAY).toISOString(),
    });
    for (const [step, status] of path.entries()) {
      const at = Date.now() - (27 - 2 * i - 2 * step) * DAY;
      await sim(page, `/_sim/items/${issue.itemId}/move`, { status, at: new Date(at).toISOString() });
    }
  }
  return project;
}

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
      const project = await partialBoard(page, login, title);
      await signIn(page, login);
      await connectPersonalBoards(page);
      await page.getByRole('button', { name: 'Add Project' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('combobox', { name: /^Project/ })
        .selectOption({ label: `${title} (${login}/1)` });
      await expect(dialog.getByRole('combobox', { name: /^Workflow field/ })).toBeEnabled();
      await dialog.getByLabel('Cycle time start column (optional)').selectOption('Doing');
      await dialog.getByRole('button', { name: 'Add Project' }).click();
      await expect(page.getByText('Project successfully added!')).toBeVisible();
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
      await expect(page.locator('[data-severity]').first()).toContainText(WHY);
      await expect(page.getByTestId('history-gaps')).toContainText(NOTE);
      await expect(page.getByRole('region', { name: 'Not enough data yet' })).toHaveCount(0);
      await page.screenshot({ path: `test-results/partial-lead-time-${size.name}.png`, fullPage: true });
      await page.goto(`/time-in-state?project=${project.id}&days=30`);
      await expect(page.locator('[data-severity]').first()).toContainText(WHY);
      await expect(page.getByTestId('history-gaps')).toContainText(NOTE);

      // Its 7-day iteration holds no completion: each page says so of the window, not of the board.
      await page.goto(`/lead-time?project=${project.id}&days=7`);
      await expect(page.getByText('(none with a known start has in the last 7 days)')).toBeVisible();
      await page.goto(`/time-in-state?project=${project.id}&days=7`);
      const ratio = page.locator('[data-tone]').filter({ hasText: 'Active work ratio' });
      await expect(ratio).toContainText('N/A');
      await expect(page.locator('[data-severity]').first()).not.toContainText('Only 0%');

      // Issues in Columns lists the six in Shipped.
      await page.goto(`/issues-in-columns?project=${project.id}`);
      await expect(page.getByLabel('Select Column:').locator('option')).toContainText(['Shipped (6 issues)']);

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
