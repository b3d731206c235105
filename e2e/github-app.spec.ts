import { expect, type Page } from '@playwright/test';
import { SIZES, sim, signIn, simUser, test } from './support/journey.ts';

/**
 * The GitHub App journey (docs/github.md, "GitHub App"): local mode runs as the simulator's App, users sign
 * in through it, and a user installs it on their organization with selected repositories. The board's
 * private issue shows for the user who may see it; a repository taken out of the installation takes its
 * items out of the answers (counted as unreadable, with the fix); an uninstall says "access lost" and keeps
 * the history; installing again resumes.
 */
type Board = { id: string; number: number };

/** A new organization owned by `login`, its board with one issue of a public and one of a private repository. */
async function organization(page: Page, org: string, login: string): Promise<Board> {
  await sim(page, '/_sim/orgs', { login: org, name: `Org ${org}`, members: [login] });
  await sim(page, `/_sim/orgs/${org}/owners`, { login });
  const board = await sim<Board>(page, '/_sim/projects', {
    owner: org,
    title: 'Delivery',
    columns: ['Todo', 'Doing', 'Done'],
  });
  await sim(page, '/_sim/issues', {
    repo: `${org}/web`,
    title: 'Public work',
    projectId: board.id,
    status: 'Doing',
  });
  await sim(page, '/_sim/issues', {
    repo: `${org}/vault`,
    title: 'Private work',
    projectId: board.id,
    status: 'Doing',
    visibleTo: [login],
  });
  return board;
}

/**
 * GitHub's install page, reached from Manage Projects' "Install on an organization" link: the simulator
 * installs without a click, as `login`, on the repositories named (what the owner picks on GitHub's page).
 */
async function installThroughGithub(page: Page, login: string, repositories?: string[]) {
  await page.goto('/manage-projects');
  const link = page.getByRole('link', { name: 'Install on an organization' });
  await expect(link).toBeVisible();
  const url = new URL((await link.getAttribute('href')) ?? '');
  url.searchParams.set('login', login);
  if (repositories) url.searchParams.set('repositories', repositories.join(','));
  await page.goto(url.toString());
  await expect(page).toHaveURL(/\/manage-projects\?github_app=installed/);
}

async function installationOf(page: Page, org: string): Promise<number> {
  const all = await sim<{ id: number; account: { login: string } | null }[]>(
    page,
    '/_sim/installations',
    undefined,
    'GET',
  );
  const found = all.find((i) => i.account?.login === org);
  if (!found) throw new Error(`no installation on ${org}`);
  return found.id;
}

/** The board's "Doing" column on Issues in Columns, reloaded until `expectation` holds (the collector runs every 5 s). */
async function doingColumn(page: Page, board: Board, expectation: (page: Page) => Promise<void>) {
  const url = `/issues-in-columns?${new URLSearchParams({ project: board.id, column: 'Doing' })}`;
  await expect(async () => {
    await page.goto(url);
    await expectation(page);
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] });
}

