import { expect, type Page } from '@playwright/test';
import { connectPersonalBoards, signIn, sim, simUser } from './journey.ts';

/**
 * What a spec signs in as and the boards it changes are its own (issue 35, item 8): the spec files run in
 * parallel on one server and one simulator, and a spec that changed a shared user's list or a shared
 * board's settings made the next ones fail with it. The seeded users and boards are only read.
 */

const DAY = 86_400_000;

/** A simulator login no other spec, test or run uses (the simulator's world lives as long as the server). */
export function newLogin(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new simulator user who has authorized Fluxion, signed in: nothing of theirs is another spec's. */
export async function signInNewUser(page: Page, prefix: string): Promise<string> {
  const login = newLogin(prefix);
  await simUser(page, login);
  await signIn(page, login);
  return login;
}

export type Org = {
  login: string;
  /** The organization's login and its name, as the Add Project dialog lists it. */
  org: string;
  orgName: string;
};

/**
 * A new user who owns a new organization, on which Fluxion's GitHub App is installed with all its
 * repositories: the boards made there are this spec's alone. The user is not signed in.
 */
export async function ownOrg(page: Page, prefix: string): Promise<Org> {
  const login = newLogin(prefix);
  const org = `${login}-org`;
  const orgName = `Team ${login}`;
  await simUser(page, login);
  await sim(page, '/_sim/orgs', { login: org, name: orgName, members: [login] });
  await sim(page, `/_sim/orgs/${org}/owners`, { login });
  await sim(page, '/_sim/installations', { org, repositorySelection: 'all' });
  return { login, org, orgName };
}

export type Team = Org & {
  /** Its "Web app" board: the seeded one's history (packages/github-sim, seedWebApp), the dialog's label. */
  webApp: { id: string; number: number; label: string };
};

/**
 * `ownOrg` with the organization's "Web app" board: who first tracks it and how its settings are set is
 * this spec's affair alone.
 */
export async function ownTeam(page: Page, prefix: string): Promise<Team> {
  const owned = await ownOrg(page, prefix);
  const board = await sim<{ id: string; number: number }>(page, '/_sim/seeded/web-app', { owner: owned.org });
  return {
    ...owned,
    webApp: { id: board.id, number: board.number, label: `Web app (${owned.org}/${board.number})` },
  };
}

/** How an item of a partial board came to be started: the import estimates a start from the first three. */
export type StartEvidence = 'assigned' | 'connected' | 'reference' | 'none';

/**
 * Issues 31 and 37's board, the user's own: its columns live in "Stage", so GitHub keeps no event of any
 * move (as it now loses most Status events). Nine items moved through it over 30 days, six to Shipped,
 * one is in Doing, one in Verify, one new. `evidence` says, for the first items, what GitHub keeps of
 * their start (issue 37: an assignment when work started, a linked pull request merged when shipped).
 */
export async function partialBoard(
  page: Page,
  {
    login,
    title,
    itemTitle,
    evidence = [],
  }: { login: string; title: string; itemTitle: string; evidence?: StartEvidence[] },
): Promise<{ id: string; number: number }> {
  const project = await sim<{ id: string; number: number }>(page, '/_sim/projects', {
    owner: login,
    title,
    columns: ['Inbox', 'Doing', 'Verify', 'Shipped'],
    statusField: 'Stage',
    at: new Date(Date.now() - 40 * DAY).toISOString(),
  });
  const paths = [
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing', 'Verify', 'Shipped'],
    ['Doing'],
    ['Doing', 'Verify'],
    [],
  ];
  for (const [i, path] of paths.entries()) {
    const issue = await sim<{ itemId: string; contentId: string }>(page, '/_sim/issues', {
      repo: `${login}/partial`,
      title: `${itemTitle} ${i + 1}`,
      projectId: project.id,
      status: 'Inbox',
      at: new Date(Date.now() - (30 - i) * DAY).toISOString(),
    });
    let pullRequest: string | null = null;
    for (const [step, status] of path.entries()) {
      const at = Date.now() - (27 - 2 * i - 2 * step) * DAY;
      if (status === 'Doing' && evidence[i] === 'assigned')
        await sim(page, `/_sim/issues/${issue.contentId}`, { assignees: [login], at }, 'PATCH');
      if (status === 'Doing' && (evidence[i] === 'connected' || evidence[i] === 'reference')) {
        const body = { at: at + DAY / 2, how: evidence[i], closes: true };
        pullRequest = (
          await sim<{ contentId: string }>(page, `/_sim/issues/${issue.contentId}/pull-requests`, body)
        ).contentId;
      }
      await sim(page, `/_sim/items/${issue.itemId}/move`, { status, at: new Date(at).toISOString() });
      if (status === 'Shipped' && pullRequest)
        await sim(page, `/_sim/issues/${pullRequest}`, { state: 'MERGED', at }, 'PATCH');
    }
  }
  return project;
}

/**
 * The board's owner signs in, connects their personal boards and adds their board (`owner/1`, their first)
 * with `cycleStart` as its cycle time start column.
 */
export async function addOwnBoard(
  page: Page,
  { login, title, cycleStart }: { login: string; title: string; cycleStart: string },
): Promise<void> {
  await signIn(page, login);
  await connectPersonalBoards(page);
  await page.getByRole('button', { name: 'Add Project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /^Project/ }).selectOption({ label: `${title} (${login}/1)` });
  await expect(dialog.getByRole('combobox', { name: /^Workflow field/ })).toBeEnabled();
  await dialog.getByLabel('Cycle time start column (optional)').selectOption(cycleStart);
  await dialog.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByText('Project successfully added!')).toBeVisible();
}
