import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { endTrial } from './support/database.ts';

/**
 * The organization (team) plan through the simulators the server starts in local mode: an owner's first board
 * starts the organization's trial, the owner buys the plan, a second member signs in and is covered, the
 * manager sees two seats and an invoice, and cancels; the owner names the member billing manager, who then
 * has the manager's actions. At a desktop and a phone size.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const PORT = Number(process.env.E2E_PORT ?? 4310);
const SIM = `http://127.0.0.1:${PORT + 2}`;
const GITHUB_SIM = `http://127.0.0.1:${PORT + 1}`;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const PERSONAL_ACTIONS = [
  'Buy Fluxion Analytics Pro',
  'Renew Subscription',
  'Update Payment Method',
  'Cancel Subscription',
  'Reactivate Subscription',
];
const TEAM_ACTIONS = [
  'Buy the team plan',
  'Renew the team plan',
  'Cancel the team plan',
  'Reactivate the team plan',
];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A GitHub organization with an owner and a member, and one board, on the GitHub simulator. */
async function organization(request: APIRequestContext) {
  const id = unique();
  const owner = `owner-${id}`;
  const member = `member-${id}`;
  const org = `team-${id}`;
  for (const login of [owner, member]) {
    await request.post(`${GITHUB_SIM}/_sim/users`, { data: { login, approvedClients: ['fluxion-local'] } });
  }
  await request.post(`${GITHUB_SIM}/_sim/orgs`, { data: { login: org, members: [member] } });
  await request.post(`${GITHUB_SIM}/_sim/orgs/${org}/owners`, { data: { login: owner } });
  // Local mode runs as the simulator's GitHub App: the owner installs it on the organization.
  const installed = await request.post(`${GITHUB_SIM}/_sim/installations`, {
    data: { org, repositorySelection: 'all', sender: owner },
  });
  expect(installed.status()).toBe(201);
  const created = await request.post(`${GITHUB_SIM}/_sim/projects`, {
    data: { owner: org, title: 'Team board' },
  });
  const board = ((await created.json()) as { id: string }).id;
  return { owner, member, org, board };
}

/** Signs in through GitHub's (the simulator's) authorization page, approving Fluxion when it asks. */
async function signIn(page: Page, login: string) {
  await page.goto(`/accounts/github/login/?login=${login}`);
  const menu = page.getByRole('button', { name: 'Open user menu' });
  const authorize = page.getByRole('button', { name: `Authorize ${login}` });
  await expect(menu.or(authorize)).toBeVisible();
  if (await authorize.isVisible()) await authorize.click();
  await expect(menu).toBeVisible();
}

