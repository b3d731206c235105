import { expect } from '@playwright/test';
import { SIZES, signIn, sim, test } from './support/journey.ts';
import { ownOrg } from './support/own-world.ts';

const DAY = 86_400_000;

for (const size of SIZES) {
  test.describe(`workflow field on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a "Stage" board is added by choosing its field, and its history counts are shown', async ({
      page,
    }) => {
      // A board whose columns live in "Stage" (no field is named Status), with a Priority field beside it.
      const title = `Staged ${size.name}`;
      const team = await ownOrg(page, `field-${size.name}`);
      const project = await sim<{ id: string; number: number }>(page, '/_sim/projects', {
        owner: team.org,
        title,
        columns: ['Idea', 'Build', 'Shipped'],
        statusField: 'Stage',
        singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
      });
      const added = new Date(Date.now() - 3 * DAY).toISOString();
      const items: string[] = [];
      for (const name of ['Pricing page', 'Invoice export', 'Team invites']) {
        const issue = await sim<{ itemId: string }>(page, '/_sim/issues', {
          repo: `${team.org}/staged`,
          title: name,
          projectId: project.id,
          status: 'Idea',
          at: added,
        });
        items.push(issue.itemId);
      }
      // GitHub writes no timeline event for a field not named Status: these moves leave gaps.
      await sim(page, `/_sim/items/${items[1]}/move`, { status: 'Build', at: Date.now() - 2 * DAY });
      await sim(page, `/_sim/items/${items[2]}/move`, { status: 'Shipped', at: Date.now() - DAY });

      await signIn(page, team.login);
      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Add Project' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Organization').selectOption({ label: team.orgName });
      await dialog
        .getByRole('combobox', { name: /^Project/ })
        .selectOption({ label: `${title} (${team.org}/${project.number})` });
      const field = dialog.getByRole('combobox', { name: /^Workflow field/ });
      await expect(field).toBeEnabled();
      // The board view groups by Stage: it is the default; Priority is offered too.
      await expect(field.locator('option:checked')).toHaveText('Stage (Idea, Build, Shipped)');
      await expect(field.locator('option')).toHaveText([
        'Stage (Idea, Build, Shipped)',
        'Priority (High, Low)',
      ]);
      await field.selectOption({ label: 'Priority (High, Low)' });
      await expect(dialog.getByLabel('Cycle time start column (optional)').locator('option')).toHaveText([
        'No cycle start column',
        'High',
        'Low',
      ]);
      await field.selectOption({ label: 'Stage (Idea, Build, Shipped)' });
      await dialog.getByLabel('Cycle time start column (optional)').selectOption('Build');
      await dialog.screenshot({ path: `test-results/workflow-field-add-${size.name}.png` });
      await dialog.getByRole('button', { name: 'Add Project' }).click();
      await expect(page.getByText('Project successfully added!')).toBeVisible();

      const row = page
        .getByRole('list', { name: 'Projects' })
        .getByRole('listitem')
        .filter({ hasText: title });
      // The first sync imports the history: two items moved without a timeline event are partial.
      await expect(async () => {
        await page.reload();
        await expect(row.locator('[data-history]')).toHaveText(
          /^History imported for 3 items, partial for 2 \(1 estimated, 1 unknown\); recorded move by move since [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
          { timeout: 2_000 },
        );
      }).toPass({ timeout: 45_000 });
      await page.screenshot({ path: `test-results/workflow-field-list-${size.name}.png`, fullPage: true });

      // Every board page says it too.
      await page.goto(`/time-in-state?project=${project.id}`);
      await expect(page.getByRole('main').locator('[data-history]')).toHaveText(
        /^History imported for 3 items, partial for 2 \(1 estimated, 1 unknown\); recorded move by move since/,
      );
      await page.screenshot({ path: `test-results/workflow-field-board-${size.name}.png` });
    });

    test("changing a tracked board's workflow field says what happens to its history, and does it", async ({
      page,
    }) => {
      // Two histories imported one after the other: the first field's, then the new one's.
      test.setTimeout(120_000);
      const title = `Re-fielded ${size.name}`;
      const team = await ownOrg(page, `field-${size.name}`);
      const project = await sim<{ id: string; number: number }>(page, '/_sim/projects', {
        owner: team.org,
        title,
        columns: ['Idea', 'Build', 'Shipped'],
        statusField: 'Stage',
        singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
      });
      for (const [name, stage] of [
        ['Audit log', 'Idea'],
        ['SAML login', 'Build'],
      ]) {
        await sim(page, '/_sim/issues', {
          repo: `${team.org}/staged`,
          title: name,
          projectId: project.id,
          status: stage,
          at: new Date(Date.now() - 2 * DAY).toISOString(),
        });
      }
      // Tracked first by the wrong field: Priority, where no item has a value.
      await signIn(page, team.login);
      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Add Project' }).click();
      const add = page.getByRole('dialog');
      await add.getByLabel('Organization').selectOption({ label: team.orgName });
      await add
        .getByRole('combobox', { name: /^Project/ })
        .selectOption({ label: `${title} (${team.org}/${project.number})` });
      const chosen = add.getByRole('combobox', { name: /^Workflow field/ });
      await expect(chosen).toBeEnabled();
      await chosen.selectOption({ label: 'Priority (High, Low)' });
      await add.getByLabel('Cycle time start column (optional)').selectOption('High');
      await add.getByRole('button', { name: 'Add Project' }).click();
      await expect(page.getByText('Project successfully added!')).toBeVisible();
      const row = page
        .getByRole('list', { name: 'Projects' })
        .getByRole('listitem')
        .filter({ hasText: title });
      await expect(row).toContainText('Cycle start: High');
      const history = async (counts: RegExp) =>
        expect(async () => {
          await page.reload();
          await expect(row.locator('[data-history]')).toHaveText(counts, { timeout: 2_000 });
        }).toPass({ timeout: 45_000 });
      await history(/^History imported for 0 items, partial for 0; recorded move by move since/);

      await row.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog');
      const field = edit.getByRole('combobox', { name: /^Workflow field/ });
      await expect(field).toBeEnabled();
      await expect(field.locator('option:checked')).toHaveText('Priority (High, Low)');
      // The cycle start is one of the board's own field's columns, not those GitHub's view groups by.
      const cycleStart = edit.getByLabel('Cycle time start column (optional)');
      await expect(cycleStart).toHaveValue('High');
      await expect(cycleStart.locator('option')).toHaveText(['No cycle start column', 'High', 'Low']);
      // Nothing is said until another field is chosen; then what Save will do to the recorded history.
      const explanation = edit.getByRole('alert').filter({ hasText: 'Saving deletes' });
      await expect(explanation).toHaveCount(0);
      await field.selectOption({ label: 'Stage (Idea, Build, Shipped)' });
      await expect(explanation).toHaveText(
        'Saving deletes the history recorded under “Priority” and reads the board again by “Stage” as if added now: its past moves are imported from GitHub again, with the gaps GitHub left marked partial, and the cycle time start column and column classification go back to automatic.',
      );
      await explanation.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/workflow-field-change-${size.name}.png` });
      await edit.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Project updated!')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Done as said: the cycle start is automatic again, and the history is read again by Stage, where
      // both items have a column.
      await expect(row).not.toContainText('Cycle start');
      await history(/^History imported for 2 items, partial for 0; recorded move by move since/);
      await row.getByRole('button', { name: `Edit ${title}` }).click();
      const again = page.getByRole('dialog');
      await expect(
        again.getByRole('combobox', { name: /^Workflow field/ }).locator('option:checked'),
      ).toHaveText('Stage (Idea, Build, Shipped)');
      await expect(again.getByLabel('Cycle time start column (optional)').locator('option')).toHaveText([
        'No cycle start column',
        'Idea',
        'Build',
        'Shipped',
      ]);
      await page.screenshot({ path: `test-results/workflow-field-changed-${size.name}.png`, fullPage: true });
      await again.getByRole('button', { name: 'Cancel' }).click();

      // Its user stops tracking it.
      await row.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(row).toHaveCount(0);
    });
  });
}
