import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { SIZES, signIn, sim, test } from './support/journey.ts';
import { ownOrg, signInNewUser } from './support/own-world.ts';

const DAY = 86_400_000;

/** The rows of Flow's distribution card: value → [finished, in progress]. */
async function splitRows(page: Page): Promise<Record<string, [number, number]>> {
  const rows: Record<string, [number, number]> = {};
  for (const row of await page.getByTestId('flow-by-type').getByTestId('type-row').all()) {
    const cells = await row.getByRole('cell').allTextContents();
    rows[cells[0] ?? ''] = [Number(cells[1]), Number(cells[2])];
  }
  return rows;
}

/**
 * Flow split by a board field (issue 36; docs/metrics.md, "Breakdown"): the team picks "Priority" in Edit
 * project, Flow's distribution is then titled and split by it, a choice brings back issue types, and the
 * filter bar keeps one Priority on the page.
 */
for (const size of SIZES) {
  test.describe(`Flow split by a board field at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('Priority picked in Edit project splits Flow by it, and filters it', async ({ page }) => {
      test.setTimeout(120_000);
      const title = `Prioritised ${size.name}`;
      const team = await ownOrg(page, `by-field-${size.name}`);
      const project = await sim<{ id: string; number: number }>(page, '/_sim/projects', {
        owner: team.org,
        title,
        columns: ['Todo', 'Doing', 'Done'],
        singleSelectFields: [
          { name: 'Priority', options: ['High', 'Low'] },
          { name: 'Team', options: ['Web', 'API'] },
        ],
      });
      const at = new Date(Date.now() - 2 * DAY).toISOString();
      for (const [name, status, priority] of [
        ['Checkout fails', 'Doing', 'High'],
        ['Refunds stuck', 'Doing', 'High'],
        ['Search is slow', 'Doing', 'Low'],
        ['Dark mode', 'Todo', 'Low'],
        ['Docs outdated', 'Doing', null],
      ] as const) {
        await sim(page, '/_sim/issues', {
          repo: `${team.org}/shop`,
          title: name,
          projectId: project.id,
          status,
          at,
          fields: priority ? { Priority: priority } : {},
        });
      }

      await signIn(page, team.login);
      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Add Project' }).click();
      const add = page.getByRole('dialog');
      await add.getByLabel('Organization').selectOption({ label: team.orgName });
      await add
        .getByRole('combobox', { name: /^Project/ })
        .selectOption({ label: `${title} (${team.org}/${project.number})` });
      await add.getByRole('button', { name: 'Add Project' }).click();
      await expect(page.getByText('Project successfully added!')).toBeVisible();

      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog');
      const breakdown = edit.getByRole('combobox', { name: 'Break down by' });
      await expect(breakdown).toBeEnabled();
      // The workflow field (Status) is not offered: its values are the columns.
      await expect(breakdown.locator('option')).toHaveText(['Issue type', 'Priority', 'Team']);
      await breakdown.selectOption({ label: 'Priority' });
      await breakdown.scrollIntoViewIfNeeded();
      await edit.screenshot({ path: `test-results/breakdown-field-edit-${size.name}.png` });
      await edit.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Project updated!')).toBeVisible();

      // Saving reads the board at once: the values arrive with the next full listing.
      const card = page.getByTestId('flow-by-type');
      await expect(async () => {
        await page.goto(`/flow?project=${project.id}`);
        await expect(card.getByRole('heading', { name: 'Work by Priority' })).toBeVisible({ timeout: 5_000 });
        expect(await splitRows(page)).toEqual({ High: [0, 2], Low: [0, 1], 'No Priority': [0, 1] });
      }).toPass({ timeout: 60_000 });
      await expect(card.getByRole('columnheader', { name: 'Priority' })).toBeVisible();
      // Its CSV: one line per value as the table has it, the items without one under an empty value.
      await card.getByRole('button', { name: /^Export .*Work by Priority$/ }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'CSV (the data shown)' }).click(),
      ]);
      const [header, ...lines] = (await readFile(await download.path(), 'utf8')).trimEnd().split('\n');
      expect(header).toMatch(
        /^Priority,Finished in the last 30 days,In progress now,Cycle time p50 \(days\),/,
      );
      expect(lines.map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
        'High,0,2',
        'Low,0,1',
        ',0,1',
      ]);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/flow-by-field-${size.name}.png` });

      // Back to issue types on this page only: the board's setting stays.
      await card.getByLabel('Split by').selectOption({ label: 'Issue type' });
      await expect(card.getByRole('heading', { name: 'Work type distribution' })).toBeVisible();
      await expect(page).toHaveURL(/breakdown=issue_type/);
      await card.getByLabel('Split by').selectOption({ label: 'Priority' });
      await expect(card.getByRole('heading', { name: 'Work by Priority' })).toBeVisible();

      // One Priority on the whole page, from the filter bar (folded behind "Filters" on a phone).
      const toggle = page.getByRole('button', { name: /^Filters/ });
      if (await toggle.isVisible()) await toggle.click();
      const bar = page.getByTestId('filter-bar');
      await bar.getByLabel('Priority', { exact: true }).fill('High');
      await bar.getByRole('button', { name: 'Apply filter' }).click();
      await expect(page).toHaveURL(/field_value=High/);
      await expect(async () => {
        expect(await splitRows(page)).toEqual({ High: [0, 2] });
      }).toPass({ timeout: 15_000 });

      // The "No Priority" row has its filter too: the items without a value, on the whole page.
      if (await toggle.isVisible()) await toggle.click();
      const priority = bar.getByLabel('Priority', { exact: true });
      await priority.fill('');
      // Emptied, the field lists the board's values; "No Priority" stays in reach while the list is open
      // (it sat under the field, and the list covered it): the check below clicks it where it is shown.
      const names = bar.getByRole('listbox');
      await expect(names.getByRole('option', { name: /High/ })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/filter-no-priority-list-open-${size.name}.png` });
      await bar.getByRole('checkbox', { name: 'No Priority' }).check();
      await bar.getByRole('button', { name: 'Apply filter' }).click();
      await expect(page).toHaveURL(/field_value=%7Enone/);
      await expect(page).not.toHaveURL(/field_value=High/);
      await expect(async () => {
        expect(await splitRows(page)).toEqual({ 'No Priority': [0, 1] });
      }).toPass({ timeout: 15_000 });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/flow-no-priority-${size.name}.png` });
    });
  });
}

test('the demo splits its work by its Priority field, and by type on request', async ({ page }) => {
  await signInNewUser(page, 'by-field-demo');
  await page.goto('/flow?demo=1');
  const card = page.getByTestId('flow-by-type');
  await expect(card.getByRole('heading', { name: 'Work by Priority' })).toBeVisible({ timeout: 30_000 });
  const values = await card.getByTestId('type-row').getByRole('cell').first().allTextContents();
  expect(values.length).toBeGreaterThan(0);
  for (const value of await card.getByTestId('type-row').all())
    expect(['High', 'Medium', 'Low', 'No Priority']).toContain(
      await value.getByRole('cell').first().textContent(),
    );
  await card.getByLabel('Split by').selectOption({ label: 'Issue type' });
  await expect(card.getByRole('heading', { name: 'Work type distribution' })).toBeVisible();
});