/** Tracks the board as the signed-in user (the Projects page's call). */
async function track(page: Page, board: string) {
  const status = await page.evaluate(async (projectId) => {
    const response = await fetch('/api/projects/', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('access_token')}`,
      },
      body: JSON.stringify({ project_id: projectId, iteration_length: 7 }),
    });
    return `${response.status} ${await response.text()}`;
  }, board);
  expect(status).toMatch(/^2\d\d /);
}

async function expectOnly(page: Page, names: string[], shown: string[]) {
  for (const name of names) {
    await expect(page.getByRole('button', { name, exact: true }), name).toHaveCount(
      shown.includes(name) ? 1 : 0,
    );
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`team plan at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test('an owner starts the trial and buys; a member is covered; the manager sees two seats and an invoice, and cancels; a named billing manager acts', async ({
      page,
      browser,
      request,
    }) => {
      page.on('dialog', (dialog) => {
        throw new Error(`Unexpected alert: ${dialog.message()}`);
      });
      const { owner, member, org, board } = await organization(request);

      // The owner adds the organization's first board: its 30-day trial starts, no card.
      await signIn(page, owner);
      await track(page, board);
      await page.goto('/account');
      const plan = page.getByRole('region', { name: `${org} team plan` });
      await expect(
        plan.getByText(/^Team trial — 30 days left \(until .+\)\. No card needed\.$/),
      ).toBeVisible();
      await expect(plan.getByTestId('price')).toHaveText(
        '$12.00 per seat per month (USD). Plus applicable tax, added at checkout.',
      );
      await expectOnly(page, TEAM_ACTIONS, ['Buy the team plan']);
      await page.screenshot({ path: `test-results/team-trial-${viewport.width}.png`, fullPage: true });

      await plan.getByRole('button', { name: 'Buy the team plan' }).click();
      await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
      await expect(page.getByText(/Trial until .+: nothing is charged today\./)).toBeVisible();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
      await expect(page.getByText('Your account has been activated.', { exact: false })).toBeVisible();

      // A second member signs in (their own trial over) and tracks the board: the team plan covers them.
      const memberContext = await browser.newContext({ viewport });
      const memberPage = await memberContext.newPage();
      await signIn(memberPage, member);
      await track(memberPage, board);
      endTrial(member);
      await memberPage.goto('/account');
      await expect(
        memberPage.getByText(`Covered by the ${org} team plan. Managed by @${owner}.`),
      ).toBeVisible();
      await expectOnly(memberPage, [...PERSONAL_ACTIONS, ...TEAM_ACTIONS], []);
      const memberPlan = memberPage.getByRole('region', { name: `${org} team plan` });
      await expect(memberPlan).toContainText(
        'Only its managers can buy, cancel or change the payment method.',
      );
      await expect(memberPlan.getByRole('table')).toHaveCount(0);
      await memberPage.screenshot({ path: `test-results/team-member-${viewport.width}.png`, fullPage: true });
      // The API refuses a member the manager's actions.
      const refused = await memberPage.evaluate(async (name) => {
        const response = await fetch(`/api/org-plans/${name}/cancel/`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${localStorage.getItem('access_token')}`,
          },
          body: '{}',
        });
        return response.status;
      }, org);
      expect(refused).toBe(403);
      // No paywall on the organization's board.
      await memberPage.goto(`/lead-time?project=${encodeURIComponent(board)}`);
      await expect(memberPage.getByRole('heading', { name: 'Lead Time', level: 1 })).toBeVisible();
      await expect(memberPage.getByTestId('paywall')).toHaveCount(0);
      await memberContext.close();

      // The manager: two seats, Stripe's quantity in step, the first (trial) invoice, then Cancel.
      await page.goto('/account');
      await expect(
        plan.getByText(/^Trial — first charge of \$24\.00 \(2 seats × \$12\.00\) on .+\.$/),
      ).toBeVisible();
      await expect(plan.getByText(/^2 seats: members who used Fluxion/)).toBeVisible();
      const subs = (await (await request.get(`${SIM}/_sim/subscriptions`)).json()) as {
        metadata: { org_login?: string };
        items: { data: { quantity: number }[] };
      }[];
      expect(subs.find((s) => s.metadata.org_login === org)?.items.data[0]?.quantity).toBe(2);
      const invoices = plan.getByRole('table', { name: `Invoices of ${org}` });
      await expect(invoices.getByRole('row')).toHaveCount(2);
      await expect(invoices.getByRole('row').nth(1)).toContainText('$0.00');
      await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');
      await expect(invoices.getByRole('link', { name: 'View invoice' })).toHaveAttribute(
        'href',
        new RegExp(`^${SIM}/i/in_`),
      );
      await expectOnly(page, TEAM_ACTIONS, ['Cancel the team plan']);
      await page.screenshot({ path: `test-results/team-manager-${viewport.width}.png`, fullPage: true });

      await plan.getByRole('button', { name: 'Cancel the team plan' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the team plan' }).click();
      await expect(page.getByText(/^The team plan will end at: .+$/)).toBeVisible();
      await expect(plan.getByText(/^Cancelled — the team plan stays active until .+\.$/)).toBeVisible();
      await expectOnly(page, TEAM_ACTIONS, ['Reactivate the team plan']);

      // The owner names the member billing manager on Account; the member then has the manager's actions.
      await page.goto('/account'); // the reload the cancellation schedules would empty the form
      await plan.getByLabel('Name a billing manager').fill(member);
      await plan.getByRole('button', { name: 'Add manager' }).click();
      await expect(plan.getByText(`@${member} can now manage this team plan — updated.`)).toBeVisible();
      await expect(plan.getByText(`Managed by @${owner}, @${member}.`)).toBeVisible();
      const managerContext = await browser.newContext({ viewport });
      const managerPage = await managerContext.newPage();
      await signIn(managerPage, member);
      await managerPage.goto('/account');
      const managed = managerPage.getByRole('region', { name: `${org} team plan` });
      await expect(managed.getByText(/^Cancelled — the team plan stays active until .+\.$/)).toBeVisible();
      await expectOnly(managerPage, TEAM_ACTIONS, ['Reactivate the team plan']);
      await expect(managed.getByRole('button', { name: 'Update Payment Method' })).toBeVisible();
      await expect(managed.getByRole('table', { name: `Invoices of ${org}` })).toBeVisible();
      await expect(managed).not.toContainText(
        'Only its managers can buy, cancel or change the payment method.',
      );
      await managerPage.screenshot({
        path: `test-results/team-billing-manager-${viewport.width}.png`,
        fullPage: true,
      });
      await managerContext.close();
    });
  });
}
