import {
  expect as baseExpect,
  type APIRequestContext,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { endTeamTrial, endTrial, setSubscription, userIdOf } from './support/database.ts';

/**
 * Fluxion Analytics Pro through the Stripe simulator the server starts in local mode (PORT + 2): its hosted
 * pages send the browser back at once, before the webhooks, as Stripe does. Each state of the Account page,
 * and the paywall after the trial, at a desktop and a phone size.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const PORT = Number(process.env.E2E_PORT ?? 4310);
const SIM = `http://127.0.0.1:${PORT + 2}`;
const GITHUB_SIM = `http://127.0.0.1:${PORT + 1}`;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const BUY = 'Buy Fluxion Analytics Pro';
const ACTIONS = [
  BUY,
  'Renew Subscription',
  'Update Payment Method',
  'Cancel Subscription',
  'Reactivate Subscription',
];

/** A new GitHub user each run, signed in: every journey starts from a fresh trial. */
async function signInNewUser(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const login = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await request.post(`${GITHUB_SIM}/_sim/users`, { data: { login, approvedClients: ['fluxion-local'] } });
  await page.goto(`/accounts/github/login/?login=${login}`);
  // Signed in through GitHub's authorization page when the client (the local GitHub App) asks for approval.
  const menu = page.getByRole('button', { name: 'Open user menu' });
  const authorize = page.getByRole('button', { name: `Authorize ${login}` });
  await expect(menu.or(authorize)).toBeVisible();
  if (await authorize.isVisible()) await authorize.click();
  await expect(menu).toBeVisible();
  return login;
}

/** The element at the button's centre is the button: nothing (a sticky header, a menu) covers it. */
async function expectUncovered(target: Locator) {
  await expect(target).toBeVisible();
  await target.scrollIntoViewIfNeeded();
  const onTop = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop).toBe(true);
}

