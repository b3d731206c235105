import { expect, type Route } from '@playwright/test';
import { expectUncovered, SIZES, test } from './support/journey.ts';
import { signInNewUser } from './support/own-world.ts';

const DEMO = 'Storefront delivery';

/** The server failing is played by the browser's network layer: only the list of tracked projects. */
const failProjectList = (route: Route) =>
  route.request().method() === 'GET' && new URL(route.request().url()).pathname === '/api/projects/'
    ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })
    : route.fallback();

/** Fluent to use: at 1280×800 and at 390×844. */
for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('a failed project list is an error with a retry, not "No tracked projects yet."', async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 500|Failed to load projects/);
      await signInNewUser(page, 'fluent');
      await page.route('**/api/projects/**', failProjectList);
      await page.goto('/manage-projects');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Failed to load your tracked projects');
      await expect(alert).toContainText('your data is safe');
      await expect(page.getByText('No tracked projects yet.')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Restore the demo project' })).toHaveCount(0);
      // Home does not offer the onboarding of a user without boards either.
      await page.getByRole('link', { name: 'Home' }).click();
      await expect(page.getByRole('alert')).toContainText('Failed to load your tracked projects');
      await expect(page.getByRole('heading', { name: 'Get started in three steps' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Restore the demo project' })).toHaveCount(0);

      await page.goBack();
      await page.unroute('**/api/projects/**');
      await expectUncovered(alert.getByRole('button', { name: 'Try again' }));
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: DEMO })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });

    test('the board is chosen once a visit: links carry it and its filter, from Home too', async ({
      page,
    }) => {
      await signInNewUser(page, 'fluent');
      const card = page.getByRole('article', { name: DEMO });
      await card.getByRole('link', { name: /Open Flow/ }).click();
      await expect(page).toHaveURL(/\/flow\?project=[^&]+$/);
      const project = new URL(page.url()).searchParams.get('project') ?? '';
      const filters = page.getByRole('button', { name: /^Filters/ });
      // On a phone the fields fold behind the "Filters" button.
      if (size.name === 'phone') await filters.click();
      await page.getByLabel('Labels (any of)').fill('bug');
      await page.getByRole('button', { name: 'Apply filter' }).click();
      await expect(page).toHaveURL(/label=bug/);

      const carried = (path: string) => new RegExp(`${path}\\?project=${project}&label=bug$`);
      const analyses = page.getByRole('navigation', { name: 'Analyses' });
      await analyses.getByRole('link', { name: 'Lead-Time' }).click();
      await expect(page).toHaveURL(carried('/lead-time'));
      await expect(page.getByRole('main').getByText(DEMO, { exact: true })).toBeVisible();
      await expect(page.getByText('Please select a project to view data.')).toHaveCount(0);

      // Home's cards of the analyses open on the chosen board, with its filter.
      await page.getByRole('link', { name: 'Home' }).click();
      await page
        .getByRole('main')
        .getByRole('link', { name: /^Time in State/ })
        .click();
      await expect(page).toHaveURL(carried('/time-in-state'));
      await expect(page.getByText('Queue Health', { exact: true })).toBeVisible();

      // A reload is the same visit: the next first click still lands on the board.
      await page.goto('/');
      await expect(page.getByRole('article', { name: DEMO })).toBeVisible();
      await analyses.getByRole('link', { name: 'Issues in Columns' }).click();
      await expect(page).toHaveURL(carried('/issues-in-columns'));
      await expect(page.getByText('Please select a project to view data.')).toHaveCount(0);
    });

    test('a label picked from the suggestions stays on across every page of the top navigation', async ({
      page,
    }) => {
      await signInNewUser(page, 'fluent');
      await page.goto('/flow?demo=1');
      const toggle = page.getByRole('button', { name: /^Filters/ });
      // On a phone the fields fold behind the "Filters" button.
      if (size.name === 'phone') await toggle.click();
      const labels = page.getByRole('combobox', { name: 'Labels (any of)' });
      await labels.click();
      // The demo board's labels, typed in another case than the board's: 'BU' finds 'bug'.
      await labels.pressSequentially('BU');
      const option = page.getByRole('listbox').getByRole('option', { name: /^bug\s*\d+$/ });
      await expectUncovered(option);
      await page.screenshot({ path: `test-results/fluent-suggestions-${size.name}.png` });
      await option.click();
      await expect(labels).toHaveValue('bug');
      await expect(page.getByRole('listbox')).toBeHidden();
      await page.getByRole('button', { name: 'Apply filter' }).click();
      await expect(page).toHaveURL(/[?&]label=bug(&|$)/);

      const analyses = page.getByRole('navigation', { name: 'Analyses' });
      for (const [link, path] of [
        ['Lead-Time', '/lead-time'],
        ['Time in State', '/time-in-state'],
        ['Issues in Columns', '/issues-in-columns'],
        ['Flow', '/flow'],
      ]) {
        await analyses.getByRole('link', { name: link, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}\\?project=[^&]+&label=bug$`));
        // The field holds it (folded away on a phone, whose button counts it).
        await expect(page.locator('#filter-label')).toHaveValue('bug');
        if (size.name === 'phone') await expect(toggle).toHaveText('Filters (1)');
        else await expect(page.getByTestId('filter-on')).toBeVisible();
        await expect(page.getByText('Please select a project to view data.')).toHaveCount(0);
      }
    });

    test('a dot of the cycle-time scatter and of the aging chart opens its item in Fluxion', async ({
      page,
    }) => {
      await signInNewUser(page, 'fluent');
      for (const chart of ['flow-scatter', 'flow-aging']) {
        await page.goto('/flow?demo=1');
        const dots = page.getByTestId(chart).getByRole('link', { name: /^Open .+ in Fluxion$/ });
        // A new viewer's first Flow answer and the charts' code: as the other specs, up to 20 s on a busy machine.
        await expect(dots.first()).toBeVisible({ timeout: 20_000 });
        await page.getByTestId(chart).locator('.recharts-surface').scrollIntoViewIfNeeded();
        // A dot in view that no other dot covers: the pointer reaches that one.
        const free = await dots.evaluateAll((links) =>
          links.findIndex((link) => {
            const box = link.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return hit !== null && link.contains(hit);
          }),
        );
        expect(free).toBeGreaterThanOrEqual(0);
        const dot = dots.nth(free);
        const href = (await dot.getAttribute('href')) ?? '';
        expect(href).toMatch(/^\/item\?project=.+&item=.+$/);
        await dot.click();
        await expect
          .poll(() => {
            const opened = new URL(page.url());
            return opened.pathname + opened.search;
          })
          .toBe(href);
        await expect(page.getByTestId('item-moves')).toBeVisible();
      }
      // The keyboard reaches a dot too: focus, then Enter.
      await page.goto('/flow?demo=1');
      const dot = page
        .getByTestId('flow-scatter')
        .getByRole('link', { name: /^Open .+ in Fluxion$/ })
        .first();
      await dot.focus();
      await expect(dot).toBeFocused();
      await page
        .getByTestId('flow-scatter')
        .screenshot({ path: `test-results/fluent-dot-focus-${size.name}.png` });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/item\?project=.+&item=.+/);
      await expect(page.getByTestId('item-moves')).toBeVisible();
    });

    test('Manage Projects is in the user menu', async ({ page }) => {
      await signInNewUser(page, 'fluent');
      await page.getByRole('button', { name: 'Open user menu' }).click();
      const item = page.getByRole('menuitem', { name: 'Projects' });
      await expectUncovered(item);
      await item.click();
      await expect(page).toHaveURL(/\/manage-projects$/);
      await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    });

    test("a tap on a Time in State tile's (i) shows its productive and waiting columns", async ({
      browser,
    }) => {
      // A phone's finger: touch events, no hover.
      const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.name === 'phone' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      await signInNewUser(page, 'fluent');
      await page.goto('/time-in-state?demo=1');
      const info = page.getByRole('button', { name: 'About Queue Health' });
      // A new user's first page of the demo: ~1 s from the address to the tiles on an idle 2-core machine,
      // 6 s with both cores busy elsewhere (measured 29 Nov): CI's two workers and Chromium are that load.
      await expect(info).toBeVisible({ timeout: 30_000 });
      await expectUncovered(info);
      if (size.name === 'phone') await info.tap();
      else await info.click();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveText(/^Productive columns: .+\. Waiting columns: .+\.$/);
      await expectUncovered(tooltip);
      const box = await tooltip.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= size.viewport.width).toBe(true);
      await page.keyboard.press('Escape');
      await expect(tooltip).toHaveCount(0);
      // The keyboard: focus shows it.
      await page.getByRole('button', { name: 'About Time-intensive Stage' }).focus();
      await expect(page.getByRole('tooltip')).toHaveText(/^Productive columns: /);
      await context.close();
      expect(errors).toEqual([]);
    });
  });
}
