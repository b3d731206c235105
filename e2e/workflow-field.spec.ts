import { expect } from '@playwright/test';
import { SIZES, signIn, sim, test } from './support/journey.ts';

const DAY = 86_400_000;

for (const size of SIZES) {
  test.describe(`workflow field on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a "Stage" board is added by choosing its field, and its history counts are shown', async ({
      page,
    }) => {
      // A board whose columns live in "Stage" (no field is named Status), with a Priority field beside it.
      const title = `Staged ${size.name}`;
      const project = await sim<{ id: string; number: number }>(page, '/_sim/projects', {
        owner: 'fluxion-labs',
        title,
        columns: ['Idea', 'Build', 'Shipped'],
        statusField: 'Stage',
        singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
      });
      const added = new Date(Date.now() - 3 * DAY).toISOString();
      const items: string[] = [];
      for (const name of ['Pricing page', 'Invoice export', 'Team invites']) {
        const issue = await sim<{ itemId: string }>(page, '/_sim/issues', {
          repo: 'fluxion-labs/staged',
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

      await signIn(page, 'octo-alice');
      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Add Project' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Organization').selectOption({ label: 'Fluxion Labs' });
      await dialog
        .getByRole('combobox', { name: /^Project/ })
        .selectOption({ label: `${title} (fluxion-labs/${project.number})` });
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
          /^History imported for 3 items, partial for 2; recorded move by move since \d{1,2} [A-Z][a-z]{2}$/,
          { timeout: 2_000 },
        );
      }).toPass({ timeout: 45_000 });
      await page.screenshot({ path: `test-results/workflow-field-list-${size.name}.png`, fullPage: true });

      // Every board page says it too.
      await page.goto(`/time-in-state?project=${project.id}`);
      await expect(page.getByRole('main').locator('[data-history]')).toHaveText(
        /^History imported for 3 items, partial for 2; recorded move by move since/,
      );
      await page.screenshot({ path: `test-results/workflow-field-board-${size.name}.png` });
    });
  });
}
