import { expect, type Page } from '@playwright/test';
import { signIn, test } from './support/journey.ts';
import { ownTeam, signInNewUser } from './support/own-world.ts';

/** After a saved edit of "Web app": its Time in State tiles' tooltips list the columns so. */
async function expectTimeInStateTooltips(page: Page, classification: string) {
  await expect(page.getByText('Project updated!')).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Project' })
    .selectOption({ label: 'Web app' });
  await page.getByRole('link', { name: 'Time in State' }).click();
  // A board just added says "Importing the history" (no tiles) until its import lands, then its tiles show.
  const about = page.getByRole('main').getByRole('button', { name: /^About / });
  await expect(about).toHaveCount(4, { timeout: 20_000 });
  // Each tile's (i) tells the columns so (focus opens it, as a tap or a click does).
  for (const button of await about.all()) {
    await button.focus();
    await expect(page.getByRole('tooltip')).toHaveText(classification);
    await page.keyboard.press('Escape');
  }
}

test('a user adds a simulator board, sees it in the list and the selector, edits it and deletes it', async ({
  page,
}) => {
  const team = await ownTeam(page, 'projects');
  await signIn(page, team.login);
  await page.goto('/manage-projects');
  const list = page.getByRole('list', { name: 'Projects' });
  await expect(list).toContainText('Storefront delivery');

  await page.getByRole('button', { name: 'Add Project' }).click();
  const dialog = page.getByRole('dialog');
  const submit = dialog.getByRole('button', { name: 'Add Project' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Organization').selectOption({ label: team.orgName });
  await dialog.getByRole('combobox', { name: /^Project/ }).selectOption({ label: team.webApp.label });
  await expect(dialog.getByLabel('Cycle time start column (optional)')).toBeEnabled();
  await dialog.getByLabel('Cycle time start column (optional)').selectOption('In Progress');
  await dialog.getByRole('combobox', { name: /^Iteration length/ }).selectOption({ label: '2 weeks' });
  await submit.click();

  await expect(page.getByText('Project successfully added!')).toBeVisible();
  await expect(list).toContainText('Web app');
  await expect(list).toContainText('14 days iteration');
  await expect(
    page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Project' })
      .locator('option', { hasText: 'Web app' }),
  ).toHaveCount(1);
  await page.screenshot({ path: 'test-results/projects.png', fullPage: true });

  await page.getByRole('button', { name: 'Edit Web app' }).click();
  await page
    .getByRole('dialog')
    .getByRole('combobox', { name: /^Iteration length/ })
    .selectOption({ label: '4 days' });
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Project updated!')).toBeVisible();
  await expect(list).toContainText('4 days iteration');

  // The team waits in QA: the Time in State tiles list it with the waiting columns.
  await page.getByRole('button', { name: 'Edit Web app' }).click();
  const edit = page.getByRole('dialog');
  const kindOf = (column: string) => edit.getByRole('list', { name: `Kind of column ${column}` });
  await expect(kindOf('QA').getByRole('button', { name: 'Productive' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(edit.getByRole('list', { name: 'Kind of column Done' })).toHaveCount(0);
  await kindOf('QA').getByRole('button', { name: 'Waiting' }).click();
  await expect(kindOf('QA').getByRole('button', { name: 'Waiting' })).toHaveAttribute('aria-pressed', 'true');
  await edit.screenshot({ path: 'test-results/edit-project-classification.png' });
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expectTimeInStateTooltips(page, 'Productive columns: In Progress. Waiting columns: Todo, QA.');

  // Back to automatic: QA is productive again, by its name.
  await page.goto('/manage-projects');
  await page.getByRole('button', { name: 'Edit Web app' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset to automatic' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await expectTimeInStateTooltips(page, 'Productive columns: In Progress, QA. Waiting columns: Todo.');
  await page.goto('/manage-projects');

  await page.getByRole('button', { name: 'Delete Web app' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Project deleted.')).toBeVisible();
  await expect(list).not.toContainText('Web app');
  await expect(
    page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Project' })
      .locator('option', { hasText: 'Web app' }),
  ).toHaveCount(0);
});

test('the demo dashboards open from the onboarding link with the demo project selected', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await page.getByRole('link', { name: 'Open the demo Lead Time' }).click();
  // `?demo=1` selects the demo, then the address names it (`?project=`) once the projects are loaded.
  await expect(page).toHaveURL(/\/lead-time\?(demo=1|project=[^&]+)$/);
  const picker = page.getByRole('banner').getByRole('combobox', { name: 'Project' });
  await expect(picker.locator('option:checked')).toHaveText('Storefront delivery');
  await expect(page.getByText('Lead Time Trend')).toBeVisible();
  await expect(page.getByText('Process Stability')).toBeVisible();
  await expect(page.locator('.recharts-line')).toHaveCount(2);
  await page.getByRole('link', { name: 'Issues in Columns' }).click();
  await expect(page.getByText('Select Column:')).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
});

test('a user removes the demo project from their list and brings it back', async ({ page }) => {
  await signInNewUser(page, 'no-demo');
  await page.goto('/manage-projects');
  const list = page.getByRole('list', { name: 'Projects' });
  await expect(list).toContainText('Storefront delivery');
  await page.getByRole('button', { name: 'Delete Storefront delivery' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Project deleted.')).toBeVisible();
  await expect(page.getByText('No tracked projects yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Restore the demo project' }).click();
  await expect(list).toContainText('Storefront delivery');
  await expect(page.getByRole('button', { name: 'Restore the demo project' })).toHaveCount(0);
});