for (const size of SIZES) {
  test(`sign in, install on an organization, read a private issue; repository removed, uninstalled, re-installed (${size.name})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size.viewport);
    const login = `app-user-${size.name}`;
    const org = `app-org-${size.name}`;
    await simUser(page, login);
    const board = await organization(page, org, login);

    // Sign-in goes through the App (its client id, no scopes) and comes straight back.
    await signIn(page, login);

    // Before the install the Add dialog says why the organization's boards are missing, not "no boards".
    await page.goto('/manage-projects');
    await page.getByRole('button', { name: 'Add Project' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Organization').selectOption({ label: `Org ${org}` });
    await expect(dialog.getByText(`The Fluxion GitHub App is not installed on ${org}`)).toBeVisible();
    await expect(dialog.getByText('No available projects')).toHaveCount(0);
    await page.screenshot({ path: `test-results/github-app-not-installed-${size.name}.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Install with selected repositories: both of the board's.
    await installThroughGithub(page, login, [`${org}/web`, `${org}/vault`]);
    await expect(page.locator('[data-github-app="installed"]')).toContainText(`installed on ${org}`);

    await page.getByRole('button', { name: 'Add Project' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Organization').selectOption({ label: `Org ${org}` });
    await dialog
      .getByRole('combobox', { name: /^Project/ })
      .selectOption({ label: `Delivery (${org}/${board.number})` });
    await dialog.getByRole('combobox', { name: /^Iteration length/ }).selectOption({ label: '2 weeks' });
    await dialog.getByRole('button', { name: 'Add Project' }).click();
    await expect(page.getByText('Project successfully added!')).toBeVisible();

    // The private issue is the user's to see: the App reads it, and GitHub lets this user see it.
    await doingColumn(page, board, async (p) => {
      await expect(p.getByRole('main').getByText('Private work')).toBeVisible({ timeout: 2_000 });
      await expect(p.getByRole('main').getByText('Public work')).toBeVisible({ timeout: 2_000 });
    });
    await page.screenshot({ path: `test-results/github-app-private-${size.name}.png`, fullPage: true });

    // The owner takes the private repository out of the installation on GitHub: Fluxion no longer reads
    // its item, which is unknown, not removed (it stays where it was last seen, its age kept: issue 33,
    // finding 4), and the board says how many items Fluxion may not read, with the fix.
    const installation = await installationOf(page, org);
    await sim(
      page,
      `/_sim/installations/${installation}/repositories`,
      { repositorySelection: 'selected', repositories: [`${org}/web`] },
      'PUT',
    );
    await doingColumn(page, board, async (p) => {
      await expect(p.getByRole('main').getByText('Public work')).toBeVisible({ timeout: 2_000 });
      await expect(p.getByRole('main').getByText('Private work')).toBeVisible();
      await expect(
        p.getByText('1 item on this board comes from a repository Fluxion may not read'),
      ).toBeVisible({ timeout: 2_000 });
    });
    await expect(
      page.getByRole('link', { name: `Add these repositories to the Fluxion GitHub App on ${org}` }),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/github-app-unreadable-${size.name}.png`, fullPage: true });

    // Uninstalled: the board says access was lost and what to do; its history stays.
    await sim(page, `/_sim/installations/${installation}`, undefined, 'DELETE');
    await expect(async () => {
      await page.goto('/manage-projects');
      await expect(page.getByText('GitHub access lost', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
    await expect(
      page.getByText(new RegExp(`Re-install the Fluxion GitHub App on ${org}`)).first(),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/github-app-access-lost-${size.name}.png`, fullPage: true });
    await doingColumn(page, board, async (p) => {
      await expect(p.getByRole('main').getByText('Public work')).toBeVisible({ timeout: 2_000 });
    });

    // Installed again (all repositories): collection resumes, the private issue is back.
    await installThroughGithub(page, login);
    await doingColumn(page, board, async (p) => {
      await expect(p.getByRole('main').getByText('Private work')).toBeVisible({ timeout: 2_000 });
      await expect(p.getByText(/may not read/)).toHaveCount(0);
    });
    await page.goto('/manage-projects');
    await expect(page.getByText('GitHub access lost', { exact: true })).toHaveCount(0);
  });
}

for (const size of SIZES) {
  test(`connect personal boards: an App sign-in adds the user's own board once connected (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size.viewport);
    const login = `own-user-${size.name}`;
    await simUser(page, login);
    const own = await sim<Board>(page, '/_sim/projects', {
      owner: login,
      title: 'Own board',
      columns: ['Todo', 'Doing', 'Done'],
    });
    await sim(page, '/_sim/issues', {
      repo: `${login}/notes`,
      title: 'Own work',
      projectId: own.id,
      status: 'Doing',
    });
    await signIn(page, login);

    // GitHub shows no App token a user's own board: the dialog says so and offers the connection.
    await page.goto('/manage-projects');
    await page.getByRole('button', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(/does not let the Fluxion GitHub App read boards owned by a user/),
    ).toBeVisible();
    await expect(dialog.getByText('No available projects')).toHaveCount(0);
    await page.screenshot({
      path: `test-results/github-app-personal-missing-${size.name}.png`,
      fullPage: true,
    });
    await dialog.getByRole('button', { name: 'Connect personal boards' }).click();

    // GitHub's authorize page (read:project only, already approved) sends the browser straight back.
    await expect(page).toHaveURL(/\/manage-projects\?github_personal=connected/);
    await expect(page.locator('[data-github-personal="connected"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disconnect personal boards' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Project' }).click();
    await page
      .getByRole('dialog')
      .getByRole('combobox', { name: /^Project/ })
      .selectOption({ label: `Own board (${login}/${own.number})` });
    await page.getByRole('dialog').getByRole('button', { name: 'Add Project' }).click();
    await expect(page.getByText('Project successfully added!')).toBeVisible();
    await doingColumn(page, own, async (p) => {
      await expect(p.getByRole('main').getByText('Own work')).toBeVisible({ timeout: 2_000 });
    });
  });
}
