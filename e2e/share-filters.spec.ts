import { expect, type Page } from '@playwright/test';
import { expectWithinWidth, SIZES, test } from './support/journey.ts';
import { signInNewUser } from './support/own-world.ts';

const DEMO = 'Storefront delivery';
const PHONE = SIZES[1].viewport;

/** The Flow figures a share link must reproduce: the tiles, then the forecast table's rows. */
async function figures(page: Page): Promise<{ tiles: string[]; forecast: string[] }> {
  const tiles = page.locator('[data-tone]');
  await expect(tiles.first()).toBeVisible();
  const rows = page.getByTestId('flow-forecast').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return { tiles: await tiles.allInnerTexts(), forecast: await rows.allInnerTexts() };
}

/** A UTC day `days` before today, as the date field takes it. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('an owner on a phone shares the Flow page with a label filter and a date range; a stranger sees the same filtered figures until the link is revoked', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await page.setViewportSize(PHONE);
  await signInNewUser(page, 'share-filters');
  await page.goto('/flow?demo=1&days=30');
  await expect(page.getByText('Throughput per week', { exact: true })).toBeVisible();
  const unfiltered = await figures(page);

  // On a phone the fields are folded behind the disclosure button.
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Labels (any of)')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const from = daysAgo(21);
  await page.getByLabel('Labels (any of)').fill('bug');
  await page.getByLabel('On the board from').fill(from);
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]label=bug&from=${from}(&|$)`));
  const folded = page.getByRole('button', { name: 'Filters (2)' });
  await expect(folded).toHaveAttribute('aria-expanded', 'false');
  await expect(folded).toBeFocused();
  await expect(page.getByLabel('Labels (any of)')).toBeHidden();
  await expect(page.locator('[data-severity]')).toContainText(`(Filter on: label "bug"; from ${from}.)`);
  const filtered = await figures(page);
  expect(filtered.tiles).not.toEqual(unfiltered.tiles);

  await page.getByRole('button', { name: 'Share this view' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('share-filters')).toHaveText(
    `With this page's filters: label "bug"; from ${from}.`,
  );
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/share#[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A fresh browser on a phone: no sign-in, no cookies; the filter comes with the link, not the address.
  const stranger = await browser.newContext({ viewport: PHONE });
  const visitor = await stranger.newPage();
  consoleErrors.allow(/410/);
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: `${DEMO} — shared analyses` })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Open user menu' })).toHaveCount(0);
  await expect(visitor.getByText(/Read-only view of the last 30 days \(UTC\)/)).toBeVisible();
  await expect(visitor.getByTestId('shared-filters')).toHaveText(
    `Filters on: label "bug"; from ${from}. The figures count only the matching items.`,
  );
  await expect(visitor.locator('[data-severity]')).toContainText(`(Filter on: label "bug"; from ${from}.)`);
  expect(await figures(visitor)).toEqual(filtered);
  await expect(visitor.getByRole('region', { name: 'Lead Time' })).toBeVisible();
  await expectWithinWidth(visitor.getByTestId('shared-view'), PHONE.width);
  await visitor.screenshot({ path: 'test-results/share-filtered-phone.png', fullPage: true });

  await page.goto('/manage-projects');
  const link = page.getByTestId('share-link').filter({ hasText: `label "bug" · from ${from}` });
  await expect(link).toHaveCount(1);
  await expect(link).toContainText('Active');
  await link.getByRole('button', { name: new RegExp(`^Revoke the link to ${DEMO}`) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(link).toContainText('Revoked');
  await visitor.reload();
  await expect(visitor.getByTestId('share-refused')).toContainText(
    'This share link was revoked by its owner',
  );
  await expect(visitor.getByTestId('shared-view')).toHaveCount(0);
  await stranger.close();
});
