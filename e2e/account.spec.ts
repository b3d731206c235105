import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { SIZES, sim, simUser, test } from './support/journey.ts';

/**
 * Users own their data (docs/api.md, Account): "Download my data" gives a JSON file of the boards they
 * track with their settings; "Delete my account" says first what goes and what stays, then ends the
 * sign-in and lands on the sign-in page, saying it was done. Each size has its own user and boards.
 */

/** Signs in through the simulator; the machine is shared, so the first paint may take a while. */
async function signIn(page: Page, login: string) {
  await page.goto(`/accounts/github/login/?login=${login}`);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible({ timeout: 20_000 });
}

/** Adds a board through the API, as the signed-in user of this page. */
async function track(page: Page, projectId: string, days: number) {
  const status = await page.evaluate(
    async ({ id, length }) => {
      const response = await fetch('/api/projects/', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('access_token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ project_id: id, iteration_length: length }),
      });
      return `${response.status} ${response.status === 201 ? '' : await response.text()}`;
    },
    { id: projectId, length: days },
  );
  expect(status).toBe('201 ');
}

for (const size of SIZES) {
  test(`download my data, then delete my account (${size.name})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // After the deletion the old sign-in is refused (logout, then the account page): on purpose.
    consoleErrors.allow(/401 \(Unauthorized\)/);
    consoleErrors.allow(/Failed to load projects SessionExpiredError/);
    await page.setViewportSize(size.viewport);
    const login = `owner-${size.name}`;
    const other = `other-${size.name}`;
    const org = `data-org-${size.name}`;
    await simUser(page, login);
    await simUser(page, other);
    await sim(page, '/_sim/orgs', { login: org, name: `Org ${org}`, members: [login, other] });
    await sim(page, '/_sim/installations', { org });
    const solo = await sim<{ id: string }>(page, '/_sim/projects', {
      owner: org,
      title: `Solo board ${size.name}`,
      columns: ['Todo', 'Doing', 'Done'],
    });
    const shared = await sim<{ id: string }>(page, '/_sim/projects', {
      owner: org,
      title: `Shared board ${size.name}`,
      columns: ['Todo', 'Doing', 'Done'],
    });

    // Someone else tracks the shared board too (their own browser).
    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, other);
    await track(otherPage, shared.id, 7);
    await otherContext.close();

    await signIn(page, login);
    await track(page, solo.id, 14);
    await track(page, shared.id, 7);

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^fluxion-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8')) as {
      user: { username: string };
      boards: { title: string; iteration_length_days: number }[];
    };
    expect(data.user.username).toBe(login);
    expect(data.boards.map((b) => [b.title, b.iteration_length_days]).sort()).toEqual([
      [`Shared board ${size.name}`, 7],
      [`Solo board ${size.name}`, 14],
    ]);
    await page.screenshot({ path: `test-results/account-data-${size.name}.png`, fullPage: true });

    // Delete: the confirmation says what goes and what stays; "Keep my account" changes nothing.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(/Deleted with everything recorded of them.*Solo board/)).toBeVisible();
    await expect(dialog.getByText(/These stay, with their history.*Shared board/)).toBeVisible();
    await page.screenshot({ path: `test-results/account-delete-${size.name}.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Your account was deleted.')).toBeVisible();
    await page.screenshot({ path: `test-results/account-deleted-${size.name}.png`, fullPage: true });
    // The old sign-in is over: the account page sends the browser back to sign in.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login/);
  });
}
