import { expect } from '@playwright/test';
import { expectUncovered, GITHUB_SIM, SIZES, signIn, sim, simUser, test } from './support/journey.ts';
import { ownTeam, type Team } from './support/own-world.ts';

/**
 * GitHub failing for this journey's user and organization only (their tokens': the simulator serves the
 * journeys that run beside it too).
 */
const allFailing = (team: Team) => ({
  type: '5xx',
  status: 502,
  count: 500,
  scope: 'all',
  accounts: [team.login, team.org],
});

// A journey that fails halfway must not leave GitHub failing for the journeys after it.
test.afterEach(async ({ request }) => {
  await request.delete(`${GITHUB_SIM}/_sim/faults`);
});

/** Manage Projects while GitHub fails and after it recovers; Home once every board is gone. */
for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('Add Project says GitHub failed and retries; edit and delete work, nothing covered', async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 502/);
      const team = await ownTeam(page, `ops-${size.name}`);
      await signIn(page, team.login);
      await page.goto('/manage-projects');

      await sim(page, '/_sim/faults', allFailing(team));
      await page.getByRole('button', { name: 'Add Project' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('alert')).toContainText('GitHub request failed');
      await expect(dialog.getByText('Loading projects…')).toHaveCount(0);
      await expect(dialog.getByText('No available projects for this organization')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Add Project' })).toBeDisabled();
      await expectUncovered(dialog.getByRole('button', { name: 'Try again' }));

      await sim(page, '/_sim/faults', undefined, 'DELETE');
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      // Signed in through the GitHub App, the user's own boards wait for "Connect personal boards".
      await expect(
        dialog.getByText(/does not let the Fluxion GitHub App read boards owned by a user/),
      ).toBeVisible();

      // Only the organization's projects call fails: its error, not a false "No available projects".
      await sim(page, '/_sim/faults', { ...allFailing(team), scope: 'graphql' });
      await dialog.getByLabel('Organization').selectOption({ label: team.orgName });
      await expect(dialog.getByRole('alert')).toContainText('GitHub request failed');
      await expect(dialog.getByText('No available projects for this organization')).toHaveCount(0);
      await sim(page, '/_sim/faults', undefined, 'DELETE');
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(dialog.getByRole('option', { name: team.webApp.label })).toHaveCount(1);
      await dialog.getByRole('combobox', { name: /^Project/ }).selectOption({ label: team.webApp.label });
      await expect(dialog.getByRole('button', { name: 'Add Project' })).toBeEnabled();
      await dialog.getByRole('button', { name: 'Add Project' }).click();
      await expect(page.getByText('Project successfully added!')).toBeVisible();

      await page.getByRole('button', { name: 'Edit Web app' }).click();
      const edit = page.getByRole('dialog');
      await expectUncovered(edit.getByRole('heading', { name: 'Edit Project' }));
      await expectUncovered(edit.getByRole('button', { name: 'Close' }));
      await edit.getByRole('button', { name: 'Close' }).click();
      await expect(edit).toHaveCount(0);
      await page.getByRole('button', { name: 'Edit Web app' }).click();
      await edit.getByRole('combobox', { name: /^Iteration length/ }).selectOption({ label: '2 weeks' });
      await edit.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Project updated!')).toBeVisible();

      await page.getByRole('button', { name: 'Delete Web app' }).click();
      await expectUncovered(page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }));
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Project deleted.')).toBeVisible();
    });

    test('Home after deleting every board offers the onboarding and brings the demo back', async ({
      page,
    }) => {
      const login = `octo-empty-${size.name}`;
      await simUser(page, login);
      await signIn(page, login);
      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Delete Storefront delivery' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No tracked projects yet.')).toBeVisible();

      await page.getByRole('link', { name: 'Home' }).click();
      await expect(page.getByRole('heading', { name: 'Get started in three steps' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Projects →' })).toBeVisible();
      const restore = page.getByRole('button', { name: 'Restore the demo project' });
      await expectUncovered(restore);
      await restore.click();
      await expect(page.getByRole('article', { name: 'Storefront delivery' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Get started in three steps' })).toBeVisible();
    });
  });
}