/** Exactly these subscription buttons show, enabled and uncovered; the others are absent. */
async function expectActions(page: Page, shown: string[]) {
  for (const name of ACTIONS) {
    const button = page.getByRole('button', { name, exact: true });
    if (!shown.includes(name)) {
      await expect(button, name).toHaveCount(0);
      continue;
    }
    await expect(button, name).toBeEnabled();
    await expectUncovered(button);
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`billing at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // The page reloads 1.8 s after a subscription action; the machine may be busy.
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(({ page }) => {
      // An alert (a failed checkout, say) fails the test with its text instead of being dismissed unseen.
      page.on('dialog', (dialog) => {
        throw new Error(`Unexpected alert: ${dialog.message()}`);
      });
    });

    test('trial → buy → active → cancelled → reactivated → past due → card updated', async ({
      page,
      request,
    }) => {
      const login = await signInNewUser(page, request, 'buyer');
      await page.goto('/account');
      await expect(page.getByText('Free trial — 30 days left.')).toBeVisible();
      await expectActions(page, [BUY]);
      await expect(page.getByTestId('price')).toHaveText(
        '$12.00 per month (USD). Plus applicable tax, added at checkout.',
      );

      await page.getByRole('button', { name: BUY }).click();
      await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
      await expect(page.getByRole('heading', { name: 'Subscribe to Fluxion Analytics Pro' })).toBeVisible();
      // Every request to the app's API from here on: the return page must ask calmly (it once sent thousands).
      const apiRequests: { at: number; path: string }[] = [];
      page.on('request', (sent) => {
        const url = new URL(sent.url());
        if (url.port === String(PORT) && url.pathname.startsWith('/api/'))
          apiRequests.push({ at: Date.now(), path: url.pathname });
      });
      await page.getByRole('button', { name: 'Pay' }).click();
      // Back before Stripe's webhooks: the page confirms the session with the server, then says so.
      await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
      const returnedAt = Date.now();
      await expect(page.getByText('Your account has been activated.', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Go to dashboard' })).toBeEnabled();
      await page.waitForTimeout(Math.max(0, returnedAt + 10_000 - Date.now()));
      const afterReturn = apiRequests.filter(
        (r) => r.at >= returnedAt - 1_000 && r.at <= returnedAt + 10_000,
      );
      expect(afterReturn.length, afterReturn.map((r) => r.path).join(' ')).toBeLessThanOrEqual(10);

      await page.goto('/account');
      // Bought within the trial: Stripe charges at its end, so the page says when and how much.
      const firstCharge = page.getByText(/^Trial — first charge of \$12\.00 on (.+)\.$/);
      await expect(firstCharge).toBeVisible();
      const date = /on (.+)\.$/.exec((await firstCharge.textContent()) ?? '')?.[1] ?? '';
      expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      // An active subscriber can change the card, and cancel; nothing to buy.
      await expectActions(page, ['Update Payment Method', 'Cancel Subscription']);
      await page.screenshot({ path: `test-results/account-active-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      const dialog = page.getByRole('alertdialog');
      await expectUncovered(dialog.getByRole('button', { name: 'Cancel subscription' }));
      await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
      const confirmation = page.getByRole('status').filter({ hasText: `Subscription will end at: ${date}` });
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toHaveAttribute('data-tone', 'success');

      // The page reloads after 1.8 s: cancelled, so Reactivate instead of Cancel.
      await expect(page.getByText(`Cancelled — your subscription stays active until ${date}.`)).toBeVisible();
      await expectActions(page, ['Update Payment Method', 'Reactivate Subscription']);
      await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
      await expect(page.getByText('Subscription reactivated successfully!')).toBeVisible();
      await expect(page.getByText(`Trial — first charge of $12.00 on ${date}.`)).toBeVisible();
      await expectActions(page, ['Update Payment Method', 'Cancel Subscription']);

      // The next renewal fails (the simulator's control API): past due, then a new card in the portal.
      // The user's subscription, not the last one made: other specs buy at the same time.
      const subs = (await (await request.get(`${SIM}/_sim/subscriptions`)).json()) as {
        id: string;
        metadata?: { user_id?: string };
      }[];
      const userId = userIdOf(login);
      const mine = subs.filter((sub) => sub.metadata?.user_id === userId);
      expect(mine).toHaveLength(1);
      expect((await request.post(`${SIM}/_sim/subscriptions/${mine[0]?.id}/fail-payment`)).ok()).toBe(true);
      await page.reload();
      await expect(page.getByText('Payment overdue. Please update your payment method.')).toBeVisible();
      await expectActions(page, ['Update Payment Method']);
      // The personal invoices: the trial's and the failed renewal, each with Stripe's hosted page.
      const invoices = page.getByRole('table', { name: 'Invoices' });
      await expect(invoices.getByRole('row')).toHaveCount(3);
      await expect(invoices.getByRole('row').nth(1)).toContainText('$12.00');
      await expect(invoices.getByRole('row').nth(1)).toContainText('Open');
      await expect(invoices.getByRole('link', { name: 'View invoice' }).first()).toHaveAttribute(
        'href',
        new RegExp(`^${SIM}/i/in_`),
      );
      await page.screenshot({ path: `test-results/account-past-due-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Update Payment Method' }).click();
      await expect(page).toHaveURL(/\/p\/session\/bps_/);
      await page.getByRole('button', { name: 'Update card' }).click();
      await expect(page.getByRole('status')).toHaveText('Card updated.');
      await page.getByRole('link', { name: 'Return to Fluxion' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText(/^Fluxion Analytics Pro — paid until .+\.$/)).toBeVisible();
    });

    test('/welcome-login and /login state both plans’ prices from Stripe, with the tax note', async ({
      page,
    }) => {
      await page.goto('/welcome-login');
      await expect(page.getByText('30-day free trial, no credit card required')).toBeVisible();
      await expect(page.getByTestId('price')).toHaveText(
        'After the free trial — personal plan: $12.00 per month. Team plan: $12.00 per seat per month, billed to the organization (USD). Plus applicable tax, added at checkout.',
      );
      await page.goto('/login');
      await expect(page.getByTestId('price')).toHaveText(
        'Personal plan: $12.00 per month. Team plan: $12.00 per seat per month, billed to the organization (USD). Plus applicable tax, added at checkout.',
      );
      await expectUncovered(page.getByRole('button', { name: 'Sign in with GitHub' }));
      await page.screenshot({ path: `test-results/login-price-${viewport.width}.png`, fullPage: true });
      await page.goto('/welcome-login');
      await expectUncovered(page.getByRole('button', { name: 'Sign in with GitHub' }));
      await page.screenshot({ path: `test-results/welcome-price-${viewport.width}.png`, fullPage: true });
    });

    test('every subscription state of the Account page shows its text and the action that moves it forward', async ({
      page,
      request,
    }) => {
      const login = await signInNewUser(page, request, 'states');
      const day = 86_400_000;
      const later = Date.now() + 20 * day;
      const earlier = Date.now() - 2 * day;
      const until = new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(later));
      const states: [Parameters<typeof setSubscription>[1], string, string[]][] = [
        [
          { status: 'active', end: later },
          `Fluxion Analytics Pro — paid until ${until}.`,
          ['Update Payment Method', 'Cancel Subscription'],
        ],
        [
          { status: 'active', end: later, trialing: true },
          `Trial — first charge of $12.00 on ${until}.`,
          ['Update Payment Method', 'Cancel Subscription'],
        ],
        [
          { status: 'active', end: later, cancelAtPeriodEnd: true },
          `Cancelled — your subscription stays active until ${until}.`,
          ['Update Payment Method', 'Reactivate Subscription'],
        ],
        [{ status: 'active', end: earlier }, 'Your subscription has expired.', ['Renew Subscription']],
        [{ status: 'pilot', end: later }, 'Pilot access — 20 days remaining.', []],
        [{ status: 'pilot', end: earlier }, 'Your pilot access has expired.', [BUY]],
        [{ status: 'trial', end: later }, 'Free trial — 20 days left.', [BUY]],
        [{ status: 'trial', end: earlier }, 'Your free trial has ended.', [BUY]],
        [
          { status: 'past_due', end: later },
          'Payment overdue. Please update your payment method.',
          ['Update Payment Method'],
        ],
        [
          { status: 'past_due', end: earlier },
          'Payment overdue. Please update your payment method.',
          ['Update Payment Method', 'Renew Subscription'],
        ],
        [{ status: 'canceled', end: earlier }, 'Your subscription has ended.', ['Renew Subscription']],
        [{ status: 'inactive', end: earlier }, 'Your subscription has ended.', ['Renew Subscription']],
        [{ status: 'incomplete', end: null }, 'Payment failed. Please try again.', [BUY]],
        [
          { status: 'incomplete_expired', end: null },
          'Payment failed. Please try again.',
          ['Renew Subscription'],
        ],
      ];
      for (const [state, text, actions] of states) {
        setSubscription(login, state);
        await page.goto('/account');
        await expect(page.getByText(text, { exact: true }), JSON.stringify(state)).toBeVisible();
        await expectActions(page, actions);
      }
      await page.screenshot({ path: `test-results/account-states-${viewport.width}.png`, fullPage: true });
    });

    test('after the trial: Account says so, own boards show the paywall, the demo stays open; buying lifts it', async ({
      page,
      request,
    }) => {
      const login = await signInNewUser(page, request, 'lapsed');
      // Local mode signs in through the GitHub App, which reads organization boards: the user's own
      // organization, with the App installed, whose team trial has ended too (below).
      const org = `${login}-org`;
      await request.post(`${GITHUB_SIM}/_sim/orgs`, { data: { login: org, members: [login] } });
      await request.post(`${GITHUB_SIM}/_sim/installations`, {
        data: { org, repositorySelection: 'all', sender: login },
      });
      const created = await request.post(`${GITHUB_SIM}/_sim/projects`, {
        data: { owner: org, title: 'Lapsed board' },
      });
      const board = ((await created.json()) as { id: string }).id;
      const added = await page.evaluate(async (projectId) => {
        const response = await fetch('/api/projects/', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${localStorage.getItem('access_token')}`,
          },
          body: JSON.stringify({ project_id: projectId, iteration_length: 7 }),
        });
        return response.status;
      }, board);
      expect(added).toBeLessThan(300);
      endTrial(login);
      endTeamTrial(org);

      await page.goto('/account');
      await expect(page.getByText('Your free trial has ended.')).toBeVisible();
      await expectActions(page, [BUY]);
      await page.screenshot({ path: `test-results/account-expired-${viewport.width}.png`, fullPage: true });

      const paywall = page.getByTestId('paywall');
      for (const path of ['/lead-time', '/time-in-state', '/issues-in-columns', '/flow']) {
        await page.goto(`${path}?project=${encodeURIComponent(board)}`);
        await expect(paywall.getByRole('heading', { name: 'Your free trial has ended' }), path).toBeVisible();
        await expect(paywall).toContainText('nothing is lost');
        await expect(paywall).toContainText('Fluxion Analytics Pro unlocks, for every board you add:');
        await expect(paywall.getByRole('button')).toHaveCount(1);
        await expect(paywall.getByRole('button', { name: BUY })).toBeEnabled();
        await expect(paywall.getByTestId('price')).toContainText('Personal plan: $12.00 per month.');
        await expect(paywall.getByTestId('price')).toContainText('Team plan: $12.00 per seat per month');
        await expectUncovered(paywall.getByRole('button', { name: BUY }));
        // Nothing above the paywall that does nothing there: no filter, window or column choice.
        await expect(page.getByTestId('filter-bar'), path).toHaveCount(0);
        await expect(page.getByRole('combobox', { name: /^(Window|Select Column):/ }), path).toHaveCount(0);
      }
      await page.screenshot({ path: `test-results/paywall-${viewport.width}.png`, fullPage: true });

      // The demo stays open.
      await page.goto('/lead-time?demo=1');
      await expect(page.getByRole('heading', { name: 'Lead Time', level: 1 })).toBeVisible();
      await expect(page.getByText(/Average Lead Time/i).first()).toBeVisible();
      await expect(paywall).toHaveCount(0);

      // Home: the own board's card is locked with the same button, the demo's card has its figures.
      await page.goto('/');
      const card = page.getByTestId('board-card').filter({ hasText: 'Lapsed board' });
      await expect(card).toHaveAttribute('data-status', 'locked');
      await expect(card.getByText('Subscribe to see this board’s figures')).toBeVisible();
      await expect(card.getByRole('button', { name: BUY })).toBeEnabled();
      await expectUncovered(card.getByRole('button', { name: BUY }));
      await page.screenshot({ path: `test-results/home-locked-${viewport.width}.png`, fullPage: true });

      await page.goto(`/flow?project=${encodeURIComponent(board)}`);
      await paywall.getByRole('button', { name: BUY }).click();
      await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByText('Your account has been activated.', { exact: false })).toBeVisible();
      await page.goto(`/flow?project=${encodeURIComponent(board)}`);
      await expect(page.getByRole('heading', { name: 'Flow', level: 1 })).toBeVisible();
      await expect(page.getByText('Loading diagram…')).toHaveCount(0, { timeout: 15_000 });
      await expect(paywall).toHaveCount(0);
    });
  });
}
