import { expect, type Page } from '@playwright/test';
import { SIZES, sim, simUser, test } from './support/journey.ts';
import { addOwnBoard } from './support/own-world.ts';

const DAY = 86_400_000;

/** An epic with four sub-issues on the board: two done lately, one in Doing, one in Todo; three other items done. */
async function epicBoard(page: Page, login: string, title: string) {
  const project = await sim<{ id: string }>(page, '/_sim/projects', {
    owner: login,
    title,
    columns: ['Todo', 'Doing', 'Done'],
    at: new Date(Date.now() - 30 * DAY).toISOString(),
  });
  const add = async (name: string, path: string[], startDay: number) => {
    const issue = await sim<{ itemId: string; contentId: string }>(page, '/_sim/issues', {
      repo: `${login}/app`,
      title: name,
      projectId: project.id,
      status: 'Todo',
      at: new Date(Date.now() - startDay * DAY).toISOString(),
    });
    for (const [step, status] of path.entries()) {
      const at = Date.now() - (startDay - 2 - 3 * step) * DAY;
      await sim(page, `/_sim/items/${issue.itemId}/move`, { status, at: new Date(at).toISOString() });
    }
    return issue;
  };
  const epic = await add('Checkout epic', ['Doing'], 20);
  const children = [
    await add('Cart page', ['Doing', 'Done'], 18),
    await add('Payment form', ['Doing', 'Done'], 14),
    await add('Receipt mail', ['Doing'], 8),
    await add('Refunds', [], 6),
  ];
  for (const [i, name] of ['Logo', 'Footer', 'Typos'].entries())
    await add(name, ['Doing', 'Done'], 16 - 3 * i);
  for (const child of children)
    await sim(page, `/_sim/issues/${epic.contentId}/sub-issues`, { subIssueId: child.contentId });
  return project;
}

for (const size of SIZES) {
  test.describe(`a parent and its forecast, on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the Parents page lists the epic; its page shows its children and an 85 % date', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const login = `octo-parents-${size.name}`;
      const title = `Epic board ${size.name}`;
      await simUser(page, login);
      const project = await epicBoard(page, login, title);
      await addOwnBoard(page, { login, title, cycleStart: 'Doing' });
      await expect(async () => {
        await page.goto(`/parents?project=${encodeURIComponent(project.id)}`);
        await expect(page.getByTestId('parent-row')).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByTestId('level-of-work')).toContainText('Counting leaf items: 1 parent left out');
      // The forecasts' sample is dated as every page dates a day (Flow's forecast too), not as ISO text.
      await expect(
        page.getByText(/Forecasts draw from the team's finished items from [A-Z][a-z]{2} \d{1,2}, \d{4} to /),
      ).toBeVisible();
      const row = page.getByTestId('parent-row');
      await expect(row).toContainText('Checkout epic');
      await expect(row).toContainText('2 of 4 children done');
      await expect(row).toContainText(/85 %: done by /);
      await page.screenshot({ path: `test-results/parents-${size.name}.png`, fullPage: true });
      await row.getByRole('link', { name: /Checkout epic/ }).click();
      const forecast = page.getByTestId('parent-forecast');
      await expect(forecast).toContainText('2 of 4 children done');
      await expect(forecast).toContainText(/85 %: done by /);
      await expect(forecast).toContainText('Receipt mail');
      await page.screenshot({ path: `test-results/parent-item-${size.name}.png`, fullPage: true });
    });
  });
}
