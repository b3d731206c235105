import { readFile } from 'node:fs/promises';
import { expect, type Page, type Response } from '@playwright/test';
import { signIn, test } from './support/journey.ts';
import { ownTeam, signInNewUser } from './support/own-world.ts';

/**
 * Flow policies (docs/metrics.md, "Service Level Expectation", "WIP limits", "Blocked time"): the demo's
 * SLE drawn on the charts, its WIP limit breached once and its blocked item's days; then a team sets its
 * own board's SLE and a WIP limit in Manage Projects and sees them on Flow and Issues in Columns.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The Flow answer the page shows (the first one after `action`). */
async function flowAnswer(page: Page, action: () => Promise<unknown>) {
  const answer = page.waitForResponse(
    (r: Response) => r.url().includes('/api/flow/') && r.request().method() === 'GET' && r.status() === 200,
    { timeout: 30_000 },
  );
  await action();
  return (await answer).json();
}

async function csvOf(page: Page, exportName: string): Promise<string[]> {
  await page.getByRole('button', { name: exportName }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV (the data shown)' }).click(),
  ]);
  return (await readFile(await download.path(), 'utf8')).trim().split('\n');
}

for (const viewport of VIEWPORTS) {
  test.describe(`SLE and WIP limits at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the demo: its SLE on the charts, a WIP limit breached once, the blocked item's days", async ({
      page,
    }) => {
      await signInNewUser(page, 'sle-demo');
      const flow = await flowAnswer(page, () => page.goto('/flow?demo=1'));
      const sle = flow.sle;
      await expect(page.getByTestId('flow-sle')).toContainText(`85% of items finish within ${sle.days} days`);
      await expect(page.getByTestId('flow-sle')).toContainText('proposed from the last 90 days');
      // Drawn on the cycle-time scatter and on the aging chart.
      const line = `SLE 85%: ${sle.days}d`;
      await expect(page.getByTestId('flow-scatter').getByText(line)).toBeVisible();
      await expect(page.getByTestId('flow-aging').getByText(line)).toBeVisible();
      // The review column's WIP limit: on the aging chart's axis and under the cumulative flow, over once.
      const review = flow.wip_limits[0];
      await expect(page.getByTestId('wip-limits-note')).toContainText(
        `'In Review': ${review.count} of ${review.limit}`,
      );
      await expect(page.getByTestId('wip-limits-note')).toContainText('over on 1 of the last 30 days');
      // The day it was over, written as the forecast writes its dates ("Nov 23, 2026"), not "2026-11-23".
      const over = new Date(`${review.dates_over[0]}T00:00:00Z`).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
      await expect(page.getByTestId('wip-limits-note')).toContainText(`(${over})`);
      await expect(page.getByTestId('flow-forecast')).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await expect(page.getByTestId('flow-aging')).toContainText(`(${review.count}/${review.limit})`);
      await expect(page.getByTestId('flow-policies')).toContainText(
        "1 item is blocked now (label 'blocked' or an open issue blocking it)",
      );
      // Blocked days per column in the window: the blocked item's, in In Progress.
      await expect(page.getByTestId('blocked-by-column')).toContainText(
        'Blocked in the last 30 days: In Progress',
      );
      await page.screenshot({ path: `test-results/sle-wip-demo-${viewport.width}.png`, fullPage: true });

      // The blocked item's days, in the aging export.
      const blocked = flow.aging.items.find((i: { blocked?: boolean }) => i.blocked);
      const [header, ...rows] = await csvOf(page, 'Export Storefront delivery Aging work in progress');
      expect(header).toContain('Blocked (days),Blocked now,SLE');
      const row = rows.find((r) => r.startsWith(`${blocked.number},`));
      expect(row).toContain(`,${blocked.blocked_days},yes,`);
      expect(blocked.blocked_days).toBeGreaterThan(0);
      // Blocked days per column, in the table's export: the blocked item is in In Progress now.
      const [blockedHeader, ...blockedRows] = await csvOf(
        page,
        'Export Storefront delivery Blocked time by column',
      );
      expect(blockedHeader).toBe('Column,Blocked in the last 30 days (days),Blocked now (items),Blocked by');
      expect(blockedRows).toContain(`In Progress,${flow.blocked.by_column['In Progress']},1,label 'blocked'`);

      // Home lists the items at risk of missing the SLE, oldest first.
      await page.goto('/');
      const card = page.getByTestId('board-card').filter({ hasText: 'Storefront delivery' });
      await expect(card.getByTestId('sle-at-risk')).toContainText(
        `85% of items finish within ${sle.days} days`,
      );
      if (flow.sle.at_risk.length > 0)
        await expect(card.getByTestId('sle-at-risk-item').first()).toBeVisible();
    });

    test('a team sets its SLE and a WIP limit, and sees the limit breached', async ({ page }) => {
      const team = await ownTeam(page, 'sle-team');
      await signIn(page, team.login);
      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Add Project' }).click();
      const add = page.getByRole('dialog');
      await add.getByLabel('Organization').selectOption({ label: team.orgName });
      await add.getByRole('combobox', { name: /^Project/ }).selectOption({ label: team.webApp.label });
      await add.getByLabel('Cycle time start column (optional)').selectOption('In Progress');
      await add.getByRole('button', { name: 'Add Project' }).click();
      await expect(page.getByText('Project successfully added!')).toBeVisible();

      const project = page.getByRole('banner').getByRole('combobox', { name: 'Project' });
      await project.selectOption({ label: 'Web app' });
      let before = await flowAnswer(page, () =>
        page.getByRole('link', { name: 'Flow', exact: true }).click(),
      );
      // The history is imported at the first sync: wait until some column holds two items in progress.
      const crowded = (answer: { aging: { items: { column: string }[] } }) => {
        const counts = new Map<string, number>();
        for (const i of answer.aging.items) counts.set(i.column, (counts.get(i.column) ?? 0) + 1);
        return [...counts].find(([, n]) => n >= 2)?.[0] ?? null;
      };
      await expect
        .poll(
          async () => {
            if (crowded(before) === null) before = await flowAnswer(page, () => page.reload());
            return crowded(before);
          },
          { timeout: 30_000 },
        )
        .not.toBeNull();
      const column = crowded(before) as string;

      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Edit Web app' }).click();
      const edit = page.getByRole('dialog');
      await edit.getByLabel('Use the SLE the board history proposes').uncheck();
      await edit.getByLabel('SLE: within (days)').fill('0');
      await expect(edit.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
      await edit.getByLabel('SLE: within (days)').fill('3');
      await edit.getByLabel(`WIP limit of ${column}`).fill('1');
      // The blocked field is picked from the board's single-select fields, its workflow field left out.
      await expect(edit.getByLabel('Blocked field (optional)')).toHaveValue('');
      await expect(edit.getByTestId('flow-policies-field')).toContainText(
        'This board has no single-select field besides its workflow field.',
      );
      await edit
        .getByTestId('flow-policies-field')
        .screenshot({ path: `test-results/sle-wip-edit-${viewport.width}.png` });
      await edit.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Project updated!')).toBeVisible();

      await project.selectOption({ label: 'Web app' });
      const after = await flowAnswer(page, () =>
        page.getByRole('link', { name: 'Flow', exact: true }).click(),
      );
      expect(after.sle).toMatchObject({ percent: 85, days: 3, source: 'set' });
      await expect(page.getByTestId('flow-sle')).toContainText(
        '85% of items finish within 3 days (set by the team)',
      );
      await expect(page.getByTestId('flow-aging').getByText('SLE 85%: 3d')).toBeVisible();
      const limited = page.getByTestId('wip-limit').filter({ hasText: `'${column}'` });
      await expect(limited).toHaveAttribute('data-over', 'true');
      await expect(limited).toContainText('over its limit now');
      await page.screenshot({ path: `test-results/sle-wip-board-${viewport.width}.png`, fullPage: true });

      // Issues in Columns shows the column over its limit, and the items at risk of missing the SLE.
      await page.getByRole('link', { name: 'Issues in Columns' }).click();
      await page.getByLabel('Select Column:').selectOption({ value: column });
      await expect(page.getByTestId('issues-wip-limit')).toHaveAttribute('data-over', 'true');
      await expect(page.getByTestId('issues-wip-limit')).toContainText(/WIP \d+ \/ 1/);
      await expect(page.getByTestId('sle-at-risk')).toContainText('85% of items finish within 3 days');
      await page.screenshot({ path: `test-results/sle-wip-issues-${viewport.width}.png`, fullPage: true });

      // Its user stops tracking it.
      await page.goto('/manage-projects');
      await page.getByRole('button', { name: 'Delete Web app' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Project deleted.')).toBeVisible();
    });
  });
}
