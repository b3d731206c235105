import { expect, type Route } from '@playwright/test';
import {
  expectLegendClearOfTicks,
  expectWithinWidth,
  expectUncovered,
  connectPersonalBoards,
  freshBoard,
  SIZES,
  signIn,
  simUser,
  test,
} from './support/journey.ts';
import { signInNewUser } from './support/own-world.ts';

/** What a user meets at 1280×800 and at 390×844, asserted as they see it. */
for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('signs in to Home; the menu and every analysis link can be reached', async ({ page }) => {
      const login = await signInNewUser(page, 'journeys');
      await expect(page).toHaveTitle('Home · Fluxion Analytics');
      await expect(page.getByRole('heading', { name: 'Welcome to Fluxion Analytics' })).toBeVisible();
      const avatar = page.getByRole('banner').getByRole('img', { name: login });
      await expect(avatar).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/avatars\/u\//);
      for (const name of ['Lead-Time', 'Time in State', 'Issues in Columns', 'Flow']) {
        await expectUncovered(page.getByRole('navigation', { name: 'Analyses' }).getByRole('link', { name }));
      }
      // The menu is opened on a settled Home: its boards' card arrives later and moves what lies below
      // (on a loaded CI machine the Account click once landed while it did, and nothing happened).
      await expect(
        page.getByRole('region', { name: 'Your boards at a glance' }).getByRole('article').first(),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Open user menu' }).click();
      for (const name of ['Account', 'Logout']) await expectUncovered(page.getByRole('menuitem', { name }));
      await page.getByRole('menuitem', { name: 'Account' }).click();
      await expect(page).toHaveURL(/\/account$/);
    });

    test('no page logs a console error or asks the internet for anything', async ({ page }) => {
      for (const path of ['/welcome-login', '/login', '/payment-success', '/payment-cancelled']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
      await signInNewUser(page, 'journeys');
      for (const path of [
        '/',
        '/lead-time?demo=1',
        '/time-in-state?demo=1',
        '/issues-in-columns?demo=1',
        '/flow?demo=1',
        '/manage-projects',
        '/account',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
      }
    });

    test('every analysis of the demo; the chosen view survives reload and back', async ({ page }) => {
      await signInNewUser(page, 'journeys');
      await page.goto('/lead-time?demo=1');
      await expect(page).toHaveURL(/\/lead-time\?project=[^&]+$/);
      await expect(page).toHaveTitle('Lead Time · Storefront delivery · Fluxion Analytics');
      await expect(page.getByText(/^Synced with GitHub/)).toBeVisible();
      await expect(page.getByText('Process Stability', { exact: true })).toBeVisible();
      await expectLegendClearOfTicks(page.locator('.recharts-wrapper'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Lead Time' })).toBeVisible();
      await expect(page.getByRole('main').getByText('Storefront delivery', { exact: true })).toBeVisible();

      await page.getByRole('link', { name: 'Time in State' }).click();
      await expect(page).toHaveURL(/\/time-in-state\?project=/);
      await expect(page.getByText('Queue Health', { exact: true })).toBeVisible();
      await expectLegendClearOfTicks(page.locator('.recharts-wrapper'));

      await page.getByRole('link', { name: 'Issues in Columns' }).click();
      const column = page.getByLabel('Select Column:');
      await column.selectOption({
        label: await column.locator('option', { hasText: /^In Review \(/ }).innerText(),
      });
      await expect(page).toHaveURL(/column=In\+Review/);
      await page.reload();
      await expect(column).toHaveValue('In Review');
      // Milestone and Labels are on screen, not scrolled away to the right.
      const firstRow = page.getByRole('row').nth(1);
      for (const cell of [firstRow.getByRole('cell').nth(4), firstRow.getByRole('cell').nth(5)]) {
        await expectWithinWidth(cell, size.viewport.width);
      }

      await page.getByRole('link', { name: 'Flow', exact: true }).click();
      await expect(page.getByTestId('flow-cfd').locator('.recharts-area')).toHaveCount(6);
      await expectLegendClearOfTicks(page.getByTestId('flow-cfd'));
      await page.getByLabel('Window:').selectOption('60');
      await expect(page.getByText(/finished in 60 days/)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Window:')).toHaveValue('60');
      await page.goBack();
      await expect(page.getByLabel('Window:')).toHaveValue('30');
      await page.goBack();
      await expect(page).toHaveURL(/\/issues-in-columns\?.*column=In\+Review/);
      await expect(column).toHaveValue('In Review');
    });

    test('a failing analysis says what failed and offers a retry; failed counts are not shown as 0', async ({
      page,
      consoleErrors,
    }) => {
      // The server failing is played by the browser's network layer: no way to make ours fail on cue.
      consoleErrors.allow(/status of 500/);
      await signInNewUser(page, 'journeys');
      const fail = (route: Route) =>
        route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
      await page.route('**/api/leadtime/**', fail);
      await page.goto('/lead-time?demo=1');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Failed to load data');
      await expect(alert).toContainText('Try again in a moment');
      await page.unroute('**/api/leadtime/**');
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText('Process Stability', { exact: true })).toBeVisible();

      await page.route('**/api/projects/*/column-stats/**', fail);
      await page.getByRole('link', { name: 'Issues in Columns' }).click();
      await expect(page.getByText('Total Issues', { exact: true })).toBeVisible();
      const options = page.getByLabel('Select Column:').locator('option');
      await expect(options.first()).toHaveText('Backlog');
      await expect(options.filter({ hasText: 'issues)' })).toHaveCount(0);

      // Without the board's columns nothing below would be true: the error state, not empty figures.
      await page.route('**/api/projects/*/', fail);
      await page.reload();
      await expect(page.getByRole('alert')).toContainText('Failed to load data');
      await expect(page.getByText('Total Issues', { exact: true })).toHaveCount(0);
      await page.unroute('**/api/projects/*/');
      await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText('Total Issues', { exact: true })).toBeVisible();
    });

    test('a just-added board says what it waits for, and charts what is on it', async ({ page }) => {
      const login = `octo-new-${size.name}`;
      await simUser(page, login);
      const board = await freshBoard(page, login, `Fresh board ${size.name}`);
      await signIn(page, login);
      await connectPersonalBoards(page);
      await page.getByRole('button', { name: 'Add Project' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('combobox', { name: /^Project/ })
        .selectOption({ label: `Fresh board ${size.name} (${login}/1)` });
      await dialog.getByRole('button', { name: 'Add Project' }).click();
      await expect(page.getByText('Project successfully added!')).toBeVisible();
      const row = page.getByRole('listitem').filter({ hasText: `Fresh board ${size.name}` });
      // The list is read again every few seconds until the first sync lands.
      await expect(row).toContainText(/Synced with GitHub (just now|\d+ seconds? ago)/, { timeout: 20_000 });

      await page.goto(`/lead-time?project=${board.id}`);
      await expect(page.getByRole('region', { name: 'Not enough data yet' })).toContainText(
        "Lead time appears once an issue reaches 'Done'",
      );
      await expect(page.getByText(/^Fluxion has recorded this board's moves since /)).toBeVisible();
      for (const verdict of ['Process Stability', 'Medium', '0%', 'Critical']) {
        await expect(page.getByText(verdict, { exact: true })).toHaveCount(0);
      }

      await page.getByRole('link', { name: 'Time in State' }).click();
      await expect(page.getByRole('heading', { name: 'Time in State' })).toBeVisible();
      await expect(page.getByText('Critical', { exact: true })).toHaveCount(0);

      await page.getByRole('link', { name: 'Issues in Columns' }).click();
      await expect(page.getByLabel('Select Column:').locator('option')).toHaveText([
        'Todo (1 issue)',
        'Doing (2 issues)',
        'Done (0 issues)',
      ]);

      await page.getByRole('link', { name: 'Flow', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Not enough data yet' })).toContainText(
        "No item reached 'Done'",
      );
      const cfd = page.getByTestId('flow-cfd');
      await expect(cfd.locator('.recharts-area')).toHaveCount(3);
      // Three items are on the board today: the items axis reaches 3, not a flat 0.
      await expect(
        cfd.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value', { hasText: /^3$/ }),
      ).toHaveCount(1);
    });
  });
}
